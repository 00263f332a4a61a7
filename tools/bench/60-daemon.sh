#!/usr/bin/env bash
# The always-on daemon (issue 19): `bgloc live --app` on a bundled manifest, against gpsd's own clients
# `gpxlogger` and `gpspipe -w`, all connected at the same time to ONE gpsd that gpsfake feeds with a walk at
# 1 Hz (RMC + GGA each second, -c 0.5): the same reports reach every client at the same moments, so none
# gets an easier feed or a quieter machine than another (about 4.5 minutes). Two phases on the same processes:
#  - fixes: $BENCH_DAEMON_SECONDS (180) seconds of 1 Hz fixes after a 5 s warm-up (start-up is not counted);
#    CPU = the clients' threads' run time (the sum over /proc/PID/task/*/schedstat, in nanoseconds, as
#    utime + stime of /proc/PID/stat counts it but finer than its 10 ms ticks), scaled to an hour;
#    peak memory = VmHWM of /proc/PID/status at the end of the phase;
#  - idle: gpsfake is stopped (SIGSTOP) while gpsd runs on, so gpsd stays connected and quiet (no fixes);
#    after 5 s to settle, the context switches (voluntary + nonvoluntary, of each thread in
#    /proc/PID/task/*/status) over $BENCH_DAEMON_IDLE_SECONDS (60) are the wake-ups.
# bgloc runs Examples/DailyRefresh/app.yaml with --conditions machine, as on a board: tasks waiting for the
# machine's own power and network (sysfs); a second bgloc runs it on the manifest's conditions: timeline,
# which reads nothing from the machine. A third bgloc runs an app with a region and a processing task (issue
# 36): it follows gpsd's fixes, enters and leaves its region on the walk, and its
# region's entry submits the task, which launches on the manifest's conditions (idle, on the charger): the
# manifest tools/bench/region-app.yaml. Each
# client's output goes to a file in $BENCH_WORK (bgloc's timeline as JSON lines, gpxlogger's GPX, gpspipe's
# JSON), where gpspipe's counts the reports.
# Quick try: BENCH_DAEMON_SECONDS=20 BENCH_DAEMON_IDLE_SECONDS=10 tools/bench/60-daemon.sh
# Uses $BGKIT_BIN (built tools) and $BENCH_WORK (scratch), which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build-release/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
source "$here/compare.sh"
mkdir -p "$BENCH_WORK"
SECONDS_FIXES="${BENCH_DAEMON_SECONDS:-180}"  # of fixes
SECONDS_IDLE="${BENCH_DAEMON_IDLE_SECONDS:-60}"  # with gpsd quiet
WARMUP=5  # seconds after the clients' start before the fixes count
MANIFEST="$here/../../Examples/DailyRefresh/app.yaml"
REGION_MANIFEST="$here/region-app.yaml"

echo "## The always-on daemon (bgloc live --app)"
echo
for tool in gpsfake gpxlogger gpspipe "$BGKIT_BIN/bgloc"; do
    if ! has "$tool"; then
        echo "Skipped: $tool is not installed."
        summary "daemon: \`bgloc live --app\`" "skipped ($tool is not installed)" "" "" "–"
        exit 0
    fi
done

# Enough log for the whole run: gpsfake would start it again (and the fixes' times with it) at its end.
LOG="$BENCH_WORK/daemon-walk.nmea"
"$here/make-walk-nmea.py" "$LOG" $((SECONDS_FIXES + WARMUP + 60))

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
setsid gpsfake -q -c 0.5 -P "$port" "$LOG" >/dev/null 2>&1 &
feeder=$!
groups=("$feeder")
# Every process group hard, and gpsd's control socket, which gpsfake (killed) leaves behind, named after it.
sleeper=
cleanup() {
    for group in "${groups[@]}"; do kill -KILL -- "-$group" 2>/dev/null || true; done
    [ -z "$sleeper" ] || kill "$sleeper" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -f "${TMPDIR:-/tmp}/gpsfake-$feeder.sock"
}
trap cleanup EXIT
trap 'exit 1' INT TERM  # through the EXIT trap: nothing of the run is left behind
for _ in $(seq 50); do
    timeout 2 gpspipe -w -n 6 "127.0.0.1:$port" 2>/dev/null | grep -q '"class":"TPV"' && break
    sleep 0.2
done

# start NAME COMMAND…: starts COMMAND in a process group of its own (setsid execs it: same pid), its
# output in $BENCH_WORK/daemon-NAME.out; sets PID_NAME.
start() {
    local name="$1"
    shift
    setsid "$@" >"$BENCH_WORK/daemon-$name.out" 2>"$BENCH_WORK/daemon-$name.err" &
    groups+=("$!")
    printf -v "PID_$name" '%s' "$!"
}
# Each run of the app keeps its state (and its control socket) in a folder of its own: two live runs of one
# app may not share a control socket (docs/CONTROL.md).
rm -rf "$BENCH_WORK/daemon-machine" "$BENCH_WORK/daemon-manifest" "$BENCH_WORK/daemon-region"
mkdir -p "$BENCH_WORK/daemon-machine" "$BENCH_WORK/daemon-manifest" "$BENCH_WORK/daemon-region"
start bgloc "$BGKIT_BIN/bgloc" live --gpsd "127.0.0.1:$port" --app "$MANIFEST" --conditions machine --format jsonl \
    --state "$BENCH_WORK/daemon-machine/state.db"
