#!/usr/bin/env python3
"""A C program keeps a user's vdir through the store handle (calgrid_store_*), and other programs
read what it wrote: python-icalendar parses every file and recurring-ical-events gives the days
each item falls on (the oracle of Tests/CalGridICalendarTests/phones_check.py), which must be the
days and completions the program's snapshots count; every line the change had no reason to touch
stays byte for byte.

    store_check.py SCRATCH [--todoman CLIENT_BIN] STORE_KEEP...

STORE_KEEP is Tests/C/store_keep.c linked against a library (libcalgrid.so, libcalgrid.a); each
runs the whole story in a vdir of its own, in Asia/Seoul (a Berlin 09:00-17:00 task spans two
days there). The vdir's files are written here in the shapes the programs named in each file's
X-CALGRID-IMITATES write (todoman's multi-value CATEGORIES line, Thunderbird's X-MOZ- properties,
VTIMEZONE and alarm, an RFC 7986 COLOR, a Tasks.org daily rule); then:
  1. the first snapshot counts, day by day, what the oracle gives;
  2. set_done on todoman's todo as a whole, update of Thunderbird's title, set_done on one
     occurrence of the rule, remove of one item, add of a new one; the next snapshot counts what
     the oracle reads in the files now;
  3. in each changed file every content line but the properties the change is about (and DTSTAMP,
     LAST-MODIFIED, SEQUENCE) is there byte for byte, in order: CATEGORIES:health,personal
     included; the untouched file is the same file (bytes and inode); the removed one is gone; the
     new one holds its UID, title and day; no file has an X-LIC-ERROR;
  4. a file replaced by another program (as vdirsyncer does: a new file renamed over it, with the
     old modification time) is read again: the next snapshot counts its new day, and set_done on
     it keeps the new text;
  5. a vdir path that does not exist is an error naming it;
  6. with --todoman (the venv of mk/clients.mk), todoman 4.7 lists the vdir the program wrote
     without an error: the done todo completed with its two categories, the new title, the new
     todo on its due day;
  7. one .ics file as the store: created by the first add, changed in place, read back.
"""
import datetime as dt
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CalGridICalendarTests"))
from zoneinfo import ZoneInfo  # noqa: E402

import icalendar  # noqa: E402
import phones_check  # noqa: E402  (its oracle: recurring-ical-events' days of each item)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CLI"))
from clisupport import Checks  # noqa: E402

ZONE = "Asia/Seoul"
CRLF = "\r\n"

