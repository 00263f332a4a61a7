#!/usr/bin/env bash
# An app's own code: `bgkit-bench feedapp`, a simulated day of Examples/FeedApp (its AppDelegate, refreshes
# resubmitting themselves, the nightly cleanup on power, a silent push) on EmulatedDevice, CPU time from the
# launch to the day's end. The device's clock for the app's code needs Foundation and libdispatch linked
# dynamically (docs/guides/your-own-code.md, "Time"), so this row builds and runs the debug bgkit-bench
# (`swift build --product bgkit-bench`, incremental after `make test`), not make release's static one: its
# figure is an upper bound of an optimised build's.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
BENCH_WORK="${BENCH_WORK:-$here/work}"
RUNS="${BENCH_RUNS:-3}"
source "$here/compare.sh"

swift build --product bgkit-bench >&2
BGKIT_BIN="$(swift build --show-bin-path)"
bench_runs feedapp
cpu=$(bench_value feedapp.day_cpu_seconds) wall=$(bench_value feedapp.day_wall_seconds)
tasks=$(bench_value feedapp.day_tasks_completed) events=$(bench_value feedapp.day_events)
echo "## An app's own code"
echo
echo "\`bgkit-bench feedapp\` (debug build): a simulated day of Examples/FeedApp's own Swift on EmulatedDevice —"
echo "$tasks background tasks completed by its handlers, a silent push, $events events. Median of $RUNS runs;"
echo "load average: $(load)."
echo
echo "| measurement | CPU s | wall s |"
echo "|---|---:|---:|"
echo "| a day of the app's code | $(calc "$cpu" %.3f) | $(calc "$wall" %.3f) |"
summary "app code: a day of Examples/FeedApp" "$(calc "$cpu" %.3f) s CPU ($(calc "$wall" %.3f) s wall)" "–" "< 0.5 s" \
    "$(awk -v v="$cpu" 'BEGIN { print (v < 0.5 ? "yes" : "no") }')"
