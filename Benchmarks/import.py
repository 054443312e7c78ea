#!/usr/bin/env python3
"""The large import (issue 14, point 7) for `make bench`: a 1,000,000-message feed file (~140 MB)
imported by `tinbox count` on a fresh data directory (the first import, CLI.md), against a plain
Python script in the same run that `json.load`s the file whole and inserts the same rows into
SQLite (the same columns, one transaction, WAL and synchronous=FULL as tinbox). The two run
interleaved, so a busy moment of the machine falls on both alike. Wall time and peak RSS come
from each child process (wait4). Then the reader's first paint on the imported 1,000,000, next
to its paint on 100 messages, through ../shared/tools/tui-bench.

  python3 Benchmarks/import.py --binary .build/release/tinbox [--messages 1000000] [--reps 3]

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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The baseline: what a short Python program does with the same file.
BASELINE = r'''
import json, sqlite3, sys
from datetime import datetime

def ms(text):
    return None if text is None else round(datetime.fromisoformat(text).timestamp() * 1000)

document = json.load(open(sys.argv[1]))
db = sqlite3.connect(sys.argv[2])
db.execute("PRAGMA journal_mode=WAL")
db.execute("PRAGMA synchronous=FULL")
db.execute("""CREATE TABLE messages(producer TEXT NOT NULL, id TEXT NOT NULL, state INTEGER NOT NULL,
    server_read INTEGER NOT NULL, start_ms INTEGER, end_ms INTEGER, pinned INTEGER NOT NULL,
    receive_ms INTEGER NOT NULL, title TEXT NOT NULL, body TEXT, image_url TEXT, buttons TEXT,
    button_count INTEGER NOT NULL, details TEXT, sync_generation INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY(producer, id))""")
with db:
    for m in document["messages"]:
        d = m["data"]
        buttons = d.get("ctaButtons") or []
        read = 1 if m.get("isRead") else 0
        db.execute("INSERT OR IGNORE INTO messages VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                   ("engagement", m["id"], read, read, ms(m.get("startDateUtc")), ms(m.get("endDateUtc")),
                    1 if d.get("isPinned") else 0, ms(d["receiveDateUTC"]), d["title"], d.get("message"),
                    d.get("imageUrl"), json.dumps(buttons) if buttons else None, len(buttons),
                    d.get("messageDetails"), 1))
print(db.execute("SELECT count(*) FROM messages").fetchone()[0])
'''


def write_feed(count, path):
    """A PROTOCOL 1.2 document, one message a line, ~140 bytes each: every third read, every
    tenth with a body, every 50th with a button, every 500th pinned, receive dates all over."""
    with open(path, "w") as out:
        out.write('{"messages":[\n')
        for i in range(count):
            read = "true" if i % 3 == 0 else "false"
            extra = ""
            if i % 10 == 0:
                extra += ',"message":"Up to 40% off."'
            if i % 500 == 0:
                extra += ',"isPinned":true'
            if i % 50 == 0:
                extra += ',"ctaButtons":[{"buttonId":"open","label":"Open","webUrl":"https://acme.example/x"}]'
            receive = f"2026-11-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:{i * 7 % 60:02d}.{i % 1000:03d}Z"
            end = ",\n" if i + 1 < count else "\n"
            out.write(f'{{"id":"m{i}","isRead":{read},"data":{{"title":"Message {i}: weekly digest, issue {i % 97}",'
                      f'"receiveDateUTC":"{receive}"{extra}}}}}{end}')
        out.write("]}\n")


def measured(command, env=None):
    """Runs `command`; returns (seconds, peak RSS in MB, stdout)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out = child.stdout.read()
    err = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        sys.exit(f"{command[0]} failed ({child.returncode}): {err.decode(errors='replace').strip()}")
    return seconds, usage.ru_maxrss / 1024, out.decode().strip()


def summary(samples):
    return statistics.median(samples), min(samples), max(samples)