FILES = {
    "todoman-c0ffee.ics": [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todoman//NONSGML todoman 4.7.0//EN",
        "X-CALGRID-IMITATES:todoman 4.7 (a todo with a start and a due day, CATEGORIES as one line)",
        "BEGIN:VTODO", "UID:c0ffee00a1b2c3d4e5f60718293a4b5c@pluto", "SUMMARY:Stretch and walk",
        "DTSTART;VALUE=DATE:20261207", "DUE;VALUE=DATE:20261209", "DTSTAMP:20261201T080000Z",
        "CREATED:20261201T080000Z", "LAST-MODIFIED:20261201T080000Z", "SEQUENCE:0", "STATUS:NEEDS-ACTION",
        "PRIORITY:5", "CATEGORIES:health,personal", "X-PLUTO-SYNC-HINT;X-ORIGIN=phone:keep me as I am",
        "END:VTODO", "END:VCALENDAR"],
    "thunderbird-5e1f.ics": [
        "BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0",
        "X-CALGRID-IMITATES:Thunderbird 128 (a timed task in Europe/Berlin with its VTIMEZONE, an alarm, X-MOZ- properties, an RFC 7986 COLOR)",
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:DAYLIGHT", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
        "TZNAME:CEST", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT",
        "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "TZNAME:CET", "DTSTART:19701025T030000",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "END:VTIMEZONE",
        "BEGIN:VTODO", "CREATED:20261130T101010Z", "LAST-MODIFIED:20261130T101010Z", "DTSTAMP:20261130T101010Z",
        "UID:5e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b", "SUMMARY:Pick up the parcel",
        "CATEGORIES:Errands,Post", "COLOR:darkorange",
        "DTSTART;TZID=Europe/Berlin:20261208T090000", "DUE;TZID=Europe/Berlin:20261208T170000",
        "X-MOZ-GENERATION:2", "X-MOZ-LASTACK:20261130T101010Z",
        "DESCRIPTION:Counter 3\\, bring the card and the letter with the tracking number that is lon",
        " g enough to be folded by Thunderbird",
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DURATION:-PT15M", "DESCRIPTION:Default Mozilla Description",
        "END:VALARM", "END:VTODO", "END:VCALENDAR"],
    "tasks-org-9d8c.ics": [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-140203//EN",
        "X-CALGRID-IMITATES:Tasks.org 14 through DAVx5 (a daily rule of five, DTSTART a date)",
        "BEGIN:VTODO", "DTSTAMP:20261205T070000Z", "UID:9d8c7b6a5948372615049382716",
        "CREATED:20261205T070000Z", "LAST-MODIFIED:20261205T070000Z", "SUMMARY:Vitamins",
        "PRIORITY:9", "X-APPLE-SORT-ORDER:123456789", "DTSTART;VALUE=DATE:20261207", "RRULE:FREQ=DAILY;COUNT=5",
        "STATUS:NEEDS-ACTION", "END:VTODO", "END:VCALENDAR"],
    "nextcloud-77aa.ics": [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Nextcloud Tasks v0.16.1", "CALSCALE:GREGORIAN",
        "X-CALGRID-IMITATES:Nextcloud Tasks 0.16 (a dated todo nobody changes)",
        "BEGIN:VTODO", "UID:77aa3c1e-6f1b-4b0e-9f1d-2a7e4b1c0d9e", "CREATED:20261120T120000",
        "LAST-MODIFIED:20261120T120000", "DTSTAMP:20261120T120000", "SUMMARY:Renew the passport",
        "PRIORITY:1", "STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:0", "DUE;VALUE=DATE:20261211",
        "CATEGORIES:admin", "END:VTODO", "END:VCALENDAR"],
    "gone-1234.ics": [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todoman//NONSGML todoman 4.7.0//EN",
        "X-CALGRID-IMITATES:todoman 4.7 (a todo the C program removes)",
        "BEGIN:VTODO", "UID:1234abcd@pluto", "SUMMARY:Old idea", "DUE;VALUE=DATE:20261208",
        "DTSTAMP:20261101T080000Z", "STATUS:NEEDS-ACTION", "END:VTODO", "END:VCALENDAR"],
}
# The properties a change may rewrite in a file, besides these three.
ALWAYS = {"DTSTAMP", "LAST-MODIFIED", "SEQUENCE"}
CHANGED = {
    "todoman-c0ffee.ics": {"STATUS", "COMPLETED", "PERCENT-COMPLETE"},
    "thunderbird-5e1f.ics": {"SUMMARY"},
    "tasks-org-9d8c.ics": set(),   # the tick is a RECURRENCE-ID instance of its own (below)
}

check = Checks("store_check")


def content_lines(text):
    """Logical content lines as written (each with its folded continuations), in order."""
    out = []
    for line in text.split(CRLF):
        if line[:1] in (" ", "\t") and out:
            out[-1] += CRLF + line
        elif line:
            out.append(line)
    return out


def name_of(line):
    return line.split(":", 1)[0].split(";", 1)[0].upper()


def keep(program, vdir, *args, expect_ok=True):
    env = dict(os.environ, TZ="UTC")
    r = subprocess.run([program, ZONE, vdir] + list(args), capture_output=True, text=True, env=env, timeout=120)
    if expect_ok:
        check(r.returncode == 0, f"{os.path.basename(program)} {' '.join(args)}: exit {r.returncode}: {r.stderr.strip()}")
    return r


