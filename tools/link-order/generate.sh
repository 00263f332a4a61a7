#!/usr/bin/env bash
# Regenerates tools/link-order/bgloc.order, the symbol ordering file that `make release` gives lld
# (--symbol-ordering-file): the functions the always-on daemon runs (start-up and the fix path), so that
# they sit together in bgloc's code and the few pages they need are the pages the kernel reads (issue 19,
# docs/PERFORMANCE.md "Peak memory"). Run it after `make release` when the daemon's code changed much:
#   tools/link-order/generate.sh            # about a minute: two daemons under callgrind, 30 s of fixes
# It runs `bgloc live --app Examples/DailyRefresh/app.yaml` (on the machine's conditions and on the
# manifest's) under valgrind's callgrind against gpsfake's 1 Hz walk, takes every function that ran, and
# maps callgrind's names (C++ ones demangled) back to the binary's symbols. Order within the file does not
# matter much; a symbol that is gone from the binary is skipped by lld (--no-warn-symbol-ordering).
# Needs valgrind, gpsfake (gpsd-clients), c++filt (binutils) and a release build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
BGLOC="${BGLOC:-$root/.build-release/release/bgloc}"
SECONDS_FIXES="${SECONDS_FIXES:-30}"
ORDER_FILE="${ORDER_FILE:-$here/bgloc.order}"  # where the list goes
work="$(mktemp -d)"
feeder=
cleanup() { [ -z "$feeder" ] || kill -- "-$feeder" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for tool in valgrind gpsfake c++filt "$BGLOC"; do
    command -v "$tool" >/dev/null || { echo "generate.sh: $tool is not installed (or not built: make release)" >&2; exit 1; }
done
strip --strip-debug -o "$work/bgloc" "$BGLOC"  # callgrind reads the symbols, not the DWARF (faster)
"$root/tools/bench/make-walk-nmea.py" "$work/walk.nmea" $((SECONDS_FIXES + 60))
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
setsid gpsfake -q -c 0.5 -P "$port" "$work/walk.nmea" >/dev/null 2>&1 &
feeder=$!
sleep 3
pids=()
for conditions in machine manifest; do
    mkdir "$work/$conditions"  # a state folder each: the control socket is named after the app
    args=(live --gpsd "127.0.0.1:$port" --app "$root/Examples/DailyRefresh/app.yaml" --format jsonl
          --state "$work/$conditions/state.sqlite")
    [ "$conditions" = manifest ] || args+=(--conditions machine)
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.$conditions" "$work/bgloc" "${args[@]}" \
        >"$work/out.$conditions" 2>"$work/err.$conditions" &
    pids+=($!)
done
sleep "$SECONDS_FIXES"
kill -INT "${pids[@]}"
wait "${pids[@]}" || true
for conditions in machine manifest; do
    [ -s "$work/out.$conditions" ] || { echo "generate.sh: the daemon ($conditions) wrote nothing:" >&2
        cat "$work/err.$conditions" >&2; exit 1; }
done
# callgrind's names (fn= and cfn= lines; a recursion's copies end in 'N), mapped to the symbols they demangle from.
sed -n 's/^c\?fn=([0-9]*) //p' "$work"/cg.* | sed "s/'[0-9]*\$//" | sort -u > "$work/ran"
nm --defined-only "$BGLOC" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u > "$work/symbols"
c++filt < "$work/symbols" | paste -d '\t' - "$work/symbols" \
    | awk -F '\t' 'NR == FNR { ran[$0] = 1; next } ($1 in ran) { print $2 }' "$work/ran" - \
    | LC_ALL=C sort -u > "$ORDER_FILE"
echo "$ORDER_FILE: $(wc -l < "$ORDER_FILE") functions"
