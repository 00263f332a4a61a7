#!/usr/bin/env python3
"""Generates bgkit's bundled sample traces in Traces/ (deterministic, standard library only).

Usage: tools/make-traces.py [OUTPUT_DIR]        (default: Traces/ beside this tools/ folder)

Every trace is built around named circular regions near Zürich; each gets a `.regions.geojson`
(a FeatureCollection of Points with properties `id` and `radius`) for `bgloc replay --regions`.
Change the constants below to vary them; the same inputs always give byte-identical files.
"""
import datetime
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from geodesy import EARTH_RADIUS, bearing, destination, distance  # noqa: E402


class Noise:
    """GPS error as real receivers show it: an offset of `sigma` metres per axis that drifts slowly
    (first-order autoregressive, correlation `keep` from one fix to the next) instead of jumping."""

    def __init__(self, rng, sigma, keep=0.95):
        self.rng, self.sigma, self.keep = rng, sigma, keep
        self.north, self.east = rng.gauss(0, sigma), rng.gauss(0, sigma)

    def apply(self, lat, lon):
        fresh = self.sigma * math.sqrt(1 - self.keep ** 2)
        self.north = self.keep * self.north + self.rng.gauss(0, fresh)
        self.east = self.keep * self.east + self.rng.gauss(0, fresh)
        lat2 = lat + math.degrees(self.north / EARTH_RADIUS)
        lon2 = lon + math.degrees(self.east / (EARTH_RADIUS * math.cos(math.radians(lat))))
        return lat2, lon2


def follow(path, speed, start, interval, rng, sigma=3.0, ele=410.0):
    """Fixes every `interval` seconds moving at `speed` m/s along the polyline `path`, from `start`."""
    fixes = []
    legs = [(path[i], path[i + 1], distance(path[i], path[i + 1])) for i in range(len(path) - 1)]
    total = sum(leg[2] for leg in legs)
    t = 0.0
    noise = Noise(rng, sigma)
    while True:
        travelled = min(t * speed, total)
        for a, b, length in legs:
            if travelled <= length or (a, b, length) == legs[-1]:
                course = bearing(a, b)
                lat, lon = destination(a[0], a[1], course, min(travelled, length))
                break
            travelled -= length
        lat, lon = noise.apply(lat, lon)
        fixes.append(fix(start + datetime.timedelta(seconds=t), lat, lon, ele + rng.uniform(-1.5, 1.5), speed, course, rng))
        if t * speed >= total:
            return fixes
        t += interval


def fix(time, lat, lon, ele, speed, course, rng):
    return {"time": time, "lat": lat, "lon": lon, "ele": ele, "speed": speed, "course": course,
            "sat": rng.randint(7, 12), "hdop": round(rng.uniform(0.7, 1.4), 1)}


def iso(time):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ")


