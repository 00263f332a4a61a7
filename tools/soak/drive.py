"""The soak's main loop: the faults' steps, a push every 20 s, and a sample of the running bgloc every second."""
import os
import re
import subprocess
import time

from faults import Faults
from schedule import steps_of
from settings import BUNDLE
from system import children, fd_kinds


def sample(soak):
    """Resident memory, descriptors and threads of the running bgloc; its children left as zombies."""
    index, process, started, stopped, _ = soak.runs[-1]
    if stopped is not None or process.poll() is not None:
        return
    try:
        status = open(f"/proc/{process.pid}/status").read()
        fds = fd_kinds(process.pid)
    except (FileNotFoundError, ProcessLookupError):
        return
    rss, anon, file = (int(re.search(rf"{key}:\s+(\d+)", status).group(1)) for key in ("VmRSS", "RssAnon", "RssFile"))
    threads = int(re.search(r"Threads:\s+(\d+)", status).group(1))
    soak.samples.append((index, time.monotonic() - started, rss, fds, threads, anon, file))
    for pid, state in children(process.pid):
        if state == "Z":
            soak.zombies.append((round(soak.elapsed(), 1), index, pid))


def watch_bgloc(soak):
    """Restarts a bgloc that ended by itself (and says so: an unexpected exit is a failed invariant)."""
    run_ = soak.runs[-1]
    process = run_[1]
    if run_[3] is None and process.poll() is not None:
        soak.groups.pop("bgloc", None)
        run_[3], run_[4] = time.monotonic(), f"exited by itself with status {process.returncode}"
        with open(os.path.join(soak.out, f"run-{run_[0]}.err")) as f:
            soak.unexpected_exits.append((run_[0], process.returncode, f.read().strip()[:300]))
        soak.log(f"bgloc run {run_[0]} exited by itself with status {process.returncode}; restarting it")
        soak.start_bgloc()


def push(soak):
    result = subprocess.run([os.path.join(soak.bin, "bgtask"), "push", "--state", soak.state_db, BUNDLE, soak.payload],
                            capture_output=True, text=True, timeout=20)
    soak.pushes.append((round(soak.elapsed(), 1), result.returncode, (result.stdout + result.stderr).strip()[:200]))


def drive(soak, schedule):
    faults = Faults(soak)
    steps = steps_of(schedule)
    soak.pushes = []
    next_push = 20
    soak.start_bgloc()
    while soak.elapsed() < soak.duration:
        now = soak.elapsed()
        while steps and steps[0][0] <= now:
            _, _, phase, fault = steps.pop(0)
            if phase == "middle":
                done = faults.middle(fault)
                steps.append((now + (fault["hold"] if done else 0.2), 2 if done else 1, "end" if done else "middle", fault))
                steps.sort(key=lambda step: (step[0], step[1]))
                break
            getattr(faults, phase)(fault)
        watch_bgloc(soak)
        sample(soak)
        if now >= next_push:
            push(soak)
            next_push += 20
        time.sleep(max(0.0, min(1.0, soak.duration - soak.elapsed())))
    for _, _, phase, fault in steps:   # a fault still held at the end ends now
        if phase == "middle":
            soak.stop_bgloc("SIGKILL while nginx is stopped, at the end")
        if phase != "start":
            faults.end(fault)
    time.sleep(max(0.0, soak.runs[-1][2] + 3 - time.monotonic()))   # a bgloc just restarted takes its signals
    soak.stop_bgloc("SIGTERM")
