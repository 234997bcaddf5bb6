#!/usr/bin/env python3
"""The iCalendar import's oracle: python-icalendar (not libical) reads .ics files and says what
CalGrid should make of each VTODO and VEVENT, with days in an import zone by zoneinfo (tzdata).

    ical_oracle.py ZONE FILE...

prints one JSON object per item (RECURRENCE-ID overrides left out), in file order:
{"id", "title", "memo", "tags", "start", "end", "done", "createdAt", "recurring", "reminder",
"rings", "kind"}; dates are YYYY-MM-DD or null, createdAt seconds since 1970 or null, reminder minutes
after midnight or null, kind "event" for a VEVENT, else "todo". "rings" is when the item's alarms first
ring, by python-icalendar's own alarm computation (icalendar.alarms, RFC 5545 3.8.6.3 and RFC 9074;
not the reminder rule below): local date-times "YYYY-MM-DDTHH:MM" in ZONE (a DATE or floating anchor
rings at its wall-clock time as written), sorted; null when python-icalendar refuses to place them.

The rules, written from RFC 5545 independently of the Swift code: a date-time with a zone (TZID,
through the file's VTIMEZONE when python-icalendar has one, or UTC) is an instant whose day is read
in ZONE; a floating date-time and a DATE are days as written. A VTODO's end is its DUE, else
DTSTART + DURATION; a VTODO with only one of them falls on that one day, and one whose end is
before its start on its end day (docs/icalendar.md, the shape table). A VEVENT covers [DTSTART, DTEND) (or DTSTART + DURATION): its last day is the
day of the last second before the end, never before the first day; a VEVENT is never done. A VTODO
is done with STATUS:COMPLETED, a COMPLETED property or PERCENT-COMPLETE:100. A recurring item (RRULE
or RDATE) starts on its first occurrence's day and ends on its last's (recurring-ical-events), or on
a DATE UNTIL after it (a rule of days: a DATE or floating start), or has no end when its rule has
neither COUNT nor UNTIL. The reminder is the time of day at which the
first VALARM rings whose TRIGGER is a duration of whole minutes from an anchor the item has
(DTSTART; with RELATED=END a to-do's DUE or an event's DTEND): in ZONE for a date-time with a zone,
as written for a DATE or a floating one (the TRIGGER's text read here: weeks and days nominal, the
rest exact, RFC 5545 3.3.6).
"""
import re
import datetime as dt
import json
import sys
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events
from icalendar.alarms import Alarms


def main() -> int:
    zone = ZoneInfo(sys.argv[1])
    for path in sys.argv[2:]:
        with open(path, "rb") as f:
            data = f.read()
        for cal in icalendar.Calendar.from_ical(data, multiple=True):
            for c in cal.walk():
                if c.name not in ("VTODO", "VEVENT") or "RECURRENCE-ID" in c:
                    continue
                print(json.dumps(item(c, zone, cal), ensure_ascii=False))
    return 0


def moment(v):
    """(kind, value): ('day', date) for DATE and floating values, ('instant', aware datetime) else."""
    if isinstance(v, dt.datetime):
        if v.tzinfo is None:
            return ("wall", v)
        return ("instant", v)
    return ("wall", dt.datetime(v.year, v.month, v.day))


def day(m, zone):
    kind, v = m
    if kind == "wall":
        return v.date()
    return v.astimezone(zone).date()


def plus(m, duration):
    kind, v = m
    nominal = dt.timedelta(days=duration.days)
    exact = duration - nominal
    if kind == "wall":
        return (kind, v + nominal + exact)
    # Days are nominal: kept on the wall clock of the value's zone; the rest is exact.
    wall = v.replace(tzinfo=None) + nominal
    local = wall.replace(tzinfo=v.tzinfo)
    return (kind, (local.astimezone(dt.timezone.utc) + exact))


def later(a, b):
    av = a[1].replace(tzinfo=None) if a[0] == "wall" else a[1].timestamp()
    bv = b[1].replace(tzinfo=None) if b[0] == "wall" else b[1].timestamp()
    if a[0] == "wall" and b[0] == "wall":
        return av > bv
    if a[0] == "instant" and b[0] == "instant":
        return av > bv
    return False


