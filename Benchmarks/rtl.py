#!/usr/bin/env python3
"""Right-to-left titles in the reader (issue 11, "Performance"), in one run, under `--bidi app`
(what xterm and tmux get): 30% of the titles Hebrew or Arabic (Benchmarks/run.py `RTL_TITLES`).

- First paint at 100,000 messages against 100 messages, interleaved (A B, B A, ...) so a busy
  moment of the machine falls on both alike. Target: within 1.5x.
- One row down at 100,000 messages: the bytes written per keystroke against the two rows' own
  text (the UTF-8 of every row whose cells or attributes changed, status line apart, as the
  emulator shows them after the key). Target: no more than that text plus 40 B.
- Baselines in the same run: the same figures with Latin titles only.

  python3 Benchmarks/rtl.py --binary .build/release/tinbox [--reps 5]

Prints numbers with units; asserts nothing. Needs python3 with pyte (tui-bench's emulator).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.environ.get("TUI_BENCH", os.path.join(HERE, "..", "..", "shared", "tools", "tui-bench"))
sys.path.insert(0, HERE)
sys.path.insert(0, BENCH)
import run  # noqa: E402
import tui_bench  # noqa: E402

COLS, ROWS = 120, 40


def prepare(binary, work, count, rtl_share):
    """A data directory of `count` messages, `rtl_share` of them right to left; made once."""
    data = os.path.join(work, f"data{count}-rtl{int(rtl_share * 100)}")
    if not os.path.exists(os.path.join(data, "tinbox.db")):
        path = os.path.join(work, f"feed{count}.json")
        run.feed(count, path, rtl_share=rtl_share)
        subprocess.run([binary, "--data-dir", data, "--feed", path, "refresh"], check=True,
                       stdout=subprocess.DEVNULL)
        os.remove(path)
    return data


def command(binary, data):
    # No campaigns: the demo's welcome modal would take the keys meant for the list.
    none = os.path.join(os.path.dirname(data), "no-campaigns.json")
    if not os.path.exists(none):
        with open(none, "w") as handle:
            handle.write('{"campaigns": []}')
    return f"{binary} --data-dir {data} --no-refresh --bidi app --campaigns {none}"


def first_paints(binary, small, large, reps, work, label):
    """Median first paint of each, measured interleaved by tui-bench."""
    out = os.path.join(work, f"paint-{label}.json")
    subprocess.run([
        sys.executable, os.path.join(BENCH, "tui_bench.py"), "--quiet", "--reps", str(reps),
        "--cols", str(COLS), "--rows", str(ROWS),
        "--name", f"{label}-100", "--cmd", command(binary, small), "--marker", "All 100 ", "--marker", "1/100 ",
        "--vs-name", f"{label}-100000", "--vs-cmd", command(binary, large),
        "--vs-marker", "All 100000 ", "--vs-marker", "1/100000 ", "--json", out,
    ], check=True, stdout=subprocess.DEVNULL)
    medians = []
    for name in (out, out[:-5] + "-vs.json"):
        with open(name) as handle:
            medians.append(json.load(handle)["summary"]["startup.first_paint_ms"]["median"])
    return medians


def rows_down(binary, data, steps):
    """Per row down: (bytes written, UTF-8 bytes of the rows it changed, status line apart)."""
    env = tui_bench.make_env(argparse.Namespace(term="xterm-256color", env=[]))
    session = tui_bench.Session(command(binary, data).split(), env, COLS, ROWS, 0.05)
    samples = []
    try:
        if session.wait_markers(["All 100000 ", "1/100000 "], session.t0 + 20) is None:
            raise SystemExit("the reader did not paint within 20 s")
        session.wait_quiet(session.t0, 0.3, session.t0 + 20)
        move = tui_bench.Key("down")
        for _ in range(steps):
            session.drain()
            session.term.refresh_rows()
            before = list(session.term.rows_sig)
            written = session.total_read
            sent = session.send(move.bytes_for(session.term))
            session.wait_response(sent, 1.0, 0.1, sent + 5)
            session.drain()
            session.term.refresh_rows()
            changed = [row for row in range(ROWS - 1) if session.term.rows_sig[row] != before[row]]
            text = sum(len(session.term.rows_text[row].rstrip().encode()) for row in changed)
            samples.append((session.total_read - written, text))
    finally:
        session.kill()
        session.close()
    return samples


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/tinbox")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--work", default=os.environ.get("BENCH_DIR", "/tmp/tinbox-rtl-bench"))
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    os.makedirs(args.work, exist_ok=True)
    print(f"== right-to-left titles, --bidi app, {COLS}x{ROWS} xterm-256color ==")
    for share in (0.3, 0.0):
        label = f"rtl{int(share * 100)}"
        small = prepare(binary, args.work, 100, share)
        large = prepare(binary, args.work, 100_000, share)
        paint_small, paint_large = first_paints(binary, small, large, args.reps * 2, args.work, label)
        ratio = paint_large / paint_small
        kind = f"{int(share * 100)}% RTL titles" if share else "baseline: Latin titles"
        print(f"{kind:<24} first paint 100: {paint_small:6.1f} ms  100,000: {paint_large:6.1f} ms"
              f"  ratio {ratio:4.2f}x  target <= 1.5x: {'ok' if ratio <= 1.5 else 'OVER'}")
        samples = rows_down(binary, large, 30)
        written = statistics.median(b for b, _ in samples)
        text = statistics.median(t for _, t in samples)
        over = max(b - t for b, t in samples)
        print(f"{'':<24} row down: {written:5.0f} B median, the two rows' text {text:5.0f} B;"
              f" worst of {len(samples)}: text + {over} B  target <= text + 40 B: {'ok' if over <= 40 else 'OVER'}")


if __name__ == "__main__":
    main()
