#!/usr/bin/env python3
"""Independent oracle for CalGrid's Korean lunar calendar: korean-lunar-calendar (KARI/KASI data,
pinned in mk/lunar.mk), through its public API, every day of its range both ways.

Usage: lunar_oracle.py solar FIRST_YEAR LAST_YEAR   every solar day of those years it converts
       lunar_oracle.py lunar FIRST_YEAR LAST_YEAR   every lunar (year, month, leap) of those years

solar: one line per solar day the package accepts: "DN YEAR MONTH DAY LEAP" (its lunar date; LEAP
is 0 or 1). Days it refuses are left out; the package refuses 1582-10-05...14 (the Gregorian
reform's gap), which CalGrid, proleptic Gregorian like Python's date, converts all the same.
lunar: one line per (year, month, leap) with at least one valid day: "Y M LEAP DN1 DN2 ...", the
day numbers of days 1, 2, ... as the package converts them; the days listed are exactly those
setLunarDate accepts among 1...30 (the oracle stops if they are not a prefix).
DN is the CalGrid day number: date.toordinal() - 719163 (Python's date is proleptic Gregorian).
"""
import datetime
import sys

from korean_lunar_calendar import KoreanLunarCalendar

EPOCH = 719163


def solar(first, last):
    c = KoreanLunarCalendar()
    day = max(datetime.date(first, 1, 1), datetime.date(1000, 2, 13))
    end = datetime.date(last, 12, 31)
    out = []
    while day <= end:
        if c.setSolarDate(day.year, day.month, day.day):
            out.append("%d %d %d %d %d" % (day.toordinal() - EPOCH, c.lunarYear, c.lunarMonth, c.lunarDay,
                                            1 if c.isIntercalation else 0))
        day += datetime.timedelta(days=1)
    sys.stdout.write("\n".join(out) + "\n")


def lunar(first, last):
    c = KoreanLunarCalendar()
    out = []
    for y in range(first, last + 1):
        for m in range(1, 13):
            for leap in (False, True):
                days = []
                for d in range(1, 31):
                    if not c.setLunarDate(y, m, d, leap):
                        continue
                    if leap and not c.isIntercalation:
                        sys.exit("lunar %d-%d-%d: accepted as a leap day but not converted as one" % (y, m, d))
                    if d != len(days) + 1:
                        sys.exit("lunar %d-%d%s: valid days are not 1...n" % (y, m, " leap" if leap else ""))
                    days.append(datetime.date(c.solarYear, c.solarMonth, c.solarDay).toordinal() - EPOCH)
                if days:
                    out.append("%d %d %d %s" % (y, m, 1 if leap else 0, " ".join(map(str, days))))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    {"solar": solar, "lunar": lunar}[sys.argv[1]](int(sys.argv[2]), int(sys.argv[3]))