def last_occurrence(cal, c, zone):
    """The day in ZONE of the last occurrence of a recurring item, by recurring-ical-events; None
    when a rule has neither COUNT nor UNTIL."""
    rr = c.get("RRULE")
    rules = rr if isinstance(rr, list) else [rr] if rr is not None else []
    if any("COUNT" not in r and "UNTIL" not in r for r in rules):
        return None
    uid = str(c["UID"])
    # Only this item, its overrides and the zones: another item's endless rule in the same
    # VCALENDAR would otherwise be expanded over the whole window.
    alone = icalendar.Calendar()
    for k, v in cal.items():
        alone.add(k, v)
    for sub in cal.subcomponents:
        if sub.name == "VTIMEZONE" or (sub.name == c.name and str(sub.get("UID", "")) == uid):
            alone.add_component(sub)
    last = None
    for o in recurring_ical_events.of(alone, components=[c.name]).between(dt.date(1900, 1, 1), dt.date(9000, 1, 1)):
        if str(o["UID"]) != uid or str(o.get("STATUS", "")).upper() == "CANCELLED":
            continue
        d = day(moment(o.decoded("DTSTART") if "DTSTART" in o else o.decoded("DUE")), zone)
        last = d if last is None or d > last else last
    # A rule of days (DATE or floating start) with a DATE UNTIL ends on that day, even when it is
    # no occurrence (the todo's end is what an export writes back as UNTIL).
    anchor = c.decoded("DTSTART") if "DTSTART" in c else c.decoded("DUE")
    timed = isinstance(anchor, dt.datetime) and anchor.tzinfo is not None
    for r in rules:
        until = r.get("UNTIL", [None])[0]
        if not timed and isinstance(until, dt.date) and not isinstance(until, dt.datetime):
            last = until if last is None or until > last else last
    return last


TRIGGER_DURATION = re.compile(r"^([+-]?)P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$")


def reminder(c, zone):
    for a in c.subcomponents:
        if a.name != "VALARM" or "TRIGGER" not in a:
            continue
        t = a["TRIGGER"]
        if str(t.params.get("VALUE", "DURATION")).upper() != "DURATION":
            continue
        m = TRIGGER_DURATION.match(t.to_ical().decode())
        if not m:
            continue
        sign = -1 if m.group(1) == "-" else 1
        w, d, h, mi, se = (int(g or 0) for g in m.groups()[1:])
        if se % 60:
            continue
        related = str(t.params.get("RELATED", "START")).upper()
        key = "DTSTART" if related != "END" else ("DUE" if c.name == "VTODO" else "DTEND")
        if key not in c:
            continue
        kind, v = moment(c.decoded(key))
        nominal = dt.timedelta(days=sign * (7 * w + d))
        exact = dt.timedelta(seconds=sign * (3600 * h + 60 * mi + se))
        if kind == "wall":
            rings = v + nominal + exact
        else:
            wall = v.replace(tzinfo=None) + nominal
            rings = (wall.replace(tzinfo=v.tzinfo).astimezone(dt.timezone.utc) + exact).astimezone(zone)
        return rings.hour * 60 + rings.minute
    return None


def rings(c, zone):
    # Alarms by hand rather than c.alarms: that one refuses a VTODO without DTSTART (a DUE alone
    # anchors RELATED=END alarms) and drops alarms before DTSTAMP.
    alarms = Alarms()
    alarms.set_parent(c)
    if "DTSTART" in c:
        alarms.set_start(c.decoded("DTSTART"))
    end = "DUE" if c.name == "VTODO" else "DTEND"
    if end in c:
        alarms.set_end(c.decoded(end))
    for a in c.walk("VALARM"):
        alarms.add_alarm(a)
    out = []
    try:
        times = alarms.times
    except (icalendar.error.IncompleteComponent, ValueError, TypeError):
        return None   # python-icalendar cannot place them (an anchor it refuses): no answer, not "none"
    for a in times:
        t = a.trigger
        if isinstance(t, dt.datetime) and t.tzinfo is not None:
            t = t.astimezone(zone)
        out.append(t.strftime("%Y-%m-%dT%H:%M"))
    return sorted(out)


