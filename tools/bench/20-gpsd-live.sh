#!/usr/bin/env bash
# Live gpsd: CPU per fix of `bgloc live` reading a real gpsd (fed flat out by gpsfake -c 0), against
# gpspipe, gpsd's own client. Both are bound by gpsfake's pace, so the number that matters is CPU time
# per fix (user + system of the client only). Uses $BGKIT_BIN and $BENCH_WORK, which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build-release/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
FIXES="${FIXES:-5000}"
mkdir -p "$BENCH_WORK"
for tool in gpsfake gpspipe; do
    command -v "$tool" >/dev/null || { echo "## gpsd live"; echo; echo "Skipped: $tool is not installed."; exit 0; }
done

LOG="$BENCH_WORK/gpsd-live.nmea"
"$here/make-walk-nmea.py" "$LOG" 3600

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
setsid gpsfake -q -c 0 -P "$port" "$LOG" >/dev/null 2>&1 &
group=$!
# gpsd, killed, leaves its control socket behind: gpsfake names it after its own pid.
trap 'kill -KILL -- "-$group" 2>/dev/null || true; wait "$group" 2>/dev/null || true; rm -f "${TMPDIR:-/tmp}/gpsfake-$group.sock"' EXIT
for _ in $(seq 50); do
    timeout 2 gpspipe -w -n 6 "127.0.0.1:$port" 2>/dev/null | grep -q '"class":"TPV"' && break
    sleep 0.2
done

# measure LABEL COMMAND: one run; prints a table row.
measure() {
    local out
    out=$(mktemp)
    /usr/bin/time -f "%e %U %S %M" -o "$out" bash -c "$2" >/dev/null 2>&1 || { echo "| $1 | failed | | | |"; return; }
    read -r wall user system peak < <(tail -n 1 "$out")
    rm -f "$out"
    awk -v l="$1" -v w="$wall" -v u="$user" -v s="$system" -v p="$peak" -v n="$FIXES" \
        'BEGIN { printf "| %s | %d | %.2f | %.2f | %.0f | %.1f |\n", l, n, w, u + s, (u + s) * 1e6 / n, p / 1024 }'
}

echo "## gpsd live"
echo
echo "$FIXES fixes from gpsd (gpsfake -c 0, RMC + GGA at 1 Hz of log time). Load average: $(cut -d' ' -f1-3 /proc/loadavg)."
echo
echo "| client | fixes | wall s | CPU s | CPU µs per fix | peak MB |"
echo "|---|---:|---:|---:|---:|---:|"
measure "bgloc live --format jsonl" "\"$BGKIT_BIN/bgloc\" live --gpsd 127.0.0.1:$port --fixes $FIXES --format jsonl --no-auto-pause"
# gpspipe counts every JSON line; here that is one TPV per fix plus VERSION, DEVICES, WATCH and DEVICE.
measure "gpspipe -w" "gpspipe -w -n $((FIXES + 4)) 127.0.0.1:$port"