# The same app on the manifest's conditions: timeline (its default), which reads nothing from the machine.
start bglocm "$BGKIT_BIN/bgloc" live --gpsd "127.0.0.1:$port" --app "$MANIFEST" --format jsonl \
    --state "$BENCH_WORK/daemon-manifest/state.db"
start bglocr "$BGKIT_BIN/bgloc" live --gpsd "127.0.0.1:$port" --app "$REGION_MANIFEST" --format jsonl \
    --state "$BENCH_WORK/daemon-region/state.db"
# --reconnect: without it gpxlogger exits after 5 s without a report (gps_waiting's timeout), as in the idle phase.
start gpxlogger gpxlogger -e sockets --reconnect "127.0.0.1:$port"
start gpspipe gpspipe -w "127.0.0.1:$port"
clients=(bgloc bglocm bglocr gpxlogger gpspipe)

# run_ns PID: nanoseconds its live threads have run (schedstat's first field, summed).
run_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ s += $1 } END { printf "%.0f", s }'; }
# switches PID: "TID COUNT" for each live thread: its context switches, voluntary + nonvoluntary.
switches() {
    for status in /proc/"$1"/task/*/status; do
        awk '$1 == "Pid:" { t = $2 } /ctxt_switches/ { s += $2 } END { if (t) print t, s + 0 }' "$status" 2>/dev/null || true
    done
}
# woken BEFORE AFTER: the context switches between two `switches` lists. A thread that ended in between
# (libdispatch ends a pool thread idle for a while) counts once, at least what its ending took; a thread
# that started counts in full.
woken() {
    awk 'NR == FNR { before[$1] = $2; next } { s += $2 - ($1 in before ? before[$1] : 0); seen[$1] = 1 }
         END { for (t in before) if (!(t in seen)) s += 1; print s + 0 }' <(printf '%s\n' "$1") <(printf '%s\n' "$2")
}
# field PID KEY: a kB figure of /proc/PID/status, in MB.
field() { awk -v k="$2:" '$1 == k { printf "%.3f", $2 / 1024 }' /proc/"$1"/status; }  # MB, to the kB
# ticks_s PID: utime + stime of /proc/PID/stat (the whole process since its start), in seconds.
ticks_s() { awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); printf "%.2f", ($12 + $13) / hz }' /proc/"$1"/stat; }
# tpv_count: gpsd's TPV reports with a fix that gpspipe has received so far.
tpv_count() { grep -c '"class":"TPV".*"mode":[23]' "$BENCH_WORK/daemon-gpspipe.out" || true; }
alive() { for c in "${clients[@]}"; do local v="PID_$c"; [ -d "/proc/${!v}" ] || { echo "$c"; return; }; done; }

# pause SECONDS: sleeps, but a signal to this script ends the sleep at once (`wait` returns on it).
pause() {
    sleep "$1" &
    sleeper=$!
    wait "$sleeper"
}

pause "$WARMUP"
declare -A cpu0 cpu1 sw0 sw1 hwm rss ticks
for c in "${clients[@]}"; do v="PID_$c"; cpu0[$c]=$(run_ns "${!v}"); done
tpv0=$(tpv_count)
pause "$SECONDS_FIXES"
dead=$(alive)
if [ -n "$dead" ]; then
    echo "Failed: $dead ended during the run: $(tail -n 2 "$BENCH_WORK/daemon-$dead.err")"
    summary "daemon: \`bgloc live --app\`" "failed ($dead ended early, see the log)" "" "" "no"
    exit 1
fi
for c in "${clients[@]}"; do
    v="PID_$c"
    cpu1[$c]=$(run_ns "${!v}")
    hwm[$c]=$(field "${!v}" VmHWM)
    rss[$c]=$(field "${!v}" VmRSS)
done
tpv1=$(tpv_count)

kill -STOP "$feeder"  # gpsd runs on, quiet
pause 5
for c in "${clients[@]}"; do v="PID_$c"; sw0[$c]=$(switches "${!v}"); done
pause "$SECONDS_IDLE"
for c in "${clients[@]}"; do
    v="PID_$c"
    sw1[$c]=$(switches "${!v}")
    ticks[$c]=$(ticks_s "${!v}")
done

fixes=$((tpv1 - tpv0))
per_hour() { calc "(${cpu1[$1]} - ${cpu0[$1]}) / 1e6 * 3600 / $SECONDS_FIXES" %.0f; }  # ms of CPU per hour
per_fix() { calc "(${cpu1[$1]} - ${cpu0[$1]}) / 1e3 / ($fixes + 0.001)" %.0f; }                # µs per fix
wakes() { calc "$(woken "${sw0[$1]}" "${sw1[$1]}") / $SECONDS_IDLE" %.2f; }

echo "One gpsd (gpsfake -c 0.5: RMC + GGA each second) and the four clients on it at once: ${SECONDS_FIXES} s"
echo "of fixes after a ${WARMUP} s warm-up ($fixes TPV reports with a fix reached gpspipe), then ${SECONDS_IDLE} s with"
echo "gpsfake stopped and gpsd quiet. bgloc: \`bgloc live --gpsd … --app Examples/DailyRefresh/app.yaml"
echo "--conditions machine --format jsonl\`; the app with a region and a processing task: \`bgloc live --gpsd …"
echo "--app tools/bench/region-app.yaml --format jsonl\`. Load average: $(load)."
echo
echo "| client | peak MB (VmHWM) | MB at the end (VmRSS) | CPU ms per hour of fixes | CPU µs per report | CPU s in all | wake-ups/s idle |"
echo "|---|---:|---:|---:|---:|---:|---:|"
labels=("bgloc live --app, machine conditions" "bgloc live --app, manifest conditions"
    "bgloc live --app, a region and a processing task" "gpxlogger" "gpspipe -w")
for k in 0 1 2 3 4; do
    c=${clients[$k]}
    echo "| ${labels[$k]} | $(calc "${hwm[$c]}") | $(calc "${rss[$c]}") | $(per_hour "$c") | $(per_fix "$c") | ${ticks[$c]} | $(wakes "$c") |"
done

# The ratios from the peaks to the kB, shown to two decimals; met or not from the unrounded ratio.
rss_ratio=$(calc "${hwm[bgloc]} / ${hwm[gpxlogger]}" %.2f)
region_ratio=$(calc "${hwm[bglocr]} / ${hwm[gpxlogger]}" %.2f)
cpu_ratio=$(calc "$(per_hour bgloc) / ($(per_hour gpspipe) + 0.001)")
rss_met=$(awk -v a="${hwm[bgloc]}" -v b="${hwm[gpxlogger]}" 'BEGIN { print (a <= 3 * b ? "yes" : "no") }')
region_met=$(awk -v a="${hwm[bglocr]}" -v b="${hwm[gpxlogger]}" 'BEGIN { print (a <= 3 * b ? "yes" : "no") }')
cpu_met=$(awk -v r="$cpu_ratio" 'BEGIN { print (r <= 2 ? "yes" : "no") }')
# Idle, nothing is due: the manifest's next task is 15 minutes away and gpsd sends nothing, so a client that
# waits only for gpsd's socket and its engine's next timer sleeps through the minute: 0.1/s leaves room for
# the odd wake-up of the runtime, not for a poll (gpspipe's 10 a second, gpxlogger's 5 s timeout).
idle_met=$(awk -v b="$(wakes bgloc)" 'BEGIN { print (b < 0.1 ? "yes" : "no") }')
echo
echo "Peak memory: ${rss_ratio}× gpxlogger's (target ≤ 3×) $([ "$rss_met" = yes ] && echo met || echo "not met");"
echo "with a region and a processing task: ${region_ratio}× gpxlogger's (target ≤ 3×) $([ "$region_met" = yes ] && echo met || echo "not met");"
echo "CPU per hour of fixes: ${cpu_ratio}× gpspipe's (target ≤ 2×) $([ "$cpu_met" = yes ] && echo met || echo "not met");"
echo "wake-ups while idle: $(wakes bgloc)/s on the machine's conditions, $(wakes bglocm)/s on the manifest's (target: none"
echo "periodic, < 0.1/s) $([ "$idle_met" = yes ] && echo met || echo "not met")."

summary "daemon: peak memory, \`bgloc live --app\` on 1 Hz gpsd fixes" "$(calc "${hwm[bgloc]}") MB" \
    "gpxlogger $(calc "${hwm[gpxlogger]}") MB (${rss_ratio}×); gpspipe -w $(calc "${hwm[gpspipe]}") MB" "≤ 3× gpxlogger's" "$rss_met"
summary "daemon: peak memory, an app with a region and a processing task" "$(calc "${hwm[bglocr]}") MB" \
    "gpxlogger $(calc "${hwm[gpxlogger]}") MB (${region_ratio}×)" "≤ 3× gpxlogger's" "$region_met"
summary "daemon: CPU per hour of 1 Hz fixes" "$(per_hour bgloc) ms" \
    "gpspipe -w $(per_hour gpspipe) ms (${cpu_ratio}×); gpxlogger $(per_hour gpxlogger) ms" "≤ 2× gpspipe's" "$cpu_met"
summary "daemon: wake-ups per second, gpsd quiet" "$(wakes bgloc)/s (manifest's conditions: $(wakes bglocm)/s)" \
    "gpspipe -w $(wakes gpspipe)/s; gpxlogger $(wakes gpxlogger)/s" "none periodic (< 0.1/s)" "$idle_met"
