#!/usr/bin/env python3
"""tinbox sync benchmarks (issue 4, "Performance"): whole-process `tinbox refresh` over loopback
HTTP against the test suite's stub server, each next to a baseline measured in the same run.
Prints numbers with their units; asserts nothing.

  python3 Benchmarks/sync.py --binary .build/release/tinbox [--reps 10]

The binary's network goes through `tinbox-net` beside it (`make build` builds both).

(a) a first refresh of two producers, 100 messages each, into a fresh data directory;
    baseline: one `curl` process making the same requests the refresh made.
(b) draining 10,000 queued events: a data directory gets 10,000 messages from the stub (a config
    file sets pageSize 100 and maxMessages 10,000; `--feed` stops at 1000) and
    `tinbox mark deleted --all` (one DT event each), then the stub's feed is emptied so the
    refresh measured is the push plus one empty page. A refresh within 60 s of the previous
    one is refused (BEHAVIOR A.6), so each repetition times a copy of that directory with the
    one-a-minute slot (`settings` key `refresh.lastManual`) removed: exactly the state the
    directory would be in 60 s later, nothing else changed. Baseline: `curl` sending the same
    event bodies, taken from what the stub recorded.
(c) a refresh that adds 100 messages (engagement, over HTTP) to a store holding 100,000
    (app-messaging, imported from a file once), same copy-and-free-the-slot method;
    baseline: `curl` of the same requests.
"""

import argparse
import json
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
STUB = os.path.join(HERE, "..", "Tests", "InboxSyncTests", "StubServer", "stub_server.py")
sys.path.insert(0, HERE)
from run import feed, row as table_row  # noqa: E402  the generator and table row `make bench` already uses


class Stub:
    """One stub server on a free loopback port; it exits when its standard input closes."""

    def __init__(self, work, name):
        port_file = os.path.join(work, f"{name}.port")
        self.process = subprocess.Popen([sys.executable, STUB, port_file], stdin=subprocess.PIPE)
        for _ in range(500):
            if os.path.exists(port_file):
                break
            time.sleep(0.01)
        with open(port_file) as handle:
            self.url = f"http://127.0.0.1:{handle.read().strip()}"

    def control(self, path, payload=None):
        data = json.dumps(payload).encode() if payload is not None else None
        request = urllib.request.Request(self.url + path, data=data, method="POST" if data else "GET")
        with urllib.request.urlopen(request) as answer:
            return json.load(answer)

    def requests(self):
        return self.control("/__control/requests")["requests"]

    def stop(self):
        self.process.stdin.close()
        self.process.wait(timeout=5)


def run(command, env):
    start = time.perf_counter()
    done = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        print(f"  warning: {' '.join(command[-3:])} exited {done.returncode}: {done.stderr.strip()[:200]}")
    return elapsed, done.stdout


def curl_replay(stub, recorded, work, label):
    """One `curl` process making `recorded` requests (method, path, query, body) again, on one
    keep-alive connection, the way a single client would; returns the time in ms."""
    command = ["curl", "-s", "-o", "/dev/null"]
    for index, request in enumerate(recorded):
        query = "&".join(f"{key}={value}" for key, value in request["query"].items())
        url = stub.url + request["path"] + ("?" + query if query else "")
        if index:
            command += ["--next", "-s", "-o", "/dev/null"]
        if request["method"] == "POST":
            body = os.path.join(work, f"{label}-body-{index}.json")
            with open(body, "w") as handle:
                handle.write(request["body"])
            command += ["-H", "Content-Type: application/json", "--data-binary", "@" + body]
        command.append(url)
    start = time.perf_counter()
    subprocess.run(command, check=True)
    return (time.perf_counter() - start) * 1000


def copy_with_free_slot(source, target):
    """`source` as it will be 60 s after its last refresh: the one-a-minute slot is free."""
    shutil.copytree(source, target)
    with sqlite3.connect(os.path.join(target, "tinbox.db")) as db:
        db.execute("DELETE FROM settings WHERE key = 'refresh.lastManual'")


