#!/usr/bin/env bash
# Region monitoring and replay: bgkit-bench's per-fix cost at 20, 1,000 and 100,000 regions (spatial index
# against a straight scan) and the manager's replay throughput, then `bgloc replay` end to end on the
# generated GPX of 10-gpx-parse.sh (generated here too when missing) with 100 regions along it.
# Uses $BGKIT_BIN (built tools) and $BENCH_WORK (scratch), which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
mkdir -p "$BENCH_WORK"
source "$here/compare.sh"

echo "## Region monitoring"
echo
echo "\`bgkit-bench regions\` and \`bgkit-bench replay\` (CPU time; regions random in Switzerland's bounding box,"
echo "radii 50–500 m; see docs/LOCATION.md). Load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')."
echo
echo "| measurement | value | unit |"
echo "|---|---:|---|"
"$BGKIT_BIN/bgkit-bench" regions | awk -F'\t' '{ printf "| %s | %s | %s |\n", $1, $2, $3 }'

F="$BENCH_WORK/bench-110mb.gpx"
[ -s "$F" ] || "$here/10-gpx-parse.sh" >/dev/null
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
contender "bgloc replay, 100 regions, jsonl" \
    "\"$BGKIT_BIN/bgloc\" replay \"\$F\" --regions \"$R\" --region-limit 100 --format jsonl" "$BGKIT_BIN/bgloc"
echo
echo "## Replay end to end"
compare "$F"
