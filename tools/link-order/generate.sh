#!/usr/bin/env bash
# Regenerates tools/link-order/bgloc.order, the symbol ordering file that `make release` gives lld
# (--symbol-ordering-file): the functions the always-on daemon runs (start-up and the fix path), so that
# they sit together in bgloc's code and the few pages they need are the pages the kernel maps (issue 19,
# issue 29, docs/PERFORMANCE.md "Peak memory"). Run it after `make release` when the daemon's code changed
# much, then relink (`rm .build-release/release/bgloc && make release`):
#   tools/link-order/generate.sh            # about 5 minutes: three daemons under callgrind, then two under lackey, 110 s of fixes each
# It runs `bgloc live --app Examples/DailyRefresh/app.yaml` (on the machine's conditions and on the
# manifest's) and `bgloc live --app tools/bench/region-app.yaml` (an app with a region and a processing task, the
# bench's third daemon: the fix path, region monitoring) under valgrind's callgrind (--dump-instr=yes) against
# gpsfake's 1 Hz walk, takes the address of every instruction of bgloc that ran and maps it to the function it lies in (`nm -n`), so no name has to be
# matched back (callgrind's names missed some that ran: partial applications, value witnesses). lld places
# each listed function's section; bgkit's code is compiled with a section per function, and so is most of
# the runtime's C++, but the Swift runtime's archives keep one `.text` per object (libswiftCore's Swift.o,
# 1.5 MB), which moves whole: their functions are listed last (below). A symbol that is gone from the binary is skipped by lld
# (--no-warn-symbol-ordering). Functions without a symbol (Swift's private `.L` ones) cannot be listed:
# tools/link-order/private-first.ld puts them all first instead.
# The data the daemons read or write is ordered too (issue 36): a second phase runs the region app and the daemon on
# the machine's conditions under valgrind's lackey, which logs every load and store; tools/link-order/touched-blocks.c
# (built here with cc) keeps the 16-byte blocks of bgloc's image they touched, and each block of .rodata or .bss is
# listed by the data symbol it lies in (the nearest at or before it, `nm -n`), after the functions: lld places data
# sections by the same list, so what the daemon reads (the Swift metadata that the runtime's conformance scans read,
# the Unicode tables ArgumentParser asks about) and writes (the runtime's caches, lazy globals) lies together instead
# of between tables it never reads. Symbols of 8 kB or more of which under a quarter was touched go last.
# Needs valgrind, gpsfake (gpsd-clients), nm, objdump and readelf (binutils), cc, python3 and a release build.
# As root it runs in a network namespace of its own (unshare), where it adds and removes a veth pair halfway
# through: the daemon on the machine's conditions then runs what a link change costs it (a netlink message, a read
# of sysfs, the scheduler on the new conditions), as it does on a board whose network comes and goes, or beside
# the soak's and the netlink test's veth pairs.
set -euo pipefail
if [ "$(id -u)" = 0 ] && [ -z "${BGKIT_ORDER_NETNS:-}" ] && command -v unshare >/dev/null; then
    exec env BGKIT_ORDER_NETNS=1 unshare --net "$0" "$@"
fi
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
BGLOC="${BGLOC:-$root/.build-release/release/bgloc}"
# Over a minute and a half: the manifest's processing task launches at the first whole minute of the run
# (task.launched), and its code, left out of a 30 s list, cost 0.6 MB of scattered code in the runs that reached it;
# the region app enters its region about 35 s into the walk, its second task launches at the next whole minute and
# ends 20 s later, when the walk leaves the region (about 90 s): a 70 s list missed those, 0.4 MB of code scattered
# in the bench's region daemon (issue 36). Longer lists cost the DailyRefresh daemons nothing now that the list is in
# tiers (below): a 100 s list, tried before the tiers, had put the region app's code among theirs (0.2 MB more).
SECONDS_FIXES="${SECONDS_FIXES:-110}"
ORDER_FILE="${ORDER_FILE:-$here/bgloc.order}"  # where the list goes
work="$(mktemp -d)"
feeders=()
cleanup() {  # gpsd's control socket, which a killed gpsfake leaves behind, is named after it
    for feeder in "${feeders[@]}"; do kill -- "-$feeder" 2>/dev/null || true; rm -f "${TMPDIR:-/tmp}/gpsfake-$feeder.sock"; done
    rm -rf "$work"
}
trap cleanup EXIT
for tool in valgrind gpsfake nm readelf cc python3 "$BGLOC"; do
    command -v "$tool" >/dev/null || { echo "generate.sh: $tool is not installed (or not built: make release)" >&2; exit 1; }
