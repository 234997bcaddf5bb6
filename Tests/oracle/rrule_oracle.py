#!/usr/bin/env python3
"""Independent oracle for CalGrid's recurrence rules: python-dateutil's rrule, with RFC 5545's
start-day rule applied on top (see below).

Usage: rrule_oracle.py random SEED COUNT    seeded random rules, every part CalGrid models
       rrule_oracle.py rfc                  RFC 5545 §3.8.5.3's examples, restricted to date-only rules

Writes one line per (rule, window):
    RULE|START|RDATES|EXDATES|ZONE|LO|HI|DAYS
START, LO, HI and every day are CalGrid day numbers (date.toordinal() - 719163); RDATES, EXDATES
and DAYS are comma-separated (maybe empty); ZONE is the tzdata name a UTC UNTIL is reduced in
(its local day there is the last day the rule may fall on). DAYS are the occurrences in LO...HI.

Where dateutil departs from RFC 5545 the oracle follows the RFC:
  - The start day (DTSTART) is always the first occurrence and counts toward COUNT. dateutil yields
    DTSTART only when the rule produces it; when it does not, the oracle adds it and asks dateutil
    for COUNT-1 rule days.
  - BYDAY mixing plain weekdays and ordinals (MONTHLY or YEARLY, "MO,1TU") means either (RFC: the
    union); dateutil requires both. Such rules are drawn only without COUNT and BYSETPOS, and the
    oracle unites dateutil's answers for the plain and the ordinal halves.
  - BYSETPOS in a WEEKLY rule counts in the start's whole week (the period, as in MONTHLY and
    YEARLY rules); dateutil counts from DTSTART to the week's end. The oracle runs dateutil from
    the week's first day and drops the days before the start (COUNT raised by their number).
  - Where RFC 5545 leaves a YEARLY rule open, the oracle follows libical and ical.js (Thunderbird,
    Evolution, CalDAV servers), as CalGrid does (docs/recurrence.md), by spelling out for dateutil
    the part those libraries take from DTSTART: BYMONTHDAY without BYMONTH (and without BYDAY,
    BYWEEKNO, BYYEARDAY) gets BYMONTH=DTSTART's month (dateutil expands every month: 12x the days
    of a yearly anniversary); BYWEEKNO without BYDAY (and without BYMONTHDAY, BYYEARDAY) gets
    BYDAY=DTSTART's weekday (dateutil takes all seven days of the week). The random rules still
    draw both shapes; their days are dateutil's for the spelled-out rule.
  - A YEARLY rule with BYWEEKNO counts its INTERVAL and BYSETPOS in week-based years (weeks from
    WKST, week 1 the one holding January 4th), as libical does: BYWEEKNO=1 is the whole of week 1,
    its days in the December before included. dateutil's periods are calendar years, so for such
    rules with INTERVAL > 1 or BYSETPOS the oracle groups dateutil's days of every year by
    week-year itself (week_year_days); with INTERVAL=1 and no BYSETPOS the two readings agree.
  - BYWEEKNO=-52/-53 on days of the next year's week 1: dateutil leaves its "TODO: check
    -numweeks for next year" undone, so the random rules use negative week numbers -1...-51 only.
"""
import datetime
import random
import sys
import warnings
from zoneinfo import ZoneInfo

import dateutil.rrule
from dateutil.rrule import rrulestr


class _Horizon:
    """dateutil.rrule's view of the datetime module with MAXYEAR lowered: dateutil checks UNTIL only
    on days a rule yields, so a rule that yields nothing walks its periods to year 9999 (seconds per
    rule); with the horizon it stops after the window's year."""
    MAXYEAR = datetime.MAXYEAR

    def __getattr__(self, name):
        return getattr(datetime, name)


HORIZON = _Horizon()
dateutil.rrule.datetime = HORIZON

EPOCH = 719163
WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
FIRST = datetime.date(1900, 1, 1).toordinal()
LAST = datetime.date(2100, 12, 31).toordinal()


def num(d):
    return d.toordinal() - EPOCH


def until_day(value, zone):
    """The last day a rule's UNTIL lets it fall on, in `zone` for a UTC DATE-TIME."""
    d = datetime.date(int(value[0:4]), int(value[4:6]), int(value[6:8]))
    if len(value) == 16:
        t = datetime.datetime(d.year, d.month, d.day, int(value[9:11]), int(value[11:13]),
                              min(int(value[13:15]), 59), tzinfo=datetime.timezone.utc)
        return t.astimezone(ZoneInfo(zone)).date()
    return d


