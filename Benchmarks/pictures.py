#!/usr/bin/env python3
"""Issue 11's picture figures (TERMINAL.md section 2), at 120x40 with 8x16-pixel cells.

1. The bytes of the welcome modal's artwork in each pixel mode (kitty, sixel, iTerm2), beside
   the symbols drawing of the same modal in the same run. Target: <= 64 KiB a picture.
2. A redraw of the modal with its kitty picture unchanged (Tab moves the button focus): the
   image data it sends. Target: none.
3. The start-up probe: time to first paint with `--graphics auto` against a terminal that
   answers at once and one that never answers, beside `--graphics symbols` (no probe).
   Targets: <= 20 ms and <= 150 ms added.

    python3 Benchmarks/pictures.py [--binary .build/release/tinbox] [--reps 5]
"""
import argparse
import fcntl
import os
import pty
import re
import select
import shutil
import statistics
import struct
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COLS, ROWS, CELL_W, CELL_H = 120, 40, 8, 16
QUERY_END = b"\x1b[c"


def spawn(binary, data, args, env_extra=None):
    pid, master = pty.fork()
    if pid == 0:
        env = {"PATH": "/usr/bin:/bin", "HOME": data, "LANG": "C.UTF-8", "TERM": "xterm-256color",
               "TZ": "Etc/GMT-%d" % 0}
        env.update(env_extra or {})
        os.execve(binary, [binary, "--data-dir", data, "--no-refresh", "--reduce-motion"] + args, env)
    size = struct.pack("HHHH", ROWS, COLS, COLS * CELL_W, ROWS * CELL_H)
    fcntl.ioctl(master, termios.TIOCSWINSZ, size)
    return pid, master


def read_until(master, predicate, timeout, buffer=b"", answer=None, quiet=None):
    """Reads until predicate(buffer) holds, the line stays silent for `quiet` seconds, or
    `timeout` passes; `answer(buffer)` may return bytes to send back."""
    deadline = time.monotonic() + timeout
    while not predicate(buffer) and time.monotonic() < deadline:
        wait = max(0, deadline - time.monotonic())
        ready, _, _ = select.select([master], [], [], min(wait, quiet) if quiet else wait)
        if not ready:
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        buffer += chunk
        if answer:
            reply = answer(buffer)
            if reply:
                os.write(master, reply)
    return buffer


def read_quiet(master, quiet=0.3, timeout=5):
    return read_until(master, lambda _: False, timeout, quiet=quiet)


def finish(pid, master):
    for key in (b"\x1b", b"q"):
        try:
            os.write(master, key)
        except OSError:
            pass
        read_quiet(master, 0.2, 2)
    try:
        os.kill(pid, 15)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    os.close(master)


PICTURE = re.compile(rb"\x1b_G[^\x1b]*\x1b\\|\x1bP[0-9;]*q.*?\x1b\\|\x1b\]1337;File=[^\x07]*\x07", re.S)


def picture_bytes(output):
    return sum(len(m.group(0)) for m in PICTURE.finditer(output))


def modal(binary, mode, work):
    data = tempfile.mkdtemp(dir=work)
    pid, master = spawn(binary, data, ["--graphics", mode])
    output = read_until(master, lambda b: b"Welcome back, Sam!" in b, 10)
    output += read_quiet(master)
    os.write(master, b"\t")  # the next button: the modal is drawn again, its picture unchanged
    redraw = read_quiet(master)
    finish(pid, master)
    return output, redraw


def first_paint(binary, work, args, answer):
    data = tempfile.mkdtemp(dir=work)
    started = time.monotonic()
    pid, master = spawn(binary, data, args + ["--campaigns", os.path.join(work, "none.json")])
    answered = [False]

    def reply(buffer):
        if answer and not answered[0] and QUERY_END in buffer:
            answered[0] = True
            return b"\x1b[?62;22c"  # DA1, no sixel: the choice is symbols, as without a probe
        return None

    read_until(master, lambda b: b"Unread" in b, 10, answer=reply)
    elapsed = (time.monotonic() - started) * 1000
    finish(pid, master)
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/tinbox"))
    parser.add_argument("--reps", type=int, default=5)
    options = parser.parse_args()
    if not os.access(options.binary, os.X_OK):
        sys.exit("build first: make build")
    work = tempfile.mkdtemp(prefix="tinbox-pictures-")
    with open(os.path.join(work, "none.json"), "w") as file:
        file.write('{"campaigns": []}')
    try:
        print("== the welcome modal's artwork, 120x40, 8x16-pixel cells ==")
        symbols, _ = modal(options.binary, "symbols", work)
        print("symbols: the whole first screen %8d B (baseline, same run)" % len(symbols))
        for mode in ("kitty", "sixel", "iterm"):
            output, redraw = modal(options.binary, mode, work)
            pictures = picture_bytes(output)
            print("%-7s: the whole first screen %8d B, of which picture %6d B (%.1f KiB; target <= 64 KiB)"
                  % (mode, len(output), pictures, pictures / 1024))
            if mode == "kitty":
                data = sum(len(m.group(0)) for m in re.finditer(rb"\x1b_Ga=t[^\x1b]*\x1b\\|\x1b_Gm=[01];[^\x1b]*\x1b\\", redraw))
                print("kitty  : a redraw with the picture unchanged: %d B written, %d B of image data (target 0)"
                      % (len(redraw), data))
        print("== start-up probe: time to first paint, median of %d ==" % options.reps)
        runs = {"symbols (no probe)": ([], ["--graphics", "symbols"], False),
                "auto, terminal answers": ([], ["--graphics", "auto"], True),
                "auto, terminal silent": ([], ["--graphics", "auto"], False)}
        for _ in range(options.reps):
            for name, (samples, args, answer) in runs.items():
                samples.append(first_paint(options.binary, work, args, answer))
        base = statistics.median(runs["symbols (no probe)"][0])
        for name, (samples, _, _) in runs.items():
            median = statistics.median(samples)
            print("%-24s %7.1f ms  (+%.1f ms over no probe)" % (name, median, median - base))
        print("targets: the probe adds <= 20 ms when the terminal answers, <= 150 ms when it does not")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
