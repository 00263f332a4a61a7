#!/usr/bin/env bash
# Scheduler: `bgkit-bench scheduler`, a year of an app's background tasks on virtual time (a 15-minute
# refresh loop and three self-resubmitting processing tasks under conditions that change six times a
# day). Uses $BGKIT_BIN, which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build-release/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
RUNS="${BENCH_RUNS:-3}"
source "$here/compare.sh"

bench_runs scheduler
cpu=$(bench_value scheduler.year_cpu_seconds) wall=$(bench_value scheduler.year_wall_seconds)
launches=$(bench_value scheduler.year_launches)
echo "## Scheduler"
echo
echo "\`bgkit-bench scheduler\`: a year on virtual time of a 15-minute refresh loop and three processing tasks"
echo "that resubmit themselves, under conditions that change six times a day (night on the charger, a commute"
echo "with a tunnel, Low Power Mode at lunch); $launches launches. Median of $RUNS runs; load average: $(load)."
echo
echo "| measurement | CPU s | wall s |"
echo "|---|---:|---:|"
echo "| a year of the app | $(calc "$cpu" %.3f) | $(calc "$wall" %.3f) |"
summary "scheduler: a year of refresh + processing tasks" "$(calc "$cpu" %.3f) s CPU ($(calc "$wall" %.3f) s wall)" "–" "< 1 s" \
    "$(awk -v v="$cpu" 'BEGIN { print (v < 1 ? "yes" : "no") }')"
