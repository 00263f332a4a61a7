"""The invariants a soak must hold, each a check returning its problems and a line of detail."""
import json
import os
import re
import signal
import sqlite3
import subprocess

from schedule import FAULT_KINDS
from settings import FD_BOUND_PER_HOUR, RSS_BOUND_KB_PER_HOUR, RSS_FLOOR_KB, SETTLE, THREAD_BOUND, WARM_UP
from system import children


def read_events(path):
    events = []
    with open(path) as f:
        for line in f:
            try:
                events.append(json.loads(line))
            except json.JSONDecodeError:
                events.append({"event": "unreadable", "line": line})   # a kill cuts at most a last line
    return events


def nginx_requests(soak):
    requests = []
    path = os.path.join(soak.nginx_prefix, "logs", "access.log")
    if os.path.exists(path):
        with open(path) as f:
            requests = [json.loads(line) for line in f if line.strip()]
    for request in requests:
        request["key"] = request["key"].strip('"')
    return requests


def pending_rows(soak):
    with sqlite3.connect(os.path.join(soak.out, "state-at-end", "state.db")) as db:
        return {row[0]: row[1] for row in db.execute("SELECT id, url FROM transfer")}


def check_uploads(soak, streams):
    """Every upload created is on nginx once, complete and byte-identical, or pending; repeats only as
    docs/TRANSFERS.md allows, each with the transfer's own key."""
    created, started, completed = {}, {}, {}
    for index, events in streams.items():
        for event in events:
            kind, transfer = event.get("event"), event.get("transfer")
            if kind == "transfer.created":
                created[transfer] = event
            elif kind == "transfer.started":
                started.setdefault(transfer, []).append(index)
            elif kind == "transfer.completed":
                completed.setdefault(transfer, []).append((index, event["status"]))
    pending = pending_rows(soak)
    requests = nginx_requests(soak)
    by_key = {}
    for request in requests:
        by_key.setdefault(request["key"], []).append(request)
    problems, repeats, on_server = [], 0, 0
    for transfer, event in sorted(created.items()):
        key, uri = event["key"], "/" + event["url"].split("/", 3)[3]
        stored = os.path.join(soak.nginx_prefix, "www", key, uri.lstrip("/"))
        answered = [r for r in by_key.get(key, []) if r["method"] == "PUT" and 200 <= r["status"] < 300]
        if os.path.exists(stored):
            on_server += 1
            if open(stored, "rb").read() != soak.files[uri]:
                problems.append(f"transfer {transfer}: nginx's copy differs from the file")
        elif transfer not in pending:
            problems.append(f"transfer {transfer} ({key}) is neither on nginx nor pending: lost")
        if transfer not in completed and transfer not in pending:
            problems.append(f"transfer {transfer}: its completion was never reported and it is not pending")
        # A repeat is allowed only for an attempt whose answer the session never recorded: at most one
        # stored answer per attempt started, and none after a completion was reported.
        repeats += max(0, len(answered) - 1)
        if len(answered) > max(1, len(started.get(transfer, []))):
            problems.append(f"transfer {transfer}: {len(answered)} answered requests for {len(started.get(transfer, []))} attempts")
        last_completion = max((i for i, _ in completed.get(transfer, [])), default=None)
        if last_completion is not None and any(i > last_completion for i in started.get(transfer, [])):
            problems.append(f"transfer {transfer}: started again in a run after its completion was reported")
    strangers = [r for r in requests if r["key"] not in {e["key"] for e in created.values()}]
    if strangers:
        problems.append(f"{len(strangers)} requests with a key no transfer has (first: {strangers[0]})")
    detail = (f"{len(created)} created, {on_server} on nginx byte-identical, {len(pending)} pending, "
              f"{len(requests)} requests, {repeats} repeats by key, "
              f"{sum(len(v) for v in completed.values())} completions reported")
    return problems, detail


