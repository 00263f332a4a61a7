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

EARTH_RADIUS = 6371008.8  # metres, as bgkit's distances

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


def destination(lat, lon, bearing_deg, distance_m):
    d = distance_m / EARTH_RADIUS
    b = math.radians(bearing_deg)
    p1, l1 = math.radians(lat), math.radians(lon)
    p2 = math.asin(math.sin(p1) * math.cos(d) + math.cos(p1) * math.sin(d) * math.cos(b))
    l2 = l1 + math.atan2(math.sin(b) * math.sin(d) * math.cos(p1), math.cos(d) - math.sin(p1) * math.sin(p2))
    return math.degrees(p2), math.degrees(l2)


def distance(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(math.sqrt(h))


def bearing(a, b):
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dl = math.radians(b[1] - a[1])
    y = math.sin(dl) * math.cos(p2)
    x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    return (math.degrees(math.atan2(y, x)) + 360) % 360


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