def write_gpx(path, tracks, name):
    """`tracks`: a list of tracks, each a list of segments, each a list of fixes."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<gpx version="1.1" creator="bgkit tools/make-traces.py" xmlns="http://www.topografix.com/GPX/1/1"'
           ' xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">',
           f'  <metadata><name>{name}</name></metadata>']
    for number, segments in enumerate(tracks, 1):
        out.append(f'  <trk><name>{name} {number}</name>')
        for segment in segments:
            out.append('    <trkseg>')
            for f in segment:
                out.append(
                    f'      <trkpt lat="{f["lat"]:.7f}" lon="{f["lon"]:.7f}"><ele>{f["ele"]:.1f}</ele>'
                    f'<time>{iso(f["time"])}</time><sat>{f["sat"]}</sat><hdop>{f["hdop"]}</hdop>'
                    f'<extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>{f["speed"]:.2f}</gpxtpx:speed>'
                    f'<gpxtpx:course>{f["course"]:.1f}</gpxtpx:course></gpxtpx:TrackPointExtension></extensions></trkpt>')
            out.append('    </trkseg>')
        out.append('  </trk>')
    out.append('</gpx>')
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out) + "\n")


def nmea(body):
    checksum = 0
    for c in body.encode("ascii"):
        checksum ^= c
    return f"${body}*{checksum:02X}\r\n"


def degrees_minutes(value, width):
    hemisphere = value >= 0
    value = abs(value)
    whole = int(value)
    minutes = (value - whole) * 60
    return f"{whole:0{width}d}{minutes:08.5f}", hemisphere


def write_nmea(path, fixes):
    """RMC + GGA + GSA + GST per fix (talker GP), CRLF line ends, as a receiver logs them."""
    lines = ["# bgkit tools/make-traces.py: the walk of walk-through-region.gpx as NMEA 0183\n"]
    for f in fixes:
        hms = f["time"].strftime("%H%M%S") + ".00"
        dmy = f["time"].strftime("%d%m%y")
        lat, north = degrees_minutes(f["lat"], 2)
        lon, east = degrees_minutes(f["lon"], 3)
        ns, ew = ("N" if north else "S"), ("E" if east else "W")
        knots = f["speed"] / 0.514444
        sats = ",".join(f"{n:02d}" for n in range(1, f["sat"] + 1)) + "," * (12 - f["sat"])
        pdop, vdop = round(f["hdop"] * 1.6, 1), round(f["hdop"] * 1.3, 1)
        sigma = round(f["hdop"] * 2.5, 1)
        lines.append(nmea(f"GPRMC,{hms},A,{lat},{ns},{lon},{ew},{knots:.2f},{f['course']:.1f},{dmy},,,A"))
        lines.append(nmea(f"GPGGA,{hms},{lat},{ns},{lon},{ew},1,{f['sat']:02d},{f['hdop']},{f['ele']:.1f},M,47.3,M,,"))
        lines.append(nmea(f"GPGSA,A,3,{sats},{pdop},{f['hdop']},{vdop}"))
        lines.append(nmea(f"GPGST,{hms},{sigma},{sigma},{sigma},0.0,{sigma},{sigma},{sigma * 1.5:.1f}"))
    with open(path, "w", encoding="ascii", newline="") as out:
        out.writelines(lines)


def write_regions(path, regions):
    features = [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [round(lon, 6), round(lat, 6)]},
                 "properties": {"id": rid, "radius": radius}} for rid, lat, lon, radius in regions]
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        json.dump({"type": "FeatureCollection", "features": features}, f, indent=2)
        f.write("\n")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Traces")
    os.makedirs(out, exist_ok=True)
    utc = datetime.timezone.utc

    # A walk of about 1 km at 1.4 m/s, 1 Hz, straight through the Lindenhof region (radius 150 m).
    rng = random.Random(1)
    lindenhof = (47.37297, 8.54069)
    walk_start = destination(*lindenhof, 225, 500)
    walk_end = destination(*lindenhof, 45, 500)
    walk = follow([walk_start, walk_end], 1.4, datetime.datetime(2026, 3, 1, 9, 0, 0, tzinfo=utc), 1, rng)
    write_gpx(os.path.join(out, "walk-through-region.gpx"), [[walk]], "Walk through Lindenhof")
    write_nmea(os.path.join(out, "walk-through-region.nmea"), walk)
    for stem in ("walk-through-region.gpx", "walk-through-region.nmea"):
        write_regions(os.path.join(out, f"{stem}.regions.geojson"), [("lindenhof", *lindenhof, 150)])

    # A drive of about 10 km at 13.9 m/s (50 km/h), 5 s fixes, through three regions on its way.
    rng = random.Random(2)
    stops = [(47.36600, 8.54500), (47.37800, 8.54000), (47.39100, 8.51100), (47.40400, 8.49500), (47.41400, 8.54500)]
    drive = follow(stops, 13.9, datetime.datetime(2026, 3, 2, 7, 30, 0, tzinfo=utc), 5, rng, sigma=5.0)
    write_gpx(os.path.join(out, "drive-regions.gpx"), [[drive]], "Drive through three regions")
    write_regions(os.path.join(out, "drive-regions.gpx.regions.geojson"),
                  [("hauptbahnhof", *stops[1], 250), ("hardbruecke", *stops[2], 300), ("oerlikon", *stops[4], 300)])

    # Ten minutes standing on the edge of a 100 m region with 8 m of GPS jitter (crossing it often), walked to and from.
    rng = random.Random(3)
    center = (47.36690, 8.55010)
    edge = destination(*center, 90, 100)
    start = datetime.datetime(2026, 3, 3, 12, 0, 0, tzinfo=utc)
    come = follow([destination(*center, 90, 300), edge], 1.3, start, 1, rng)
    stay = []
    noise = Noise(rng, 8.0, keep=0.8)
    for k in range(1, 601):
        lat, lon = noise.apply(*edge)
        stay.append(fix(come[-1]["time"] + datetime.timedelta(seconds=k), lat, lon, 411 + rng.uniform(-1, 1), 0.0, 0.0, rng))
    leave = follow([edge, destination(*center, 90, 300)], 1.3, stay[-1]["time"] + datetime.timedelta(seconds=1), 1, rng)
    write_gpx(os.path.join(out, "loiter-edge.gpx"), [[come + stay + leave]], "Loitering on a region's edge")
    write_regions(os.path.join(out, "loiter-edge.gpx.regions.geojson"), [("bellevue", *center, 100)])

    # A walk whose fixes stop for 6 minutes (a tunnel); it is inside the region when they resume.
    rng = random.Random(4)
    center = (47.37710, 8.53940)
    a, b = destination(*center, 270, 900), destination(*center, 90, 300)
    full = follow([a, b], 1.4, datetime.datetime(2026, 3, 4, 17, 0, 0, tzinfo=utc), 5, rng)
    gap_start = datetime.datetime(2026, 3, 4, 17, 4, 0, tzinfo=utc)
    gap_end = gap_start + datetime.timedelta(minutes=6)
    gapped = [f for f in full if not gap_start < f["time"] < gap_end]
    write_gpx(os.path.join(out, "gps-gap.gpx"), [[gapped]], "Walk with a six-minute gap")
    write_regions(os.path.join(out, "gps-gap.gpx.regions.geojson"), [("sihlpost", *center, 200)])

    # A day: a commute in two segments (a stop in between), a lunch walk, and the commute home.
    rng = random.Random(5)
    home, office, park = (47.35800, 8.52000), (47.38900, 8.51600), (47.38600, 8.52600)
    via = (47.37300, 8.51500)
    day = datetime.datetime(2026, 3, 5, tzinfo=utc)
    commute = [follow([home, via], 8.0, day + datetime.timedelta(hours=7, minutes=45), 5, rng, sigma=3.0),
               follow([via, office], 8.0, day + datetime.timedelta(hours=8, minutes=5), 5, rng, sigma=3.0)]
    lunch = [follow([office, park, office], 1.3, day + datetime.timedelta(hours=12, minutes=10), 5, rng)]
    home_again = [follow([office, via, home], 8.0, day + datetime.timedelta(hours=17, minutes=30), 5, rng, sigma=3.0)]
    write_gpx(os.path.join(out, "multi-segment-day.gpx"), [commute, lunch, home_again], "A day")
    write_regions(os.path.join(out, "multi-segment-day.gpx.regions.geojson"),
                  [("home", *home, 150), ("office", *office, 150), ("park", *park, 100)])


if __name__ == "__main__":
    main()