done
strip --strip-debug -o "$work/bgloc" "$BGLOC"  # callgrind reads the symbols, not the DWARF (faster)
[ -z "${BGKIT_ORDER_NETNS:-}" ] || ip link set lo up
"$root/tools/bench/make-walk-nmea.py" "$work/walk.nmea" $((SECONDS_FIXES + 60))
# feed PORTVAR: a gpsfake on a free port (its number in PORTVAR) feeding the walk. The region app has one of its
# own, stopped (SIGSTOP, gpsd answering) until the daemon has started under callgrind: its first fixes are then the
# walk's start, south of the region, and the profile reaches the region's entry and the task it submits (on a
# shared walk the daemon's first fix was already inside, and the entry's code lay outside the order: issue 36).
feed() {
    local free
    free=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    setsid gpsfake -q -c 0.5 -P "$free" "$work/walk.nmea" >/dev/null 2>&1 &
    feeders+=($!)
    printf -v "$1" '%s' "$free"
}
feed port
feed region_port
for _ in $(seq 100); do timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$region_port" 2>/dev/null && break; sleep 0.1; done
kill -STOP "${feeders[1]}"
sleep 3
pids=()
for conditions in machine manifest region; do
    mkdir "$work/$conditions"  # a state folder each: the control socket is named after the app
    manifest="$root/Examples/DailyRefresh/app.yaml"
    [ "$conditions" != region ] || manifest="$root/tools/bench/region-app.yaml"
    gpsd="127.0.0.1:$port"
    [ "$conditions" != region ] || gpsd="127.0.0.1:$region_port"
    args=(live --gpsd "$gpsd" --app "$manifest" --format jsonl --state "$work/$conditions/state.sqlite")
    [ "$conditions" != machine ] || args+=(--conditions machine)
    valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file="$work/cg.$conditions" "$work/bgloc" "${args[@]}" \
        >"$work/out.$conditions" 2>"$work/err.$conditions" &
    pids+=($!)
done
for _ in $(seq 600); do [ ! -s "$work/out.region" ] || break; sleep 0.1; done
kill -CONT "${feeders[1]}"
sleep $((SECONDS_FIXES / 2))
if [ -n "${BGKIT_ORDER_NETNS:-}" ]; then  # a link comes and goes (in this namespace only)
    ip link add bgkitorder0 type veth peer name bgkitorder1 && ip link set bgkitorder0 up && sleep 2 && ip link del bgkitorder0
fi
sleep $((SECONDS_FIXES - SECONDS_FIXES / 2))
kill -INT "${pids[@]}"
wait "${pids[@]}" || true
# The data phase: the region app (a walk of its own, held until it has started, as above) and the daemon on the
# machine's conditions under lackey, each log through touched-blocks; valgrind loads the program low (0x108000), so
# [1 MiB, 64 MiB) holds its image, whose place /proc/PID/maps gives while it runs.
cc -O2 -o "$work/touched-blocks" "$here/touched-blocks.c"
feed data_port
for _ in $(seq 100); do timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$data_port" 2>/dev/null && break; sleep 0.1; done
kill -STOP "${feeders[2]}"
sleep 3
data_pids=()
for conditions in region machine; do
    mkdir "$work/data-$conditions"
    manifest="$root/Examples/DailyRefresh/app.yaml"
    gpsd="127.0.0.1:$port"
    args=(live --app "$manifest" --conditions machine)
    if [ "$conditions" = region ]; then gpsd="127.0.0.1:$data_port"; args=(live --app "$root/tools/bench/region-app.yaml"); fi
    args+=(--gpsd "$gpsd" --format jsonl --state "$work/data-$conditions/state.sqlite")
    valgrind --tool=lackey --trace-mem=yes --log-fd=9 "$work/bgloc" "${args[@]}" 9>&1 >"$work/data-$conditions/out" \
        2>"$work/data-$conditions/err" | "$work/touched-blocks" 100000 4000000 "$work/data-$conditions/touched" &
    data_pids+=($!)
done
for _ in $(seq 1800); do [ ! -s "$work/data-region/out" ] || break; sleep 0.1; done
kill -CONT "${feeders[2]}"
sleep "$SECONDS_FIXES"
for conditions in region machine; do  # each daemon's valgrind: the one whose command line names its state
    pid=$(pgrep -f "lackey.*$work/data-$conditions/state.sqlite" | head -n 1)
    awk -v f="$work/bgloc" '$6 == f { print $1; exit }' "/proc/$pid/maps" | cut -d- -f1 > "$work/data-$conditions/base"
    kill -INT "$pid"
done
wait "${data_pids[@]}" || true
for conditions in machine manifest region data-region data-machine; do
    out="$work/out.$conditions" err="$work/err.$conditions"
    [ "${conditions#data-}" = "$conditions" ] || { out="$work/$conditions/out"; err="$work/$conditions/err"; }
    [ -s "$out" ] || { echo "generate.sh: the daemon ($conditions) wrote nothing:" >&2; cat "$err" >&2; exit 1; }
    # What the profile covers: each daemon's timeline events by kind.
    echo "$conditions: $(grep -o '"event":"[a-z.]*"' "$out" | sort | uniq -c | tr -s ' \n' ' ')"
