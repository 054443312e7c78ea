#!/usr/bin/env python3
"""tinbox sync benchmarks (issue 4, "Performance"): whole-process `tinbox refresh` over loopback
HTTP against the test suite's stub server, each next to a baseline measured in the same run.
Prints numbers with their units; asserts nothing.

  python3 Benchmarks/sync.py --binary .build/release/tinbox [--reps 10]

The binary's network goes through `tinbox-net` beside it (`make build` builds both).

(a) a first refresh of two producers, 100 messages each, into a fresh data directory.
(b) draining 10,000 queued events: a data directory gets 10,000 messages from the stub (a config
    file sets pageSize 100 and maxMessages 10,000; `--feed` stops at 1000) and
    `tinbox mark deleted --all` (one DT event and one status each), then the stub's feed is
    emptied so the refresh measured is the push (20 status and 20 event batches of 500) plus one
    empty page. A refresh within 60 s of the previous one is refused (BEHAVIOR A.6), so each
    repetition times a copy of that directory with the one-a-minute slot (`settings` key
    `refresh.lastManual`) removed: exactly the state the directory would be in 60 s later,
    nothing else changed.
(c) a refresh that adds 100 messages (engagement, over HTTP) to a store holding 100,000
    (app-messaging, imported from a file once), same copy-and-free-the-slot method.

The baseline of each (issue 14 point 5): ONE `curl` process making exactly the requests that
tinbox run made, as the stub recorded them (same URLs, same bodies, in the same order), over
kept-alive connections (`--next` keeps curl's connection pool). Runs are interleaved, a tinbox
run then its curl replay, so a busy moment on this shared machine falls on both; each figure is
printed with its curl baseline, the ratio of the medians, and whether it meets its target
(refresh <= 2x curl, drain <= 3x curl).

Beside curl, the same requests made by URLSession alone (`tinbox-urlsession-floor`, built by
`make bench`): one process, one session, the requests in order, nothing of tinbox linked. It is
the floor under any client the brief allows (network through URLSession), so a ratio to curl
below its own cannot be had by tinbox's code.
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
from run import feed  # noqa: E402  the message generator `make bench` already uses


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


def replayable(requests, work, label):
    """`requests` (each a stub and a recorded request) as (method, url, body file or None), in
    order, the bodies written to files once for both replays."""
    made = []
    for index, (stub, request) in enumerate(requests):
        query = "&".join(f"{key}={value}" for key, value in request["query"].items())
        url = stub.url + request["path"] + ("?" + query if query else "")
        body = None
        if request["method"] == "POST":
            body = os.path.join(work, f"{label}-body-{index}.json")
            with open(body, "w") as handle:
                handle.write(request["body"])
        made.append((request["method"], url, body))
    return made


def curl_replay(requests, work, label):
    """ONE `curl` process making `requests` again, in order: each is (stub, recorded request) with
    its method, path, query and body. `--next` keeps curl's connection pool, so every host is
    asked over one kept-alive connection, as a single client would; returns the time in ms."""
    command = ["curl"]
    for index, (method, url, body) in enumerate(replayable(requests, work, label)):
        if index:
            command.append("--next")
        command += ["-s", "-o", "/dev/null"]
        if body:
            command += ["-H", "Content-Type: application/json", "--data-binary", "@" + body]
        command.append(url)
    start = time.perf_counter()
    subprocess.run(command, check=True)
    return (time.perf_counter() - start) * 1000


def floor_replay(floor, requests, work, label):
    """URLSession alone (`tinbox-urlsession-floor`) making `requests` again, in order, one at a
    time over one session, as curl does: what any client built on URLSession pays for them, with
    no store, frames or helper of tinbox's. Returns the time in ms."""
    listing = os.path.join(work, f"{label}-requests.json")
    with open(listing, "w") as handle:
        json.dump([{"method": m, "url": u, "body": b} for m, u, b in replayable(requests, work, label)], handle)
    start = time.perf_counter()
    subprocess.run([floor, listing], check=True)
    return (time.perf_counter() - start) * 1000


def first_request_cost(floor, requests, work, reps):
    """Where URLSession alone's time on the refresh goes: its process with no request, with the
    refresh's first request only, and with all of them, interleaved with curl making all of them.
    A client that starts a process with URLSession pays the first two before any of the rest."""
    samples = {"no request": [], "the first request": [], "all the requests": [], "curl, all": []}
    for rep in range(reps + 1):
        row = {
            "no request": floor_replay(floor, [], work, "f0"),
            "the first request": floor_replay(floor, requests[:1], work, "f1"),
            "all the requests": floor_replay(floor, requests, work, "fa"),
            "curl, all": curl_replay(requests, work, "fc"),
        }
        if rep:
            for name, value in row.items():
                samples[name].append(value)
    base = statistics.median(samples["curl, all"])
    print("  URLSession alone, by requests made (one process each, interleaved with curl making all):")
    for name, values in samples.items():
        median = statistics.median(values)
        print(f"    {name:18s} median {median:7.1f} ms  ({median / base:4.2f}x curl making all {len(requests)})")


def copy_with_free_slot(source, target):
    """`source` as it will be 60 s after its last refresh: the one-a-minute slot is free."""
    shutil.copytree(source, target)
    with sqlite3.connect(os.path.join(target, "tinbox.db")) as db:
        db.execute("DELETE FROM settings WHERE key = 'refresh.lastManual'")


