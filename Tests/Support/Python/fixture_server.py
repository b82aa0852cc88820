#!/usr/bin/env python3
"""Loopback HTTP server for FetchTests and RealSourcesTests (R7): binds 127.0.0.1 on a free port, prints the port,
serves until killed, and exits by itself after LIFETIME seconds so a crashed test run leaves
nothing behind. Nothing here reaches outside the machine.

Routes:
  /text?delay=S          200 "hello" after S seconds
  /status/N              status N with a short body
  /download              an attachment (Content-Disposition), which a browser saves
  /redirect/N            N redirects, then /text
  /loop/a, /loop/b       redirect to each other
  /gzip                  a gzip-encoded text body
  /gzip-bomb?mib=N       gzip that decodes to N MiB of zeros (about 1 KiB sent per MiB; issue 31)
  /etag, /lastmod        ETag / Last-Modified; 304 when the conditional header matches
  /stall-head            accepts, reads the request, never answers
  /stall-body            headers and 10 of 100 bytes, then silence
  /truncated             Content-Length 1000, 100 bytes, close
  /big?n=N&chunked=1     N bytes (chunked: no Content-Length)
  /drip?n=N&gap=S        N chunks of 1000 bytes, S seconds apart (chunked)
  /files/NAME?delay=S     the file NAME of the directory given as the first argument (counted in
                         flight, as /slow is)
  /slowfile/NAME?parts=N&gap=S&cut=K  the file NAME in N parts S seconds apart (Content-Length
                         of the whole); with cut, only the first K parts, then the connection
                         closes (a truncated body, B9)
  /slow?delay=S          counts requests in flight; /stats gives the most at once
  /live/NAME             NAME.<step>.json from the file directories, ETag "step<step>" (304 when
                         If-None-Match matches); /live-step/N sets the step (R3 polling tests)
File directories: every argument, searched in order.
"""
import gzip
import json
import os
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

LIFETIME = 120
ETAG = '"v1"'
LAST_MODIFIED = "Mon, 30 Nov 2026 12:00:00 GMT"
state = {"in_flight": 0, "max_in_flight": 0, "step": 0}
state_lock = threading.Lock()
DIRECTORIES = sys.argv[1:]