def check_regions(soak, streams):
    """Each run's `enter` events equal those of `bgloc replay` of the very fixes it was given."""
    problems, entries = [], 0
    for index, events in streams.items():
        seen = epochs_seen(soak, [e for e in events if e.get("event") == "location"])
        if not seen:
            continue
        log = os.path.join(soak.out, f"run-{index}.fixes.nmea")
        with open(log, "w", newline="") as f:
            f.writelines(soak.epochs[n] for n in seen)
        replay = subprocess.run([os.path.join(soak.bin, "bgloc"), "replay", log, "--app", soak.manifest,
                                 "--transfers", "simulated", "--format", "jsonl"], capture_output=True, text=True)
        if replay.returncode != 0:
            problems.append(f"run {index}: bgloc replay failed: {replay.stderr.strip()[:200]}")
            continue
        expected = [enter_of(json.loads(line)) for line in replay.stdout.splitlines() if '"event":"enter"' in line]
        live = [enter_of(e) for e in events if e.get("event") == "enter"]
        entries += len(live)
        last = next((e for e in reversed(events) if e.get("event") == "location"), None)
        if live != expected and not (live == expected[:-1] and last and expected[-1][1:] == (round(last["lat"], 6), round(last["lon"], 6))):
            problems.append(f"run {index}: live entered {live[:4]}… ({len(live)}), the replay of its {len(seen)} fixes {expected[:4]}… ({len(expected)})")
    return problems, f"{entries} entries in {len(streams)} runs, each run's equal to bgloc replay of its fixes"


def epochs_seen(soak, locations):
    """The epochs of a run's `location` events: each names its epoch by its altitude; one without (an RMC
    before gpsd had the epoch's GGA) is the epoch before the next named one, or after the last."""
    seen, pending, previous = set(), [], None
    for event in locations:
        if "alt" not in event:
            pending.append(event)
            continue
        n = round((event["alt"] - 100) * 10)
        seen.update(k for k in range(n - len(pending), n) if k >= 0)
        seen.add(n)
        pending, previous = [], n
    if pending and previous is not None:
        seen.update(range(previous + 1, previous + 1 + len(pending)))
    return sorted(k for k in seen if k < len(soak.epochs))


def enter_of(event):
    return (event["region"], round(event["lat"], 6), round(event["lon"], 6))


def check_integrity(soak):
    with sqlite3.connect(os.path.join(soak.out, "state-at-end", "state.db")) as db:
        result = [row[0] for row in db.execute("PRAGMA integrity_check")]
    return ([] if result == ["ok"] else [f"integrity_check: {result[:3]}"]), "PRAGMA integrity_check: ok"


