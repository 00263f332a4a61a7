"""The seeded schedule of faults, and the timed steps it is carried out in."""

# Each kind of fault: about one every `period` seconds of the soak (at least one), held for `hold` seconds.
FAULT_KINDS = {
    "gpsd-restart": {"period": 60, "hold": (1, 5)},
    "nginx-restart": {"period": 150, "hold": (2, 8)},
    "nginx-stall": {"period": 90, "hold": (3, 15)},
    "link-drop": {"period": 120, "hold": (2, 12)},
    "disk-full": {"period": 240, "hold": (3, 10)},
    "bgloc-kill": {"period": 300, "hold": (1, 3)},
    "bgloc-kill-mid-upload": {"period": 300, "hold": (2, 4)},
}


def make_schedule(duration, rng):
    """The faults of a soak: each kind spread over [30 s, end - 30 s] in strata, so none bunch up."""
    schedule = []
    first, last = 30, max(31, duration - 30)
    for kind, rule in FAULT_KINDS.items():
        count = max(1, round(duration / rule["period"]))
        span = (last - first) / count
        for i in range(count):
            at = first + span * i + rng.uniform(0, span)
            schedule.append({"kind": kind, "at": round(at, 1), "hold": round(rng.uniform(*rule["hold"]), 1)})
    # In a short soak a kill would leave no bgloc a minute of life to compare resources over: kills go late.
    if duration < 600:
        for fault in schedule:
            if fault["kind"].startswith("bgloc-kill"):
                fault["at"] = round(rng.uniform(duration * 0.7, last), 1)
    schedule.sort(key=lambda fault: fault["at"])
    return schedule


def steps_of(schedule):
    """Every fault as timed steps: start, end (a kill mid-upload: start, middle, and its end once the
    middle has happened)."""
    steps = []
    for fault in schedule:
        steps.append((fault["at"], 0, "start", fault))
        if fault["kind"] == "bgloc-kill-mid-upload":
            steps.append((fault["at"] + 1, 1, "middle", fault))
        else:
            steps.append((fault["at"] + fault["hold"], 2, "end", fault))
    steps.sort(key=lambda step: (step[0], step[1]))
    return steps
