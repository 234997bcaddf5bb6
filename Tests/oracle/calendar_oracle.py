#!/usr/bin/env python3
"""Independent oracle for CalGrid's calendar math: Python's datetime, time.strftime and calendar.

Usage: calendar_oracle.py days  FIRST_YEAR LAST_YEAR
       calendar_oracle.py grids FIRST_YEAR LAST_YEAR [FIRST_WEEKDAYS]

Writes little-endian binary records to stdout; Tests/CalGridTests/OracleTests.swift reads them.
Weekdays are numbered as CalGrid numbers them: 0 = Sunday ... 6 = Saturday.

days: per year, the u32 ordinal of January 1st (date.toordinal()), then one 15-byte record per
day of that year, in date order:
    year u16, month u8, day u8,                 date.fromordinal
    weekday u8,                                  date.weekday()
    iso_year u16, iso_week u8,                   date.isocalendar()
    week_of_year[7] u8 for first weekday 0..6    counted from the year's first such weekday; for
                                                 Sunday and Monday it must equal strftime's %U and
                                                 %W (glibc) or the oracle stops.
    The day number CalGrid uses is date.toordinal() - 719163.

grids: one 9-byte record per (first weekday, year, month), in that nesting order, for the first
weekdays given as a comma-separated list (all seven when omitted):
    first cell year u16, month u8, day u8,       calendar.Calendar(fw).itermonthdays3
    last cell  year u16, month u8, day u8,       (year 0 and 10000 cells included)
    cell count u8                                (28, 35 or 42: only the rows the month needs)
"""
import calendar
import datetime
import struct
import sys

DAY = struct.Struct("<HBBBHB7B")
GRID = struct.Struct("<HBBHBBB")


def days(first_year, last_year):
    out = sys.stdout.buffer
    pack = DAY.pack
    strftime_memo = {}
    for year in range(first_year, last_year + 1):
        jan1 = datetime.date(year, 1, 1).toordinal()
        buf = bytearray(struct.pack("<I", jan1))
        # Ordinals of the year's first Sunday, Monday, ... (index = CalGrid weekday number).
        firsts = [jan1 + (w - datetime.date.fromordinal(jan1).isoweekday()) % 7 for w in range(7)]
        last = datetime.date(year, 12, 31).toordinal()
        for o in range(jan1, last + 1):
            d = datetime.date.fromordinal(o)
            iy, iw, _ = d.isocalendar()
            weeks = [0 if o < f else (o - f) // 7 + 1 for f in firsts]
            # POSIX defines %U and %W from tm_yday and tm_wday alone, so strftime's answer for
            # this day is the memoized answer for any day with the same pair (2,562 real calls).
            wd = (d.weekday() + 1) % 7
            key = (o - jan1, wd)
            uw = strftime_memo.get(key)
            if uw is None:
                uw = strftime_memo[key] = tuple(int(x) for x in d.strftime("%U %W").split())
            u, w = uw
            if u != weeks[0] or w != weeks[1]:
                raise SystemExit(f"oracle disagrees with itself on {d}: %U={u} %W={w} counted={weeks[:2]}")
            buf += pack(d.year, d.month, d.day, wd, iy, iw, *weeks)
        out.write(buf)


def grids(first_year, last_year, weekdays="0,1,2,3,4,5,6"):
    out = sys.stdout.buffer
    for fw in (int(w) for w in weekdays.split(",")):
        cal = calendar.Calendar((fw + 6) % 7)  # Python numbers Monday as 0
        buf = bytearray()
        for year in range(first_year, last_year + 1):
            for month in range(1, 13):
                cells = list(cal.itermonthdays3(year, month))
                (fy, fm, fd), (ly, lm, ld) = cells[0], cells[-1]
                buf += GRID.pack(fy, fm, fd, ly, lm, ld, len(cells))
        out.write(buf)


if __name__ == "__main__":
    mode, a, b, rest = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    {"days": days, "grids": grids}[mode](a, b, *rest)
