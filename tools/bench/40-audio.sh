#!/usr/bin/env bash
# Audio playback: bgaudio play against aplay on the same 44.1 kHz stereo WAVs (generated with sox), each
# figure the median of $BENCH_RUNS (3) runs for the paced ones and of $BENCH_QUICK_RUNS (31) for the
# others, the contenders interleaved:
#  - in real time: CPU time (user + sys of the child, from wait4) playing a 1-minute file to ALSA's `file`
#    device over `null`, writing into a pipe that this script drains at 176,400 bytes a second in 100 ms
#    blocks, as a sound card consumes a period at a time. alsa-lib's `null` device does not pace by itself
#    (1.2.8 plays a minute in milliseconds), so the pipe holds both players to real time. Playing on (the
#    steady state, issue 19's row) is the CPU time of the player's threads between the 5th and the 55th
#    second of that minute (/proc/PID/task/*/schedstat, nanoseconds), scaled to a minute: start-up and
#    exit are outside it. About 6 minutes.
#  - a minute to `null` as fast as it goes: the same work without waiting, so mostly start-up and reading.
#    Through ALSA's `file` device writing to /dev/null (`file:'/dev/null',raw`, over alsa-lib's `null`), which
#    paces neither player: `bgaudio play --device null` plays in the audio's own time (PacedOutput), so with
#    it this row waited a real minute per run;
#  - time to the first frame: from spawn until the first byte reaches the `file` device's output file;
#  - start-up alone: `--version`, which loads the program and exits.
# Uses $BGKIT_BIN (built tools) and $BENCH_WORK (scratch), which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build-release/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
mkdir -p "$BENCH_WORK"

F="$BENCH_WORK/bench-1min-44k1-stereo.wav"
for file in "$F:60"; do
    if [ ! -s "${file%:*}" ]; then
        echo "generating ${file%:*} (once)" >&2
        sox -n -r 44100 -c 2 -b 16 -e signed-integer "${file%:*}" synth "${file##*:}" sine 440 sine 660 vol 0.5
    fi
done

BENCH_SUMMARY="${BENCH_SUMMARY:-$BENCH_WORK/summary.tsv}"
python3 - "$BGKIT_BIN/bgaudio" "$F" "$BENCH_WORK" "$BENCH_SUMMARY" "${BENCH_RUNS:-3}" "${BENCH_QUICK_RUNS:-31}" <<'PY'
import os, shutil, statistics, subprocess, sys, threading, time

bgaudio, wav, work, summary, runs, quick_runs = sys.argv[1:7]
runs, quick_runs = int(runs), int(quick_runs)
raw = os.path.join(work, "bench-first-frame.raw")
fifo = os.path.join(work, "bench-paced.fifo")
BYTES_PER_SECOND = 44100 * 4
BLOCK = BYTES_PER_SECOND // 10

def threads_cpu(pid):
    """CPU seconds so far of the process's threads that are alive (schedstat: nanoseconds on the CPU)."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return None
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as stat:
                total += int(stat.read().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total / 1e9

def cpu(argv, window=None):
    """User + sys CPU seconds and wall seconds of one run; with window=(a, b), also the CPU seconds its
    threads used between a and b seconds after the start."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    between = None
    if window:
        marks = []
        for at in window:
            time.sleep(max(0, start + at - time.perf_counter()))
            marks.append(threads_cpu(child.pid))
        if None not in marks:
            between = marks[1] - marks[0]
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{argv[0]} failed: {' '.join(argv)}")
    if window:
        return usage.ru_utime + usage.ru_stime, wall, between
    return usage.ru_utime + usage.ru_stime, wall

def drain():
    """Reads the pipe in real time: 100 ms blocks, each once its time has come."""
    fd = os.open(fifo, os.O_RDONLY)
    start = time.monotonic()
    got = 0
    while True:
        due = start + (got + BLOCK) / BYTES_PER_SECOND
        now = time.monotonic()
        if now < due:
            time.sleep(due - now)
        block = os.read(fd, BLOCK)
        if not block:
            break
        got += len(block)
    os.close(fd)

def paced(argv):
    """CPU and wall seconds of one run whose device is drained in real time, and the CPU seconds of its
    threads from the 5th to the 55th second."""
    if os.path.exists(fifo):
        os.remove(fifo)
    os.mkfifo(fifo)
    reader = threading.Thread(target=drain)
    reader.start()
    try:
        return cpu(argv, window=(5, 55))
    finally:
        reader.join()
        os.remove(fifo)

def first_frame(argv):
    """Seconds from spawn until the file device's output holds a byte."""
    if os.path.exists(raw):
        os.remove(raw)
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen = None
    while seen is None:
        try:
            if os.stat(raw).st_size > 0:
                seen = time.perf_counter() - start
        except FileNotFoundError:
            pass
        if seen is None and child.poll() is not None:
            seen = time.perf_counter() - start if os.path.exists(raw) and os.stat(raw).st_size > 0 else float("nan")
        time.sleep(0.0002)
    child.wait()
    return seen