def snapshot(program, vdir):
    r = keep(program, vdir, "snapshot", phones_check.LO.isoformat(), phones_check.HI.isoformat())
    lines = r.stdout.split("\n")
    days = {}
    for line in lines[1:]:
        if line:
            d, total, completed, events = line.split()
            days[dt.date.fromisoformat(d)] = (int(total), int(completed))
    return int(lines[0].split()[1]) if lines and lines[0].startswith("count ") else -1, days


def oracle(vdir):
    """{day: (total, completed)} over every file of the vdir, by recurring-ical-events."""
    days = {}
    count = 0
    for name in sorted(os.listdir(vdir)):
        if not name.endswith(".ics"):
            continue
        per_uid, spanning = phones_check.oracle(os.path.join(vdir, name), ZoneInfo(ZONE))
        check(not spanning, f"{name}: an item the oracle spans: {spanning}")
        for uid, on in per_uid.items():
            count += 1
            for d, done in on.items():
                t, c = days.get(d, (0, 0))
                days[d] = (t + 1, c + (1 if done else 0))
    return count, days


def same_days(program, vdir, when):
    count, days = snapshot(program, vdir)
    want_count, want = oracle(vdir)
    check(count == want_count, f"{when}: the snapshot holds {count} todos, the files {want_count}")
    for d in sorted(set(days) | set(want)):
        check(days.get(d) == want.get(d), f"{when}: {d}: the snapshot counts {days.get(d)}, recurring-ical-events {want.get(d)}")
    return days


def kept_lines(name, before, after, allowed):
    """Every line of `before` whose property is not allowed to change is in `after`, in order."""
    old, new = content_lines(before), content_lines(after)
    k = 0
    for line in old:
        if name_of(line) in allowed | ALWAYS:
            continue
        at = k
        while at < len(new) and new[at] != line:
            at += 1
        check(at < len(new), f"{name}: the line {line!r} is not kept byte for byte")
        if at < len(new):
            k = at + 1
    return new


