#!/usr/bin/env bash
# Memory at any fix rate (issue 29): `bgloc live` fed 100,000 fixes by a real gpsd at full speed (gpsfake
# -c 0, a 1 Hz walk of log time), its resident memory (VmRSS of /proc/PID/status) read after the first
# 10,000 fixes and after the last; beside it the same run with --no-auto-pause, which arms no timer, as the
# control. Before issue 29 every fix moved the automatic pause's timer, and with it the live run's sleeper,
# whose cancelled sleep held its task until its deadline: +20 MB over such a run. Flat means at most 1 MB
# more after the last fix than after the first 10,000.
# Quick try: BENCH_FIXES=20000 tools/bench/22-fix-rate.sh
# Uses $BGKIT_BIN (built tools) and $BENCH_WORK (scratch), which tools/bench/run exports.
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/compare.sh"  # sets -euo pipefail, $BGKIT_BIN and $BENCH_WORK
FIXES="${BENCH_FIXES:-100000}"
FIRST=$((FIXES / 10))

echo "## Memory at any fix rate (bgloc live, $FIXES fixes at full speed)"
echo
for tool in gpsfake "$BGKIT_BIN/bgloc"; do
    if ! has "$tool"; then
        echo "Skipped: $tool is not installed."
        summary "fix rate: \`bgloc live\` memory over $FIXES fixes" "skipped ($tool is not installed)" "" "" "–"
        exit 0
    fi
done
LOG="$BENCH_WORK/fix-rate-walk.nmea"
"$here/make-walk-nmea.py" "$LOG" $((FIXES + 1000))

groups=()
cleanup() {
    for group in "${groups[@]}"; do kill -KILL -- "-$group" 2>/dev/null || true; done
    wait 2>/dev/null || true
    for group in "${groups[@]}"; do rm -f "${TMPDIR:-/tmp}/gpsfake-$group.sock"; done
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# feed NAME [OPTION…]: one gpsfake at full speed and one `bgloc live --fixes $FIXES` on it; prints
# "RSS_AFTER_FIRST RSS_AFTER_LAST SECONDS" (kB, kB, s).
feed() {
    local name="$1"
    shift
    local port out rss_first="" rss_last="" started fixes
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    setsid gpsfake -q -1 -c 0 -P "$port" "$LOG" >/dev/null 2>&1 &
    groups+=("$!")
    for _ in $(seq 50); do
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
        sleep 0.1
    done
    out="$BENCH_WORK/fix-rate-$name.jsonl"
    started=$(date +%s.%N)
    setsid "$BGKIT_BIN/bgloc" live --gpsd "127.0.0.1:$port" --fixes "$FIXES" --format jsonl "$@" >"$out" 2>"$out.err" &
    local pid=$!
    groups+=("$pid")
    while kill -0 "$pid" 2>/dev/null; do
        local rss
        rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
        [ -n "$rss" ] || break
        fixes=$(grep -c '"event":"location"' "$out" || true)
        [ -z "$rss_first" ] && [ "$fixes" -ge "$FIRST" ] && rss_first=$rss
        rss_last=$rss
        sleep 0.5
    done
    wait "$pid" || true
    fixes=$(grep -c '"event":"location"' "$out" || true)
    echo "${rss_first:-0} ${rss_last:-0} $(calc "$(date +%s.%N) - $started") $fixes"
}

read -r first last seconds fixes < <(feed auto-pause)
read -r cfirst clast cseconds cfixes < <(feed no-auto-pause --no-auto-pause)
growth=$(calc "($last - $first) / 1024")
cgrowth=$(calc "($clast - $cfirst) / 1024")
met=no
[ "$(calc "$growth <= 1" "%d")" = 1 ] && met=yes
printf '| run | fixes | seconds | fixes/s | RSS after %s fixes | RSS after the last | growth |\n' "$FIRST"
echo "|---|--:|--:|--:|--:|--:|--:|"
printf '| `bgloc live` | %s | %.0f | %.0f | %.1f MB | %.1f MB | %+.1f MB |\n' "$fixes" "$seconds" "$(calc "$fixes / $seconds")" \
    "$(calc "$first / 1024")" "$(calc "$last / 1024")" "$growth"
printf '| `bgloc live --no-auto-pause` | %s | %.0f | %.0f | %.1f MB | %.1f MB | %+.1f MB |\n' "$cfixes" "$cseconds" \
    "$(calc "$cfixes / $cseconds")" "$(calc "$cfirst / 1024")" "$(calc "$clast / 1024")" "$cgrowth"
echo
echo "Load average at the end: $(load)."
summary "fix rate: \`bgloc live\` memory over $FIXES fixes at full speed" "$(printf '%+.1f MB (%.1f → %.1f MB)' "$growth" "$(calc "$first / 1024")" "$(calc "$last / 1024")")" \
    "$(printf 'no auto-pause: %+.1f MB' "$cgrowth")" "flat: ≤ +1 MB (was +20 MB)" "$met"
