#!/usr/bin/env python3
"""`calgrid add --skip-holidays` against python-holidays and Python's calendar (make test-cli-holidays,
the lunar venv of mk/lunar.mk): a challenge's days are its repeat days (Monday to Friday by default)
minus the country's public holidays between its first and last day; ticking a day of the challenge
works, ticking a holiday is refused, and its progress and current streak count working days only.

usage: skip_holidays_test.py CALGRID
"""
import calendar
import datetime
import json
import os
import subprocess
import sys
import tempfile

import holidays

HERE = os.path.dirname(os.path.abspath(__file__))
WEEKDAYS = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}


def deliberate():
    """Korea's election days and one-off decrees, which CalGrid leaves out on purpose."""
    rows = [l.rstrip("\n").split("\t") for l in open(os.path.join(HERE, "..", "oracle", "holidays_deliberate.tsv"),
                                                     encoding="utf-8") if l.strip() and not l.startswith("#")]
    return {r[1] for r in rows if r[0] == "election"}, {(r[2], r[1]) for r in rows if r[0] == "decree"}


ELECTIONS, DECREES = deliberate()


def holiday_days(country, first, last):
    ko = holidays.country_holidays(country, years=range(first.year, last.year + 1), categories=("public",),
                                   language="ko" if country == "KR" else "en_US")
    out = set()
    for day, names in ko.items():
        kept = [n for n in names.split("; ") if country != "KR" or (n not in ELECTIONS and (day.isoformat(), n) not in DECREES)]
        if kept and first <= day <= last:
            out.add(day)
    return out


def days(first, last):
    d = first
    while d <= last:
        yield d
        d += datetime.timedelta(days=1)


def run(calgrid, args, env, ok=True):
    p = subprocess.run([calgrid] + args, capture_output=True, text=True, env=env, timeout=60)
    if ok and p.returncode != 0:
        raise SystemExit("calgrid %s: exit %d: %s" % (" ".join(args), p.returncode, p.stderr))
    return p


# (country, first, last, --repeat or None, today): spans with Chuseok, Seollal (and a decree day
# CalGrid keeps as a working day: 2025-01-27), a US Thanksgiving and Christmas, German Christmas.
CASES = [
    ("KR", "2026-09-01", "2026-10-31", None, "2026-10-20"),
    ("KR", "2025-01-02", "2025-02-28", None, "2025-02-10"),
    ("KR", "2026-05-01", "2026-05-31", "mon,wed,fri", "2026-05-29"),
    ("US", "2026-11-02", "2026-12-31", None, "2026-12-30"),
    ("US", "2027-06-28", "2027-07-09", "mon,tue,wed,thu,fri,sat", "2027-07-09"),
    ("DE", "2026-12-14", "2027-01-15", None, "2027-01-08"),
]


def main(calgrid):
    checks = 0
    with tempfile.TemporaryDirectory() as tmp:
        env = {"PATH": "/usr/bin:/bin", "HOME": tmp, "LANG": "C", "CALGRID_TODOS": os.path.join(tmp, "todos.json")}
        for k, (country, first, last, repeat, today) in enumerate(CASES):
            env["CALGRID_TODOS"] = os.path.join(tmp, "todos-%d.json" % k)   # one store a case: its days are the challenge's
            f, l, t = (datetime.date.fromisoformat(x) for x in (first, last, today))
            allowed = {WEEKDAYS[w] for w in repeat.split(",")} if repeat else {0, 1, 2, 3, 4}
            off = holiday_days(country, f, l)
            want = [d for d in days(f, l) if calendar.weekday(d.year, d.month, d.day) in allowed and d not in off]
            assert off and len(want) > 5, (country, first)
            args = ["add", "Challenge %d" % k, "--challenge", "--start", first, "--end", last, "--skip-holidays",
                    "--holidays", country.lower(), "--id", "c%d" % k, "--today", first]
            if repeat:
                args += ["--repeat", repeat]
            run(calgrid, args, env)
            # Tick every working day up to today but the third: the streak is the run after it.
            past = [d for d in want if d <= t]
            for d in past[:2] + past[3:]:
                run(calgrid, ["done", "c%d" % k, "--on", d.isoformat(), "--today", today], env)
            shown = json.loads(run(calgrid, ["show", "c%d" % k, "--json", "--today", today], env).stdout)
            done = sorted(shown["doneDates"])
            expect_done = [d.isoformat() for d in past[:2] + past[3:]]
            problems = []
            if done != expect_done:
                problems.append("done days %s, expected %s" % (done, expect_done))
            if shown["totalDays"] != len(want) or shown["doneDays"] != len(past) - 1:
                problems.append("progress %s of %s days, oracle %d of %d working days" % (
                    shown["doneDays"], shown["totalDays"], len(past) - 1, len(want)))
            if shown["currentStreak"] != len(past) - 3:
                problems.append("current streak %s, oracle %d" % (shown["currentStreak"], len(past) - 3))
            if shown["longestStreak"] != max(2, len(past) - 3):
                problems.append("longest streak %s, oracle %d" % (shown["longestStreak"], max(2, len(past) - 3)))
            # A holiday among the repeat weekdays is no day of the challenge: ticking it is refused.
            on_weekday = sorted(d for d in off if calendar.weekday(d.year, d.month, d.day) in allowed)
            if on_weekday:
                p = run(calgrid, ["done", "c%d" % k, "--on", on_weekday[0].isoformat(), "--today", today], env, ok=False)
                if p.returncode == 0:
                    problems.append("ticking the holiday %s succeeded" % on_weekday[0])
            # The days the store says the challenge falls on: every day of its span, through the month view.
            fall = set()
            for y, m in sorted({(d.year, d.month) for d in days(f, l)}):
                out = json.loads(run(calgrid, ["month", "%d-%02d" % (y, m), "--json", "--today", today,
                                               "--holidays", "none"], env).stdout)
                fall |= {c["date"] for c in out["cells"] if c["inMonth"] and c["count"] > 0}
            ours = sorted(fall)
            mine = [d.isoformat() for d in want]
            if ours != mine:
                problems.append("month view days %s, oracle %s" % (sorted(set(ours) ^ set(mine))[:8], len(mine)))
            checks += 1
            if problems:
                print("%s %s...%s: %s" % (country, first, last, "; ".join(problems)))
                return 1
            print("%s %s...%s%s: %d working days (%d holidays skipped), %d ticked, streak %d: as python-holidays says" % (
                country, first, last, " " + repeat if repeat else "", len(want), len(off), len(past) - 1, len(past) - 3))
        # Without a country there is nothing to skip: a clear error, nothing added.
        p = run(calgrid, ["add", "No country", "--challenge", "--end", "2026-12-31", "--skip-holidays", "--today", "2026-12-01"],
                dict(env, CALGRID_HOLIDAYS=""), ok=False)
        if p.returncode == 0 or "--skip-holidays" not in p.stderr:
            print("--skip-holidays without a country: exit %d, %s" % (p.returncode, p.stderr))
            return 1
        p = run(calgrid, ["add", "No end", "--challenge", "--skip-holidays", "--holidays", "kr", "--today", "2026-12-01"], env, ok=False)
        if p.returncode == 0 or "--end" not in p.stderr:
            print("--skip-holidays without an end: exit %d, %s" % (p.returncode, p.stderr))
            return 1
        checks += 2
    print("skip_holidays_test: %d checks passed" % checks)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
