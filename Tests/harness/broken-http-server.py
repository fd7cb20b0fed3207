#!/usr/bin/env python3
"""A server on loopback that answers every request with a response no HTTP parser takes: a
header whose value holds a control byte (what a broken proxy or a hostile server sends).

usage: broken-http-server.py PORT_FILE
Writes the port it listens on to PORT_FILE, then serves until killed.
"""
import signal
import socket
import sys
import threading

RESPONSE = (b"HTTP/1.1 207 Multi-Status\r\nContent-Type: application/xml\r\nX-Broken: a\x01b\r\n"
            b"Content-Length: 0\r\n\r\n")


def answer(connection):
    with connection:
        connection.settimeout(5)
        try:
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = connection.recv(65536)
                if not chunk:
                    return
                data += chunk
            connection.sendall(RESPONSE)
        except OSError:
            pass


def main():
    # A parent that blocks signals (a test runner's threads) hands the mask on: take SIGTERM.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    with open(sys.argv[1], "w") as f:
        f.write(str(server.getsockname()[1]))
    while True:
        connection, _ = server.accept()
        threading.Thread(target=answer, args=(connection,), daemon=True).start()


if __name__ == "__main__":
    main()
