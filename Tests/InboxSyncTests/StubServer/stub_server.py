#!/usr/bin/env python3
"""A scriptable inbox server for tinbox's sync tests (PROTOCOL 1), standard library only.

Usage: stub_server.py PORT_FILE
Listens on 127.0.0.1 on a free port, writes the port to PORT_FILE, and serves until its
standard input closes (the test process ended or stopped it), so it never outlives a test run.

Default answers: params operational; messages paged from the feed by limit/offset;
status and events 200 {}. Dengage's Inbox Channel (VENDORS.md 2): GET /api/inbox/getMessages
answers the first `limit` items of the feed as a top-level array, and POST /api/inbox/events an
empty 200; with a "dengageAccount" set, both answer 400 {"message": "Invalid Account"} to any other
`acc`, as Dengage's server does. Control (JSON bodies):
  POST /__control/state   {"feed": [...], "generate": N, "params": {...}, "dengageAccount": "acme"}
                          replace parts of the state
  POST /__control/script  {"route": "POST /api/inbox/events", "responses": [R, ...]}  answered in order,
                          then the default again
  GET  /__control/requests {"requests": [...]} every non-control request, in arrival order
A scripted answer R has: status (200), json | body (text) | feed: true, headers {}, delay (s, before
answering), closeAfter (bytes of the body sent before the socket is closed), garbage: true,
oversize: N (an N-byte body), noLength: true (no Content-Length; the body ends at close).
"""
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

LOCK = threading.Lock()
STATE = {
    "feed": [],
    "params": {"accountName": "acme", "inboxEnabled": True},
    "dengageAccount": None,
    "scripts": {},
    "requests": [],
}


def generated(count):
    return [
        {
            "id": "m-%d" % n,
            "data": {
                "title": "Message %d" % n,
                "receiveDateUTC": "2026-11-%02dT%02d:%02d:00.000Z" % (1 + n // 1440 % 28, n // 60 % 24, n % 60),
                "messageDetails": "details-%d" % n,
            },
        }
        for n in range(1, count + 1)
    ]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes; without this, Nagle plus delayed ACKs add
    # ~40 ms to every keep-alive answer and the timings mean nothing.
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def handle_any(self, method):
        parts = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if parts.path.startswith("/__control/"):
            return self.control(method, parts.path, raw)
        query = {k: v[0] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        route = "%s %s" % (method, parts.path)
        with LOCK:
            STATE["requests"].append({
                "method": method, "path": parts.path, "query": query,
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "body": raw.decode("utf-8", "replace"), "json": parsed, "at": time.time(),
            })
            queue = STATE["scripts"].get(route) or []
            answer = queue.pop(0) if queue else None
        if answer is None:
            answer = self.default_answer(route, query, parsed)
        self.answer(route, query, answer)

    def answer(self, route, query, spec):
        if spec.get("delay"):
            time.sleep(float(spec["delay"]))
        status = int(spec.get("status", 200))
        headers = dict(spec.get("headers", {}))
        if "oversize" in spec:
            return self.send_oversize(status, int(spec["oversize"]), spec.get("noLength", False))
        if spec.get("garbage"):
            body = b"<html>this is not json\x00\xff</html>"
        elif "body" in spec:
            body = spec["body"].encode("utf-8")
        elif "json" in spec:
            body = json.dumps(spec["json"]).encode("utf-8")
        else:
            body = json.dumps(self.default_json(route, query)).encode("utf-8")
        self.send_response(status)
        headers.setdefault("Content-Type", "application/json")
        for name, value in headers.items():
            self.send_header(name, str(value))
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if "closeAfter" in spec:
            self.wfile.write(body[: int(spec["closeAfter"])])
            self.wfile.flush()
            self.close_connection = True
            self.connection.shutdown(socket.SHUT_RDWR)
            return
        self.wfile.write(body)

    def default_answer(self, route, query, body):
        if route == "GET /api/inbox/messages":
            return {"feed": True}
        # Dengage: the list, and events whose body names the account (tinbox's own have no "acc").
        if route == "GET /api/inbox/getMessages":
            given = query.get("acc")
        elif route == "POST /api/inbox/events" and isinstance(body, dict) and "acc" in body:
            given = body.get("acc")
        else:
            return {}
        with LOCK:
            account = STATE["dengageAccount"]
        if account is not None and given != account:
            return {"status": 400, "json": {"message": "Invalid Account"}}
        return {"feed": True} if route.startswith("GET") else {"body": ""}

    def default_json(self, route, query):
        with LOCK:
            if route == "GET /api/sdk/params":
                return STATE["params"]
            if route == "GET /api/inbox/messages":
                limit = int(query.get("limit", "20"))
                offset = int(query.get("offset", "0"))
                return {"messages": STATE["feed"][offset: offset + limit]}
            if route == "GET /api/inbox/getMessages":
                return STATE["feed"][: int(query.get("limit", "20"))]
        return {}

    def send_oversize(self, status, size, no_length):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        if no_length:
            self.send_header("Connection", "close")
            self.close_connection = True
        else:
            self.send_header("Content-Length", str(size))
        self.end_headers()
        chunk = b" " * 65536
        sent = 0
        try:
            while sent < size:
                piece = chunk[: min(len(chunk), size - sent)]
                self.wfile.write(piece)
                sent += len(piece)
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def control(self, method, path, raw):
        payload = json.loads(raw) if raw else {}
        with LOCK:
            if path == "/__control/requests":
                result = {"requests": list(STATE["requests"])}
            elif path == "/__control/state":
                if "generate" in payload:
                    STATE["feed"] = generated(int(payload["generate"]))
                if "feed" in payload:
                    STATE["feed"] = payload["feed"]
                if "params" in payload:
                    STATE["params"] = payload["params"]
                if "dengageAccount" in payload:
                    STATE["dengageAccount"] = payload["dengageAccount"]
                result = {}
            elif path == "/__control/script":
                STATE["scripts"].setdefault(payload["route"], []).extend(payload["responses"])
                result = {}
            else:
                result = {"error": "unknown control " + path}
        body = json.dumps(result).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    port_file = sys.argv[1]
    with open(port_file + ".tmp", "w") as handle:
        handle.write(str(server.server_address[1]))
    os.replace(port_file + ".tmp", port_file)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    # Serve until the parent closes our standard input (or dies): never outlive the tests.
    sys.stdin.buffer.read()
    os._exit(0)


if __name__ == "__main__":
    main()
