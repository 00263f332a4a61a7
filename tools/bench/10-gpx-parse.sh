#!/usr/bin/env bash
# GPX parsing: bgloc info on a generated 100 MB+ GPX file, against gpxpy, GPSBabel and xmllint --stream.
# Uses $BGKIT_BIN (built tools) and $BENCH_WORK (scratch), which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
mkdir -p "$BENCH_WORK"
source "$here/compare.sh"

F="$BENCH_WORK/bench-110mb.gpx"
if [ ! -s "$F" ]; then
    echo "generating $F (once)" >&2
    python3 - "$F" <<'PY'
import math, sys
out = open(sys.argv[1], "w", encoding="utf-8")
out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bgkit bench" '
          'xmlns="http://www.topografix.com/GPX/1/1" '
          'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">\n<trk><name>bench</name>\n')
t0 = 1772355600  # 2026-03-01T09:00:00Z
n = 0
size = 0
while size < 110_000_000:
    out.write("<trkseg>\n")
    lines = []
    for k in range(3600):
        lat = 47.3 + 0.05 * math.sin(n / 5000.0)
        lon = 8.5 + 0.05 * math.cos(n / 7000.0)
        t = t0 + n
        hh, mm, ss = (t // 3600) % 24, (t // 60) % 60, t % 60
        day = 1 + (t - t0 + 32400) // 86400
        lines.append(f'  <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{400 + (n % 97) / 10:.1f}</ele>'
                     f'<time>2026-03-{day:02d}T{hh:02d}:{mm:02d}:{ss:02d}Z</time><sat>9</sat><hdop>0.9</hdop>'
                     f'<extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>1.40</gpxtpx:speed>'
                     f'<gpxtpx:course>{n % 360}.0</gpxtpx:course></gpxtpx:TrackPointExtension></extensions></trkpt>\n')
        n += 1
    block = "".join(lines)
    out.write(block)
    out.write("</trkseg>\n")
    size += len(block) + 20
out.write("</trk>\n</gpx>\n")
PY
fi

contender "bgloc info" "\"$BGKIT_BIN/bgloc\" info \"\$F\" --format json" "$BGKIT_BIN/bgloc"
if python3 -c "import gpxpy" 2>/dev/null; then
    contender "gpxpy $(python3 -c 'import gpxpy; print(gpxpy.__version__)') parse" \
        "python3 -c 'import sys, gpxpy; gpxpy.parse(open(sys.argv[1], encoding=\"utf-8\"))' \"\$F\"" python3
else
    skipped+=("gpxpy (pip install gpxpy)")
fi
contender "gpsbabel -o unicsv" "gpsbabel -i gpx -f \"\$F\" -o unicsv -F /dev/null"
contender "xmllint --stream --noout" "xmllint --stream --noout \"\$F\""
echo "## GPX parsing"
compare "$F"