def find_file(name):
    for directory in DIRECTORIES:
        path = os.path.join(directory, name)
        if name and os.path.isfile(path):
            return path
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send_body(self, status, body, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        parts = url.path.strip("/").split("/")
        route = getattr(self, "route_" + parts[0].replace("-", "_"), None)
        if route is None:
            self.send_body(404, b"no such route")
        else:
            route(parts, query)

    def route_text(self, parts, query):
        time.sleep(float(query.get("delay", 0)))
        self.send_body(200, b"hello", [("Content-Type", "text/plain")])

    def route_download(self, parts, query):
        self.send_body(200, b"a file to save", [("Content-Type", "application/octet-stream"),
                                                 ("Content-Disposition", "attachment; filename=x.bin")])

    def route_status(self, parts, query):
        self.send_body(int(parts[1]), b"status body")

    def route_redirect(self, parts, query):
        n = int(parts[1])
        self.send_body(302, b"", [("Location", "/redirect/%d" % (n - 1) if n > 1 else "/text")])

    def route_loop(self, parts, query):
        self.send_body(302, b"", [("Location", "/loop/b" if parts[1] == "a" else "/loop/a")])

    def route_gzip(self, parts, query):
        body = gzip.compress(b"compressed hello " * 100)
        self.send_body(200, body, [("Content-Encoding", "gzip"), ("Content-Type", "text/plain")])

    def route_gzip_bomb(self, parts, query):
        mib = int(query.get("mib", 1024))
        zeros = b"\0" * (1 << 20)
        c = zlib.compressobj(9, zlib.DEFLATED, -15)
        block = c.compress(zeros) + c.flush(zlib.Z_FULL_FLUSH)
        self.send_response(200)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Type", "image/png")
        self.end_headers()
        self.close_connection = True
        try:
            self.wfile.write(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff")
            for _ in range(mib):
                self.wfile.write(block)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def route_etag(self, parts, query):
        if self.headers.get("If-None-Match") == ETAG:
            self.send_response(304)
            self.send_header("ETag", ETAG)
            self.end_headers()
        else:
            self.send_body(200, b"version 1", [("ETag", ETAG)])

    def route_lastmod(self, parts, query):
        if self.headers.get("If-Modified-Since") == LAST_MODIFIED:
            self.send_response(304)
            self.end_headers()
        else:
            self.send_body(200, b"dated", [("Last-Modified", LAST_MODIFIED)])

    def route_stall_head(self, parts, query):
        time.sleep(LIFETIME)

    def route_stall_body(self, parts, query):
        self.send_response(200)
        self.send_header("Content-Length", "100")
        self.end_headers()
        self.wfile.write(b"x" * 10)
        self.wfile.flush()
        time.sleep(LIFETIME)

    def route_truncated(self, parts, query):
        self.send_response(200)
        self.send_header("Content-Length", "1000")
        self.end_headers()
        self.wfile.write(b"y" * 100)
        self.wfile.flush()
        self.close_connection = True

    def route_big(self, parts, query):
        n = int(query.get("n", 0))
        self.send_response(200)
        if query.get("chunked"):
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            chunk = b"z" * 65536
            sent = 0
            while sent < n:
                part = chunk[: min(len(chunk), n - sent)]
                self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
                sent += len(part)
            self.wfile.write(b"0\r\n\r\n")
        else:
            self.send_header("Content-Length", str(n))
            self.end_headers()
            self.wfile.write(b"z" * n)

    def route_drip(self, parts, query):
        self.send_response(200)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for i in range(int(query.get("n", 5))):
            self.wfile.write(b"3e8\r\n%s\r\n" % (bytes([0x61 + i]) * 1000))
            self.wfile.flush()
            time.sleep(float(query.get("gap", 0.2)))
        self.wfile.write(b"0\r\n\r\n")

    def route_files(self, parts, query):
        with state_lock:
            state["in_flight"] += 1
            state["max_in_flight"] = max(state["max_in_flight"], state["in_flight"])
        time.sleep(float(query.get("delay", 0)))
        with state_lock:
            state["in_flight"] -= 1
        name = os.path.basename(parts[1]) if len(parts) > 1 else ""
        path = find_file(name)
        if path is None:
            self.send_body(404, b"no such file")
            return
        with open(path, "rb") as f:
            self.send_body(200, f.read(), [("Content-Type", query.get("type", "image/jpeg"))])

    def route_slowfile(self, parts, query):
        path = find_file(os.path.basename(parts[1]) if len(parts) > 1 else "")
        if path is None:
            self.send_body(404, b"no such file")
            return
        with open(path, "rb") as f:
            body = f.read()
        n = max(1, int(query.get("parts", 10)))
        cut = int(query.get("cut", n))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        for i in range(min(n, cut)):
            self.wfile.write(body[len(body) * i // n: len(body) * (i + 1) // n])
            self.wfile.flush()
            time.sleep(float(query.get("gap", 0.1)))
        if cut < n:
            self.close_connection = True

    def route_slow(self, parts, query):
        with state_lock:
            state["in_flight"] += 1
            state["max_in_flight"] = max(state["max_in_flight"], state["in_flight"])
        time.sleep(float(query.get("delay", 0.2)))
        with state_lock:
            state["in_flight"] -= 1
        self.send_body(200, parts[1].encode() if len(parts) > 1 else b"slow")

    def route_live(self, parts, query):
        with state_lock:
            step = state["step"]
        etag = '"step%d"' % step
        path = find_file("%s.%d.json" % (os.path.basename(parts[1]) if len(parts) > 1 else "", step))
        if path is None:
            self.send_body(404, b"no such live file")
        elif self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.end_headers()
        else:
            with open(path, "rb") as f:
                self.send_body(200, f.read(), [("ETag", etag), ("Content-Type", "application/json")])

    def route_live_step(self, parts, query):
        with state_lock:
            state["step"] = int(parts[1])
        self.send_body(200, b"ok")

    def route_stats(self, parts, query):
        with state_lock:
            self.send_body(200, json.dumps(state).encode())


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    timer = threading.Timer(LIFETIME, lambda: os._exit(0))
    timer.daemon = True
    timer.start()
    print(server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    sys.exit(0)


if __name__ == "__main__":
    main()
