#!/usr/bin/env python3
"""When the alarms of the to-dos and events of .ics files ring, by python-icalendar's own alarm
computation (icalendar.alarms, RFC 5545 3.8.6.3 and RFC 9074), not CalGrid's and not libical's.

    ical_alarm_times.py ZONE FILE...

prints one JSON object per VTODO or VEVENT that is not a RECURRENCE-ID instance: {"id", "rings"}:
the instants its alarms first ring at, as local date-times "YYYY-MM-DDTHH:MM" in ZONE (a DATE or
floating anchor rings at its wall-clock time as written), sorted.
"""
import datetime as dt
import json
import sys
from zoneinfo import ZoneInfo

import icalendar
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
                # Alarms by hand rather than c.alarms: that one refuses a VTODO without DTSTART
                # (a DUE alone anchors RELATED=END alarms) and drops alarms before DTSTAMP.
                alarms = Alarms()
                alarms.set_parent(c)
                if "DTSTART" in c:
                    alarms.set_start(c.decoded("DTSTART"))
                end = "DUE" if c.name == "VTODO" else "DTEND"
                if end in c:
                    alarms.set_end(c.decoded(end))
                for a in c.walk("VALARM"):
                    alarms.add_alarm(a)
                rings = []
                for a in alarms.times:
                    t = a.trigger
                    if isinstance(t, dt.datetime) and t.tzinfo is not None:
                        t = t.astimezone(zone)
                    rings.append(t.strftime("%Y-%m-%dT%H:%M"))
                print(json.dumps({"id": str(c["UID"]), "rings": sorted(rings)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
