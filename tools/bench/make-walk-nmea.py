#!/usr/bin/env python3
"""A walk north at 1 Hz as an NMEA 0183 log for gpsfake: one RMC and one GGA per second of log time.

    tools/bench/make-walk-nmea.py OUT.nmea [SECONDS]      # SECONDS epochs (default 3600, an hour)

Used by the gpsd benchmarks (20-gpsd-live.sh, 22-fix-rate.sh, 60-daemon.sh), which feed it to a real gpsd.
A log longer than 30 000 s turns back south then (and north again after as long), so that its latitude stays
valid; its clock rolls over midnight into the next day.
"""
import sys
from datetime import datetime, timedelta


def sentence(body):
    s = 0
    for c in body.encode():
        s ^= c
    return f"${body}*{s:02X}\r\n"


def main():
    path = sys.argv[1]
    seconds = int(sys.argv[2]) if len(sys.argv) > 2 else 3600
    with open(path, "w", newline="") as out:
        start = datetime(2026, 3, 1, 9, 0, 0)
        for n in range(seconds):
            t = start + timedelta(seconds=n)
            hms, dmy = t.strftime("%H%M%S.00"), t.strftime("%d%m%y")
            leg = n % 60000
            la = f"47{22.614 + (leg if leg < 30000 else 60000 - leg) * 0.001:07.4f}"
            out.write(sentence(f"GPRMC,{hms},A,{la},N,00832.502,E,1.5,0.0,{dmy},,,A"))
            out.write(sentence(f"GPGGA,{hms},{la},N,00832.502,E,1,08,0.9,410.0,M,47.0,M,,"))


main()
