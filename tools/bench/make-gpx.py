#!/usr/bin/env python3
"""make-gpx.py MEGABYTES PATH: writes a deterministic GPX 1.1 track of at least MEGABYTES (10^6 bytes),
one point per second with elevation, time, satellites, HDOP and Garmin speed/course extensions, in
segments of 3,600 points. Streams: memory stays small whatever the size."""
import math
import sys

target = int(float(sys.argv[1]) * 1_000_000)
with open(sys.argv[2], "w", encoding="utf-8") as out:
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bgkit bench" '
              'xmlns="http://www.topografix.com/GPX/1/1" '
              'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">\n<trk><name>bench</name>\n')
    t0 = 1772355600  # 2026-03-01T09:00:00Z
    n = 0
    size = 0
    while size < target:
        lines = ["<trkseg>\n"]
        for _ in range(3600):
            lat = 47.3 + 0.05 * math.sin(n / 5000.0)
            lon = 8.5 + 0.05 * math.cos(n / 7000.0)
            t = t0 + n
            hh, mm, ss = (t // 3600) % 24, (t // 60) % 60, t % 60
            day = 1 + (t - t0 + 32400) // 86400
            lines.append(f'  <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{400 + (n % 97) / 10:.1f}</ele>'
                         f'<time>2026-{3 + (day - 1) // 28:02d}-{1 + (day - 1) % 28:02d}T{hh:02d}:{mm:02d}:{ss:02d}Z</time>'
                         f'<sat>9</sat><hdop>0.9</hdop><extensions><gpxtpx:TrackPointExtension>'
                         f'<gpxtpx:speed>1.40</gpxtpx:speed><gpxtpx:course>{n % 360}.0</gpxtpx:course>'
                         f'</gpxtpx:TrackPointExtension></extensions></trkpt>\n')
            n += 1
        lines.append("</trkseg>\n")
        block = "".join(lines)
        out.write(block)
        size += len(block)
    out.write("</trk>\n</gpx>\n")