def first_occurrence_last_day(c, s, start, zone):
    """The last day of an item's own span (its first occurrence's): a to-do's DUE (or DTSTART +
    DURATION) day, an event's day of the last second before DTEND (or DTSTART + DURATION); None
    when it has none."""
    if c.name == "VTODO":
        if "DUE" in c:
            return day(moment(c.decoded("DUE")), zone)
        if "DURATION" in c and c.decoded("DURATION") >= dt.timedelta(0):
            return day(plus(s, c.decoded("DURATION")), zone)
        return None
    e = None
    if "DTEND" in c:
        e = moment(c.decoded("DTEND"))
    elif "DURATION" in c and c.decoded("DURATION") >= dt.timedelta(0):
        e = plus(s, c.decoded("DURATION"))
    if e and later(e, s):
        return max(start, day((e[0], e[1] - dt.timedelta(seconds=1)), zone))
    return None


def item(c, zone, cal=None):
    start = end = None
    s = moment(c.decoded("DTSTART")) if "DTSTART" in c else None
    if s:
        start = day(s, zone)
    if cal is not None and ("RRULE" in c or "RDATE" in c):
        # A recurring item is its occurrences' days: from the first (DTSTART, else a to-do's DUE)
        # to the last, or open when the rule never ends; each instance's own end is not kept.
        if start is None and "DUE" in c:
            start = day(moment(c.decoded("DUE")), zone)
        end = last_occurrence(cal, c, zone)
        # Each occurrence covers the days of the first (DTSTART to DUE or DURATION for a to-do,
        # to the last second before DTEND for an event; RFC 5545 3.8.5.3): the end is the last
        # occurrence's last day.
        last_of_first = first_occurrence_last_day(c, s, start, zone) if s else None
        if end is not None and last_of_first is not None and last_of_first > start:
            end = end + (last_of_first - start)
        s = None
    elif c.name == "VTODO":
        if "DUE" in c:
            end = day(moment(c.decoded("DUE")), zone)
        elif s and "DURATION" in c:
            end = day(plus(s, c.decoded("DURATION")), zone)
        # The days a task list shows a to-do on: DUE only is its due day, DTSTART only its start
        # day, a due before the start its due day (the deadline); both: the span between.
        if start is None or (end is not None and end < start):
            start = end
        elif end is None:
            end = start
    else:
        if s:
            end = first_occurrence_last_day(c, s, start, zone) or start
    done = False
    if c.name == "VTODO":
        status = str(c.get("STATUS", "")).upper()
        pc = c.get("PERCENT-COMPLETE")
        done = status == "COMPLETED" or "COMPLETED" in c or (pc is not None and int(pc) >= 100)
    created = c.decoded("CREATED") if "CREATED" in c else c.decoded("DTSTAMP") if "DTSTAMP" in c else None
    if created is not None:
        if created.tzinfo is None:
            created = created.replace(tzinfo=dt.timezone.utc)
        created = int(created.timestamp())
    tags = []
    for cats in c.get("CATEGORIES", []) if isinstance(c.get("CATEGORIES"), list) else [c.get("CATEGORIES")] if "CATEGORIES" in c else []:
        tags.extend(str(t) for t in cats.cats)
    return {
        "id": str(c["UID"]),
        "title": str(c.get("SUMMARY", "")),
        "memo": str(c["DESCRIPTION"]) if "DESCRIPTION" in c else None,
        "tags": [t for t in tags if t],
        "start": start.isoformat() if start else None,
        "end": end.isoformat() if end else None,
        "done": done,
        "createdAt": created,
        "recurring": "RRULE" in c or "RDATE" in c,
        "reminder": reminder(c, zone),
        "rings": rings(c, zone),
        "kind": "event" if c.name == "VEVENT" else "todo",
    }


if __name__ == "__main__":
    sys.exit(main())
