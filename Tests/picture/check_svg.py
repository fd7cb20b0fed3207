#!/usr/bin/env python3
"""Reads an SVG picture with an independent XML parser (Python's xml.etree) and prints what a
browser and a screen reader would find in it, as JSON: the root's size and ARIA attributes, the
texts its aria-labelledby names, each rect's title, fill and data attributes, and the text labels.

usage: check_svg.py PICTURE.svg      (exit 1, with the parser's words on stderr, when it is not XML)
"""
import json
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def main():
    try:
        root = ET.parse(sys.argv[1]).getroot()
    except ET.ParseError as e:
        sys.exit(f"check_svg: not well-formed XML: {e}")
    if root.tag != SVG + "svg":
        sys.exit(f"check_svg: the root is {root.tag}, not an svg element")
    by_id = {e.get("id"): e for e in root.iter() if e.get("id")}
    labelled = [by_id[i].text if i in by_id else None for i in (root.get("aria-labelledby") or "").split()]
    children = [c.tag.replace(SVG, "") for c in root]
    rects = []
    for rect in root.iter(SVG + "rect"):
        title = rect.find(SVG + "title")
        rects.append({
            "title": title.text if title is not None else None,
            "fill": rect.get("fill"),
            "date": rect.get("data-date"),
            "level": rect.get("data-level"),
        })
    texts = [t.text for t in root.iter(SVG + "text")]
    print(json.dumps({
        "width": root.get("width"), "height": root.get("height"), "viewBox": root.get("viewBox"),
        "role": root.get("role"), "lang": root.get("lang"), "labelledBy": labelled,
        "firstChildren": children[:2], "rects": rects, "texts": texts,
    }, ensure_ascii=False))


if __name__ == "__main__":
    main()
