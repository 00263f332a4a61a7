"""The drive gpsfake feeds (NMEA epochs made from Traces/drive-regions.gpx), its regions and the files their
entries upload."""
import json
import random
import xml.etree.ElementTree as ET
from datetime import datetime, timedelta, timezone

from settings import REGIONS, TRACE, UPLOAD_BYTES


def load_regions():
    with open(REGIONS) as f:
        features = json.load(f)["features"]
    return [{"id": feature["properties"]["id"], "radius": feature["properties"]["radius"],
             "lon": feature["geometry"]["coordinates"][0], "lat": feature["geometry"]["coordinates"][1]}
            for feature in features]


def epoch_altitude(n):
    return 100 + n / 10


def sentence(body):
    checksum = 0
    for c in body.encode():
        checksum ^= c
    return f"${body}*{checksum:02X}\r\n"


def nmea_angle(value, width):
    degrees = int(abs(value))
    return f"{degrees:0{width}d}{(abs(value) - degrees) * 60:07.4f}"


def make_epochs(count):
    """The drive there and back, again and again: `count` epochs of one GGA and one RMC, a second of log
    time apart. Each epoch's altitude is 100 m + its number / 10, so that the `alt` of a `location` event
    names the epoch it came from, and the region check can replay exactly the fixes a run was given."""
    points = [(float(p.get("lat")), float(p.get("lon"))) for p in ET.parse(TRACE).getroot().iter("{http://www.topografix.com/GPX/1/1}trkpt")]
    per_second = []
    for (la0, lo0), (la1, lo1) in zip(points, points[1:]):   # fixes 5 s apart, interpolated to 1 s
        per_second += [(la0 + (la1 - la0) * k / 5, lo0 + (lo1 - lo0) * k / 5) for k in range(5)]
    loop = per_second + per_second[::-1]
    start = datetime(2026, 3, 2, 6, 0, 0, tzinfo=timezone.utc)
    epochs = []
    for n in range(count):
        lat, lon = loop[n % len(loop)]
        t = start + timedelta(seconds=n)
        hms, dmy = t.strftime("%H%M%S.00"), t.strftime("%d%m%y")
        la, lo = nmea_angle(lat, 2), nmea_angle(lon, 3)
        epochs.append(sentence(f"GPGGA,{hms},{la},N,{lo},E,1,09,0.9,{epoch_altitude(n):.1f},M,47.0,M,,")
                      + sentence(f"GPRMC,{hms},A,{la},N,{lo},E,13.9,0.0,{dmy},,,A"))
    return epochs


def app_files(regions):
    """The file each region's entry uploads, by the path nginx stores it at (the same in every soak)."""
    return {f"/visits/{region['id']}.log": random.Random(region["id"]).randbytes(UPLOAD_BYTES) for region in regions}
