#!/usr/bin/env python3
"""The phone-shaped corpus (Tests/CalGridICalendarTests/Phones: files written for this test in the
shapes todoman, Tasks.org/DAVx5, Apple Reminders, Nextcloud Tasks, Thunderbird, a Google Calendar
export and Outlook write, each naming the program in X-CALGRID-IMITATES): every item falls on the
days recurring-ical-events (with python-icalendar and zoneinfo, not libical, not CalGrid) gives,
and is done on them when the client would show it done, in four zones, by `calgrid year --json`.

    phones_check.py CALGRID PHONES_DIR

Each item (with its RECURRENCE-ID instances and the file's VTIMEZONEs, its lines as written) goes
into a file of its own, and `calgrid year 2026` and `2027 --json --todos ITEM.ics --tz ZONE` give
the days it counts on (cells with a count) and whether it is done there. The oracle's days of an
occurrence, from the shape table of docs/icalendar.md:
  - a VTODO: from its start day (DTSTART, else DUE) to its due day (DUE, else the start day); a due
    before the start: the due day;
  - a VEVENT: the days of [DTSTART, DTEND): the last is the day of the last second before DTEND;
  - a date-time with a zone is an instant read in the zone; DATE and floating values are days.
A recurring item falls on every day of each occurrence, start day to end day (a weekly task with
DTSTART Monday and DUE Wednesday, a three-day monthly event: the core's occurrence length), and the
report names the items whose occurrences span more than a day. Done: a VTODO (or its completed RECURRENCE-ID instance) with
STATUS:COMPLETED, COMPLETED or PERCENT-COMPLETE:100; a VEVENT never. A VTODO with neither DTSTART
nor DUE is undated (recurring-ical-events puts it on every day of the window; no task list does).
Deadlines, from the same table: a VTODO that does not recur, or recurs with COUNT or UNTIL, is due
on the last day of its last occurrence (the last of the oracle's days), so `calgrid list --json`
says it is not overdue that day and, unless done, overdue the day after; one whose rule never ends
has no deadline and is never overdue.
"""
import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events
from corpus import ics_files

ZONES = ["Pacific/Auckland", "Asia/Seoul", "Europe/Berlin", "America/Los_Angeles"]
YEARS = [2026, 2027]
LO, HI = dt.date(2026, 1, 1), dt.date(2027, 12, 31)


def split(text):
    """The file's header lines, its VTIMEZONE blocks, and its items' blocks by UID (in order), as
    written: lines are not unfolded (no UID in the corpus is folded)."""
    lines = text.split("\r\n")
    header, zones, items, order = [], [], {}, []
    block, depth = None, 0
    for line in lines:
        if not line:
            continue
        if line.startswith("BEGIN:") and line != "BEGIN:VCALENDAR":
            depth += 1
            if depth == 1:
                block = [line]
                continue
        if depth >= 1:
            block.append(line)
            if line.startswith("END:"):
                depth -= 1
                if depth == 0:
                    if block[0] == "BEGIN:VTIMEZONE":
                        zones.append(block)
                    else:
                        uid = next(x[4:] for x in block if x.startswith("UID:"))
                        if uid not in items:
                            order.append(uid)
                        items.setdefault(uid, []).append(block)
            continue
        if line not in ("BEGIN:VCALENDAR", "END:VCALENDAR"):
            header.append(line)
    return header, zones, [(uid, items[uid]) for uid in order]


def day_of(v, zone):
    if isinstance(v, dt.datetime):
        return v.date() if v.tzinfo is None else v.astimezone(zone).date()
    return v


def is_done(c):
    pc = c.get("PERCENT-COMPLETE")
    return c.name == "VTODO" and (str(c.get("STATUS", "")).upper() == "COMPLETED" or "COMPLETED" in c
                                  or (pc is not None and int(pc) >= 100))


