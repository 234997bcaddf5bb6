#!/usr/bin/env python3
"""The occurrence days of the recurring items of .ics files, by python-icalendar and
recurring-ical-events (not libical, not CalGrid's rule engine), with days in an import zone.

    ical_occurrences.py ZONE FROM TO FILE...

prints one JSON object per recurring VTODO or VEVENT (RRULE or RDATE): {"id", "days", "done"}:
the days (YYYY-MM-DD, sorted, no repeats) in ZONE of the occurrences that start between FROM and TO
(YYYY-MM-DD, inclusive: the window is widened by two days on each side and cut after reading the
days, so no zone puts an occurrence outside it), and the days of those a RECURRENCE-ID instance
marks completed. The rules, from RFC 5545: an occurrence's day is the day of its start, DTSTART
(DUE for a to-do without one); a date-time with a zone is an instant read in ZONE, a DATE or a
floating date-time is the day as written; EXDATE, and an override's new DTSTART, are applied by
recurring-ical-events; a cancelled instance is not an occurrence.
"""
import datetime as dt
import json
import sys
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events


def day_of(v, zone):
    if isinstance(v, dt.datetime):
        return v.date() if v.tzinfo is None else v.astimezone(zone).date()
    return v


def main() -> int:
    zone = ZoneInfo(sys.argv[1])
    lo, hi = dt.date.fromisoformat(sys.argv[2]), dt.date.fromisoformat(sys.argv[3])
    for path in sys.argv[4:]:
        with open(path, "rb") as f:
            data = f.read()
        for cal in icalendar.Calendar.from_ical(data, multiple=True):
            recurring = [c for c in cal.walk() if c.name in ("VTODO", "VEVENT") and "RECURRENCE-ID" not in c
                         and ("RRULE" in c or "RDATE" in c)]
            if not recurring:
                continue
            found = {}
            query = recurring_ical_events.of(cal, components=["VEVENT", "VTODO"])
            for o in query.between(lo - dt.timedelta(days=2), hi + dt.timedelta(days=3)):
                uid = str(o["UID"])
                if str(o.get("STATUS", "")).upper() == "CANCELLED":
                    continue
                start = o.decoded("DTSTART") if "DTSTART" in o else o.decoded("DUE")
                d = day_of(start, zone)
                if not lo <= d <= hi:
                    continue
                days, done = found.setdefault(uid, (set(), set()))
                days.add(d)
                if "RECURRENCE-ID" in o and str(o.get("STATUS", "")).upper() == "COMPLETED":
                    done.add(d)
            for c in recurring:
                uid = str(c["UID"])
                days, done = found.get(uid, (set(), set()))
                print(json.dumps({"id": uid, "days": sorted(x.isoformat() for x in days),
                                  "done": sorted(x.isoformat() for x in done)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
