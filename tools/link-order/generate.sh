#!/usr/bin/env bash
# Regenerates tools/link-order/bgloc.order, the symbol ordering file that `make release` gives lld
# (--symbol-ordering-file): the functions the always-on daemon runs (start-up and the fix path), so that
# they sit together in bgloc's code and the few pages they need are the pages the kernel maps (issue 19,
# issue 29, docs/PERFORMANCE.md "Peak memory"). Run it after `make release` when the daemon's code changed
# much, then relink (`rm .build-release/release/bgloc && make release`):
#   tools/link-order/generate.sh            # about a minute: two daemons under callgrind, 30 s of fixes
# It runs `bgloc live --app Examples/DailyRefresh/app.yaml` (on the machine's conditions and on the
# manifest's) under valgrind's callgrind (--dump-instr=yes) against gpsfake's 1 Hz walk, takes the address of
# every instruction of bgloc that ran and maps it to the function it lies in (`nm -n`), so no name has to be
# matched back (callgrind's names missed some that ran: partial applications, value witnesses). lld places
# each listed function's section; bgkit's code is compiled with a section per function, and so is most of
# the runtime's C++, but the Swift runtime's archives keep one `.text` per object (libswiftCore's Swift.o,
# 1.5 MB), which moves whole. A symbol that is gone from the binary is skipped by lld
# (--no-warn-symbol-ordering). Functions without a symbol (Swift's private `.L` ones) cannot be listed:
# tools/link-order/private-first.ld puts them all first instead.
# Needs valgrind, gpsfake (gpsd-clients), nm (binutils), python3 and a release build.
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
for tool in valgrind gpsfake nm python3 "$BGLOC"; do
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
    valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$work/cg.$conditions" "$work/bgloc" "${args[@]}" \
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
nm -n --defined-only "$work/bgloc" > "$work/symbols"
python3 - "$work/symbols" "$work"/cg.* > "$ORDER_FILE" <<'PY'
# Callgrind's cost lines start with the instruction's address: absolute (0x…), relative to the previous one
# (+N, -N) or the same (*); `ob=` says which object they are in. A PIE's addresses are its own (no load base).
import bisect, re, sys
symbols, profiles = sys.argv[1], sys.argv[2:]
functions = []
for line in open(symbols):
    fields = line.split(None, 2)
    if len(fields) == 3 and fields[1] in "tTwW":
        functions.append((int(fields[0], 16), fields[2].strip()))
starts = [address for address, _ in functions]
ran = set()
for profile in profiles:
    objects, current, last = {}, "", 0
    for line in open(profile):
        if line.startswith(("ob=", "cob=")):  # a callee's object (cob=) may name it first
            match = re.match(r"c?ob=\((\d+)\)(?: (.*))?", line.strip())
            if match.group(2):
                objects[match.group(1)] = match.group(2)
            if line.startswith("ob="):
                current = objects.get(match.group(1), "")
            continue
        token = line.split(" ", 1)[0]
        if token.startswith("0x"):
            last = int(token, 16)
        elif token[:1] in "+-" and token[1:].isdigit():
            last += int(token)
        elif token != "*":
            continue
        if current.endswith("/bgloc"):
            index = bisect.bisect_right(starts, last) - 1
            if index >= 0:
                ran.add(functions[index][1])
print("\n".join(sorted(ran)))
PY
echo "$ORDER_FILE: $(wc -l < "$ORDER_FILE") functions"
