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
echo "targets (issue 6): the overlay is up <= 50 ms after the key (enter); showing (enter) and closing"
echo "(esc) a modal without artwork write <= 2,000 bytes each. Raw samples: $work/overlay*.json"
