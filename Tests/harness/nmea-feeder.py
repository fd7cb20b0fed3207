#!/usr/bin/python3
"""A GPS receiver for GeoClue in tests: serves NMEA 0183 `$GPGGA` sentences on a unix socket.

    nmea-feeder.py SOCKET POSITION_FILE

GeoClue (`geoclue -u SOCKET`) connects to SOCKET and reads one sentence a line. Four times a second
every connected reader gets a sentence with the current UTC time and the position in
POSITION_FILE, which holds `LATITUDE LONGITUDE HDOP` (decimal degrees; HDOP sets GeoClue's
accuracy: 1.5 gives about 1 m, 25 about 300 m); a test moves the receiver by rewriting that file
(write a temporary file, then rename it). Standard library only.
"""
import datetime
import os
import socket
import sys
import threading
import time


def sentence(latitude, longitude, hdop):
    """A $GPGGA sentence for now, with its checksum."""
    now = datetime.datetime.now(datetime.timezone.utc)
    lat_deg, lon_deg = int(abs(latitude)), int(abs(longitude))
    lat = "%02d%07.4f" % (lat_deg, (abs(latitude) - lat_deg) * 60)
    lon = "%03d%07.4f" % (lon_deg, (abs(longitude) - lon_deg) * 60)
    body = "GPGGA,%s.%02d,%s,%s,%s,%s,1,08,%.1f,40.0,M,0.0,M,," % (
        now.strftime("%H%M%S"), now.microsecond // 10000,
        lat, "N" if latitude >= 0 else "S", lon, "E" if longitude >= 0 else "W", hdop)
    checksum = 0
    for character in body.encode("ascii"):
        checksum ^= character
    return "$%s*%02X\r\n" % (body, checksum)


def position(path):
    with open(path, encoding="ascii") as f:
        latitude, longitude, hdop = f.read().split()
    return float(latitude), float(longitude), float(hdop)


def main():
    socket_path, position_path = sys.argv[1], sys.argv[2]
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(socket_path)
    # GeoClue runs as its own user.
    os.chmod(socket_path, 0o777)
    server.listen(8)
    readers = []
    lock = threading.Lock()

    def accept():
        while True:
            connection, _ = server.accept()
            with lock:
                readers.append(connection)

    threading.Thread(target=accept, daemon=True).start()
    print("ready", flush=True)
    while True:
        try:
            line = sentence(*position(position_path)).encode("ascii")
        except (OSError, ValueError):
            line = None
        with lock:
            for reader in list(readers):
                try:
                    if line:
                        reader.sendall(line)
                except OSError:
                    readers.remove(reader)
                    reader.close()
        time.sleep(0.25)


if __name__ == "__main__":
    main()