def run(program, scratch):
    flavour = os.path.basename(program)
    root = os.path.join(scratch, flavour)
    vdir = os.path.join(root, "tasks")
    os.makedirs(vdir)
    os.environ["XDG_CACHE_HOME"] = os.path.join(root, "cache")
    original = {}
    for name, lines in FILES.items():
        text = CRLF.join(lines) + CRLF
        original[name] = text
        with open(os.path.join(vdir, name), "w", newline="") as f:
            f.write(text)
    untouched = os.path.join(vdir, "nextcloud-77aa.ics")
    inode = os.stat(untouched).st_ino

    before = same_days(program, vdir, f"{flavour}, as written")
    check(before.get(dt.date(2026, 12, 9)) == (3, 0), f"{flavour}: 2026-12-09 before: {before.get(dt.date(2026, 12, 9))}")

    keep(program, vdir, "done", "c0ffee00a1b2c3d4e5f60718293a4b5c@pluto", "-", "1")
    keep(program, vdir, "retitle", "5e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b", "Pick up the parcel at the post office")
    keep(program, vdir, "done", "9d8c7b6a5948372615049382716", "2026-12-09", "1")
    keep(program, vdir, "remove", "1234abcd@pluto")
    keep(program, vdir, "add", "added-2026-12-10", "Buy stamps", "2026-12-10", "2026-12-10")
    after = same_days(program, vdir, f"{flavour}, after the changes")
    check(after.get(dt.date(2026, 12, 9)) == (3, 2), f"{flavour}: 2026-12-09 after: {after.get(dt.date(2026, 12, 9))}")

    names = sorted(n for n in os.listdir(vdir) if n.endswith(".ics"))
    check("gone-1234.ics" not in names, f"{flavour}: the removed item's file is still there")
    for name in names:
        with open(os.path.join(vdir, name), newline="") as f:
            text = f.read()
        check("X-LIC-ERROR" not in text, f"{flavour}: {name} has an X-LIC-ERROR")
        try:
            icalendar.Calendar.from_ical(text)
        except Exception as e:  # noqa: BLE001 (any refusal by the oracle is the failure)
            check(False, f"{flavour}: python-icalendar cannot read {name}: {e}")
        if name in CHANGED:
            new = kept_lines(name, original[name], text, CHANGED[name])
            check(text != original[name], f"{flavour}: {name} did not change")
            if name == "todoman-c0ffee.ics":
                check("STATUS:COMPLETED" in new, f"{flavour}: {name}: no STATUS:COMPLETED")
                check(new.count("CATEGORIES:health,personal") == 1 and sum(1 for x in new if name_of(x) == "CATEGORIES") == 1,
                      f"{flavour}: {name}: CATEGORIES is not the one line it was")
            if name == "thunderbird-5e1f.ics":
                check("SUMMARY:Pick up the parcel at the post office" in new, f"{flavour}: {name}: no new SUMMARY")
            if name == "tasks-org-9d8c.ics":
                cal = icalendar.Calendar.from_ical(text)
                inst = [c for c in cal.walk("VTODO") if "RECURRENCE-ID" in c]
                check(len(inst) == 1 and inst[0].decoded("RECURRENCE-ID") == dt.date(2026, 12, 9)
                      and str(inst[0].get("STATUS")) == "COMPLETED",
                      f"{flavour}: {name}: the tick is not one completed RECURRENCE-ID instance of 2026-12-09")
        elif name == "nextcloud-77aa.ics":
            check(text == original[name] and os.stat(untouched).st_ino == inode, f"{flavour}: {name} was rewritten")
        elif name not in FILES:
            cal = icalendar.Calendar.from_ical(text)
            todos = list(cal.walk("VTODO"))
            check(len(todos) == 1 and str(todos[0]["UID"]) == "added-2026-12-10" and str(todos[0]["SUMMARY"]) == "Buy stamps"
                  and todos[0].decoded("DUE") == dt.date(2026, 12, 10), f"{flavour}: the new item's file {name} is not the todo added")

    # vdirsyncer replaces a file: a new file renamed over the old one, the old modification time kept.
    st = os.stat(untouched)
    replaced = original["nextcloud-77aa.ics"].replace("DUE;VALUE=DATE:20261211", "DUE;VALUE=DATE:20261214") \
                                             .replace("SUMMARY:Renew the passport", "SUMMARY:Renew the passport!")
    tmp = untouched + ".vdirsyncer-tmp"
    with open(tmp, "w", newline="") as f:
        f.write(replaced)
    os.utime(tmp, ns=(st.st_atime_ns, st.st_mtime_ns))
    os.replace(tmp, untouched)
    moved = same_days(program, vdir, f"{flavour}, after vdirsyncer replaced a file")
    check(moved.get(dt.date(2026, 12, 14)) == (1, 0), f"{flavour}: the replaced file's new due day is not counted")
    keep(program, vdir, "done", "77aa3c1e-6f1b-4b0e-9f1d-2a7e4b1c0d9e", "-", "1")
    with open(untouched, newline="") as f:
        text = f.read()
    kept_lines("nextcloud-77aa.ics (replaced)", replaced, text, {"STATUS", "COMPLETED", "PERCENT-COMPLETE"})
    check("SUMMARY:Renew the passport!" in text and "STATUS:COMPLETED" in text,
          f"{flavour}: set_done after the replacement did not keep the replaced text")

    if TODOMAN:
        todoman_reads(vdir, root, flavour)

    # A vdir path that does not exist: an error naming it.
    wrong = os.path.join(root, "taks")
    r = keep(program, wrong, "snapshot", "2026-12-01", "2026-12-31", expect_ok=False)
    check(r.returncode == 1 and wrong in r.stderr and "no such file or directory" in r.stderr,
          f"{flavour}: a missing vdir: exit {r.returncode}, {r.stderr.strip()!r}")
    check(not os.path.exists(wrong), f"{flavour}: the missing path was created")

    # One .ics file as the store: created by the first add (options.create), then changed in place.
    ics = os.path.join(root, "todos.ics")
    keep(program, "create:" + ics, "add", "ics-1", "Post the letter", "2026-12-08", "2026-12-08")
    keep(program, ics, "add", "ics-2", "Call the bank", "2026-12-09", "2026-12-10")
    keep(program, ics, "done", "ics-1", "-", "1")
    with open(ics, "rb") as f:
        cal = icalendar.Calendar.from_ical(f.read())
    todos = {str(c["UID"]): c for c in cal.walk("VTODO")}
    check(sorted(todos) == ["ics-1", "ics-2"] and str(todos["ics-1"].get("STATUS")) == "COMPLETED"
          and str(todos["ics-2"].get("STATUS", "NEEDS-ACTION")) != "COMPLETED",
          f"{flavour}: the .ics store holds {sorted(todos)}")
    count, days = snapshot(program, ics)
    check(count == 2 and days.get(dt.date(2026, 12, 8)) == (1, 1) and days.get(dt.date(2026, 12, 10)) == (1, 0),
          f"{flavour}: the .ics store's snapshot: {count}, {days}")
    print(f"{flavour}: {len(names)} files checked against python-icalendar and recurring-ical-events")


