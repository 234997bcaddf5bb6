#!/usr/bin/env python3
"""What CalGrid writes for a zoned item against recurring-ical-events (python-icalendar and
zoneinfo, not libical, not CalGrid): every file of the given directories is read by calgrid in an
import zone, kept in the native format, and written again as a new .ics (`calgrid export --format
ics`), so each item with a zone of its own (`timeZone`) is written by CalGrid, not spliced. For each
such item, every occurrence recurring-ical-events finds in 2026-2027 in the written file must start
and end at the instants it finds in the original file, read in three zones. The written file is
read twice: as written (TZID=Europe/Berlin, which python-icalendar resolves through zoneinfo), and
with every TZID renamed to one no zone database knows, so that readers must use the VTIMEZONE
CalGrid wrote. Then calgrid itself reads the renamed file (times_check.py's comparison, run on it).

    written_zones_check.py CALGRID DIR...
"""
import datetime as dt
import json
import os
import re
import subprocess
import sys
import tempfile

import icalendar
import recurring_ical_events
from zoneinfo import ZoneInfo
from corpus import ics_files

ZONES = ["Asia/Seoul", "Europe/Berlin", "America/Los_Angeles"]
IMPORT_ZONES = ["Asia/Seoul", "America/New_York"]
LO, HI = dt.date(2026, 1, 1), dt.date(2027, 12, 31)


def occurrences(data, uids, zone):
    cal = icalendar.Calendar.from_ical(data)
    cal.pop("X-WR-TIMEZONE", None)
    out = {}
    for c in recurring_ical_events.of(cal, components=["VEVENT", "VTODO"]).between(
            dt.datetime(LO.year, 1, 1, tzinfo=zone), dt.datetime(HI.year + 1, 1, 1, tzinfo=zone)):
        uid = str(c["UID"])
        if uid not in uids:
            continue
        start = c.get("DTSTART") or c.get("DUE")
        s = start.dt
        if not isinstance(s, dt.datetime):
            out.setdefault(uid, []).append(("all-day", s.isoformat()))
            continue
        if c.name == "VTODO":
            e = c.get("DUE").dt if c.get("DUE") is not None else s
        else:
            e = c.get("DTEND").dt if c.get("DTEND") is not None else (s + c["DURATION"].dt if c.get("DURATION") is not None else s)
        def at(t):
            # A floating value is the wall clock of the zone it is read in.
            return (t if t.tzinfo else t.replace(tzinfo=zone)).astimezone(zone).isoformat()
        out.setdefault(uid, []).append((at(s), at(e)))
    return {u: sorted(v) for u, v in out.items()}


def renamed(data):
    """Every TZID (parameter and VTIMEZONE property) renamed to one no zone database has."""
    text = data.decode()
    text = re.sub(r"TZID=([^:;]+)", lambda m: "TZID=CalGrid-Test-" + m.group(1).replace("/", "-"), text)
    text = re.sub(r"\r\nTZID:([^\r]+)", lambda m: "\r\nTZID:CalGrid-Test-" + m.group(1).replace("/", "-"), text)
    return text.encode()


def main():
    calgrid, dirs = sys.argv[1], sys.argv[2:]
    failures = []
    compared = items = files = vtimezones = 0
    work = tempfile.mkdtemp(prefix="calgrid-written-zones-")
    renamed_dir = os.path.join(work, "renamed")
    os.mkdir(renamed_dir)
    for name, path in ics_files(dirs):
        files += 1
        original = open(path, "rb").read()
        for iz in IMPORT_ZONES:
            native = subprocess.run([calgrid, "export", "--todos", path, "--tz", iz], capture_output=True)
            if native.returncode != 0:
                failures.append(f"{name} {iz}: calgrid export failed: {native.stderr.decode().strip()}")
                continue
            zoned = {t["id"] for t in json.loads(native.stdout)["todos"] if "timeZone" in t}
            if not zoned:
                continue
            npath = os.path.join(work, f"{name}.{iz.replace('/', '-')}.json")
            open(npath, "wb").write(native.stdout)
            written = subprocess.run([calgrid, "export", "--todos", npath, "--tz", iz, "--format", "ics"], capture_output=True)
            if written.returncode != 0:
                failures.append(f"{name} {iz}: calgrid export --format ics failed: {written.stderr.decode().strip()}")
                continue
            data = written.stdout
            if b"X-LIC-ERROR" in data:
                failures.append(f"{name} {iz}: X-LIC-ERROR written")
            vtimezones += data.count(b"BEGIN:VTIMEZONE")
            other = renamed(data)
            open(os.path.join(renamed_dir, f"{iz.replace('/', '-')}-{name}"), "wb").write(other)
            items += len(zoned)
            for z in ZONES:
                zone = ZoneInfo(z)
                want = occurrences(original, zoned, zone)
                for label, got in (("as written", occurrences(data, zoned, zone)), ("by its VTIMEZONE", occurrences(other, zoned, zone))):
                    for uid in sorted(zoned):
                        w, g = want.get(uid, []), got.get(uid, [])
                        if w != g:
                            missing = [o for o in w if o not in g][:2]
                            extra = [o for o in g if o not in w][:2]
                            failures.append(f"{name} read in {iz}, {uid} {label} in {z}: {len(g)} occurrences, original {len(w)}; "
                                            f"original only {missing}, written only {extra}")
                        else:
                            compared += len(w)
    # calgrid reads what it wrote, each TZID through the VTIMEZONE it wrote, as recurring-ical-events does.
    times = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "times_check.py"), calgrid, renamed_dir],
                           capture_output=True, text=True)
    print(times.stdout.strip())
    if times.returncode != 0:
        failures.append("times_check over the written files failed")
    for f in failures[:30]:
        print("FAIL", f)
    print(f"written_zones_check: {files} files x {len(IMPORT_ZONES)} import zones, {items} zoned items written "
          f"({vtimezones} VTIMEZONEs), in {len(ZONES)} zones as written and by their VTIMEZONE: {compared} occurrences "
          f"at the original's instants; {len(failures)} failures")
    sys.exit(1 if failures else 0)


main()
