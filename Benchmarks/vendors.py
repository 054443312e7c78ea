#!/usr/bin/env python3
"""Vendor formats (issue 12, "Performance") for `make bench`, each against a baseline measured
in the same run, interleaved so a busy moment of the machine falls on both alike:

- importing 1,000 messages as a Dengage Inbox Channel array and as a Salesforce export
  (`tinbox count` on a fresh data directory, the first import): within 1.3x of the same 1,000
  messages in tinbox's own format;
- `tinbox convert` of a Gameball sync of 10,000 campaigns: <= 1 s, next to `convert` of the same
  campaigns as tinbox's own sync document;
- one event against those 10,000 campaigns over 100 event names: median <= 1 ms, next to the same
  campaigns in tinbox's format (measured in process by `tinbox-bench --gameball`, when built).

  python3 Benchmarks/vendors.py --binary .build/release/tinbox [--bench .build/release/tinbox-bench] [--reps 15]

Prints figures with units and whether the targets are met; asserts nothing.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def messages(count):
    """The same messages for every format: every third read, every tenth with a body, every 50th
    with a button, every 100th pinned."""
    for i in range(count):
        yield {
            "id": f"m{i}", "read": i % 3 == 0, "title": f"Message {i}: weekly digest, issue {i % 97}",
            "body": "Up to 40% off." if i % 10 == 0 else None, "pinned": i % 100 == 0,
            "button": i % 50 == 0,
            "date": f"2026-11-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:{i * 7 % 60:02d}.{i % 1000:03d}Z",
        }


def content(m):
    """PROTOCOL 1.2's `data`, which is also Dengage's `messageJson`."""
    data = {"title": m["title"], "receiveDateUTC": m["date"], "isPinned": m["pinned"]}
    if m["body"]:
        data["message"] = m["body"]
    if m["button"]:
        data["ctaButtons"] = [{"buttonId": "open", "label": "Open", "webUrl": "https://acme.example/x"}]
    return data


def tinbox_feed(items):
    return {"messages": [{"id": m["id"], "isRead": m["read"], "data": content(m)} for m in items]}


def dengage_feed(items):
    return [{"smsgId": m["id"], "isRead": m["read"], "priority": 0, "messageJson": content(m)} for m in items]


def sfmc_feed(items):
    out = []
    for m in items:
        item = {"id": m["id"], "subject": m["title"], "sendDateUtc": m["date"], "read": m["read"], "deleted": False}
        if m["body"]:
            item["alert"] = m["body"]
        if m["button"]:
            item["url"] = "https://acme.example/x"
        out.append(item)
    return out


def gameball_sync(count, names):
    """A V4 sync of `count` event campaigns over `names` event names, two filters each."""
    campaigns = []
    for i in range(count):
        campaigns.append({
            "campaignId": i + 1, "variationId": 1, "name": f"Offer {i}", "priority": (i * 7919) % 1000,
            "messageType": 2,
            "trigger": {"type": "event", "name": f"e{i % names}", "metadataLogicalOperator": "And",
                        "metadataFilters": [{"name": "price", "operator": "greaterOrEqual", "value": str(i % 50)},
                                            {"name": "currency", "operator": "equals", "value": "USD"}],
                        "repeatable": True, "minIntervalSeconds": 0},
            "content": {"colors": {"background": "#FFFFFF", "text": "#1F2937"}, "closeBehaviour": "both",
                        "buttons": [{"id": "ok", "action": {"type": "dismiss"}}]},
            "locale": {"header": f"Offer {i}", "message": "Thanks {player_name}.",
                       "buttons": [{"id": "ok", "text": "OK"}]},
            "expiresAt": None, "isTest": False,
        })
    return {"cooldownSeconds": 0, "quietHours": {"enabled": False}, "messages": campaigns}


def run(command, env):
    """Seconds of one run of `command`, its stdout thrown away."""
    start = time.perf_counter()
    child = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    seconds = time.perf_counter() - start
    if child.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({child.returncode}): {child.stderr.decode(errors='replace').strip()}")
    return seconds


def median_ms(samples):
    return statistics.median(samples) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/tinbox")
    parser.add_argument("--bench", default=".build/release/tinbox-bench")
    parser.add_argument("--reps", type=int, default=15)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    print(f"load average before: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    work = tempfile.mkdtemp(prefix="tinbox-vendors-")
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"))
    try:
        items = list(messages(1000))
        feeds = {"tinbox": tinbox_feed(items), "dengage": dengage_feed(items), "sfmc": sfmc_feed(items)}
        paths = {}
        for name, document in feeds.items():
            paths[name] = os.path.join(work, f"{name}.json")
            with open(paths[name], "w") as out:
                json.dump(document, out)
        samples = {name: [] for name in feeds}
        for rep in range(args.reps + 1):
            for name in feeds:
                data = os.path.join(work, f"data-{name}-{rep}")
                seconds = run([binary, "--data-dir", data, "--feed", f"{name}:{paths[name]}", "count"], env)
                if rep > 0:  # the first round warms the page cache
                    samples[name].append(seconds)
                shutil.rmtree(data, ignore_errors=True)
        base = median_ms(samples["tinbox"])
        print(f"import of 1,000 messages (tinbox count on a fresh data directory, median of {args.reps})")
        print(f"  baseline tinbox format:     {base:.1f} ms")
        for name in ("dengage", "sfmc"):
            figure = median_ms(samples[name])
            ratio = figure / base
            verdict = "met" if ratio <= 1.3 else "NOT met"
            print(f"  {name + ' format:':<27} {figure:.1f} ms ({ratio:.2f}x; target <= 1.3x -> {verdict})")

        gameball = os.path.join(work, "gameball.json")
        with open(gameball, "w") as out:
            json.dump(gameball_sync(10_000, 100), out)
        converted = os.path.join(work, "sync.json")
        with open(converted, "wb") as out:
            subprocess.run([binary, "convert", gameball], stdout=out, check=True, env=env)
        convert = {"gameball": [], "tinbox": []}
        for rep in range(max(5, args.reps // 3) + 1):
            for name, path in (("gameball", gameball), ("tinbox", converted)):
                seconds = run([binary, "convert", path], env)
                if rep > 0:
                    convert[name].append(seconds)
        gameball_ms = median_ms(convert["gameball"])
        tinbox_ms = median_ms(convert["tinbox"])
        print("tinbox convert of a sync of 10,000 campaigns "
              f"({os.path.getsize(gameball) / 1e6:.1f} MB Gameball, median of {len(convert['gameball'])})")
        print(f"  baseline the same campaigns in tinbox's format: {tinbox_ms:.0f} ms")
        verdict = "met" if gameball_ms <= 1000 else "NOT met"
        print(f"  gameball: {gameball_ms:.0f} ms ({gameball_ms / tinbox_ms:.2f}x; target <= 1 s -> {verdict})")

        if os.access(args.bench, os.X_OK):
            sys.stdout.flush()
            subprocess.run([os.path.abspath(args.bench), "--gameball"], check=True)
        else:
            print(f"one event against 10,000 Gameball campaigns: not measured ({args.bench} is not built;"
                  " swift build -c release --product tinbox-bench)")
        print(f"load average after: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