def reader(binary, big_data, work, reps):
    """First paint of the reader on the imported store, interleaved with its paint on 100."""
    bench = os.environ.get("TUI_BENCH", os.path.join(ROOT, "..", "shared", "tools", "tui-bench"))
    tui = os.path.join(bench, "tui_bench.py")
    if not os.path.exists(tui):
        print(f"\nreader: skipped, {tui} is missing")
        return
    small = os.path.join(work, "data100")
    small_feed = os.path.join(work, "feed100.json")
    write_feed(100, small_feed)
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"))
    measured([binary, "--data-dir", small, "--feed", small_feed, "count"], env)
    big_count = measured([binary, "--data-dir", big_data, "count"], env)[2]
    result = os.path.join(work, "reader.json")
    subprocess.run([sys.executable, tui, "--quiet", "--reps", str(reps),
                    "--name", "tinbox-100", "--cmd", f"{binary} --data-dir {small} --no-refresh",
                    "--marker", "All 100 ", "--marker", "1/100 ",
                    "--vs-name", f"tinbox-{big_count}", "--vs-cmd", f"{binary} --data-dir {big_data} --no-refresh",
                    "--vs-marker", f"All {big_count} ", "--vs-marker", f"1/{big_count} ", "--json", result],
                   check=True, stdout=subprocess.DEVNULL)
    figures = []
    for name in (result, result[:-5] + "-vs.json"):
        with open(name) as handle:
            totals = json.load(handle)["summary"]
        paint = totals["startup.first_paint_ms"]
        figures.append((paint["median"], paint["min"], paint["max"], totals["startup.peak_rss_kb"]["median"] / 1024))
    (small_paint, _, _, small_rss), (big_paint, big_min, big_max, big_rss) = figures
    print(f"\n== the reader afterwards (120x40, xterm-256color, {reps} runs each, interleaved) ==")
    print(f"first paint, {big_count} messages: median {big_paint:6.1f} ms (min {big_min:.1f}, max {big_max:.1f});"
          f" peak RSS {big_rss:.1f} MB")
    print(f"  baseline: 100 messages:        median {small_paint:6.1f} ms; peak RSS {small_rss:.1f} MB;"
          f" ratio {big_paint / small_paint:4.2f}x")
    print("  (issue 3's reader targets, set at 100,000: <= 100 ms, <= 1.5x the 100-message paint, <= 40 MB)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/tinbox")
    parser.add_argument("--messages", type=int, default=1_000_000)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--reader-reps", type=int, default=5)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    work = tempfile.mkdtemp(prefix="tinbox-import-bench-")
    try:
        feed = os.path.join(work, "feed.json")
        start = time.perf_counter()
        write_feed(args.messages, feed)
        size = os.path.getsize(feed) / 1e6
        print(f"== import of {args.messages:,} messages: a {size:.1f} MB feed file"
              f" (written in {time.perf_counter() - start:.1f} s) ==")
        baseline = os.path.join(work, "baseline.py")
        with open(baseline, "w") as handle:
            handle.write(BASELINE)
        env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"))
        tinbox, python = {"s": [], "mb": []}, {"s": [], "mb": []}
        data = None
        for rep in range(args.reps):
            if data:
                shutil.rmtree(data)
            data = os.path.join(work, f"data-{rep}")
            seconds, mb, out = measured([binary, "--data-dir", data, "--feed", feed, "count"], env)
            if out != str(args.messages):
                sys.exit(f"tinbox count said {out!r}, not {args.messages}")
            tinbox["s"].append(seconds)
            tinbox["mb"].append(mb)
            target = os.path.join(work, f"baseline-{rep}.db")
            seconds, mb, out = measured([sys.executable, baseline, feed, target])
            if out != str(args.messages):
                sys.exit(f"the baseline stored {out!r} rows, not {args.messages}")
            python["s"].append(seconds)
            python["mb"].append(mb)
            for suffix in ("", "-wal", "-shm"):
                if os.path.exists(target + suffix):
                    os.remove(target + suffix)
            print(f"  run {rep + 1}: tinbox {tinbox['s'][-1]:.2f} s, {tinbox['mb'][-1]:.1f} MB;"
                  f" python {python['s'][-1]:.2f} s, {python['mb'][-1]:.1f} MB")
        t_med, t_min, t_max = summary(tinbox["s"])
        p_med, p_min, p_max = summary(python["s"])
        ratio = t_med / p_med
        rss = max(tinbox["mb"])
        print(f"tinbox count (first import)       median {t_med:7.2f} s (min {t_min:.2f}, max {t_max:.2f},"
              f" n={args.reps}); peak RSS {rss:.1f} MB ({rss / size:.2f}x the file)")
        print(f"  baseline: python json.load + sqlite3  median {p_med:7.2f} s (min {p_min:.2f}, max {p_max:.2f});"
              f" peak RSS {max(python['mb']):.1f} MB")
        print(f"  ratio {ratio:.2f}x; target <= 1.5x the baseline: {'ok' if ratio <= 1.5 else 'OVER'};"
              f" peak RSS target <= 200 MB: {'ok' if rss <= 200 else 'OVER'}")
        reader(binary, data, work, args.reader_reps)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
