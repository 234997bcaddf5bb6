#!/usr/bin/env python3
"""Alarm instants (issue 39): every instant `calgrid alarms --json` gives for the alarm corpus
(Tests/CalGridICalendarTests/Alarms: files written for this test in the shapes Thunderbird, Apple
and Google write, each naming its program in X-CALGRID-IMITATES) and the phone-shaped corpus
(Tests/CalGridICalendarTests/Phones) is the one recurring-ical-events (with python-icalendar and
zoneinfo, not libical, not CalGrid) gives, in three zones.

    alarms_check.py CALGRID DIR...

The oracle: `recurring_ical_events.of(calendar, components=["VALARM"]).between(LO, HI)`: each
result is an occurrence's component with the one alarm and its TRIGGER set to the instant it rings
(relative to the occurrence's start, or with RELATED=END its end; absolute ones once; REPEAT and
DURATION expanded; an override's own alarms on its occurrence). CalGrid's rules on top, both
documented (docs/icalendar.md, Alarms): a VTODO that is done (STATUS:COMPLETED, COMPLETED or
PERCENT-COMPLETE:100, the item or its occurrence's override) does not ring; a floating time or a
DATE is read on the zone's wall clock. recurring-ical-events adds a duration to a DATE as whole
days (a -PT15H alarm on an all-day event comes back as the day before); for those the oracle is
python-icalendar's TRIGGER added to the DATE's midnight. Each instant is compared with its item's
id, the day its occurrence starts in the zone and its ACTION. Each file is also converted to the
native format (`calgrid import FILE --out s.json`), whose `calgrid alarms --json` must be the same,
descriptions included (issue 39: the native format keeps alarms); and exported again
(`calgrid export --format ics`, which writes an occurrence's own alarms in a RECURRENCE-ID override),
where recurring-ical-events must find, on every occurrence an override touches, the instants CalGrid
rings from the file it read.
"""
import datetime as dt
import json
import os
import shutil
import subprocess
import sys
import tempfile
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events
from corpus import ics_files

ZONES = ["Europe/Berlin", "Asia/Seoul", "America/Los_Angeles"]
LO = dt.datetime(2026, 1, 1, tzinfo=dt.timezone.utc)
HI = dt.datetime(2028, 1, 1, tzinfo=dt.timezone.utc)
UTC = dt.timezone.utc


def instant(value, zone):
    """A datetime (aware: itself; naive: on the zone's clock) or a date (its midnight there)."""
    if isinstance(value, dt.datetime):
        return value if value.tzinfo else value.replace(tzinfo=zone)
    return dt.datetime.combine(value, dt.time(0), tzinfo=zone)


def day(value, zone):
    return instant(value, zone).astimezone(zone).date() if isinstance(value, dt.datetime) else value


def done(c):
    if c.name != "VTODO":
        return False
    status = str(c.get("STATUS", "")).upper()
    return status == "COMPLETED" or "COMPLETED" in c or int(c.get("PERCENT-COMPLETE", 0) or 0) >= 100


def oracle(path, zone):
    cal = icalendar.Calendar.from_ical(open(path, "rb").read())
    q = recurring_ical_events.of(cal, components=["VALARM"])
    out = []
    # The occurrences themselves (as_component refuses an alarm on a DATE: it sets a date TRIGGER).
    for occ in q._occurrences_between(q.to_datetime(LO - dt.timedelta(days=2)), q.to_datetime(HI + dt.timedelta(days=2))):
        parent = occ.parent
        # An absolute alarm's parent is the item itself (an adapter), a relative one's its occurrence.
        c = parent._component if hasattr(parent, "_component") else parent.as_component(False)
        if done(c):
            continue
        alarm = occ.alarm
        start = c.get("DTSTART")
        start = start.dt if start is not None else c.get("DUE").dt
        at = occ.start
        if not isinstance(at, dt.datetime):
            # A DATE anchor plus a duration: python-icalendar's TRIGGER added to its midnight.
            if alarm.get("REPEAT"):
                raise SystemExit(f"{path}: a repeating alarm on a DATE is not in the oracle")
            anchor = parent.end if alarm.TRIGGER_RELATED == "END" else parent.start
            at = instant(anchor, zone) + alarm.TRIGGER
        at = instant(at, zone).astimezone(UTC)
        if not (LO <= at < HI):
            continue
        out.append((str(c.get("UID")), at.strftime("%Y-%m-%dT%H:%M:%SZ"), day(start, zone).isoformat(),
                    str(alarm.get("ACTION", "OTHER")).upper()))
    return sorted(out)


