#!/usr/bin/env bash
# An app's own code as a population (issue 46): `bgkit-bench feedapp-population 500 14`, Examples/FeedApp's
# AppDelegate for 500 users × 14 days under the realistic policy (EmulatedPopulation, users drawn from
# Examples/FeedApp/population.yaml), its users in child processes on every core. CPU time is /usr/bin/time's
# (the children's included). Targets: ≥ 200 user-days per CPU second, and the 7,000 user-days within five
# minutes of wall time. As 37-feedapp.sh, the debug bgkit-bench: the device's clock needs Foundation and
# libdispatch linked dynamically. Run it alone for a figure to trust.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
RUNS="${BENCH_RUNS:-1}"
USERS="${BENCH_POPULATION_USERS:-500}"
DAYS="${BENCH_POPULATION_DAYS:-14}"
source "$here/compare.sh"

swift build --product bgkit-bench >&2
export B="$(swift build --show-bin-path)/bgkit-bench"
measure "feedapp population" "$RUNS" "\"\$B\" feedapp-population $USERS $DAYS"
[ "$M_OK" = 1 ] || exit 1
rate=$(calc "$USERS * $DAYS / $M_CPU" %.0f)
echo "## An app's own code as a population"
echo
echo "\`bgkit-bench feedapp-population $USERS $DAYS\` (debug build): Examples/FeedApp's own Swift, $USERS users × $DAYS days of"
echo "Examples/FeedApp/population.yaml under the realistic policy, users in child processes on $(nproc) cores. Median of $RUNS runs;"
echo "load average: $(load)."
echo
echo "| measurement | value |"
echo "|---|---:|"
echo "| CPU s (children included) | $M_CPU |"
echo "| wall s | $M_WALL |"
echo "| user-days per CPU second | $rate |"
summary "own-code population: FeedApp $USERS × ${DAYS}d" "$rate user-days/CPU s ($M_WALL s wall)" "–" "≥ 200, < 300 s wall" \
    "$(awk -v r="$rate" -v w="$M_WALL" 'BEGIN { print (r >= 200 && w < 300 ? "yes" : "no") }')"
