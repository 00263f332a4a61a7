#!/usr/bin/env bash
# Population with the user's whole day (issue 35): the Headlines example with a commuter's places
# (`visits:` to two regions, one of whose entries uploads a log) and a silent push every 6 hours (`every:`)
# instead of its two, `--for 14d --policy realistic --users 1000`. Prints simulated user-days per CPU second
# against the target of 10,000. Run it alone, on a release build, for a figure to trust. Uses $BGKIT_BIN,
# which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
RUNS="${BENCH_RUNS:-3}"
source "$here/compare.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
head -c 2000 /dev/zero > "$work/log.bin"
# The example without its pushes: lines, then the day's places and the recurring push.
awk '/^pushes:/ { skip = 1; next } skip && /^  - / { next } { skip = 0; print }' "$root/Examples/Headlines/app.yaml" > "$work/app.yaml"
cat >> "$work/app.yaml" <<'YAML'
pushes:
  - {every: 6h, jitter: 30m, payload: {aps: {content-available: 1}}}
regions:
  - {id: office, lat: 47.3769, lon: 8.5417, radius: 150, onEnter: {upload: {file: log.bin, to: "https://example.org/log"}}}
  - {id: gym, lat: 47.3900, lon: 8.5100, radius: 100}
visits:
  - {at: "08:40", enter: office, for: 8h30m, jitter: 10m, days: [mon, tue, wed, thu, fri]}
  - {at: "19:00", enter: gym, for: 1h, every: 2d}
YAML
users=1000
days=14

export P="$BGKIT_BIN/bgtask" M="$work/app.yaml"
measure "population of $users, whole day" "$RUNS" "\"\$P\" simulate \"\$M\" --for ${days}d --policy realistic --seed 1 --users $users"
[ "$M_OK" = 1 ] || exit 1
rate=$(calc "$users * $days / $M_CPU" %.0f)
echo "## Population with visits and recurring pushes (issue 35)"
echo
echo "Examples/Headlines with two regions, weekday and every-other-day \`visits:\`, an upload on entering the office and"
echo "a push \`every: 6h\`, \`--for ${days}d --policy realistic --users $users\` on $(nproc) cores. Median of $RUNS runs; load average: $(load)."
echo
echo "| measurement | value |"
echo "|---|---:|"
echo "| CPU (user + system) | $(calc "$M_CPU" %.2f) s |"
echo "| simulated user-days per CPU second | $rate |"
summary "population with visits and pushes: $users users × ${days}d" "$rate user-days per CPU s" "–" \
    "≥ 10,000 user-days per CPU s" "$(awk -v v="$rate" 'BEGIN { print (v >= 10000 ? "yes" : "no") }')"