def native(binary, path, zone, scratch):
    """The file converted to the native format (`calgrid import FILE --out s.json`), where alarms must
    ring at the same instants: the format keeps every alarm whole."""
    out = os.path.join(scratch, "native.json")
    r = subprocess.run([binary, "import", path, "--tz", zone, "--out", out], capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise SystemExit(f"{path} in {zone}: calgrid import --out failed: {r.stderr}")
    return out


def exported(binary, path, zone, scratch):
    """The file read by calgrid and written again as iCalendar (`calgrid export --format ics`)."""
    out = os.path.join(scratch, "exported.ics")
    r = subprocess.run([binary, "export", "--todos", path, "--tz", zone, "--format", "ics", "--out", out],
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise SystemExit(f"{path} in {zone}: calgrid export --format ics failed: {r.stderr}")
    return out


def overridden(path, zone):
    """(UID, day) of each occurrence a RECURRENCE-ID override touches: its RECURRENCE-ID's day and its
    own DTSTART's (DUE's) day in the zone."""
    cal = icalendar.Calendar.from_ical(open(path, "rb").read())
    out = set()
    for c in cal.walk():
        if c.name in ("VEVENT", "VTODO") and "RECURRENCE-ID" in c:
            uid = str(c.get("UID"))
            out.add((uid, day(c.get("RECURRENCE-ID").dt, zone).isoformat()))
            start = c.get("DTSTART") or c.get("DUE")
            if start is not None:
                out.add((uid, day(start.dt, zone).isoformat()))
    return out


def calgrid(binary, path, zone, raw=False):
    r = subprocess.run([binary, "alarms", "--todos", path, "--tz", zone, "--json",
                        "--from", LO.strftime("%Y-%m-%dT%H:%M:%SZ"), "--to", HI.strftime("%Y-%m-%dT%H:%M:%SZ")],
                       capture_output=True, text=True, timeout=60)
    if r.returncode != 0:
        raise SystemExit(f"{path} in {zone}: calgrid alarms failed: {r.stderr}")
    doc = json.loads(r.stdout)
    ats = [a["at"] for a in doc["alarms"]]
    if ats != sorted(ats):
        raise SystemExit(f"{path} in {zone}: instants not in time order")
    if raw:
        return doc["alarms"]
    return sorted((a["id"], a["at"], a["occurrence"], a["action"]) for a in doc["alarms"])


def main():
    binary, dirs = sys.argv[1], sys.argv[2:]
    compared, failures, files, kept, written = 0, [], 0, 0, 0
    scratch = tempfile.mkdtemp()
    for name, path in ics_files(dirs):
        files += 1
        for z in ZONES:
            want, got = oracle(path, ZoneInfo(z)), calgrid(binary, path, z)
            compared += len(want)
            # The same instants, titles and descriptions, in the same order, from the native file.
            direct = calgrid(binary, path, z, raw=True)
            converted = calgrid(binary, native(binary, path, z, scratch), z, raw=True)
            kept += len(direct)
            if direct != converted:
                failures.append(f"{name} in {z}: the native format rings otherwise:\n  ics: {direct}\n  native: {converted}")
            if want != got:
                failures.append(f"{name} in {z}:\n  only recurring-ical-events: {sorted(set(want) - set(got))}\n"
                                f"  only calgrid: {sorted(set(got) - set(want))}")
            # Written back: on the occurrences RECURRENCE-ID overrides touch, recurring-ical-events
            # reads the exported file's alarms as CalGrid rings the source's (an override's own
            # alarms are written in an override again). Elsewhere export writes an alarm kept on
            # UTC's or a TZID's clock on the export zone's wall clock as it rings for the first
            # occurrence (docs/icalendar.md, Alarms), which daylight saving may move: not compared.
            touched = overridden(path, ZoneInfo(z))
            back = [x for x in oracle(exported(binary, path, z, scratch), ZoneInfo(z)) if (x[0], x[2]) in touched]
            got = [x for x in got if (x[0], x[2]) in touched]
            written += len(back)
            if back != got:
                failures.append(f"{name} in {z}, exported:\n  only recurring-ical-events on the export: {sorted(set(back) - set(got))}\n"
                                f"  only calgrid on the source: {sorted(set(got) - set(back))}")
    for f in failures:
        print(f)
    if failures:
        raise SystemExit(f"alarms_check: {len(failures)} file×zone disagree")
    if compared == 0 or written == 0:
        raise SystemExit("alarms_check: no alarm instant compared")
    shutil.rmtree(scratch)
    print(f"alarms_check: {files} files × {len(ZONES)} zones, {compared} alarm instants agree with recurring-ical-events; "
          f"{kept} ring alike from the native format; {written} on overridden occurrences from the exported iCalendar, read by recurring-ical-events")


main()
