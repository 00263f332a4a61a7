#!/usr/bin/env bash
# Population (issue 26): `bgtask simulate Examples/Headlines/app.yaml --for 14d --policy realistic --users
# 1000`, each user on an engine of its own, on every core. Prints simulated user-days per CPU second (user +
# system, the figure to trust on a shared machine) against the target of 2,000, the whole run's wall time on
# this machine's cores, and the peak memory at 250 and at 1,000 users (it should not grow with the users:
# only mergeable histograms are kept). Uses $BGKIT_BIN, which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
RUNS="${BENCH_RUNS:-3}"
source "$here/compare.sh"
manifest="$root/Examples/Headlines/app.yaml"
users=1000
days=14

export P="$BGKIT_BIN/bgtask" M="$manifest"
measure "population of $users" "$RUNS" "\"\$P\" simulate \"\$M\" --for ${days}d --policy realistic --seed 1 --users $users"
[ "$M_OK" = 1 ] || exit 1
run_cpu=$M_CPU run_wall=$M_WALL run_peak=$M_PEAK  # measure sets wall and peak itself
measure "population of 250" 1 "\"\$P\" simulate \"\$M\" --for ${days}d --policy realistic --seed 1 --users 250"
small_peak=$M_PEAK
rate=$(calc "$users * $days / $run_cpu" %.0f)
echo "## Population (issue 26)"
echo
echo "\`bgtask simulate Examples/Headlines/app.yaml --for ${days}d --policy realistic --users $users\` on $(nproc) cores:"
echo "$((users * days)) simulated user-days, each user on an engine of its own. Median of $RUNS runs; load average: $(load)."
echo
echo "| measurement | value |"
echo "|---|---:|"
echo "| CPU (user + system) | $(calc "$run_cpu" %.2f) s |"
echo "| wall, the whole run | $(calc "$run_wall" %.2f) s |"
echo "| simulated user-days per CPU second | $rate |"
echo "| peak memory, 250 users | $small_peak MB |"
echo "| peak memory, $users users | $run_peak MB |"
summary "population: $users users × ${days}d (realistic)" "$rate user-days per CPU s; $(calc "$run_wall" %.2f) s wall on $(nproc) cores" "–" \
    "≥ 2,000 user-days per CPU s" "$(awk -v v="$rate" 'BEGIN { print (v >= 2000 ? "yes" : "no") }')"
