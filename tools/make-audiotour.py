#!/usr/bin/env python3
"""Generates the AudioTour example's trace and clips (deterministic, standard library only).

Usage: tools/make-audiotour.py [EXAMPLE_DIR]       (default: Examples/AudioTour beside this tools/ folder)

Writes tour.gpx — a ten-minute walk through Zürich's old town, one fix every 5 s at 1.4 m/s with 2 m of
seeded GPS noise, through the three points of interest of app.yaml — and audio/POI.wav for each point:
a 0.75 s chime, 8 kHz 8-bit mono PCM (about 6 KB). The same script always writes the same bytes.
"""
import datetime
import math
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from geodesy import EARTH_RADIUS, bearing, destination, distance  # noqa: E402


# The points of interest (app.yaml's regions) and the chime each one plays, in Hz.
POIS = [
    ("lindenhof", 47.37297, 8.54069, 523.25),
    ("stpeter", 47.37085, 8.54096, 659.25),
    ("fraumuenster", 47.36975, 8.54148, 783.99),
]
END = (47.37002, 8.54401)  # Grossmünster, where the walk ends
START_TIME = datetime.datetime(2026, 3, 1, 10, 0, 0, tzinfo=datetime.timezone.utc)
SPEED = 1.4  # m/s
INTERVAL = 5  # s between fixes
NOISE = 2.0  # m per axis
SAMPLE_RATE = 8000
CLIP_SECONDS = 0.75


def walk():
    """(lat, lon, course) every INTERVAL seconds along start → each POI → END."""
    first = (POIS[0][1], POIS[0][2])
    waypoints = [destination(first[0], first[1], 315, 300)] + [(p[1], p[2]) for p in POIS] + [END]
    step = SPEED * INTERVAL
    points, carried = [], 0.0
    for a, b in zip(waypoints, waypoints[1:]):
        length, course = distance(a, b), bearing(a, b)
        along = carried
        while along < length:
            lat, lon = destination(a[0], a[1], course, along)
            points.append((lat, lon, course))
            along += step
        carried = along - length
    points.append((END[0], END[1], points[-1][2]))
    return points


def write_gpx(path):
    rng = random.Random(20260301)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="bgkit tools/make-audiotour.py" xmlns="http://www.topografix.com/GPX/1/1">',
        "  <metadata><name>AudioTour: Lindenhof, St. Peter, Fraumünster</name></metadata>",
        "  <trk><name>AudioTour walk</name>",
        "    <trkseg>",
    ]
    for i, (lat, lon, course) in enumerate(walk()):
        north, east = rng.gauss(0, NOISE), rng.gauss(0, NOISE)
        lat += math.degrees(north / EARTH_RADIUS)
        lon += math.degrees(east / (EARTH_RADIUS * math.cos(math.radians(lat))))
        time = (START_TIME + datetime.timedelta(seconds=i * INTERVAL)).strftime("%Y-%m-%dT%H:%M:%SZ")
        lines.append(f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>410.0</ele><time>{time}</time></trkpt>')
    lines += ["    </trkseg>", "  </trk>", "</gpx>", ""]
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines))


def write_chime(path, frequency):
    """A sine chime with a linear fade-out, as 8-bit unsigned PCM."""
    count = int(SAMPLE_RATE * CLIP_SECONDS)
    samples = bytes(
        128 + round(100 * (1 - n / count) * math.sin(2 * math.pi * frequency * n / SAMPLE_RATE)) for n in range(count)
    )
    header = b"RIFF" + struct.pack("<I", 36 + len(samples)) + b"WAVE"
    header += b"fmt " + struct.pack("<IHHIIHH", 16, 1, 1, SAMPLE_RATE, SAMPLE_RATE, 1, 8)
    header += b"data" + struct.pack("<I", len(samples))
    with open(path, "wb") as f:
        f.write(header + samples)


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Examples", "AudioTour")
    os.makedirs(os.path.join(folder, "audio"), exist_ok=True)
    write_gpx(os.path.join(folder, "tour.gpx"))
    for name, _, _, frequency in POIS:
        write_chime(os.path.join(folder, "audio", name + ".wav"), frequency)


if __name__ == "__main__":
    main()