def play(program, device, file=wav):
    if program == "aplay":
        return ["aplay", "-q", "-D", device, file]
    return [bgaudio, "play", file, "--device", device, "--quiet"]

programs = [p for p in ("bgaudio play", "aplay") if shutil.which(play(p, "null")[0])]
version = {"bgaudio play": [bgaudio, "--version"], "aplay": ["aplay", "--version"]}
samples = {p: {"startup": [], "null": [], "paced": [], "on": [], "first": []} for p in programs}
# ALSA's null device behind its file plugin: paced by neither player (bgaudio paces `--device null` itself).
UNPACED = "file:'/dev/null',raw"
def warm(argv):
    """Runs argv once, unmeasured, so that what is measured next starts warm (caches, page tables)."""
    cpu(argv)
    return argv

# The start-up figures take milliseconds each, so they get many runs (with three, bgaudio's first frame
# was 8.1 ms in one run of the bench and 4.1 ms in the next). The paced minutes get $BENCH_RUNS.
for _ in range(quick_runs):  # interleaved, so that a change in the machine's load touches both alike
    for program in programs:
        samples[program]["startup"].append(cpu(warm(version[program]))[0])
        samples[program]["null"].append(cpu(warm(play(program, UNPACED)))[0])
        samples[program]["first"].append(first_frame(play(program, f"file:'{raw}',raw")))
for _ in range(runs):
    for program in programs:
        warm(play(program, UNPACED))
        seconds, wall, between = paced(play(program, f"file:'{fifo}',raw"))
        if wall < 59 or between is None:
            sys.exit(f"{program} finished the paced minute in {wall:.1f} s: the pipe did not pace it")
        samples[program]["paced"].append(seconds)
        samples[program]["on"].append(between * 60 / 50)  # playing on: a minute's CPU without start-up and exit
if os.path.exists(raw):
    os.remove(raw)
median = {p: {k: statistics.median(v) for k, v in s.items()} for p, s in samples.items()}

print("## Audio playback (1 min, 44.1 kHz, 16-bit stereo WAV)")
print()
print("| program | a minute in real time, CPU (ms) | playing on, per minute (ms) | a minute to null unpaced (ms) | start-up alone (`--version`) (ms) | time to first frame (ms) |")
print("|---|---:|---:|---:|---:|---:|")
for program in ("bgaudio play", "aplay"):
    if program not in median:
        print(f"| {program} | not installed | | | | |")
        continue
    m = median[program]
    print(f"| {program} | {m['paced'] * 1000:.1f} | {m['on'] * 1000:.1f} | {m['null'] * 1000:.1f} "
          f"| {m['startup'] * 1000:.1f} | {m['first'] * 1000:.1f} |")
print()
print(f"Medians of {runs} runs for the paced minutes and of {quick_runs} for the rest, the two programs interleaved,")
print("each measurement after an unmeasured run that warms")
print("the caches (the first run after the machine idled costs bgaudio, a larger program, several ms more). Real")
print("time: ALSA's `file` device over `null`, into a")
print("pipe drained at 176,400 bytes a second in 100 ms blocks (alsa-lib's `null` device does not pace by")
print("itself). Playing on: the CPU time of the player's threads from the 5th to the 55th second of the minute")
print("(/proc/PID/task/*/schedstat) × 60 / 50, the cost of a minute of playback once started. The rows issue 19")
print("holds are that one (no more than aplay's) and the time to the first frame (within 2× aplay's); the")
print("others are reported. CPU is user + system time from wait4; the first frame is the first byte in the")
print("`file` device's output.")

with open(summary, "a") as rows:
    ours, theirs = median.get("bgaudio play"), median.get("aplay")
    # Issue 19 holds two rows (steady-state CPU and the first frame); the whole minute and the unpaced
    # minute, mostly start-up, are reported beside aplay's with no target (slack None).
    what = [("audio: a minute of 44.1 kHz stereo paced in real time, CPU", "paced", "ms", 0, "(reported)", None),
            ("audio: the same, playing on (5th to 55th second, per minute), CPU", "on", "ms", 0,
             "no more CPU than aplay", 1.0),
            ("audio: the same minute to ALSA null unpaced, CPU", "null", "ms", 1, "(reported)", None),
            ("audio: time from start to the first frame written", "first", "ms", 1, "within 2× aplay's", 2.0)]
    for label, key, unit, digits, target, slack in what:
        if ours is None:
            rows.write(f"{label}\tfailed\t\t{target}\tno\n")
        elif theirs is None:
            rows.write(f"{label}\t{ours[key] * 1000:.{digits}f} {unit}\taplay not installed\t{target}\t–\n")
        else:
            met = "–" if slack is None else "yes" if ours[key] <= theirs[key] * slack else "no"
            rows.write(f"{label}\t{ours[key] * 1000:.{digits}f} {unit}\taplay {theirs[key] * 1000:.{digits}f} {unit}"
                       f" ({ours[key] / theirs[key]:.2f}×)\t{target}\t{met}\n")
PY
