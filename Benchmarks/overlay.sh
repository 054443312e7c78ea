#!/usr/bin/env bash
# Issue 6's overlay figures at 120x40 through ../shared/tools/tui-bench: the console triggers a
# modal without artwork (`:event go`, Enter), Esc closes it. tui-bench reports, per key, the
# bytes the reader wrote and the time from the key to its last byte. The baseline in the same
# run is a key that only moves the selection one row. Needs a release build and pyte.
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
for motion in "--reduce-motion" ""; do
    echo "== modal over 100 messages, 120x40 ${motion:-(with the 0.3 s entrance)} =="
    python3 "$bench/tui_bench.py" --quiet --reps "$reps" --name "overlay${motion}" \
        --cmd "$bin --data-dir $data --no-refresh --campaigns $root/Benchmarks/overlay-campaigns.json --customer bench $motion" \
        --marker "All 100 " --marker "1/100 " --keys "down:1,colon:1,event go:1,enter:1,esc:1" \
        --json "$work/overlay${motion:-motion}.json"
done
echo "targets (issue 6): the overlay is up <= 50 ms after the key (enter); showing (enter) and closing"
echo "(esc) a modal without artwork write <= 2,000 bytes each. Raw samples: $work/overlay*.json"
