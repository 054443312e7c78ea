#!/usr/bin/env python3
"""Issue 13's replay figures: bytes the reader writes per overlay shown at --speed 1000, and what
pausing and resuming cost, in one run next to a baseline key (`j`, the selection one row down).

A 100-step timeline (50 overlays: modals, slide-ups, full screens, each shown then closed) is
replayed at 1000x in a 120x40 pty over a 100-message store. The replay starts --paused, so its
first paint is measured apart; `p` then plays it to the end. Every overlay's header must appear
in what the reader wrote (every overlay drawn), and the record must equal simulate's stdout.

    python3 Benchmarks/replay.py --binary .build/release/tinbox [--reps N]
"""
import argparse
import fcntl
import json
import os
import pty
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import termios
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (the feed generator the other benchmarks use)

KINDS = ["modal", "slideup", "fullscreen"]


def timeline(path):
    """50 overlays, each brought up by an event and closed a second later: 100 steps after setup."""
    campaigns = []
    for index in range(50):
        campaigns.append({
            "id": "c%02d" % index, "trigger": {"type": "event", "event": "e%02d" % index},
            "repeat": {"type": "everyTime"},
            "message": {"type": KINDS[index % len(KINDS)], "header": "Offer %02d" % index,
                        "body": "Replay benchmark message number %d with a line of body text." % index,
                        "buttons": [{"id": "ok", "text": "Claim"}, {"id": "no", "text": "Later"}]}})
    lines = [{"at": 0, "do": "setup", "sync": {"settings": {"cooldownSeconds": 0}, "campaigns": campaigns},
              "terminal": {"cols": 120, "rows": 40}, "reduceMotion": True},
             {"at": 0, "do": "start", "customer": "bench"}]
    for index in range(49):
        lines.append({"at": 2 * index + 1, "do": "event", "name": "e%02d" % index})
        lines.append({"at": 2 * index + 2, "do": "close"})
    lines.append({"at": 99, "do": "event", "name": "e49"})
    lines.append({"at": 100, "do": "end"})
    with open(path, "w") as handle:
        for line in lines:
            handle.write(json.dumps(line) + "\n")
    return len(lines) - 1


class Pty:
    def __init__(self, argv, cols=120, rows=40):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "TZ": "UTC"})
            os.execv(argv[0], argv)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.out = b""

    def read_until(self, needle=None, quiet=0.3, timeout=30):
        """Reads until `needle` is in the output and then `quiet` seconds pass with no byte."""
        start = len(self.out)
        deadline = time.time() + timeout
        last = time.time()
        while time.time() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.fd, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.out += chunk
                last = time.time()
            elif (needle is None or needle in self.out[start:]) and time.time() - last >= quiet:
                return self.out[start:]
        raise SystemExit("replay bench: timed out waiting for %r" % needle)

    def key(self, data, needle=None):
        os.write(self.fd, data)
        return self.read_until(needle)

    def close(self):
        os.write(self.fd, b"q")
        try:
            self.read_until(quiet=0.2, timeout=5)
        except SystemExit:
            pass
        os.waitpid(self.pid, 0)


def once(binary, data, path, record):
    """The whole replay at 1000x: first paint (paused), `j`, then `p` plays it to its end."""
    reader = Pty([binary, "--data-dir", data, "replay", path, "--speed", "1000", "--paused", "--record", record])
    first = reader.read_until(b"All 100")
    baseline = reader.key(b"j")
    played = reader.key(b"p", needle="\u25a0".encode())  # the bar's end mark
    drawn = sum(1 for index in range(50) if ("Offer %02d" % index).encode() in played)
    reader.close()
    return len(first), len(baseline), len(played), drawn


def steps(binary, data, path):
    """Per overlay kind, what showing and closing one writes: `.` onto its beat, then onto the close.
    Then, at 1x with that overlay up, what `p` (pause) and `p` (resume) write."""
    reader = Pty([binary, "--data-dir", data, "replay", path, "--speed", "1", "--paused"])
    reader.read_until(b"All 100")
    sizes = {}
    for index in range(6):
        shown = len(reader.key(b"."))
        closed = len(reader.key(b"."))
        sizes.setdefault(KINDS[index % len(KINDS)], []).append((shown, closed))
    reader.key(b".")  # the next overlay is up
    resume = len(reader.key(b"p"))
    pause = len(reader.key(b"p"))
    reader.close()
    return sizes, pause, resume


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=".build/release/tinbox")
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    work = tempfile.mkdtemp(prefix="tinbox-replay-bench-")
    try:
        run.feed(100, os.path.join(work, "feed.json"))
        data = os.path.join(work, "data")
        subprocess.run([binary, "--data-dir", data, "--feed", os.path.join(work, "feed.json"), "refresh"],
                       check=True, stdout=subprocess.DEVNULL)
        path = os.path.join(work, "timeline.jsonl")
        steps_count = timeline(path)
        simulate = subprocess.run([binary, "simulate", path], check=True, capture_output=True).stdout
        overlays = simulate.count(b'"event":"shown"')
        rows = []
        for _ in range(args.reps):
            record = os.path.join(work, "record.jsonl")
            rows.append(once(binary, data, path, record))
            with open(record, "rb") as handle:
                if handle.read() != simulate:
                    raise SystemExit("replay bench: --record differs from simulate's stdout")
        median = lambda column: sorted(row[column] for row in rows)[len(rows) // 2]  # noqa: E731
        sizes, pause, resume = steps(binary, data, path)
        print("== replay: %d steps, %d overlays, --speed 1000, 120x40, 100 messages, %d reps (median) ==" % (
            steps_count, overlays, args.reps))
        print("baseline: j (selection one row down)         %6d B" % median(1))
        print("first paint (paused)                         %6d B" % median(0))
        print("whole replay after p                         %6d B   (%d B per overlay, shown and closed)" % (
            median(2), median(2) // overlays))
        print("overlays drawn (header seen in the output)   %6d of %d" % (min(row[3] for row in rows), overlays))
        for kind in KINDS:
            shown = max(pair[0] for pair in sizes[kind])
            closed = max(pair[1] for pair in sizes[kind])
            print("%-10s shown %5d B (target <= 2,500 B)   closed %5d B" % (kind, shown, closed))
        print("with a modal up: p pauses %d B, p resumes %d B   (the bar's changed cells only)" % (pause, resume))
        print("--record equals simulate's stdout: yes, every rep")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