done
nm -n --defined-only "$work/bgloc" > "$work/symbols"
# The archives linked statically whose objects may keep their code in one plain .text (the Swift runtime's,
# and the compiler's libstdc++.a, Debian's libsqlite3.a and libyaml.a that `make release` links): such a section
# moves whole, so its functions go last.
swift_static="$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift_static/linux"
archives=("$swift_static"/*.a "$root"/.build-release/static-libs/*.a)
python3 - "$work/symbols" "${#archives[@]}" "${archives[@]}" "$work"/cg.* > "$ORDER_FILE" <<'PY'
# Callgrind's cost lines start with the instruction's address: absolute (0x…), relative to the previous one
# (+N, -N) or the same (*); `ob=` says which object they are in. A PIE's addresses are its own (no load base).
import bisect, os, re, subprocess, sys
symbols, count = sys.argv[1], int(sys.argv[2])
archives, profiles = sys.argv[3:3 + count], sys.argv[3 + count:]
functions = []
for line in open(symbols):
    fields = line.split(None, 2)
    if len(fields) == 3 and fields[1] in "tTwW":
        functions.append((int(fields[0], 16), fields[2].strip()))
starts = [address for address, _ in functions]
ran = {}  # each function: the daemons (profiles) that ran it
for profile in profiles:
    daemon = profile.rsplit(".", 1)[-1]
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
                ran.setdefault(functions[index][1], set()).add(daemon)
# lld places a section where the first of its listed symbols is, so a plain .text holding many functions (libswiftCore's
# Swift.o, 1.5 MB) listed among the others would push them apart by its size: the functions in sections of
# their own come first, then those in plain sections, the smallest section first.
plain = {}
for archive in filter(os.path.exists, archives):
    size, member = {}, None
    for line in subprocess.run(["objdump", "-h", archive], capture_output=True, text=True).stdout.splitlines():
        if match := re.match(r"^(\S+):\s+file format", line):
            member = match.group(1)
        elif (match := re.match(r"\s*\d+\s+\.text\s+([0-9a-f]+)", line)) and int(match.group(1), 16):
            size[member] = int(match.group(1), 16)
    for line in subprocess.run(["nm", "-A", "--defined-only", archive], capture_output=True, text=True).stdout.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "tTwW" and fields[0].split(":")[-2] in size:
            plain[fields[2]] = max(plain.get(fields[2], 0), size[fields[0].split(":")[-2]])
# Within each, in tiers: what every daemon runs (start-up, the fix path), then the rest of what the DailyRefresh
# daemons run, then what only the region app runs (its region's entry and exit, its task): each daemon's code then
# lies in at most two stretches, and the DailyRefresh daemons' fault-around windows do not reach the region app's.
def tier(name):
    return 0 if len(ran[name]) == len(profiles) else 1 if ran[name] - {"region"} else 2
print("\n".join(sorted(ran, key=lambda name: (name in plain, tier(name), plain.get(name, 0), name))))
PY
functions=$(wc -l < "$ORDER_FILE")
nm -n -S --defined-only "$work/bgloc" > "$work/data-symbols"
readelf -SW "$work/bgloc" > "$work/sections"
python3 - "$work/data-symbols" "$work/sections" "$work"/data-*/base >> "$ORDER_FILE" <<'PY'
# Every touched block of .rodata or .bss, by the data symbol at or before it; a symbol of 8 kB or more of which under a
# quarter was touched (a Unicode table that a few binary searches read) goes last, so it does not part the others.
import bisect, collections, re, sys
symbols_file, sections_file, bases = sys.argv[1], sys.argv[2], sys.argv[3:]
ranges = []
for line in open(sections_file):
    match = re.match(r"\s*\[\s*\d+\]\s+(\.rodata|\.bss)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
    if match:
        ranges.append((int(match.group(2), 16), int(match.group(2), 16) + int(match.group(3), 16)))
symbols = []
for line in open(symbols_file):
    fields = line.split()
    if len(fields) == 4 and fields[2] in "dDrRbBvV":
        symbols.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
starts = [address for address, _, _ in symbols]
blocks = collections.Counter()
touched_by = collections.defaultdict(set)  # each symbol: the daemons that touched it
for base_file in bases:
    base = int(open(base_file).read().strip() or "0", 16)
    for line in open(base_file.rsplit("/", 1)[0] + "/touched"):
        address = 0x100000 + int(line, 16) - base
        if any(low <= address < high for low, high in ranges):
            index = bisect.bisect_right(starts, address) - 1
            if index >= 0:
                blocks[index] += 1
                touched_by[index].add(base_file)
sparse = {i for i in blocks if symbols[i][1] >= 8192 and blocks[i] * 16 < symbols[i][1] // 4}
# In the functions' tiers: what both daemons touch, then what only the DailyRefresh daemon does, then the region app.
def tier(i):
    return 0 if len(touched_by[i]) == len(bases) else 1 if any("data-region" not in b for b in touched_by[i]) else 2
print("\n".join(symbols[i][2] for i in sorted(blocks, key=lambda i: (i in sparse, tier(i), i))))
PY
echo "$ORDER_FILE: $functions functions, $(($(wc -l < "$ORDER_FILE") - functions)) data symbols"
