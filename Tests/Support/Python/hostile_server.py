#!/usr/bin/env python3
"""Hostile HTTP server for issue 31's tests (R7): binds 127.0.0.1 (argument "4") or ::1 ("6") on a
free port, prints the port, serves until killed and exits by itself after LIFETIME seconds.
Nothing here reaches outside the machine.

Routes:
  /bomb?mib=N     a gzip body that decodes to N MiB of zeros (about 1 KiB sent per MiB), made
                  here block by block: a deflate block of 1 MiB of zeros ends in a full flush, so
                  every next MiB is the same bytes; the CRC is computed as the blocks go out
  /endless        a chunked 200 body that never ends
  /auth           401 with WWW-Authenticate
  /ctype          a body that is no liveblog, with escape sequences in its Content-Type
  /drip           a 200 body of one byte every 0.5 s, never ending
  /feed           a small valid liveblog (Tickaroo shape)
"""
import socket
import sys
import threading
import time
import os
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LIFETIME = 120
MIB = 1 << 20
ZEROS = b"\0" * MIB
_c = zlib.compressobj(9, zlib.DEFLATED, -15)
BLOCK = _c.compress(ZEROS) + _c.flush(zlib.Z_FULL_FLUSH)
_c2 = zlib.compressobj(9, zlib.DEFLATED, -15)
_c2.compress(ZEROS)
_c2.flush(zlib.Z_FULL_FLUSH)
assert _c2.compress(ZEROS) + _c2.flush(zlib.Z_FULL_FLUSH) == BLOCK, "full-flushed blocks repeat"
FINAL = _c2.flush(zlib.Z_FINISH)
GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff"
FEED = (b'{"game": {"local_id": "g", "meta_info": {"title": "Loopback feed"}}, "events": ['
        b'{"local_id": "e1", "created_at": 1716052800, "contents": [{"_type": '
        b'"Tik::ApiModel::Text::RichTextContentBlock", "text": "hello from the loopback"}]}]}')


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def head(self, status, headers):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()

    def do_GET(self):
        route = self.path.split("?")[0].strip("/")
        try:
            getattr(self, "route_" + route, self.route_missing)()
        except (BrokenPipeError, ConnectionResetError):
            pass

    def route_missing(self):
        self.head(404, [("Content-Length", "0")])

    def route_bomb(self):
        mib = int(self.path.split("mib=")[1]) if "mib=" in self.path else 8192
        length = len(GZIP_HEADER) + mib * len(BLOCK) + len(FINAL) + 8
        self.head(200, [("Content-Type", "application/json"), ("Content-Encoding", "gzip"),
                        ("Content-Length", str(length))])
        self.wfile.write(GZIP_HEADER)
        crc = 0
        for _ in range(mib):
            self.wfile.write(BLOCK)
            crc = zlib.crc32(ZEROS, crc)
        self.wfile.write(FINAL + crc.to_bytes(4, "little") + ((mib * MIB) & 0xFFFFFFFF).to_bytes(4, "little"))

    def route_endless(self):
        self.head(200, [("Content-Type", "application/json"), ("Transfer-Encoding", "chunked")])
        chunk = b"z" * 65536
        while True:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))

    def route_auth(self):
        body = b"authorization required"
        self.head(401, [("WWW-Authenticate", 'Basic realm="liveblog"'), ("Content-Length", str(len(body)))])
        self.wfile.write(body)

    def route_ctype(self):
        body = b"plain words, no liveblog"
        self.head(200, [("Content-Type", "text/html\x1b]0;PWNED\x07\x1b]52;c;SGVsbG8=\x07\x1b[2J"),
                        ("Content-Length", str(len(body)))])
        self.wfile.write(body)

    def route_drip(self):
        self.head(200, [("Content-Type", "application/json"), ("Content-Length", "1000000")])
        while True:
            self.wfile.write(b" ")
            self.wfile.flush()
            time.sleep(0.5)

    def route_feed(self):
        self.head(200, [("Content-Type", "application/json"), ("Content-Length", str(len(FEED)))])
        self.wfile.write(FEED)


def main():
    six = len(sys.argv) > 1 and sys.argv[1] == "6"

    class Server(ThreadingHTTPServer):
        address_family = socket.AF_INET6 if six else socket.AF_INET
        daemon_threads = True

    server = Server(("::1" if six else "127.0.0.1", 0), Handler)
    timer = threading.Timer(LIFETIME, lambda: os._exit(0))
    timer.daemon = True
    timer.start()
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
