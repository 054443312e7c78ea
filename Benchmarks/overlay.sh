#!/usr/bin/env bash
# Issue 6's overlay figures at 120x40 through ../shared/tools/tui-bench: the console triggers a
# modal without artwork (`:event go`, Enter), Esc closes it. tui-bench reports, per key, the
# bytes the reader wrote and the time from the key to its last byte. The baseline in the same
# run is a key that only moves the selection one row. The same modal is measured again in campaign
# colours (`:event paint`), in 256 colours and in 24-bit. Needs a release build and pyte.
#
#   bash Benchmarks/overlay.sh [REPS]        (from the repository root)
set -euo pipefail
reps=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/.build/release/tinbox"
bench=${TUI_BENCH:-$root/../shared/tools/tui-bench}
work=${BENCH_DIR:-/tmp/tinbox-overlay-bench}
[ -x "$bin" ] || { echo "build first: make build"; exit 1; }
mkdir -p "$work"
data="$work/data100"
if [ ! -f "$data/tinbox.db" ]; then
    python3 -c "import sys; sys.path.insert(0, '$root/Benchmarks'); import run; run.feed(100, '$work/feed100.json')"
    "$bin" --data-dir "$data" --feed "$work/feed100.json" refresh >/dev/null
fi
run() { # NAME EVENT EXTRA-ARGS [--env KEY=VALUE]
    python3 "$bench/tui_bench.py" --quiet --reps "$reps" --name "$1" \
        --cmd "$bin --data-dir $data --no-refresh --campaigns $root/Benchmarks/overlay-campaigns.json --customer bench $3" \
        --marker "All 100 " --marker "1/100 " --keys "down:1,colon:1,event $2:1,enter:1,esc:1" \
        --json "$work/$1.json" "${@:4}"
    repaint "$work/$1.json"
}
# TERMINAL §4: showing (enter) or closing (esc) a modal costs no more than one full repaint of
# the screen behind it. The baseline, from the same run, is the reader's whole first paint.
repaint() { # RESULT.json
    python3 - "$1" <<'PY'
import json, sys
summary = json.load(open(sys.argv[1]))["summary"]
paint = summary["keys.bytes_initial_paint"]["median"]
for key, what in (("enter", "show"), ("esc", "close")):
    got = summary[f"key.{key}:1.bytes_median"]["median"]
    verdict = "ok" if got <= paint else "OVER"
    print(f"  {what}: {got:.0f} B = {got / paint:.2f} x one full repaint ({paint:.0f} B, first paint) [{verdict}]")
PY
}
echo "== modal over 100 messages, 120x40, reduce-motion =="
run overlay go --reduce-motion
echo "== the same with the 0.3 s entrance =="
run overlay-entrance go ""
# The same modal in campaign colours: nearest of 256, then 24-bit (COLORTERM=truecolor).
echo "== in campaign colours, reduce-motion, 256 colours =="
run overlay-coloured paint --reduce-motion
echo "== in campaign colours, reduce-motion, COLORTERM=truecolor =="
run overlay-truecolor paint --reduce-motion --env COLORTERM=truecolor
echo "targets: the overlay is up <= 50 ms after the key (enter, issue 6); showing (enter) and closing (esc)"
echo "a modal write <= one full repaint of the screen behind it (TERMINAL §4, issue 11). Raw samples: $work/overlay*.json"
