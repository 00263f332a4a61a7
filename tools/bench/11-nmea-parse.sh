#!/usr/bin/env bash
# NMEA parsing: bgloc info on a generated NMEA 0183 log (RMC, GGA, GSA, GST at 1 Hz), against gpsdecode.
# Uses $BGKIT_BIN (built tools) and $BENCH_WORK (scratch), which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build-release/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
mkdir -p "$BENCH_WORK"
source "$here/compare.sh"

F="$BENCH_WORK/bench-50mb.nmea"
if [ ! -s "$F" ]; then
    echo "generating $F (once)" >&2
    python3 - "$F" <<'PY'
import math, sys
def sentence(body):
    s = 0
    for c in body.encode():
        s ^= c
    return f"${body}*{s:02X}\r\n"
out = open(sys.argv[1], "w", encoding="ascii", newline="")
n, size = 0, 0
while size < 50_000_000:
    lat = 47.3 + 0.05 * math.sin(n / 5000.0)
    lon = 8.5 + 0.05 * math.cos(n / 7000.0)
    t = 9 * 3600 + n
    day = 1 + t // 86400
    hms = f"{(t // 3600) % 24:02d}{(t // 60) % 60:02d}{t % 60:02d}.00"
    la = f"{int(lat):02d}{(lat - int(lat)) * 60:08.5f}"
    lo = f"{int(lon):03d}{(lon - int(lon)) * 60:08.5f}"
    block = (sentence(f"GPRMC,{hms},A,{la},N,{lo},E,2.72,45.0,{day:02d}0326,,,A")
             + sentence(f"GPGGA,{hms},{la},N,{lo},E,1,09,0.9,410.8,M,47.3,M,,")
             + sentence("GPGSA,A,3,01,02,03,04,05,06,07,08,09,,,,1.3,0.9,1.0")
             + sentence(f"GPGST,{hms},2.0,2.0,2.0,0.0,2.0,2.0,3.0"))
    out.write(block)
    size += len(block)
    n += 1
PY
fi

RUNS="${BENCH_RUNS:-3}"
megabytes=$(calc "$(stat -c %s "$F") / 1e6")
export F
echo "## NMEA parsing"
echo
echo "Input: a generated NMEA 0183 log, ${megabytes} MB (RMC, GGA, GSA and GST at 1 Hz). Median of $RUNS runs;"
echo "CPU = user + system (load average at the start: $(load)). gpsdecode decodes every sentence into"
echo "gpsd's JSON reports, as gpsd does; bgloc info decodes every fix and summarises the track."
echo
echo "| program | wall s | CPU s | MB/s (CPU) | CPU vs bgloc | peak MB |"
echo "|---|---:|---:|---:|---:|---:|"
bgloc_cpu="" gpsdecode_cpu=""
for name in "bgloc info" gpsdecode; do
    if [ "$name" = gpsdecode ]; then
        has gpsdecode || { echo "| gpsdecode | not installed | | | | |"; continue; }
        measure "$name" "$RUNS" "gpsdecode < \"\$F\""
    else
        measure "$name" "$RUNS" "\"$BGKIT_BIN/bgloc\" info \"\$F\" --format json"
    fi
    [ "$M_OK" = 1 ] || { echo "| $name | failed | | | | |"; continue; }
    [ "$name" = gpsdecode ] && gpsdecode_cpu=$M_CPU || bgloc_cpu=$M_CPU
    echo "| $name | $M_WALL | $M_CPU | $(calc "$megabytes / ($M_CPU + 0.001)") |" \
        "$(calc "($M_CPU + 0.001) / (${bgloc_cpu:-0} + 0.001)" %.2f)× | $M_PEAK |"
done
if [ -n "$bgloc_cpu" ] && [ -n "$gpsdecode_cpu" ]; then
    ratio=$(calc "$gpsdecode_cpu / ($bgloc_cpu + 0.001)" %.1f)
    met=$(awk -v r="$ratio" 'BEGIN { print (r >= 20 ? "met" : "not met") }')
    echo
    echo "NMEA parse vs gpsdecode: ${ratio}× (target ≥ 20×) $met"
    summary "NMEA parse, ${megabytes} MB (\`bgloc info\`), CPU" "${bgloc_cpu} s ($(calc "$megabytes / ($bgloc_cpu + 0.001)" %.0f) MB/s)" \
        "gpsdecode ${gpsdecode_cpu} s (${ratio}× the CPU)" "≥ 20× gpsdecode's speed" \
        "$([ "$met" = met ] && echo yes || echo no)"
else
    echo
    echo "NMEA parse vs gpsdecode: not measured (target ≥ 20×) not met"
    summary "NMEA parse (\`bgloc info\`)" "${bgloc_cpu:-failed}" "gpsdecode ${gpsdecode_cpu:-not installed}" "≥ 20× gpsdecode's speed" "–"
fi
