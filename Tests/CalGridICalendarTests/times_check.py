#!/usr/bin/env python3
"""Times of day and the agenda against recurring-ical-events (with python-icalendar and zoneinfo,
not libical, not CalGrid) over the phone-shaped corpus (Tests/CalGridICalendarTests/Phones: files in
the shapes todoman, Tasks.org/DAVx5, Apple Reminders, Nextcloud Tasks, Thunderbird, Google Calendar
and Outlook write), in three zones, by `calgrid agenda FROM TO --json --todos FILE --tz ZONE`.

    times_check.py CALGRID PHONES_DIR

For every occurrence the oracle gives in 2026-2027 whose DTSTART (or a VTODO's DUE) is a DATE-TIME,
the agenda must list its item on the day its start falls on in the zone, with `startTime` and
`endTime` the oracle's start and end (DTEND, DUE, or DTSTART + DURATION; the start when it has none
or ends before it) read in the zone, "HH:MM". An all-day occurrence must have neither. Each day's
occurrences must come in the documented order (khal list's: continuing ones first, then by start
time, last day, end time, title). Every timed occurrence is compared, each at its own times: a
recurring item's occurrences keep their wall-clock time in their TZID (or UTC), each read in the
zone by the zone's rules on its own date (docs/icalendar.md, Times of day).
"""
import datetime as dt
import json
import subprocess
import sys

import icalendar
import recurring_ical_events
from corpus import ics_files

ZONES = ["Asia/Seoul", "Europe/Berlin", "America/Los_Angeles"]
LO, HI = dt.date(2026, 1, 1), dt.date(2027, 12, 31)


def hhmm(t, zone):
    return t.astimezone(zone).strftime("%H:%M") if t.tzinfo else t.strftime("%H:%M")


def local(t, zone):
    return t.astimezone(zone) if t.tzinfo else t


def main():
    calgrid, phones = sys.argv[1], sys.argv[2]
    from zoneinfo import ZoneInfo
    exact = allday = files = 0
    failures = []
    for name, path in ics_files([phones]):
        files += 1
        cal = icalendar.Calendar.from_ical(open(path, "rb").read())
        # A UTC value is an instant: the calendar's X-WR-TIMEZONE (Google's export) is not applied
        # to it (docs/icalendar.md, as phones_check.py reads it).
        cal.pop("X-WR-TIMEZONE", None)
        for zname in ZONES:
            zone = ZoneInfo(zname)
            out = subprocess.run([calgrid, "agenda", LO.isoformat(), HI.isoformat(), "--json", "--todos", path, "--tz", zname,
                                  "--today", LO.isoformat()], capture_output=True, text=True)
            if out.returncode != 0:
                failures.append(f"{name} {zname}: calgrid agenda failed: {out.stderr.strip()}")
                continue
            got = json.loads(out.stdout)["occurrences"]
            listed = {(o["id"], o["date"]): o for o in got}
            events = recurring_ical_events.of(cal, components=["VEVENT", "VTODO"]).between(
                dt.datetime(LO.year, 1, 1, tzinfo=zone) - dt.timedelta(days=2), dt.datetime(HI.year + 1, 1, 1, tzinfo=zone))
            occurrences = []
            for c in events:
                uid = str(c["UID"])
                start = c.get("DTSTART") or c.get("DUE")
                if start is None:
                    continue
                s = start.dt
                if c.name == "VTODO":
                    e = c.get("DUE").dt if c.get("DUE") is not None else s
                else:
                    e = c.get("DTEND").dt if c.get("DTEND") is not None else (s + c["DURATION"].dt if c.get("DURATION") is not None else s)
                occurrences.append((uid, s, e))
            occurrences.sort(key=lambda o: (o[0], local(o[1], zone).isoformat() if isinstance(o[1], dt.datetime) else o[1].isoformat()))
            ends = {}   # (uid, first day) -> the occurrence's last day
            for uid, s, e in occurrences:
                timed = isinstance(s, dt.datetime)
                day = local(s, zone).date() if timed else s
                if timed:
                    last = local(e, zone).date() if isinstance(e, dt.datetime) and e > s else day
                else:
                    last = e - dt.timedelta(days=1) if isinstance(e, dt.date) and e > s else day
                ends.setdefault((uid, day.isoformat()), last.isoformat())
                if not (LO <= day <= HI):
                    continue
                o = listed.get((uid, day.isoformat()))
                if o is None:
                    failures.append(f"{name} {zname}: {uid} not listed on {day}")
                    continue
                if not timed:
                    if "startTime" in o:
                        failures.append(f"{name} {zname}: all-day {uid} on {day} has times {o['startTime']}")
                    else:
                        allday += 1
                    continue
                want_end = hhmm(e, zone) if isinstance(e, dt.datetime) and e > s else hhmm(s, zone)
                want = (hhmm(s, zone), want_end)
                have = (o.get("startTime"), o.get("endTime"))
                if have == want:
                    exact += 1
                else:
                    failures.append(f"{name} {zname}: {uid} on {day}: calgrid {have}, recurring-ical-events {want}")
            # The documented order within each day (khal list's): occurrences continuing from an
            # earlier day first, then those starting on it by start time (all-day as 00:00), then
            # by their last day and end time, then by title. Where an occurrence starts and ends
            # is the oracle's; its times are the agenda's own.
            for a, b in zip(got, got[1:]):
                if a["date"] != b["date"]:
                    continue
                ea, eb = ends.get((a["id"], a["date"])), ends.get((b["id"], b["date"]))
                if ea is not None and eb is None:
                    failures.append(f"{name} {zname} {a['date']}: {a['id']} starting that day before {b['id']} continuing from before")
                if ea is None or eb is None:
                    continue
                ka = (a.get("startTime") or "00:00", ea, a.get("endTime") or "00:00", a["title"].encode())
                kb = (b.get("startTime") or "00:00", eb, b.get("endTime") or "00:00", b["title"].encode())
                if ka > kb:
                    failures.append(f"{name} {zname} {a['date']}: {a['id']} before {b['id']} is not khal list's order")
    for f in failures[:30]:
        print("FAIL", f)
    print(f"times_check: {files} phone files x {len(ZONES)} zones: {exact + allday} occurrences compared: {exact} timed "
          f"at recurring-ical-events' start and end, {allday} all-day without times; {len(failures)} failures")
    sys.exit(1 if failures else 0)


main()