def interleaved(reps, tinbox_once, work, label, floor):
    """`reps` rounds, each a tinbox run, then curl and URLSession alone replaying exactly the
    requests that run made, so a busy moment on the machine falls on all three alike. One round
    first as a warm-up, not counted. Returns (tinbox ms, curl ms, URLSession ms, the last run's
    output and requests)."""
    tinbox, curl, urlsession = [], [], []
    for rep in range(reps + 1):
        elapsed, out, requests = tinbox_once(rep)
        baseline = curl_replay(requests, work, label)
        alone = floor_replay(floor, requests, work, label)
        if rep:
            tinbox.append(elapsed)
            curl.append(baseline)
            urlsession.append(alone)
    return tinbox, curl, urlsession, out, requests


def ratio_row(name, samples, baseline, urlsession, ratio_target=None, target_ms=None):
    """One figure in ms next to its curl baseline from the same run, the ratio of the medians,
    and whether it meets its target (a ratio to curl, or an absolute time); then URLSession alone
    on the same requests, and tinbox's ratio to it."""
    median, base, alone = statistics.median(samples), statistics.median(baseline), statistics.median(urlsession)
    ratio = median / base
    print(f"{name}")
    print(f"  tinbox  median {median:8.1f} ms  (min {min(samples):7.1f}, max {max(samples):7.1f}, n={len(samples)})")
    print(f"  curl    median {base:8.1f} ms  (min {min(baseline):7.1f}, max {max(baseline):7.1f}, n={len(baseline)})"
          f"  one process, the same requests, keep-alive")
    print(f"  URLSession alone median {alone:8.1f} ms  (min {min(urlsession):7.1f}, max {max(urlsession):7.1f})"
          f"  one process, the same requests in order, one session: {alone / base:.2f}x curl")
    verdicts = []
    if ratio_target is not None:
        verdicts.append(f"target <= {ratio_target:g}x curl: {'ok' if ratio <= ratio_target else 'OVER'}")
    if target_ms is not None:
        verdicts.append(f"target <= {target_ms:g} ms: {'ok' if median <= target_ms else 'OVER'}")
    print(f"  ratio   {ratio:5.2f}x curl, {median / alone:4.2f}x URLSession alone;  {';  '.join(verdicts)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/tinbox")
    parser.add_argument("--floor", help="tinbox-urlsession-floor (default: beside --binary)")
    parser.add_argument("--reps", type=int, default=10)
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--stored", type=int, default=100_000)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    floor = os.path.abspath(args.floor or os.path.join(os.path.dirname(binary), "tinbox-urlsession-floor"))
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

        def refresh_fresh(rep):
            before = [len(engagement.requests()), len(messaging.requests())]
            elapsed, out = run([binary, "--data-dir", os.path.join(work, f"a-{rep}"), *feeds, "refresh"], env)
            made = [(engagement, r) for r in engagement.requests()[before[0]:]]
            made += [(messaging, r) for r in messaging.requests()[before[1]:]]
            return elapsed, out, made

        refreshes, curls, alone, out, made = interleaved(args.reps, refresh_fresh, work, "a", floor)
        print(f"  tinbox said: {' | '.join(out.strip().splitlines())}; {len(made)} requests per refresh")
        ratio_row("refresh, 2 producers x 100 messages", refreshes, curls, alone, ratio_target=2, target_ms=100)
        first_request_cost(floor, made, work, args.reps)

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
            statuses = db.execute("SELECT count(*) FROM pending_statuses").fetchone()[0]
        drain.control("/__control/state", {"feed": []})
        left = []

        def refresh_draining(rep):
            target = os.path.join(work, f"b-{rep}")
            copy_with_free_slot(prepared, target)
            before = len(drain.requests())
            elapsed, out = run([binary, "--data-dir", target, *drain_feed, "refresh"], env)
            with sqlite3.connect(os.path.join(target, "tinbox.db")) as db:
                left.append(db.execute("SELECT count(*) + (SELECT count(*) FROM pending_statuses)"
                                       " FROM pending_events").fetchone()[0])
            shutil.rmtree(target)
            return elapsed, out, [(drain, r) for r in drain.requests()[before:]]

        drains, curls, alone, out, made = interleaved(args.reps, refresh_draining, work, "b", floor)
        batches = [r for _, r in made if r["path"].endswith("/events")]
        sent = sum(len((r["json"] or {}).get("events", [])) for r in batches)
        print(f"  queued {queued} events and {statuses} statuses (`mark deleted --all`); the refresh made"
              f" {len(made)} requests, {len(batches)} of them event batches carrying {sent} events;"
              f" left queued after each run: {max(left)}")
        ratio_row(f"refresh draining {queued} events (and {statuses} statuses)", drains, curls, alone, ratio_target=3,
                  target_ms=2000)

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
        stored = []

        def refresh_adding(rep):
            target = os.path.join(work, f"c-{rep}")
            copy_with_free_slot(grown, target)
            before = len(adder.requests())
            elapsed, out = run([binary, "--data-dir", target, "--feed", f"engagement={adder.url}", "refresh"], env)
            with sqlite3.connect(os.path.join(target, "tinbox.db")) as db:
                stored.append(db.execute("SELECT count(*) FROM messages").fetchone()[0])
            shutil.rmtree(target)
            return elapsed, out, [(adder, r) for r in adder.requests()[before:]]

        adds, curls, alone, out, made = interleaved(args.reps, refresh_adding, work, "c", floor)
        print(f"  tinbox said: {out.strip()}; {len(made)} requests; {stored[-1]} messages stored after")
        ratio_row(f"refresh adding 100 to {args.stored}", adds, curls, alone, target_ms=150)
    finally:
        for stub in stubs:
            stub.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
