#!/usr/bin/env python3
"""Issue 37 against the real clients: items whose occurrences cover several days, as calgrid
writes them into a vdir, read by todoman 4.7 and khal 0.14 on the same days.

    spans_check.py CALGRID CLIENT_BIN

The helpers (configs, `khal list` per day, calgrid's day and month views) are clients_check.py's.
  1. A weekly three-day todo (native `occurrenceDays`) and a weekly two-day event, written by
     `calgrid export --format vdir`: the todo's first occurrence is DTSTART to DUE, which todoman
     lists as the series' start and due (recurring); khal lists the event on each day of each
     occurrence, the days `calgrid day --json` and `month --json` give.
  2. `calgrid done ID --on DAY` on the second occurrence writes a completed RECURRENCE-ID instance
     whose DUE is that occurrence's last day: todoman reads the instance as a completed todo from
     the occurrence's first day to its last, and calgrid shows that occurrence done on each of its
     days and due the next one.
  3. `todo done` on the series (todoman strips the RRULE and writes the rest of the series under
     a new UID, both dates moved to the next occurrence): calgrid reads the old item as a todo done
     from its first to its last day, and the new one as a rule whose occurrences have the same
     length, from todoman's start to todoman's due.
  4. The same item from an iCalendar file (Thunderbird's weekly DTSTART-DUE task) imported by
     calgrid into a vdir store keeps its length through calgrid's own write (`calgrid edit`).
  5. A deadline alone (`todo new -d`: DUE only) falls on its due day; `calgrid done` on it in
     todoman's vdir prints what it prints on the native store `calgrid import` makes of the vdir,
     and todoman lists it completed; `calgrid undo` and todoman lists it open again.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from clients_check import (SEOUL, ZONE, calgrid_event_days, khal_config, khal_days, local_day, per_day, porcelain, run, run_checks,  # noqa: E402
                           todoman_config, todoman_rows)


def days_shown(calgrid, store, env, zone, month, title):
    """The days of `month` on which `calgrid day --json` lists `title` among its todos, with
    whether it is done there."""
    grid = json.loads(run([calgrid, "month", month, "--json", "--todos", store, "--tz", zone], env))
    out = {}
    for c in grid["cells"]:
        if not c["inMonth"] or not c["count"]:
            continue
        day = json.loads(run([calgrid, "day", c["date"], "--json", "--todos", store, "--tz", zone], env))
        for group, done in (("done", True), ("notDone", False)):
            for t in day.get(group, []):
                if t["title"] == title:
                    out[c["date"]] = done
    return out


def scenarios(programs, check, d, env):
    calgrid, client, todo, khal = programs.calgrid, programs.client, programs.todo, programs.khal
    # 1. calgrid writes a weekly three-day todo and a weekly two-day event.
    native = os.path.join(d, "spans.json")
    with open(native, "w") as f:
        json.dump({"format": "calgrid", "version": 1, "todos": [
            {"id": "trip", "title": "Trip", "startDate": "2026-03-02", "endDate": "2026-03-18",
             "rrule": "FREQ=WEEKLY;COUNT=3", "occurrenceDays": 3},
            {"id": "retreat", "title": "Retreat", "kind": "event", "startDate": "2026-03-06", "endDate": "2026-03-28",
             "rrule": "FREQ=WEEKLY;COUNT=4", "occurrenceDays": 2}]}, f)
    lists = os.path.join(d, "lists")
    tasks, events = os.path.join(lists, "tasks"), os.path.join(d, "events", "cal")
    run([calgrid, "export", "--todos", native, "--format", "vdir", "--out", tasks, "--tz", ZONE], env)
    os.makedirs(events)
    os.rename(os.path.join(tasks, "retreat.ics"), os.path.join(events, "retreat.ics"))
    config = todoman_config(d, lists)
    cg = lambda *a: run([calgrid, *a, "--todos", tasks, "--tz", ZONE, "--today", "2026-03-01"], env)
    shown = json.loads(cg("show", "trip", "--json"))
    listed = [t for t in porcelain(client, config, env) if t["summary"] == "Trip"]
    check(shown.get("occurrenceDays") == 3 and shown["start"] == "2026-03-02", f"calgrid reads back its trip as {shown}")
    check(len(listed) == 1 and listed[0]["recurring"] and (local_day(listed[0]["start"]), local_day(listed[0]["due"]))
          == ("2026-03-02", "2026-03-04"), f"todoman lists calgrid's weekly three-day trip as {listed}")
    ours = days_shown(calgrid, tasks, env, ZONE, "2026-03", "Trip")
    want = [f"2026-03-{n:02d}" for n in (2, 3, 4, 9, 10, 11, 16, 17, 18)]
    check(sorted(ours) == want, f"calgrid day --json lists the trip on {sorted(ours)}")
    khal_conf = khal_config(d, "cal", events, SEOUL)
    theirs = khal_days(khal, khal_conf, env, "2026-03-01", 45)
    mine, counts = calgrid_event_days(calgrid, events, env, SEOUL, "2026-03-01", 45)
    check(sorted(day for (day, t) in theirs if t == "Retreat")
          == [f"2026-03-{n:02d}" for n in (6, 7, 13, 14, 20, 21, 27, 28)], f"khal lists the two-day retreat on {sorted(theirs)}")
    check(mine == theirs and counts == per_day(theirs), f"khal list {sorted(theirs)}, calgrid day --json {sorted(mine)}, month {counts}")

    # 2. calgrid ticks the second occurrence: a completed instance with that occurrence's DUE.
    cg("done", "trip", "--on", "2026-03-09")
    text = open(os.path.join(tasks, "trip.ics")).read()
    check(text.count("RECURRENCE-ID") == 1 and "DUE;VALUE=DATE:20260311" in text, f"calgrid's completed instance:\n{text}")
    rows = todoman_rows(todo, config, env)
    done_rows = [r for r in rows if r["completed"]]
    check(len(rows) == 2 and len(done_rows) == 1 and (local_day(done_rows[0]["start"]), local_day(done_rows[0]["due"]))
          == ("2026-03-09", "2026-03-11"), f"todoman reads calgrid's ticked occurrence as {rows}")
    ours = days_shown(calgrid, tasks, env, ZONE, "2026-03", "Trip")
    check([day for day, done in sorted(ours.items()) if done] == ["2026-03-09", "2026-03-10", "2026-03-11"],
          f"calgrid shows the ticked occurrence done on {ours}")
    shown = json.loads(run([calgrid, "show", "trip", "--json", "--todos", tasks, "--tz", ZONE, "--today", "2026-03-10"], env))
    check(shown["nextDue"] == "2026-03-16" and shown["doneDates"] == ["2026-03-09"], f"calgrid show after the tick: {shown}")

    # 3. todoman completes the series: the old item a done one-off of three days, the rest a
    # rule of three-day occurrences under a new UID.
    os.remove(os.path.join(tasks, "trip.ics"))
    run([calgrid, "export", "--todos", native, "--format", "vdir", "--out", tasks, "--tz", ZONE], env)
    os.remove(os.path.join(tasks, "retreat.ics"))
    series = [t for t in porcelain(client, config, env) if t["summary"] == "Trip"]
    run([todo, "-c", config, "done", str(series[0]["id"] if series else 0)], env)
    listed = [t for t in porcelain(client, config, env) if t["summary"] == "Trip"]
    theirs_old = [t for t in listed if t["completed"]]
    theirs_new = [t for t in listed if not t["completed"]]
    after = {t["id"]: t for t in json.loads(cg("list", "--period", "all", "--json"))["todos"] if t["title"] == "Trip"}
    old = after.get("trip", {})
    check(len(theirs_old) == 1 and old.get("isDone") and not old.get("rrule")
          and (old.get("start"), old.get("end")) == (local_day(theirs_old[0]["start"]), local_day(theirs_old[0]["due"])),
          f"todo done on the trip: calgrid reads the old item as {old}, todoman lists {theirs_old}")
    new = [t for i, t in after.items() if i != "trip"]
    check(len(new) == 1 and len(theirs_new) == 1 and not new[0]["isDone"] and new[0].get("occurrenceDays") == 3
          and new[0]["start"] == local_day(theirs_new[0]["start"])
          and new[0]["start"] == "2026-03-09" and local_day(theirs_new[0]["due"]) == "2026-03-11",
          f"todo done on the trip: the rest as calgrid reads it: {new}, todoman: {theirs_new}")

    # 4. Thunderbird's weekly Monday-to-Wednesday task (DTSTART and DUE with TZID), imported into
    # a vdir store and edited by calgrid: todoman reads the same first occurrence, calgrid the
    # same days.
    tb = os.path.join(d, "thunderbird.ics")
    with open(tb, "wb") as f:
        f.write(("BEGIN:VCALENDAR\r\nPRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r\nVERSION:2.0\r\n"
                 "BEGIN:VTODO\r\nCREATED:20260220T090000Z\r\nLAST-MODIFIED:20260220T090000Z\r\nDTSTAMP:20260220T090000Z\r\n"
                 "UID:5d1c3f0e-tb-weekly\r\nSUMMARY:Weekly report\r\nRRULE:FREQ=WEEKLY;COUNT=4\r\n"
                 "DTSTART;TZID=Pacific/Auckland:20260302T090000\r\nDUE;TZID=Pacific/Auckland:20260304T170000\r\n"
                 "END:VTODO\r\nEND:VCALENDAR\r\n").encode())
    own = os.path.join(lists, "own")
    os.makedirs(own)
    run([calgrid, "import", tb, "--tz", ZONE, "--out", os.path.join(d, "tb.json")], env)
    run([calgrid, "export", "--todos", os.path.join(d, "tb.json"), "--format", "vdir", "--out", own, "--tz", ZONE], env)
    run([calgrid, "edit", "5d1c3f0e-tb-weekly", "--title", "Weekly status report", "--todos", own, "--tz", ZONE], env)
    ours = days_shown(calgrid, own, env, ZONE, "2026-03", "Weekly status report")
    check(sorted(ours) == [f"2026-03-{n:02d}" for n in (2, 3, 4, 9, 10, 11, 16, 17, 18, 23, 24, 25)],
          f"calgrid's days of Thunderbird's weekly task after its own write: {sorted(ours)}")
    listed = [t for t in porcelain(client, config, env) if t["summary"] == "Weekly status report"]
    check(len(listed) == 1 and listed[0]["recurring"] and (local_day(listed[0]["start"]), local_day(listed[0]["due"]))
          == ("2026-03-02", "2026-03-04"), f"todoman lists calgrid's write of Thunderbird's weekly task as {listed}")

    # 5. todoman's deadline, ticked by calgrid in todoman's vdir and in a native store.
    run([todo, "-c", config, "new", "Dentist", "-d", "2026-03-10", "-l", "tasks"], env)
    native5 = os.path.join(d, "tasks5.json")
    run([calgrid, "import", tasks, "--tz", ZONE, "--out", native5], env)
    for words, completed in ((["done", "Dentist"], True), (["undo", "Dentist"], False)):
        uid = [t["id"] for t in json.loads(cg("list", "--period", "all", "--json"))["todos"] if t["title"] == "Dentist"]
        argv = [words[0], uid[0] if uid else "none"]
        ours = cg(*argv)
        theirs_native = run([calgrid, *argv, "--todos", native5, "--tz", ZONE, "--today", "2026-03-01"], env)
        check(ours == theirs_native and "2026-03-10" in ours, f"calgrid {words[0]} on todoman's deadline: vdir {ours!r}, native {theirs_native!r}")
        listed = [t for t in porcelain(client, config, env) if t["summary"] == "Dentist"]
        check(len(listed) == 1 and listed[0]["completed"] == completed and local_day(listed[0]["due"]) == "2026-03-10"
              and listed[0]["start"] is None, f"after calgrid {words[0]}, todoman lists {listed}")
        native_view = lambda *v: run([calgrid, *v, "--todos", native5, "--tz", ZONE, "--today", "2026-03-01"], env)
        a = [t for t in json.loads(cg("list", "--period", "all", "--json"))["todos"] if t["title"] == "Dentist"]
        b = [t for t in json.loads(native_view("list", "--period", "all", "--json"))["todos"] if t["title"] == "Dentist"]
        check(a == b and len(a) == 1 and a[0]["isDone"] == completed and (a[0]["start"], a[0]["end"]) == ("2026-03-10", "2026-03-10"),
              f"calgrid list --json after {words[0]}: the vdir's {a}, the native store's {b}")
        a, b = json.loads(cg("month", "2026-03", "--json"))["cells"], json.loads(native_view("month", "2026-03", "--json"))["cells"]
        check(a == b, f"calgrid month --json after {words[0]}: the vdir and the native store differ")


if __name__ == "__main__":
    sys.exit(run_checks("test-clients (spans)", scenarios))