def dateutil_days(parts, start, last):
    """dateutil's days of the rule given as (name, value) parts, from `start` through `last`."""
    text = ";".join(f"{k}={v}" for k, v in parts)
    rule = rrulestr(text, dtstart=datetime.datetime.combine(start, datetime.time()))
    stop = datetime.datetime.combine(last, datetime.time())
    # dateutil walks a rule that never occurs to year 9999; an UNTIL at `last` stops it there.
    # (With COUNT that is a DeprecationWarning, and the earlier bound wins, as wanted.)
    HORIZON.MAXYEAR = last.year + 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rule = rule.replace(until=min(stop, rule._until or stop))
    return [t.date() for t in rule]


def parts_value(parts, name):
    return next((v for k, v in parts if k == name), None)


def week_year_days(parts, start, last):
    """A YEARLY rule with BYWEEKNO read on week-based years (libical's reading; dateutil's periods
    are calendar years): dateutil gives the days of every week-year (INTERVAL and BYSETPOS left
    out, from the first day of the start's week-year), grouped here by week-year (weeks from WKST,
    week 1 holding January 4th: a week's year is its fourth day's), every INTERVAL-th from the
    start's kept, BYSETPOS applied within each, then COUNT from the start."""
    wkst = WEEKDAYS.index(parts_value(parts, "WKST") or "MO")
    interval = int(parts_value(parts, "INTERVAL") or 1)
    count = parts_value(parts, "COUNT")
    setpos = [int(x) for x in (parts_value(parts, "BYSETPOS") or "").split(",") if x]

    def week_first(d):
        return d - datetime.timedelta(days=(d.weekday() - wkst) % 7)

    def week_year(d):
        return (week_first(d) + datetime.timedelta(days=3)).year

    first = week_first(datetime.date(week_year(start), 1, 4))
    base = [(k, v) for k, v in parts if k not in ("INTERVAL", "BYSETPOS", "COUNT")]
    groups = {}
    for d in dateutil_days(base, first, last):
        groups.setdefault(week_year(d), []).append(d)
    out = []
    for y in sorted(groups):
        if (y - week_year(start)) % interval:
            continue
        days = sorted(groups[y])
        if setpos:
            days = [d for i, d in enumerate(days) if i + 1 in setpos or i - len(days) in setpos]
        out += [d for d in days if d >= start]
    return out[:int(count)] if count else out


def occurrences(parts, start, rdates, exdates, zone, last):
    """RFC 5545 occurrences from `start` through `last`, per the module docstring."""
    parts = list(parts)
    for i, (k, v) in enumerate(parts):
        if k == "UNTIL":  # bound by the day, as CalGrid does (the rule's days have no time)
            parts[i] = ("UNTIL", until_day(v, zone).strftime("%Y%m%d"))
    count = next((int(v) for k, v in parts if k == "COUNT"), None)
    freq = parts_value(parts, "FREQ")
    if freq == "YEARLY" and not parts_value(parts, "BYDAY") and not parts_value(parts, "BYYEARDAY"):
        # The calendar world's readings (libical, ical.js), not dateutil's: see the docstring.
        if parts_value(parts, "BYMONTHDAY") and not parts_value(parts, "BYMONTH") and not parts_value(parts, "BYWEEKNO"):
            parts.append(("BYMONTH", str(start.month)))
        if parts_value(parts, "BYWEEKNO") and not parts_value(parts, "BYMONTHDAY"):
            parts.append(("BYDAY", WEEKDAYS[start.weekday()]))
    interval = int(parts_value(parts, "INTERVAL") or 1)
    if freq == "YEARLY" and parts_value(parts, "BYWEEKNO") and (interval > 1 or parts_value(parts, "BYSETPOS")):
        expand = week_year_days
    elif freq == "WEEKLY" and parts_value(parts, "BYSETPOS"):
        # BYSETPOS counts in the whole week of the start (RFC 5545: the set is the period's); dateutil
        # counts only from DTSTART to the week's end. Run it from the week's first day instead, with
        # BYDAY spelled out (its default comes from DTSTART), and drop what comes before the start.
        wkst = WEEKDAYS.index(parts_value(parts, "WKST") or "MO")
        first = start - datetime.timedelta(days=(start.weekday() - wkst) % 7)
        if not parts_value(parts, "BYDAY"):
            parts.append(("BYDAY", WEEKDAYS[start.weekday()]))
        early = len([d for d in dateutil_days([p for p in parts if p[0] != "COUNT"], first, start) if d < start])

        def from_start(parts, _start, last):
            shifted = [(k, str(int(v) + early) if k == "COUNT" else v) for k, v in parts]
            return [d for d in dateutil_days(shifted, first, last) if d >= start]
        expand = from_start
    else:
        expand = dateutil_days
    byday = next((v for k, v in parts if k == "BYDAY"), None)
    items = byday.split(",") if byday else []
    plain = [x for x in items if len(x) == 2]
    nth = [x for x in items if len(x) > 2]
    if plain and nth:
        assert count is None and not any(k == "BYSETPOS" for k, _ in parts)
        halves = []
        for half in (plain, nth):
            halves.append([(k, ",".join(half) if k == "BYDAY" else v) for k, v in parts])
        days = set(expand(halves[0], start, last)) | set(expand(halves[1], start, last))
        days = sorted(days)
    else:
        days = expand(parts, start, last)
    if (not days or days[0] != start) and count is not None:
        # RFC 5545: DTSTART is the first of the COUNT occurrences even when the rule skips it.
        days = [] if count == 1 else expand(
            [(k, str(count - 1) if k == "COUNT" else v) for k, v in parts], start, last)
    result = set(days) | {start} | set(rdates)
    return sorted(result - set(exdates))