def check_resources(soak):
    """After its first minute, each bgloc's memory, descriptors and threads, in quiet moments, grow by no more
    than the bounds: the median of the last quarter of quiet samples against the first (the fewest threads)."""
    problems, details = [], []
    busy = fault_windows(soak)
    settled, quiet = {}, {}
    for index in sorted({s[0] for s in soak.samples}):
        start = run_start(soak, index)
        settled[index] = [s for s in soak.samples if s[0] == index and s[1] >= WARM_UP]
        quiet[index] = [s for s in settled[index] if not any(a <= start + s[1] <= b + SETTLE for a, b in busy)]
    windows = [(index, window, "quiet samples") for index, window in quiet.items() if len(window) >= 20]
    if not windows and settled:
        # A short soak's faults leave no run a quiet stretch (the 3-minute one's cover its middle two minutes):
        # the longest run is then compared over every sample after its first minute, faults and all — stricter,
        # not kinder.
        index = max(settled, key=lambda i: len(settled[i]))
        if len(settled[index]) >= 20:
            windows = [(index, settled[index], "samples, faults included: no run had 20 quiet ones")]
    for index, window, kind in windows:
        hours = (window[-1][1] - window[0][1]) / 3600
        quarter = max(5, len(window) // 4)
        head, tail = window[:quarter], window[-quarter:]
        rss = median([s[2] for s in tail]) - median([s[2] for s in head])
        fds = median([len(s[3]) for s in tail]) - median([len(s[3]) for s in head])
        threads = min(s[4] for s in tail) - min(s[4] for s in head)
        split = ""
        if head[0][5] is not None:   # an older soak kept VmRSS only
            split = (f" = anonymous {median([s[5] for s in tail]) - median([s[5] for s in head]):+d}"
                     f" + file {median([s[6] for s in tail]) - median([s[6] for s in head]):+d}")
        rss_bound = RSS_FLOOR_KB + RSS_BOUND_KB_PER_HOUR * hours
        details.append(f"run {index} over {hours * 60:.0f} min ({len(window)} {kind}): RSS {rss:+d} kB{split} "
                       f"(bound {rss_bound:.0f}), fds {fds:+d}, threads {threads:+d}")
        if rss > rss_bound:
            problems.append(f"run {index}: resident memory grew {rss} kB{split} in {hours * 60:.0f} min (bound {rss_bound:.0f} kB)")
        if fds > int(FD_BOUND_PER_HOUR * hours):
            kinds = {k for s in tail for k in s[3]}
            added = [k for k in sorted(kinds) if median([s[3].count(k) for s in tail]) > median([s[3].count(k) for s in head])]
            problems.append(f"run {index}: {fds} more file descriptors at the end than after its first minute ({', '.join(added)})")
        if threads > THREAD_BOUND:
            problems.append(f"run {index}: {threads} more threads at the end than after its first minute")
    if not details:
        problems.append("no bgloc ran long enough (a minute, then 20 samples) to compare")
    return problems, "; ".join(details)


def fault_windows(soak):
    """(start, end) of every fault in faults.log, in seconds of the soak; a fault still under way ends at infinity."""
    windows, open_ = [], {}
    for line in open(os.path.join(soak.out, "faults.log")):
        if match := re.match(r"\s*([\d.]+)s fault (start|end): (\S+)", line):
            at, what, kind = float(match.group(1)), match.group(2), match.group(3)
            if what == "start":
                open_.setdefault(kind, []).append(at)
            elif open_.get(kind):
                windows.append((open_[kind].pop(0), at))
    return windows + [(at, float("inf")) for starts in open_.values() for at in starts]


def run_start(soak, index):
    """When bgloc run `index` started, in seconds of the soak (faults.log)."""
    for line in open(os.path.join(soak.out, "faults.log")):
        if match := re.match(rf"\s*([\d.]+)s bgloc run {index} started", line):
            return float(match.group(1))
    raise ValueError(f"faults.log does not say when run {index} started")


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def check_zombies(soak):
    if soak.zombies is None:
        return [], "not kept by this soak (no zombies.tsv): as its report.txt says"
    lasting = [z for z in soak.zombies if sum(1 for o in soak.zombies if o[2] == z[2]) > 1]
    mine = [pid for pid, state in children(os.getpid()) if state == "Z"]
    problems = [f"zombie pid {z[2]} of run {z[1]} seen twice (first at {z[0]} s)" for z in lasting[:1]]
    problems += [f"zombie children of the soak at the end: {mine}"] if mine else []
    return problems, f"no zombie in {len(soak.samples)} samples"


def check_faults(soak, schedule, streams):
    """Every fault ran (a start and an end in faults.log), and each gpsd restart under a running bgloc is
    in its stream as an `error`."""
    text = open(os.path.join(soak.out, "faults.log")).read()
    problems = []
    for kind in FAULT_KINDS:
        planned = sum(1 for fault in schedule if fault["kind"] == kind)
        started, ended = text.count(f"fault start: {kind} "), text.count(f"fault end: {kind}\n")
        if started != planned or ended != planned:
            problems.append(f"{kind}: {planned} planned, {started} started, {ended} ended")
    errors = sum(1 for events in streams.values() for e in events if e.get("event") == "error")
    if errors < 1 and any(f["kind"] == "gpsd-restart" for f in schedule):
        problems.append("no bgloc reported losing gpsd")
    # Started while gpsd was down, bgloc refuses to start (today's rule; issue 28 makes it wait for gpsd): the
    # soak restarts it, as a supervisor would. Any other exit of its own is a failure.
    refused = [e for e in soak.unexpected_exits if e[1] == 1 and "cannot connect to gpsd" in e[2]]
    others = [e for e in soak.unexpected_exits if e not in refused]
    if others:
        problems.append(f"bgloc exited by itself: {others}")
    last = soak.runs[-1]
    if last[4] != "SIGTERM" or last[1].returncode != 128 + signal.SIGTERM:
        problems.append(f"the last run did not end cleanly on SIGTERM: {last[4]}, status {last[1].returncode}")
    return problems, (f"{len(schedule)} faults, each started and ended; {errors} error events; "
                      f"{len(refused)} starts refused while gpsd was down, restarted; SIGTERM: exit 143")