TODOMAN = None


def todoman_reads(vdir, root, flavour):
    """todoman's own list of the vdir, as its --porcelain JSON says it (a config of its own, its
    cache in `root`)."""
    import json
    lists = os.path.dirname(vdir)
    config = os.path.join(root, "todoman.py")
    with open(config, "w") as f:
        f.write(f'path = "{lists}/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\n'
                f'default_list = "tasks"\ncache_path = "{root}/todoman-cache.sqlite3"\n')
    env = dict(os.environ, TZ=ZONE)
    p = subprocess.run([os.path.join(TODOMAN, "todo"), "-c", config, "--porcelain", "list", "--status", "ANY"],
                       capture_output=True, text=True, env=env, timeout=120)
    check(p.returncode == 0 and "Traceback" not in p.stderr, f"{flavour}: todoman list: exit {p.returncode}: {p.stderr[-500:]}")
    if p.returncode != 0:
        return
    by = {}
    for t in json.loads(p.stdout):
        by.setdefault(t["summary"], []).append(t)
    walk = by.get("Stretch and walk", [])
    check(len(walk) == 1 and walk[0]["completed"] and sorted(walk[0]["categories"]) == ["health", "personal"],
          f"{flavour}: todoman reads the done todo as {walk}")
    parcel = by.get("Pick up the parcel at the post office", [])
    check(len(parcel) == 1 and not parcel[0]["completed"], f"{flavour}: todoman reads the retitled todo as {parcel}")
    stamps = by.get("Buy stamps", [])
    due = [dt.datetime.fromtimestamp(t["due"], ZoneInfo(ZONE)).date() for t in stamps if t["due"] is not None]
    check(len(stamps) == 1 and due == [dt.date(2026, 12, 10)], f"{flavour}: todoman reads the new todo as {stamps}")
    check("Old idea" not in by, f"{flavour}: todoman still lists the removed todo")


def main():
    global TODOMAN
    args = sys.argv[1:]
    scratch = args.pop(0)
    if args and args[0] == "--todoman":
        TODOMAN = args[1]
        args = args[2:]
    for program in args:
        run(program, scratch)
    if check.failures:
        print(f"store_check: {len(check.failures)} failures")
        return 1
    print(f"store_check: a C program kept a vdir through calgrid_store_* with {len(args)} libraries"
          + (", todoman reading it" if TODOMAN else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
