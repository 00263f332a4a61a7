#!/usr/bin/env python3
"""Computes what gpxpy says about each GPX file of a shared corpus, for bgkit's corpus tests.

Usage: tools/gpxpy-expected.py [CORPUS_GPX_DIR] [OUT_JSON]
  defaults: ../shared/testdata/gpx beside the package, and
            Tests/Rules/BackgroundLocationTests/Fixtures/gpxpy-expected.json
  the second corpus: tools/gpxpy-expected.py ../shared/testdata/more/gpx \
            Tests/Rules/BackgroundLocationTests/Fixtures/gpxpy-expected-more.json

Needs gpxpy (`pip install gpxpy`); the test itself only reads the JSON, so gpxpy is no test dependency.
Only numbers go into the JSON, never the files' contents. A file gpxpy cannot parse is recorded with
"error": its message, and the test then expects bgkit to fail on it with an InputError too (or, for the
second corpus, either to fail that way or to read it).

"start" and "end" are the earliest and latest track-point times (the real span, whatever the order in the
file), and "inTimeOrder" says whether every timed track point is at or after the one before it.

gpxpy drops a time padded with white space ("<time>\n2007-06-24T14:17:20Z</time>": its pattern must
match from the first character), where XML Schema's xsd:dateTime collapses the white space and reads the
time. For such a file, "paddedTimes" also holds what gpxpy says once the padding inside <time> is removed.
"""
import io
import json
import os
import re
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


def track_times(gpx):
    return [p.time for t in gpx.tracks for s in t.segments for p in s.points if p.time is not None]


def span(gpx):
    """The earliest and latest track-point times, and whether they come in time order."""
    times = track_times(gpx)
    if not times:
        return None, None, True
    return min(times), max(times), all(a <= b for a, b in zip(times, times[1:]))


PADDED_TIME = re.compile(r"<time>\s+([^<]*?)\s*</time>|<time>([^<]*?)\s+</time>")

expected = {}
for name in sorted(os.listdir(corpus)):
    if not name.endswith(".gpx"):
        continue
    with open(os.path.join(corpus, name), encoding="utf-8-sig", newline="") as f:
        content = f.read()
    try:
        gpx = gpxpy.parse(io.StringIO(content))
    except Exception as error:  # gpxpy's own parse errors
        expected[name] = {"error": str(error).splitlines()[0] if str(error) else type(error).__name__}
        continue
    start, end, in_order = span(gpx)
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
        "inTimeOrder": in_order,
    }
    if PADDED_TIME.search(content):
        unpadded = PADDED_TIME.sub(lambda m: "<time>" + (m.group(1) or m.group(2) or "") + "</time>", content)
        start, end, in_order = span(gpxpy.parse(io.StringIO(unpadded)))
        expected[name]["paddedTimes"] = {"start": rfc3339(start), "end": rfc3339(end), "inTimeOrder": in_order}

with open(out, "w", encoding="utf-8") as f:
    json.dump({"generator": f"tools/gpxpy-expected.py with gpxpy {gpxpy.__version__}", "files": expected},
              f, indent=2, sort_keys=True)
    f.write("\n")
print(f"wrote {out}: {len(expected)} files")