def row(name, samples, target_ms, baseline_name, baseline):
    table_row(name, samples, target_ms, baseline_name, baseline, width=48)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/tinbox")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--stored", type=int, default=100_000)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    work = tempfile.mkdtemp(prefix="tinbox-sync-bench-")
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"), XDG_DATA_HOME=os.path.join(work, "xdg"))
    stubs = []
    try:
        engagement, messaging = Stub(work, "engagement"), Stub(work, "app-messaging")
        stubs += [engagement, messaging]
        feeds = ["--feed", f"engagement={engagement.url}", "--feed", f"app-messaging={messaging.url}"]

        print("== (a) refresh of two producers, 100 messages each, fresh data directory ==")
        for stub in (engagement, messaging):
            stub.control("/__control/state", {"generate": 100})
        refreshes, recorded = [], []
        for rep in range(args.reps):
            before = [len(engagement.requests()), len(messaging.requests())]
            elapsed, out = run([binary, "--data-dir", os.path.join(work, f"a-{rep}"), *feeds, "refresh"], env)
            refreshes.append(elapsed)
            recorded = [engagement.requests()[before[0]:], messaging.requests()[before[1]:]]
        print(f"  tinbox said: {' | '.join(out.strip().splitlines())};"
              f" requests per refresh: {len(recorded[0])} + {len(recorded[1])}")
        curls = [curl_replay(engagement, recorded[0], work, "a-e") + curl_replay(messaging, recorded[1], work, "a-m")
                 for _ in range(args.reps)]
        row("refresh, 2 producers x 100 messages", refreshes, 100, "curl, the same requests (2 processes)", curls)

        print(f"\n== (b) draining {args.events} queued events ==")
        drain = Stub(work, "drain")
        stubs.append(drain)
        drain.control("/__control/state", {"generate": args.events})
        prepared = os.path.join(work, "b-prepared")
        # `--feed` reads at most 1000 messages in pages of 20; a config file lifts both.
        config = os.path.join(work, "drain.json")
        with open(config, "w") as handle:
            json.dump({"producers": [{"kind": "engagement", "source": drain.url, "pageSize": 100,
                                      "maxMessages": args.events}]}, handle)
        drain_feed = ["--config", config]
        run([binary, "--data-dir", prepared, *drain_feed, "refresh"], env)
        run([binary, "--data-dir", prepared, *drain_feed, "mark", "deleted", "--all"], env)
        with sqlite3.connect(os.path.join(prepared, "tinbox.db")) as db:
            queued = db.execute("SELECT count(*) FROM pending_events").fetchone()[0]
        drain.control("/__control/state", {"feed": []})
        drains, event_requests = [], []
        for rep in range(args.reps):
            target = os.path.join(work, f"b-{rep}")
            copy_with_free_slot(prepared, target)
            before = len(drain.requests())
            elapsed, out = run([binary, "--data-dir", target, *drain_feed, "refresh"], env)
            drains.append(elapsed)
            recorded = drain.requests()[before:]
            event_requests = [r for r in recorded if r["path"].endswith("/events")]
            with sqlite3.connect(os.path.join(target, "tinbox.db")) as db:
                left = db.execute("SELECT count(*) FROM pending_events").fetchone()[0]
            shutil.rmtree(target)
        sent = sum(len((r["json"] or {}).get("events", [])) for r in event_requests)
        print(f"  queued {queued} events; the refresh made {len(recorded)} requests, {len(event_requests)} of them"
              f" event batches carrying {sent} events; {left} left queued")
        curls = [curl_replay(drain, recorded, work, "b") for _ in range(max(3, args.reps // 2))]
        row(f"refresh draining {queued} events", drains, 2000, "curl, the same requests and bodies", curls)

        print(f"\n== (c) refresh adding 100 messages to a store of {args.stored} ==")
        big = os.path.join(work, "big.json")
        feed(args.stored, big, prefix="big")
        grown = os.path.join(work, "c-prepared")
        start = time.perf_counter()
        run([binary, "--data-dir", grown, "--feed", f"app-messaging={big}", "refresh"], env)
        print(f"  setup: imported {args.stored} app-messaging messages from a file in"
              f" {time.perf_counter() - start:.2f} s")
        adder = Stub(work, "adder")
        stubs.append(adder)
        adder.control("/__control/state", {"generate": 100})
        adds = []
        for rep in range(args.reps):
            target = os.path.join(work, f"c-{rep}")
            copy_with_free_slot(grown, target)
            before = len(adder.requests())
            elapsed, out = run([binary, "--data-dir", target, "--feed", f"engagement={adder.url}", "refresh"], env)
            adds.append(elapsed)
            recorded = adder.requests()[before:]
            with sqlite3.connect(os.path.join(target, "tinbox.db")) as db:
                stored = db.execute("SELECT count(*) FROM messages").fetchone()[0]
            shutil.rmtree(target)
        print(f"  tinbox said: {out.strip()}; {len(recorded)} requests; {stored} messages stored after")
        curls = [curl_replay(adder, recorded, work, "c") for _ in range(args.reps)]
        row(f"refresh adding 100 to {args.stored}", adds, 150, "curl, the same requests", curls)
    finally:
        for stub in stubs:
            stub.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
