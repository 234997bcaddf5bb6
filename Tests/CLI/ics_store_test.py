#!/usr/bin/env python3
"""A single .ics file as the store (issue 38): add, done, undo, edit, rm and list on one VCALENDAR that
a calendar app exported (an item of its own with CATEGORIES, an X- property and an alarm), with
python-icalendar and recurring-ical-events reading the file after each step. Each step must change
exactly what it says, keep the file iCalendar, and leave the phone's item meaning what it meant;
bad commands change no byte.
    ics_store_test.py path/to/calgrid   (run with the ical venv's python: make test-cli)"""
import datetime
import json
import os
import shutil
import sys

from icalendar import Calendar
import recurring_ical_events

from clisupport import Suite

suite = Suite("ics_store_test", sys.argv[1], "calgrid-ics-store-", tail=["--today=2026-11-30", "--tz", "UTC"])
root, fail, check, cg = suite.root, suite.fail, suite.check, suite.run
store = os.path.join(root, "todos.ics")
suite.env["CALGRID_TODOS"] = store


def raw():
    with open(store, "rb") as f:
        return f.read()


def items():
    """UID -> the item (no RECURRENCE-ID) as python-icalendar reads the file; the file must parse."""
    cal = Calendar.from_ical(raw())
    return {str(c["UID"]): c for c in cal.walk() if c.name in ("VTODO", "VEVENT") and "RECURRENCE-ID" not in c}


def done_occurrences(uid, lo, hi):
    """The days of `uid` recurring-ical-events sees completed between lo and hi."""
    cal = Calendar.from_ical(raw())
    return sorted(o["DTSTART"].dt.isoformat()[:10] for o in recurring_ical_events.of(cal, components=["VTODO"]).between(lo, hi)
                  if str(o["UID"]) == uid and str(o.get("STATUS", "")).upper() == "COMPLETED")


PHONE = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Apple Inc.//iOS 18.1//EN\r\n"
         "BEGIN:VTODO\r\nUID:phone-1\r\nDTSTAMP:20261101T080000Z\r\nSUMMARY:Call the plumber\r\n"
         "CATEGORIES:home,urgent\r\nDUE;VALUE=DATE:20261203\r\nX-APPLE-SORT-ORDER:42\r\n"
         "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Reminder\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\n"
         "END:VTODO\r\nEND:VCALENDAR\r\n")


def phone_meaning():
    c = items()["phone-1"]
    cats = c.get("CATEGORIES")
    cats = [str(x) for x in (cats.cats if hasattr(cats, "cats") else [v for cl in cats for v in cl.cats])]
    alarms = [a for a in c.subcomponents if a.name == "VALARM"]
    return (str(c["SUMMARY"]), sorted(cats), c["DUE"].dt, str(c["X-APPLE-SORT-ORDER"]),
            [str(a["TRIGGER"].to_ical()) for a in alarms], str(c.get("STATUS", "")))


try:
    # Paths: add on a missing .ics creates iCalendar, and says so.
    _, err = cg("add", "Gym", "--repeat", "mon,wed,fri", "--challenge", "--end", "+4w", "--id", "gym")
    check(err.startswith(f"calgrid: created {store}"), f"add on a missing .ics: {err!r}")
    check(raw().startswith(b"BEGIN:VCALENDAR"), "a new .ics store is not iCalendar")
    check(list(items()) == ["gym"], f"after the first add: {list(items())}")

    # Start again from a phone's export, one item of its own.
    with open(store, "w", newline="") as f:
        f.write(PHONE)
    phone = phone_meaning()
    cg("add", "Pay rent", "--end", "2026-12-04", "--id", "rent", "--tag", "bills")
    cg("add", "Club", "--repeat", "monthly on the 3rd thu", "--id", "club")
    got = items()
    check(sorted(got) == ["club", "phone-1", "rent"], f"after add: {sorted(got)}")
    check(str(got["rent"]["SUMMARY"]) == "Pay rent" and got["rent"]["DUE"].dt == datetime.date(2026, 12, 4), "rent as added")
    check(str(got["club"]["RRULE"].to_ical().decode()).startswith("FREQ=MONTHLY"), f"club's rule: {got['club'].get('RRULE')}")
    check(phone_meaning() == phone, f"add changed the phone's item: {phone_meaning()} against {phone}")

    # done: a whole item (STATUS), an occurrence of a rule (a RECURRENCE-ID instance, COMPLETED that day).
    cg("done", "rent")
    check(str(items()["rent"]["STATUS"]) == "COMPLETED", "done rent: STATUS")
    cg("done", "club", "--on", "2026-12-17")
    check(done_occurrences("club", datetime.date(2026, 12, 1), datetime.date(2027, 2, 1)) == ["2026-12-17"],
          f"done club: recurring-ical-events sees {done_occurrences('club', datetime.date(2026, 12, 1), datetime.date(2027, 2, 1))}")
    inst = [c for c in Calendar.from_ical(raw()).walk() if c.name == "VTODO" and "RECURRENCE-ID" in c]
    check(len(inst) == 1 and inst[0]["COMPLETED"].dt.date() == datetime.date(2026, 12, 17), f"club's instance: {inst}")
    cg("done", "phone-1")
    check(str(items()["phone-1"]["STATUS"]) == "COMPLETED", "done phone-1: STATUS")
    check(phone_meaning()[:5] == phone[:5], "done phone-1 changed more than its status")

    # Refusals change no byte: a day that is not the rule's, an unknown id, a missing --todos.
    before = raw()
    cg("done", "club", "--on", "2026-12-18", expect=1)
    cg("done", "nope", expect=1)
    cg("edit", "rent", "--end", "2026-11-01", expect=1)
    check(raw() == before, "a refused command changed the .ics store")

    # undo, edit, rm.
    cg("undo", "phone-1")
    check(str(items()["phone-1"]["STATUS"]) != "COMPLETED" and phone_meaning()[:5] == phone[:5], f"undo phone-1: {phone_meaning()}")
    cg("edit", "rent", "--title", "Pay the rent", "--end", "2026-12-05")
    got = items()
    check(str(got["rent"]["SUMMARY"]) == "Pay the rent" and got["rent"]["DUE"].dt == datetime.date(2026, 12, 5), "edit rent")
    check(int(got["rent"]["SEQUENCE"]) >= 2, f"edit rent: SEQUENCE {got['rent'].get('SEQUENCE')}")
    cg("rm", "club")
    cal = Calendar.from_ical(raw())
    check(not [c for c in cal.walk() if str(c.get("UID", "")) == "club"], "rm club left a component (the item or its instance)")
    check(sorted(items()) == ["phone-1", "rent"] and phone_meaning()[:5] == phone[:5], f"after rm: {sorted(items())}")

    # list reads what the file says.
    out, _ = cg("list", "--json")
    todos = {t["id"]: t for t in json.loads(out)["todos"]}
    check(sorted(todos) == ["phone-1", "rent"] and todos["rent"]["title"] == "Pay the rent", f"list --json: {sorted(todos)}")
finally:
    shutil.rmtree(root, ignore_errors=True)
suite.finish("add, done, undo, edit, rm, list on one .ics, read by python-icalendar")
