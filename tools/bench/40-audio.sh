#!/usr/bin/env bash
# Audio playback: bgaudio play against aplay on the same 1-minute 44.1 kHz stereo WAV (generated with sox).
#  - CPU time (user + sys of the child, from wait4) playing to the `null` device;
#  - time to first frame: from spawn until the first byte reaches ALSA, seen through the `file` device
#    (ALSA's file plugin over null), whose output file grows as frames are written.
# alsa-lib's null device does not pace in real time (a minute plays in milliseconds), so these measure
# the work per minute of audio and the start-up latency, not a real-time run. Median of 3 runs each.
# Uses $BGKIT_BIN (built tools) and $BENCH_WORK (scratch), which tools/bench/run exports.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
BGKIT_BIN="${BGKIT_BIN:-$here/../../.build/release}"
BENCH_WORK="${BENCH_WORK:-$here/work}"
mkdir -p "$BENCH_WORK"

F="$BENCH_WORK/bench-1min-44k1-stereo.wav"
if [ ! -s "$F" ]; then
    echo "generating $F (once)" >&2
    sox -n -r 44100 -c 2 -b 16 -e signed-integer "$F" synth 60 sine 440 sine 660 vol 0.5
fi

BENCH_SUMMARY="${BENCH_SUMMARY:-$BENCH_WORK/summary.tsv}"
python3 - "$BGKIT_BIN/bgaudio" "$F" "$BENCH_WORK" "$BENCH_SUMMARY" <<'PY'
import os, shutil, statistics, subprocess, sys, time

bgaudio, wav, work, summary = sys.argv[1:5]
raw = os.path.join(work, "bench-first-frame.raw")
runs = 3

def cpu(argv):
    """User + sys CPU seconds and wall seconds of one run."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{argv[0]} failed: {' '.join(argv)}")
    return usage.ru_utime + usage.ru_stime, wall

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

device = f"file:'{raw}',raw"
contenders = [
    ("bgaudio play", [bgaudio, "play", wav, "--device", "null", "--quiet"],
                     [bgaudio, "play", wav, "--device", device, "--quiet"]),
    ("aplay", ["aplay", "-q", "-D", "null", wav], ["aplay", "-q", "-D", device, wav]),
    ("bgaudio --help (start-up alone)", [bgaudio, "--help"], None),
]
print("## Audio playback (1 min, 44.1 kHz, 16-bit stereo WAV)")
print()
print("| program | CPU user+sys (ms) | wall to the null device (ms) | time to first frame (ms) |")
print("|---|---:|---:|---:|")
results = {}
for name, null_argv, file_argv in contenders:
    if shutil.which(null_argv[0]) is None:
        print(f"| {name} | not installed | | |")
        continue
    cpu_runs = [cpu(null_argv) for _ in range(runs)]
    first = statistics.median(first_frame(file_argv) for _ in range(runs)) if file_argv else None
    results[name] = (statistics.median(c for c, _ in cpu_runs), first)
    ttff = f"{first * 1000:.1f}" if first is not None else "–"
    print(f"| {name} | {results[name][0] * 1000:.1f} | "
          f"{statistics.median(w for _, w in cpu_runs) * 1000:.1f} | {ttff} |")
print()
print("Median of 3 runs. The null device does not pace in real time in alsa-lib 1.2.8, so a minute of audio")
print("is consumed as fast as it is written: CPU is the cost of a minute of audio, not of a real-time run.")
print("The start-up row is the Swift runtime and Foundation loading, which every bgaudio run pays.")
if os.path.exists(raw):
    os.remove(raw)

with open(summary, "a") as rows:
    ours, theirs = results.get("bgaudio play"), results.get("aplay")
    if ours is None:
        rows.write("audio: a minute of 44.1 kHz stereo to ALSA null, CPU\tfailed\t\tno more CPU than aplay\tno\n")
    elif theirs is None:
        rows.write(f"audio: a minute of 44.1 kHz stereo to ALSA null, CPU\t{ours[0] * 1000:.0f} ms\taplay not installed"
                   f"\tno more CPU than aplay\t–\n")
    else:
        rows.write(f"audio: a minute of 44.1 kHz stereo to ALSA null, CPU\t{ours[0] * 1000:.0f} ms\t"
                   f"aplay {theirs[0] * 1000:.0f} ms\tno more CPU than aplay\t{'yes' if ours[0] <= theirs[0] else 'no'}\n")
        rows.write(f"audio: time from start to the first frame written\t{ours[1] * 1000:.1f} ms\t"
                   f"aplay {theirs[1] * 1000:.1f} ms\tas fast as aplay (within 10%)\t{'yes' if ours[1] <= theirs[1] * 1.1 else 'no'}\n")
PY