def emit(out, rule, start, rdates, exdates, zone, windows):
    parts = [tuple(p.split("=", 1)) for p in rule.split(";")]
    lastlo = max(hi for _, hi in windows)
    days = occurrences(parts, start, rdates, exdates, zone, lastlo)
    for lo, hi in windows:
        inside = [num(d) for d in days if lo <= d <= hi]
        out.write("|".join([rule, str(num(start)), ",".join(str(num(d)) for d in rdates),
                            ",".join(str(num(d)) for d in exdates), zone, str(num(lo)), str(num(hi)),
                            ",".join(map(str, inside))]) + "\n")


def random_rule(rng, start):
    freq = rng.choice(["DAILY", "WEEKLY", "MONTHLY", "YEARLY"])
    parts = [("FREQ", freq)]
    if rng.random() < 0.5:
        parts.append(("INTERVAL", str(rng.choice([2, 2, 3, 4, 5, 7, 13, 52]))))
    roll = rng.random()
    bounded = None
    if roll < 0.3:
        bounded = "COUNT"
        parts.append(("COUNT", str(rng.choice([1, 2, 3, 5, 10, 25, 60]))))
    elif roll < 0.55:
        bounded = "UNTIL"
        until = datetime.date.fromordinal(start.toordinal() + rng.randint(-60, 20 * 366))
        u = until.strftime("%Y%m%d")
        if rng.random() < 0.3:
            u += "T%02d%02d%02dZ" % (rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))
        parts.append(("UNTIL", u))
    day_part = False
    if rng.random() < 0.3:
        parts.append(("BYMONTH", ",".join(str(m) for m in rng.sample(range(1, 13), rng.randint(1, 3)))))
    if freq == "YEARLY" and rng.random() < 0.15:
        weeks = [rng.choice([rng.randint(1, 53), -rng.randint(1, 51)]) for _ in range(rng.randint(1, 3))]
        parts.append(("BYWEEKNO", ",".join(map(str, weeks))))
        day_part = True
    if freq == "YEARLY" and rng.random() < 0.15:
        days = [rng.choice([rng.randint(1, 366), -rng.randint(1, 366)]) for _ in range(rng.randint(1, 4))]
        parts.append(("BYYEARDAY", ",".join(map(str, days))))
        day_part = True
    if freq != "WEEKLY" and rng.random() < 0.25:
        days = [rng.choice([rng.randint(1, 31), -rng.randint(1, 31)]) for _ in range(rng.randint(1, 3))]
        parts.append(("BYMONTHDAY", ",".join(map(str, days))))
        day_part = True
    setpos = rng.random() < 0.2
    if rng.random() < 0.45:
        items = set()
        ordinals = freq in ("MONTHLY", "YEARLY") and not any(k == "BYWEEKNO" for k, _ in parts)
        mix = ordinals and bounded != "COUNT" and not setpos and rng.random() < 0.2
        if ordinals and (mix or rng.random() < 0.5):
            limit = 5 if freq == "MONTHLY" or any(k == "BYMONTH" for k, _ in parts) else 53
            for _ in range(rng.randint(1, 2)):
                n = rng.randint(1, limit) * rng.choice([1, -1])
                items.add(f"{n}{rng.choice(WEEKDAYS)}")
        if mix or not items:
            items.update(rng.sample(WEEKDAYS, rng.randint(1, 4)))
        parts.append(("BYDAY", ",".join(sorted(items))))
        day_part = True
    if setpos:
        pos = [rng.choice([rng.randint(1, 8), -rng.randint(1, 8)]) for _ in range(rng.randint(1, 2))]
        parts.append(("BYSETPOS", ",".join(map(str, pos))))
    if rng.random() < 0.3:
        parts.append(("WKST", rng.choice(WEEKDAYS)))
    rng.shuffle(parts)   # any part order parses the same
    return ";".join(f"{k}={v}" for k, v in parts), day_part


