#!/usr/bin/env bash
# NMEA parsing: bgloc info on a generated NMEA 0183 log (RMC, GGA, GSA, GST at 1 Hz), against gpsdecode.
# Uses $BGKIT_BIN (built tools) and $BENCH_WORK (scratch), which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build/release}"
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

contender "bgloc info" "\"$BGKIT_BIN/bgloc\" info \"\$F\" --format json" "$BGKIT_BIN/bgloc"
contender "gpsdecode" "gpsdecode < \"\$F\""
echo "## NMEA parsing"
compare "$F"
