#!/usr/bin/env python3
"""Decodes a PNG (8-bit RGB or RGBA, not interlaced: what Chromium's screenshots are) with the
standard library alone and prints, as JSON, its size, how many distinct colours it has, the share
of its most common colour, and how many pixels have each colour given (#rrggbb) exactly.

usage: check_png.py SHOT.png [#rrggbb …]
"""
import json
import struct
import sys
import zlib
from collections import Counter


def decode(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit("check_png: not a PNG file")
    pos, idat, header = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        sys.exit(f"check_png: unsupported PNG (depth {depth}, colour type {color}, interlace {interlace})")
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * channels
    pixels, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else (up if pb <= pc else corner)
                line[i] = (line[i] + pred) & 255
        pixels.extend(bytes(line[i:i + 3]) for i in range(0, stride, channels))
        previous = line
    return width, height, pixels


def main():
    width, height, pixels = decode(sys.argv[1])
    counts = Counter(pixels)
    wanted = {h: counts.get(bytes.fromhex(h.lstrip("#")), 0) for h in sys.argv[2:]}
    print(json.dumps({
        "width": width, "height": height, "colors": len(counts),
        "commonest": counts.most_common(1)[0][1] / len(pixels), "pixels": wanted,
    }))


if __name__ == "__main__":
    main()