def oracle(path, zone):
    """By UID: {day: done} of every item of the file in `zone` between LO and HI (every day of each
    occurrence), and the UIDs of recurring items whose occurrences span more than their start day."""
    with open(path, "rb") as f:
        cal = icalendar.Calendar.from_ical(f.read())
    # A UTC value is an instant (RFC 5545; libical and Thunderbird read it so, and CalGrid): the
    # calendar's X-WR-TIMEZONE (Google's export writes one) is not applied to it, as
    # recurring-ical-events would (through x-wr-timezone, moving a UTC weekly rule's occurrences
    # to that zone's wall clock across DST). docs/icalendar.md, Limits, names the difference.
    cal.pop("X-WR-TIMEZONE", None)
    days, spanning = {}, set()
    masters = [c for c in cal.walk() if c.name in ("VTODO", "VEVENT") and "RECURRENCE-ID" not in c]
    for c in masters:
        days[str(c["UID"])] = {}
    for o in recurring_ical_events.of(cal, components=["VTODO", "VEVENT"]).between(LO - dt.timedelta(days=3), HI + dt.timedelta(days=3)):
        uid = str(o["UID"])
        if str(o.get("STATUS", "")).upper() == "CANCELLED":
            continue
        master = next(c for c in masters if str(c["UID"]) == uid)
        recurring = "RRULE" in master or "RDATE" in master
        if o.name == "VTODO":
            if "DTSTART" not in master and "DUE" not in master:
                continue   # undated: recurring-ical-events puts it on every day, a task list on none
            s = o.decoded("DTSTART") if "DTSTART" in o else o.decoded("DUE")
            first = day_of(s, zone)
            last = day_of(o.decoded("DUE"), zone) if "DUE" in o else first
            if last < first:
                first = last
        else:
            s = o.decoded("DTSTART")
            first = last = day_of(s, zone)
            e = o.decoded("DTEND") if "DTEND" in o else None
            if e is not None:
                if isinstance(e, dt.datetime) and isinstance(s, dt.datetime):
                    if e > s:
                        last = max(first, day_of(e - dt.timedelta(seconds=1), zone))
                elif e > s:
                    last = max(first, day_of(e, zone) - dt.timedelta(days=1))
        if recurring and last != first:
            spanning.add(uid)
        d = first
        while d <= last:
            if LO <= d <= HI:
                days[uid][d] = days[uid].get(d, False) or is_done(o)
            d += dt.timedelta(days=1)
    return days, spanning


def bounded_todos(path):
    """The UIDs of the file's VTODOs that have a last occurrence: dated, and either without a rule
    or with COUNT or UNTIL; and of those whose rule never ends."""
    with open(path, "rb") as f:
        cal = icalendar.Calendar.from_ical(f.read())
    bounded, endless = set(), set()
    for c in cal.walk("VTODO"):
        if "RECURRENCE-ID" in c or ("DTSTART" not in c and "DUE" not in c):
            continue
        rule = c.get("RRULE")
        if rule is None or "COUNT" in rule or "UNTIL" in rule:
            bounded.add(str(c["UID"]))
        else:
            endless.add(str(c["UID"]))
    return bounded, endless


def calgrid_overdue(calgrid, item_path, zone, today):
    """(isOverdue, isDone) of the item's one todo, by `calgrid list --json` on `today`."""
    r = subprocess.run([calgrid, "list", "--period", "all", "--json", "--todos", item_path, "--tz", zone, "--today", today.isoformat()],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"calgrid list on {item_path}: {r.stderr}")
    todos = json.loads(r.stdout)["todos"]
    if len(todos) != 1:
        raise RuntimeError(f"{item_path}: {len(todos)} todos")
    return todos[0]["isOverdue"], todos[0]["isDone"]


