#!/usr/bin/env python3
"""The C API's grid cells (lunar date, holidays) and working days against independent oracles and
against the calgrid command (make test-c-lunar, in the lunar venv of mk/lunar.mk).

usage: lunar_cells_check.py CELLS_DUMP[...] --calgrid CALGRID

Each CELLS_DUMP (Tests/C/cells_dump.c linked against one library) prints every day of 2000...2050
for KR, US and DE. Checked, per day: the lunar date against korean-lunar-calendar (KASI's table);
the holidays' English and Korean names against python-holidays (category "public", national),
Korea's deliberate differences (Tests/oracle/holidays_deliberate.tsv) left out; per month, the
working days against Python's calendar minus python-holidays' days. And for a sample of months,
each day's lunar date and holidays against `calgrid month --lunar --holidays CC --json`.
"""
import calendar
import datetime
import json
import os
import subprocess
import sys

import holidays
from korean_lunar_calendar import KoreanLunarCalendar

FIRST, LAST = 2000, 2050
EPOCH = 719163
HERE = os.path.dirname(os.path.abspath(__file__))


def deliberate():
    rows = []
    with open(os.path.join(HERE, "..", "oracle", "holidays_deliberate.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                rows.append(line.rstrip("\n").split("\t"))
    elections = {r[1] for r in rows if r[0] == "election"}
    decrees = {(r[2], r[1]) for r in rows if r[0] == "decree"}
    return elections, decrees


ELECTIONS, DECREES = deliberate()


def oracle_holidays(country):
    """{date: (sorted English names, sorted local names)} from python-holidays, deliberate differences out."""
    years = range(FIRST, LAST + 1)
    en = holidays.country_holidays(country, years=years, language="en_US", categories=("public",))
    lo = holidays.country_holidays(country, years=years, language="ko" if country == "KR" else "en_US",
                                   categories=("public",))
    out = {}
    for day in en:
        names = list(zip(en[day].split("; "), lo[day].split("; ")))
        if country == "KR":
            names = [(e, k) for e, k in names if k not in ELECTIONS and (day.isoformat(), k) not in DECREES]
        if names:
            out[day] = (sorted(e for e, _ in names), sorted(k for _, k in names))
    return out


def lunar(day):
    c = KoreanLunarCalendar()
    if not c.setSolarDate(day.year, day.month, day.day):
        return "0-0-0-0"
    return "%d-%d-%d-%d" % (c.lunarYear, c.lunarMonth, c.lunarDay, 1 if c.isIntercalation else 0)


def read_dump(program, country):
    out = subprocess.run([program, country, str(FIRST), str(LAST)], check=True, capture_output=True, text=True).stdout
    days, workdays = {}, {}
    for line in out.splitlines():
        f = line.split("\t")
        if f[0] == "D":
            day = datetime.date.fromordinal(int(f[1]) + EPOCH)
            days[day] = (f[2], [tuple(h.split("|")) for h in f[3:]])
        elif f[0] == "W":
            workdays[f[1]] = int(f[2])
    return days, workdays


def main(argv):
    i = argv.index("--calgrid")
    dumps, calgrid = argv[1:i], argv[i + 1]
    problems, checked = [], {"lunar days": 0, "holiday days": 0, "months' working days": 0, "CLI cells": 0}
    lunar_cache = {}
    for country in ("KR", "US", "DE"):
        want = oracle_holidays(country)
        first = None
        for program in dumps:
            days, workdays = read_dump(program, country)
            if first is None:
                first = (days, workdays)
            elif (days, workdays) != first:
                problems.append("%s: %s differs from %s" % (country, program, dumps[0]))
                continue
            for day, (lun, hs) in sorted(days.items()):
                if day not in lunar_cache:
                    lunar_cache[day] = lunar(day)
                if lun != lunar_cache[day]:
                    problems.append("%s lunar %s, oracle %s" % (day, lun, lunar_cache[day]))
                checked["lunar days"] += 1
                got = (sorted(e for e, _ in hs), sorted(k if country == "KR" else e for e, k in hs))
                if country != "KR" and any(e != k for e, k in hs):
                    problems.append("%s %s: a Korean name for another country's holiday: %s" % (country, day, hs))
                if got != want.get(day, ([], [])):
                    problems.append("%s %s: %s, oracle %s" % (country, day, got, want.get(day)))
                checked["holiday days"] += 1 if hs or day in want else 0
            for y in range(FIRST, LAST + 1):
                for m in range(1, 13):
                    n = sum(1 for d in range(1, calendar.monthrange(y, m)[1] + 1)
                            if calendar.weekday(y, m, d) < 5 and datetime.date(y, m, d) not in want)
                    key = "%d-%02d" % (y, m)
                    if workdays.get(key) != n:
                        problems.append("%s %s: %s working days, oracle %d" % (country, key, workdays.get(key), n))
                    checked["months' working days"] += 1
        # The command: every 7th month (all twelve calendar months appear), each day of the month.
        days = first[0]
        for k in range(0, (LAST - FIRST + 1) * 12, 7):
            y, m = FIRST + k // 12, k % 12 + 1
            env = dict(os.environ, LANG="C", LC_ALL="C", CALGRID_HOLIDAYS="", HOME="/nonexistent")
            out = subprocess.run([calgrid, "month", "%d-%02d" % (y, m), "--lunar", "--holidays", country, "--json",
                                  "--today", "%d-%02d-01" % (y, m)], check=True, capture_output=True, text=True, env=env).stdout
            for cell in json.loads(out)["cells"]:
                if not cell["inMonth"]:
                    continue
                day = datetime.date.fromisoformat(cell["date"])
                l = cell["lunar"]
                lun = "%d-%d-%d-%d" % (l["year"], l["month"], l["day"], 1 if l["leap"] else 0) if l else "0-0-0-0"
                hs = [(h["name"], h["nameKo"] if h["nameKo"] is not None else h["name"]) for h in cell["holidays"]]
                if (lun, hs) != days[day]:
                    problems.append("%s %s: C %s, calgrid month %s" % (country, day, days[day], (lun, hs)))
                checked["CLI cells"] += 1
    for p in problems[:20]:
        print(p)
    print("lunar_cells_check: %s; %d C programs; %d problems" % (
        ", ".join("%d %s" % (v, k) for k, v in checked.items()), len(dumps), len(problems)))
    return 1 if problems or checked["lunar days"] < 3 * 18000 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
