"""A soak's results: its samples saved, its invariants reported, and a finished soak's outputs checked again
(SOAK_RECHECK)."""
import json
import os
import re

from drive_trace import app_files, load_regions, make_epochs
from invariants import (check_faults, check_integrity, check_regions, check_resources, check_uploads, check_zombies,
                        read_events)
from settings import EPOCHS_PER_SECOND
from world import Soak


def save_samples(soak):
    """The samples and zombies seen, for a recheck."""
    with open(os.path.join(soak.out, "samples.tsv"), "w") as f:
        f.write("run\tseconds\trss_kb\tfds\tthreads\tanon_kb\tfile_kb\n")
        f.writelines(f"{r}\t{t:.1f}\t{rss}\t{','.join(fds)}\t{threads}\t{anon}\t{file}\n"
                     for r, t, rss, fds, threads, anon, file in soak.samples)
    with open(os.path.join(soak.out, "zombies.tsv"), "w") as f:
        f.writelines(f"{at}\t{run}\t{pid}\n" for at, run, pid in soak.zombies)


def report(soak, schedule, name="report.txt"):
    streams = {r[0]: read_events(os.path.join(soak.out, f"run-{r[0]}.jsonl")) for r in soak.runs}
    checks = [
        ("uploads", lambda: check_uploads(soak, streams)),
        ("regions", lambda: check_regions(soak, streams)),
        ("integrity", lambda: check_integrity(soak)),
        ("resources", lambda: check_resources(soak)),
        ("zombies", lambda: check_zombies(soak)),
        ("faults", lambda: check_faults(soak, schedule, streams)),
    ]
    lines, failed = [], 0
    for invariant, check in checks:
        try:
            problems, detail = check()
        except Exception as error:   # a check that cannot run is a failed one, said plainly
            problems, detail = [f"could not check: {error!r}"], ""
        failed += bool(problems)
        lines.append(f"{invariant}: FAILED {'; '.join(problems)}" if problems else f"{invariant}: ok {detail}")
    pushed = sum(1 for p in soak.pushes if p[1] == 0)
    lines.append(f"{len(checks) - failed} passed, {failed} failed")
    with open(os.path.join(soak.out, name), "w") as f:
        f.write(f"seed {soak.seed}, {soak.duration} s, {len(soak.runs)} bgloc runs, {pushed}/{len(soak.pushes)} pushes accepted\n")
        f.write("\n".join(lines) + "\n")
    print(f"soak: {len(soak.runs)} bgloc runs, {pushed} of {len(soak.pushes)} pushes accepted; outputs in {soak.out}")
    print("\n".join(lines), flush=True)
    return failed


class Ended:
    """A bgloc run of a finished soak, as a recheck reads it back: its exit status."""

    def __init__(self, returncode):
        self.returncode = returncode


def recheck(out):
    """SOAK_RECHECK=OUT: the invariants again over the outputs a finished soak left in OUT (after a change
    to the checks), from its schedule, faults.log, event streams, samples, nginx's log and state snapshot."""
    with open(os.path.join(out, "schedule.json")) as f:
        meta = json.load(f)
    soak = Soak(meta["duration"], meta["seed"], out, os.path.join(out, "bin"))
    soak.bin, soak.manifest, soak.nginx_prefix = os.path.join(out, "bin"), os.path.join(out, "app", "app.yaml"), os.path.join(out, "nginx")
    soak.epochs, soak.files = make_epochs((soak.duration + 600) * EPOCHS_PER_SECOND), app_files(load_regions())
    for line in open(os.path.join(out, "faults.log")):
        if match := re.search(r"bgloc run (\d+) started", line):
            soak.runs.append([int(match.group(1)), Ended(None), 0, None, None])
        elif match := re.search(r"bgloc run (\d+) ended: (.*) \(exit status (-?\d+)\)", line):
            soak.runs[-1][1:] = [Ended(int(match.group(3))), 0, 1, match.group(2)]
        elif match := re.search(r"bgloc run (\d+) exited by itself with status (-?\d+)", line):
            with open(os.path.join(out, f"run-{match.group(1)}.err")) as f:
                soak.unexpected_exits.append((int(match.group(1)), int(match.group(2)), f.read().strip()[:300]))
            soak.runs[-1][1:] = [Ended(int(match.group(2))), 0, 1, "exited by itself"]
    with open(os.path.join(out, "samples.tsv")) as f:
        for line in list(f)[1:]:
            run_, seconds, rss, fds, threads, *split = line.rstrip("\n").split("\t")
            kinds = fds.split(",") if not fds.isdigit() else ["?"] * int(fds)   # an older soak kept the count only
            anon, file = (int(v) for v in split) if split else (None, None)   # an older soak kept VmRSS only
            soak.samples.append((int(run_), float(seconds), int(rss), kinds, int(threads), anon, file))
    zombies = os.path.join(out, "zombies.tsv")
    if os.path.exists(zombies):
        soak.zombies = [tuple(float(v) if i == 0 else int(v) for i, v in enumerate(line.split())) for line in open(zombies)]
    else:   # an older soak kept none: its own report.txt says what it saw
        soak.zombies = None
    soak.pushes = []
    return report(soak, meta["faults"], name="recheck.txt")
