#!/usr/bin/env python3
"""Computes what gpxpy says about each GPX file of the shared corpus, for bgkit's corpus test.

Usage: tools/gpxpy-expected.py [CORPUS_GPX_DIR] [OUT_JSON]
  defaults: ../shared/testdata/gpx beside the package, and
            Tests/BackgroundLocationTests/Fixtures/gpxpy-expected.json

Needs gpxpy (`pip install gpxpy`); the test itself only reads the JSON, so gpxpy is no test dependency.
Only numbers go into the JSON, never the files' contents. A file gpxpy cannot parse is recorded with
"error": its message, and the test then expects bgkit to fail on it with an InputError too.
"""
import json
import os
import sys

import gpxpy

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
corpus = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(root), "shared", "testdata", "gpx")
out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
    root, "Tests", "BackgroundLocationTests", "Fixtures", "gpxpy-expected.json")


def rfc3339(time):
    """UTC with a Z, as bgkit prints times (fraction only when non-zero, 3/6 digits)."""
    if time is None:
        return None
    if time.tzinfo is not None:
        time = time.astimezone(__import__("datetime").timezone.utc).replace(tzinfo=None)
    text = time.strftime("%Y-%m-%dT%H:%M:%S")
    if time.microsecond:
        text += (".%03d" % (time.microsecond // 1000)) if time.microsecond % 1000 == 0 else ".%06d" % time.microsecond
    return text + "Z"


def first_and_last_times(gpx):
    times = [p.time for t in gpx.tracks for s in t.segments for p in s.points if p.time is not None]
    return (times[0], times[-1]) if times else (None, None)


expected = {}
for name in sorted(os.listdir(corpus)):
    if not name.endswith(".gpx"):
        continue
    try:
        with open(os.path.join(corpus, name), encoding="utf-8-sig") as f:
            gpx = gpxpy.parse(f)
    except Exception as error:  # gpxpy's own parse errors
        expected[name] = {"error": str(error).splitlines()[0] if str(error) else type(error).__name__}
        continue
    start, end = first_and_last_times(gpx)
    expected[name] = {
        "version": gpx.version,
        "tracks": len(gpx.tracks),
        "segments": sum(len(t.segments) for t in gpx.tracks),
        "points": sum(len(s.points) for t in gpx.tracks for s in t.segments),
        "waypoints": len(gpx.waypoints),
        "routes": len(gpx.routes),
        "routePoints": sum(len(r.points) for r in gpx.routes),
        "start": rfc3339(start),
        "end": rfc3339(end),
        "distanceMeters": round(sum(s.length_2d() for t in gpx.tracks for s in t.segments), 3),
    }

with open(out, "w", encoding="utf-8") as f:
    json.dump({"generator": f"tools/gpxpy-expected.py with gpxpy {gpxpy.__version__}", "files": expected},
              f, indent=2, sort_keys=True)
    f.write("\n")
print(f"wrote {out}: {len(expected)} files")
