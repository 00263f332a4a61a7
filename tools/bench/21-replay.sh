#!/usr/bin/env bash
# Full replay on virtual time: `bgkit-bench replay`, 1,000,000 fixes through the location manager with
# continuous updates and 100 regions along the walk, without output and rendered as JSON lines; then
# `bgloc replay` end to end on the 110 MB GPX of 10-gpx-parse.sh (generated when missing) with 100
# regions, JSON lines into /dev/null. Uses $BGKIT_BIN and $BENCH_WORK, which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build-release/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
RUNS="${BENCH_RUNS:-3}"
mkdir -p "$BENCH_WORK"
source "$here/compare.sh"

bench_runs replay
plain_cpu=$(bench_value replay.fixes_per_cpu_second.100_regions) plain_wall=$(bench_value replay.fixes_per_wall_second.100_regions)
json_cpu=$(bench_value replay_jsonl.fixes_per_cpu_second.100_regions) json_wall=$(bench_value replay_jsonl.fixes_per_wall_second.100_regions)
echo "## Replay on virtual time"
echo
echo "\`bgkit-bench replay\`: 1,000,000 fixes through \`LocationManager\` (continuous updates, 100 regions along"
echo "the walk) on virtual time; median of $RUNS runs. \"JSON lines\" renders every timeline event with"
echo "\`JSONLinesRenderer\` (the bytes \`bgloc replay --format jsonl\` writes). Load average: $(load)."
echo
echo "| replay | fixes per CPU second | fixes per wall second |"
echo "|---|---:|---:|"
echo "| no output | $plain_cpu | $plain_wall |"
echo "| JSON lines rendered | $json_cpu | $json_wall |"
summary "full replay, 1 M fixes, 100 regions, no output" "$(calc "$plain_cpu / 1e6" %.2f) M fixes/s (CPU)" "–" "≥ 1 M fixes/s" \
    "$(awk -v v="$plain_cpu" 'BEGIN { print (v >= 1e6 ? "yes" : "no") }')"
summary "full replay, JSON lines rendered" "$(calc "$json_cpu / 1e6" %.2f) M fixes/s (CPU)" "–" "(reported)" "–"

F="$BENCH_WORK/bench-110mb.gpx"
[ -s "$F" ] || python3 "$here/make-gpx.py" 110 "$F"
R="$BENCH_WORK/bench-100-regions.geojson"
python3 - "$R" <<'PY'
import json, math, sys
features = []
for i in range(100):
    n = i * 7919
    lat = 47.3 + 0.05 * math.sin(n / 5000.0)
    lon = 8.5 + 0.05 * math.cos(n / 7000.0)
    features.append({"type": "Feature", "geometry": {"type": "Point", "coordinates": [lon, lat]},
                     "properties": {"id": f"r{i}", "radius": 150}})
json.dump({"type": "FeatureCollection", "features": features}, open(sys.argv[1], "w"))
PY
export F
fixes=$(grep -c '<trkpt' "$F")
measure "bgloc replay" "$RUNS" "\"$BGKIT_BIN/bgloc\" replay \"\$F\" --regions \"$R\" --region-limit 100 --format jsonl"
echo
echo "\`bgloc replay\` end to end: the $(calc "$(stat -c %s "$F") / 1e6") MB GPX ($fixes fixes) with 100 regions of 150 m"
echo "along it, JSON lines into /dev/null: parsing, the manager and the renderer together."
echo
echo "| program | wall s | CPU s | fixes per CPU second | peak MB |"
echo "|---|---:|---:|---:|---:|"
if [ "$M_OK" = 1 ]; then
    echo "| bgloc replay --format jsonl | $M_WALL | $M_CPU | $(calc "$fixes / ($M_CPU + 0.001)" %.0f) | $M_PEAK |"
    summary "\`bgloc replay\` of the 110 MB GPX, 100 regions, JSON lines to /dev/null" \
        "$(calc "$fixes / ($M_CPU + 0.001) / 1e6" %.2f) M fixes/s (CPU), $M_PEAK MB" "–" "(reported)" "–"
else
    echo "| bgloc replay --format jsonl | failed | | | |"
fi
