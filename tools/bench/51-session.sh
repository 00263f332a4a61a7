#!/usr/bin/env bash
# Background session: `bgkit-bench session`, a day of an app's background transfers on virtual time (an
# upload a minute, a download every ten, simulated, under a network that changes every 20 minutes). Uses
# $BGKIT_BIN, which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build-release/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
RUNS="${BENCH_RUNS:-3}"
source "$here/compare.sh"

bench_runs session
cpu=$(bench_value session.day_cpu_seconds) wall=$(bench_value session.day_wall_seconds)
completed=$(bench_value session.day_completed)
echo "## Background session"
echo
echo "\`bgkit-bench session\`: a day on virtual time of an app creating an upload every minute (half of them"
echo "dropped once by the simulated server) and a download every ten, under a network that changes every 20"
echo "minutes (Wi-Fi on power, cellular, none, Wi-Fi in Low Data Mode); $completed transfers completed. Median"
echo "of $RUNS runs; load average: $(load)."
echo
echo "| measurement | CPU s | wall s |"
echo "|---|---:|---:|"
echo "| a day of the session | $(calc "$cpu" %.3f) | $(calc "$wall" %.3f) |"
summary "session: a day of a transfer a minute" "$(calc "$cpu" %.3f) s CPU ($(calc "$wall" %.3f) s wall)" "–" "< 1 s" \
    "$(awk -v v="$cpu" 'BEGIN { print (v < 1 ? "yes" : "no") }')"