def random_cases(seed, count):
    rng = random.Random(seed)
    out = sys.stdout
    zones = ["UTC", "America/New_York", "Asia/Kathmandu", "Pacific/Kiritimati", "Europe/Berlin"]
    for _ in range(count):
        start = datetime.date.fromordinal(rng.randint(FIRST, LAST - 400))
        rule, _ = random_rule(rng, start)
        near = [datetime.date.fromordinal(start.toordinal() + rng.randint(-30, 700)) for _ in range(rng.randint(0, 3))]
        rdates = sorted(set(near)) if rng.random() < 0.2 else []
        exdates = []
        if rng.random() < 0.3:
            parts = [tuple(p.split("=", 1)) for p in rule.split(";")]
            soon = occurrences(parts, start, [], [], "UTC", datetime.date.fromordinal(start.toordinal() + 800))
            exdates = sorted(set(rng.sample(soon, min(len(soon), rng.randint(1, 3))) + [start] * (rng.random() < 0.2)))
        zone = rng.choice(zones)
        windows = []
        for _ in range(2):
            lo = start.toordinal() + rng.choice([0, rng.randint(-400, 400), rng.randint(0, 30 * 366)])
            lo = min(max(lo, FIRST), LAST - 1)
            hi = min(lo + rng.choice([0, 6, 30, 92, 366, 800]), LAST)
            windows.append((datetime.date.fromordinal(lo), datetime.date.fromordinal(hi)))
        emit(out, rule, start, rdates, exdates, zone, windows)


# RFC 5545 §3.8.5.3, the examples whose rule is about days (the hourly/minutely ones are left out);
# DTSTART is the example's local day, UNTIL is reduced in its zone (America/New_York).
RFC = [
    ("19970902", "FREQ=DAILY;COUNT=10", []),
    ("19970902", "FREQ=DAILY;UNTIL=19971224T000000Z", []),
    ("19970902", "FREQ=DAILY;INTERVAL=2", []),
    ("19970902", "FREQ=DAILY;INTERVAL=10;COUNT=5", []),
    ("19980101", "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA", []),
    ("19980101", "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1", []),
    ("19970902", "FREQ=WEEKLY;COUNT=10", []),
    ("19970902", "FREQ=WEEKLY;UNTIL=19971224T000000Z", []),
    ("19970902", "FREQ=WEEKLY;INTERVAL=2;WKST=SU", []),
    ("19970902", "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH", []),
    ("19970902", "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH", []),
    ("19970901", "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR", []),
    ("19970902", "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH", []),
    ("19970905", "FREQ=MONTHLY;COUNT=10;BYDAY=1FR", []),
    ("19970905", "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR", []),
    ("19970907", "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU", []),
    ("19970922", "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO", []),
    ("19970928", "FREQ=MONTHLY;BYMONTHDAY=-3", []),
    ("19970902", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15", []),
    ("19970930", "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1", []),
    ("19970910", "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15", []),
    ("19970902", "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU", []),
    ("19970610", "FREQ=YEARLY;COUNT=10;BYMONTH=6,7", []),
    ("19970310", "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3", []),
    ("19970101", "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200", []),
    ("19970519", "FREQ=YEARLY;BYDAY=20MO", []),
    ("19970512", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", []),
    ("19970313", "FREQ=YEARLY;BYMONTH=3;BYDAY=TH", []),
    ("19970605", "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8", []),
    ("19970902", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13", ["19970902"]),
    ("19970913", "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13", []),
    ("19961105", "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8", []),
    ("19970904", "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3", []),
    ("19970929", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2", []),
    ("19970805", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO", []),
    ("19970805", "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU", []),
    ("20070115", "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5", []),
]


def rfc_cases():
    def day(s):
        return datetime.date(int(s[0:4]), int(s[4:6]), int(s[6:8]))
    for start, rule, exdates in RFC:
        s = day(start)
        # The examples' years, and one window decades on (the "forever" rules go on).
        windows = [(s, datetime.date(s.year + 3, 12, 31)), (datetime.date(2030, 1, 1), datetime.date(2031, 12, 31))]
        emit(sys.stdout, rule, s, [], [day(e) for e in exdates], "America/New_York", windows)


if __name__ == "__main__":
    if sys.argv[1] == "random":
        random_cases(int(sys.argv[2]), int(sys.argv[3]))
    else:
        rfc_cases()