def calgrid_days(calgrid, item_path, zone):
    """{day: done} the item counts on, by `calgrid year --json` in `zone`."""
    out = {}
    for year in YEARS:
        r = subprocess.run([calgrid, "year", str(year), "--json", "--todos", item_path, "--tz", zone, "--today", "2026-01-01"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"calgrid year {year} on {item_path}: {r.stderr}")
        for m in json.loads(r.stdout)["months"]:
            for cell in m["cells"]:
                # "count" counts the day's todos, "events" its events, "completed" its done todos.
                n = cell["count"] + cell["events"]
                if cell["inMonth"] and n > 0:
                    if n != 1:
                        raise RuntimeError(f"{item_path}: {cell['date']} counts {n} items")
                    out[dt.date.fromisoformat(cell["date"])] = cell["count"] == 1 and cell["completed"] == 1
    return out


def main() -> int:
    calgrid, folder = sys.argv[1], sys.argv[2]
    failures, lines, spanning_all = [], [], set()
    items_total = days_total = deadlines_total = 0
    with tempfile.TemporaryDirectory(prefix="calgrid-phones-") as scratch:
        for name, path in ics_files([folder]):
            with open(path, encoding="utf-8", newline="") as f:
                text = f.read()
            header, zones, items = split(text)
            if not any(x.startswith("X-CALGRID-IMITATES:") for x in header):
                failures.append(f"{name}: names no program (X-CALGRID-IMITATES)")
            files = {}
            for uid, blocks in items:
                item = os.path.join(scratch, f"{name}-{len(files)}.ics")
                body = ["BEGIN:VCALENDAR"] + header + [x for z in zones for x in z] + [x for b in blocks for x in b] + ["END:VCALENDAR"]
                with open(item, "w", encoding="utf-8", newline="") as f:
                    f.write("\r\n".join(body) + "\r\n")
                files[uid] = item
            per_zone = []
            bounded, endless = bounded_todos(path)
            for zone in ZONES:
                want, spanning = oracle(path, ZoneInfo(zone))
                spanning_all |= {(name, u) for u in spanning}
                compared = 0
                for uid, item in files.items():
                    got = calgrid_days(calgrid, item, zone)
                    if got != want[uid]:
                        missing = sorted(set(want[uid]) - set(got))[:5]
                        extra = sorted(set(got) - set(want[uid]))[:5]
                        done = sorted(d for d in set(got) & set(want[uid]) if got[d] != want[uid][d])[:5]
                        failures.append(f"{name} {zone} {uid}: missing {missing}, extra {extra}, done differs on {done}")
                    compared += len(want[uid])
                deadlines = 0
                for uid, item in files.items():
                    if uid in bounded and want[uid] and max(want[uid]) < HI:
                        due = max(want[uid])
                        on, done = calgrid_overdue(calgrid, item, zone, due)
                        after, _ = calgrid_overdue(calgrid, item, zone, due + dt.timedelta(days=1))
                        if on or after != (not done):
                            failures.append(f"{name} {zone} {uid}: due {due} (its last occurrence's last day), calgrid says "
                                            f"overdue {on} that day and {after} the day after (done {done})")
                        deadlines += 1
                    elif uid in endless:
                        on, _ = calgrid_overdue(calgrid, item, zone, HI)
                        if on:
                            failures.append(f"{name} {zone} {uid}: its rule never ends, yet calgrid says it is overdue on {HI}")
                        deadlines += 1
                items_total += len(files)
                days_total += compared
                deadlines_total += deadlines
                per_zone.append(f"{zone} {len(files)} items/{compared} days/{deadlines} deadlines")
            lines.append(f"  {name}: " + ", ".join(per_zone))
    for f in failures:
        print("FAIL", f)
    print("\n".join(lines))
    if spanning_all:
        print("  occurrences of several days (compared on every day of each): " + ", ".join(f"{n} {u}" for n, u in sorted(spanning_all)))
    print(f"phones: {items_total + deadlines_total - len(failures)} of {items_total + deadlines_total} item-zone checks passed "
          f"({items_total} of days, {days_total} days; {deadlines_total} of deadlines) "
          f"(recurring-ical-events, {len(ZONES)} zones, calgrid year and list --json)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
