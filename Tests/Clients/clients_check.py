#!/usr/bin/env python3
"""CalGrid against the real clients of vdirs: todoman and khal, from PyPI, in the venv
mk/clients.mk builds under .build, run headless with their own config files in a throwaway folder.

    clients_check.py CALGRID CLIENT_BIN

Everything runs in Pacific/Auckland (TZ and --tz), far from UTC: todoman writes timed dues in UTC,
so a day read in the wrong zone shows. khal's checks show days in Asia/Seoul, where a 20:00 New
York meeting is on the next day. Every expectation is what the client itself reports (todoman's
--porcelain JSON, khal list), compared with what calgrid reports (import, month/day --json):
  1. todos made by `todo new ... -d ...` (timed and date dues, categories) are imported from the
     vdir by `calgrid import DIR` with the same titles, due days and categories as `todo
     --porcelain list`;
  2. a vdir written by `calgrid export --format vdir` (from an .ics written here) is listed by
     `todo --porcelain list --status ANY` with the same titles, due days and completion;
  3. `todo done` on one of them is seen done by the next `calgrid import`, the others unchanged;
  4. todoman completing a recurring todo (it strips the RRULE from the item, which becomes a
     single completed todo, and writes the rest of the series under a new UID) is read as todoman
     lists it: the old UID done and no longer recurring, the new UID recurring from todoman's start;
  5. events made by `khal new` (a weekly 20:00 New York meeting, an all-day event), shown by
     `khal list` in Asia/Seoul, are imported as events and counted by `calgrid month --json` on
     the same days; `calgrid done` on one is refused (an event is never done) and its file is left;
  6. events exported by `calgrid export --format vdir` (timed, all-day over several days, with a
     DURATION, weekly, beside a todo) are listed by `khal list` on the days `calgrid day --json`
     puts them, one UID per file (khal refuses a file with more);
  7. `calgrid --todos DIR add --event` into khal's vdir writes a VEVENT khal lists on its day;
  8. a recurring todo ticked per occurrence by `calgrid done ID --on DAY` in a vdir (issue 21: a
     RECURRENCE-ID instance with STATUS:COMPLETED per tick, in the item's file) as todoman reads
     it: todoman ignores RECURRENCE-ID and reads each instance as a todo of its own, completed, not
     recurring, on its occurrence's day (`todo --porcelain show ID` of every id it has); its lists
     give one row per UID, the series itself (not completed, recurring, from its first day) under
     `--status ANY`, one completed instance under `--status COMPLETED`; and `todo done` on the
     series is refused (todoman's read-only mode for a file of several todos), the file unchanged.
  9. CalGrid's own concepts added with `calgrid add` into a vdir (a weekday challenge, a span
     challenge ticked on one day, a todo with an end and no start, a reminder) are listed by
     todoman on calgrid's days: the weekday series recurring from calgrid's (synchronised) start,
     the ticked span not completed with calgrid's start and due, the end-only todo with no start
     and its due; `todo done` on the span is read by calgrid as the span done as a whole, and on a
     weekday series as todoman writes it: the old item a done one-off, the rest a rule of its days.
  10. a phone's todo patched by `done`, `edit`, `undo` keeps every other line (issue 38);
  11. a reminder added with a deadline rings on the due day (python-icalendar's alarm times), and
     `edit --repeat` removes a phone's completed instance of a day the new rule lacks (todoman).
  12. `calgrid agenda --json` lists the days, times and order `khal list` shows for a vdir khal
     wrote (timed, all-day, over two days, weekly and daily rules, a tie of start times), in Seoul;
  13. zoned items CalGrid writes to a vdir (TZID and VTIMEZONE) are at zoneinfo's instants for
     khal in Berlin and for `calgrid agenda` there, and todoman takes a zoned due's instant.
  The vdir exports write into folders whose parents do not exist yet: the export makes them.
"""
import collections
import datetime as dt
import glob
import json
import os
import subprocess
import sys
import tempfile
from zoneinfo import ZoneInfo

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CLI"))
from clisupport import Checks  # noqa: E402

ZONE = "Pacific/Auckland"
SEOUL = "Asia/Seoul"


def run(argv, env, **kw):
    p = subprocess.run(argv, capture_output=True, env=env, timeout=120, **kw)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit {p.returncode}: {p.stderr.decode()[:500]}")
    return p.stdout.decode()


def refused(argv, env):
    """The standard error of a command that must fail (an exception when it succeeds)."""
    p = subprocess.run(argv, capture_output=True, env=env, timeout=120)
    if p.returncode == 0:
        raise RuntimeError(f"{' '.join(argv)}: succeeded, expected a refusal")
    return p.stderr.decode()


def calgrid_todos(calgrid, path, env, zone=ZONE):
    out = run([calgrid, "import", path, "--tz", zone, "--out", "-"], env)
    return {t["id"]: t for t in json.loads(out)["todos"]}


def porcelain(client, config, env):
    return json.loads(run([os.path.join(client, "todo"), "-c", config, "--porcelain", "list", "--status", "ANY"], env))


def local_day(epoch, zone=ZONE):
    return None if epoch is None else dt.datetime.fromtimestamp(epoch, ZoneInfo(zone)).date().isoformat()


def todoman_config(d, vdirs):
    config = os.path.join(d, "todoman.py")
    with open(config, "w") as f:
        f.write(f'path = "{vdirs}/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\n'
                f'default_list = "tasks"\ncache_path = "{d}/todoman-cache.sqlite3"\n')
    return config


def khal_config(d, name, path, zone, default_zone="America/New_York"):
    conf = os.path.join(d, name + ".conf")
    with open(conf, "w") as f:
        f.write(f"[calendars]\n[[{name}]]\npath = {path}\ntype = calendar\n[locale]\ntimeformat = %H:%M\ndateformat = %Y-%m-%d\n"
                "longdateformat = %Y-%m-%d\ndatetimeformat = %Y-%m-%d %H:%M\nlongdatetimeformat = %Y-%m-%d %H:%M\n"
                f"local_timezone = {zone}\ndefault_timezone = {default_zone}\n[default]\ndefault_calendar = {name}\n"
                f"[sqlite]\npath = {d}/{name}.db\n")
    return conf


def khal_days(khal, conf, env, first, days):
    """(day, title) -> how many times `khal list` shows it, over `days` days from `first`: an event
    is listed under every day it covers."""
    shown = run([khal, "-c", conf, "list", first, f"{days}d", "--format", "{title}", "--day-format", "@{date}"], env)
    out, day = collections.Counter(), None
    for line in shown.splitlines():
        if line.startswith("@"):
            day = line[1:].strip()
        elif line.strip():
            out[(day, line.strip())] += 1
    return out


def calgrid_event_days(calgrid, store, env, zone, first, days):
    """(day, title) -> 1 for each event `calgrid day --json` lists on a day, and the days on which
    `calgrid month --json` counts events, with their counts (both must agree)."""
    titles, counts = collections.Counter(), {}
    start = dt.date.fromisoformat(first)
    months = sorted({(start + dt.timedelta(days=k)).strftime("%Y-%m") for k in range(days)})
    for m in months:
        grid = json.loads(run([calgrid, "month", m, "--json", "--todos", store, "--tz", zone], env))
        for c in grid["cells"]:
            if c["inMonth"] and c["events"] and start <= dt.date.fromisoformat(c["date"]) < start + dt.timedelta(days=days):
                counts[c["date"]] = c["events"]
    for day in counts:
        shown = json.loads(run([calgrid, "day", day, "--json", "--todos", store, "--tz", zone], env))
        for t in shown["eventItems"]:
            titles[(day, t["title"])] += 1
    return titles, counts


def per_day(titles):
    c = collections.Counter()
    for (day, _), n in titles.items():
        c[day] += n
    return dict(c)


def client_env(home):
    """The clients' and calgrid's environment in the throwaway folder `home`: ZONE's wall clock,
    their configuration, data and caches there, no store of the user's."""
    env = dict(os.environ, TZ=ZONE, LC_ALL="C.UTF-8", HOME=home, XDG_CONFIG_HOME=home, XDG_DATA_HOME=home, XDG_CACHE_HOME=home)
    env.pop("CALGRID_TODOS", None)
    return env


def write_calendar(path, *components, prodid="-//calgrid tests//EN"):
    """Writes `path` as one VCALENDAR of `components` (each a list of content lines), CRLF-ended."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{prodid}"] + [line for c in components for line in c] + ["END:VCALENDAR"]
    with open(path, "wb") as f:
        f.write("".join(line + "\r\n" for line in lines).encode())


def todoman_rows(todo, config, env):
    """Every todo todoman has, as `todo --porcelain show ID` gives it (its ids are its cache's rows):
    todoman's lists give one row per UID, `show` each RECURRENCE-ID instance too."""
    rows, k = [], 1
    while k < 50:
        p = subprocess.run([todo, "-c", config, "--porcelain", "show", str(k)], capture_output=True, env=env, timeout=120)
        if p.returncode != 0:
            break
        rows.append(json.loads(p.stdout))
        k += 1
    return rows


class Programs:
    """What a check script is given on its command line (CALGRID CLIENT_BIN), absolute."""

    def __init__(self, argv):
        self.calgrid, self.client = os.path.abspath(argv[1]), os.path.abspath(argv[2])
        self.todo, self.khal = os.path.join(self.client, "todo"), os.path.join(self.client, "khal")


def run_checks(name, scenarios):
    """Runs `scenarios(programs, check, home, env)` in a throwaway home and gives the exit status
    of its report: the one frame of clients_check.py and spans_check.py."""
    programs, check = Programs(sys.argv), Checks(name)
    with tempfile.TemporaryDirectory() as home:
        scenarios(programs, check, home, client_env(home))
    return check.report(f"todoman 4.7, khal 0.14, {ZONE} and {SEOUL}")


def scenarios(programs, check, d, env):
    calgrid, client, todo, khal = programs.calgrid, programs.client, programs.todo, programs.khal
    # 1. todoman writes, CalGrid reads.
    lists = os.path.join(d, "calendars")
    os.makedirs(os.path.join(lists, "tasks"))
    config = todoman_config(d, lists)
    for args in (["Submit the expense report", "-d", "2026-03-10 09:30"], ["Buy milk", "-d", "2026-03-12"],
                 ["Late call prep", "-d", "2026-03-14 23:45", "-c", "work"], ["Early train", "-d", "2026-03-15 00:15"]):
        run([todo, "-c", config, "new"] + args + ["-l", "tasks"], env)
    theirs = porcelain(client, config, env)
    ours = calgrid_todos(calgrid, os.path.join(lists, "tasks"), env)
    check(len(ours) == len(theirs) == 4, f"todoman new: {len(theirs)} todos, CalGrid read {len(ours)}")
    by_title = {t["title"]: t for t in ours.values()}
    for t in theirs:
        mine = by_title.get(t["summary"])
        check(mine is not None and mine.get("endDate") == local_day(t["due"]),
              f"todoman new {t['summary']!r}: due {local_day(t['due'])}, CalGrid {mine and mine.get('endDate')}")
        check(mine is not None and mine.get("tags", []) == t["categories"], f"todoman new {t['summary']!r}: categories")
        check(mine is not None and mine.get("kind", "todo") == "todo", f"todoman new {t['summary']!r}: CalGrid's kind {mine}")
    # todoman stores a timed due in UTC: the day is the user's only when read in the user's zone.
    raw = "".join(open(f).read() for f in glob.glob(os.path.join(lists, "tasks", "*.ics")))
    check("DUE:20260309T203000Z" in raw, "todoman no longer writes a 09:30 Auckland due as 20:30 UTC the day before")

    # 2. CalGrid writes a vdir, todoman reads it.
    source = os.path.join(d, "source.ics")
    write_calendar(source,
                   ["BEGIN:VTODO", "UID:rent@calgrid.test", "DTSTAMP:20260301T000000Z", "SUMMARY:Pay the rent", "DUE;VALUE=DATE:20260401", "END:VTODO"],
                   ["BEGIN:VTODO", "UID:tax@calgrid.test", "DTSTAMP:20260301T000000Z", "SUMMARY:Steuererklärung", "DTSTART;VALUE=DATE:20260320", "DUE;VALUE=DATE:20260331", "END:VTODO"],
                   ["BEGIN:VTODO", "UID:done@calgrid.test", "DTSTAMP:20260301T000000Z", "SUMMARY:Renew passport", "DUE;VALUE=DATE:20260302", "STATUS:COMPLETED", "COMPLETED:20260301T220000Z", "END:VTODO"],
                   ["BEGIN:VTODO", "UID:water@calgrid.test", "DTSTAMP:20260301T000000Z", "SUMMARY:Water the plants", "DTSTART;VALUE=DATE:20260307", "RRULE:FREQ=WEEKLY;COUNT=8", "END:VTODO"])
    native = os.path.join(d, "set.json")
    run([calgrid, "import", source, "--tz", ZONE, "--out", native], env)
    mine = {t["id"]: t for t in json.load(open(native))["todos"]}
    out = os.path.join(d, "written")
    # Neither the folder nor its parent exists: the export makes both (mkdir -p), and its lock
    # is the vdir's own (DIR/.calgrid.lock), not a file beside the folder.
    run([calgrid, "export", "--todos", native, "--format", "vdir", "--out", os.path.join(out, "tasks"), "--tz", ZONE], env)
    check(sorted(os.listdir(out)) == ["tasks"] and len(glob.glob(os.path.join(out, "tasks", "*.ics"))) == len(mine),
          f"export --format vdir into a missing parent: {sorted(os.listdir(out)) if os.path.isdir(out) else 'no ' + out}")
    config2 = todoman_config(os.path.join(d), out)
    listed = {t["summary"]: t for t in porcelain(client, config2, env)}
    check(len(listed) == len(mine), f"todoman lists {sorted(listed)} of CalGrid's {len(mine)}")
    for t in mine.values():
        l = listed.get(t["title"])
        if l is None:
            check(False, f"todoman does not list {t['title']!r}")
            continue
        if "rrule" not in t:
            check(local_day(l["due"]) == t.get("endDate"), f"{t['title']}: todoman due {local_day(l['due'])}, CalGrid {t.get('endDate')}")
        else:
            check(l["recurring"] and local_day(l["start"]) == t["startDate"], f"{t['title']}: todoman {l}")
        check(l["completed"] == bool(t.get("iscompleted", False)), f"{t['title']}: todoman completed {l['completed']}")

    # 3. todo done, seen by CalGrid.
    rent = [l for l in porcelain(client, config2, env) if l["summary"] == "Pay the rent"][0]
    run([todo, "-c", config2, "done", str(rent["id"])], env)
    after = calgrid_todos(calgrid, os.path.join(out, "tasks"), env)
    check(after["rent@calgrid.test"].get("iscompleted") is True, "todo done: CalGrid does not see the rent done")
    check(all(after[i].get("iscompleted", False) == mine[i].get("iscompleted", False) for i in mine if i != "rent@calgrid.test"),
          "todo done: another todo changed")

    # 4. todoman completes the recurring todo: as todoman lists it afterwards, the old item is
    # done and no longer recurring, the rest of the series a new recurring item.
    water = [l for l in porcelain(client, config2, env) if l["summary"] == "Water the plants" and not l["completed"]][0]
    run([todo, "-c", config2, "done", str(water["id"])], env)
    listed = [l for l in porcelain(client, config2, env) if l["summary"] == "Water the plants"]
    theirs_old = [l for l in listed if l["completed"]]
    theirs_new = [l for l in listed if not l["completed"]]
    check(len(theirs_old) == 1 and len(theirs_new) == 1 and not theirs_old[0]["recurring"] and theirs_new[0]["recurring"],
          f"todoman's completion of a recurring todo changed: {listed}")
    after = calgrid_todos(calgrid, os.path.join(out, "tasks"), env)
    old = after.get("water@calgrid.test", {})
    check(old.get("iscompleted") is True and "rrule" not in old
          and old.get("startDate") == local_day(theirs_old[0]["start"]),
          f"todoman's completion: the old item is {old}, todoman lists {theirs_old}")
    new = [t for i, t in after.items() if t["title"] == "Water the plants" and i != "water@calgrid.test"]
    check(len(new) == 1 and new[0].get("rrule", "").startswith("FREQ=WEEKLY") and theirs_new
          and new[0].get("startDate") == local_day(theirs_new[0]["start"]) and not new[0].get("iscompleted", False),
          f"todoman's completion: the new item is {new}, todoman lists {theirs_new}")

    # 5. khal writes events, CalGrid reads them on khal's days (shown in Seoul).
    events = os.path.join(d, "events", "work")
    os.makedirs(events)
    khal_conf = khal_config(d, "work", events, SEOUL)
    run([khal, "-c", khal_conf, "new", "-a", "work", "2026-03-02", "20:00", "21:00", "Team sync", "-r", "weekly"], env)
    run([khal, "-c", khal_conf, "new", "-a", "work", "2026-03-20", "2026-03-22", "Offsite"], env)
    theirs = khal_days(khal, khal_conf, env, "2026-03-01", 61)
    ours, counts = calgrid_event_days(calgrid, events, env, SEOUL, "2026-03-01", 61)
    check(len(theirs) > 8 and ours == theirs, f"khal list {sorted(theirs)}, CalGrid day --json {sorted(ours)}")
    check(counts == per_day(theirs), f"khal's events per day {per_day(theirs)}, CalGrid month --json {counts}")
    imported = calgrid_todos(calgrid, events, env, zone=SEOUL)
    check(len(imported) == 2 and all(t.get("kind") == "event" for t in imported.values()), f"khal's events imported as {imported}")
    meeting = [i for i, t in imported.items() if t["title"] == "Team sync"][0]
    path = [f for f in glob.glob(os.path.join(events, "*.ics")) if "Team sync" in open(f).read()][0]
    before = open(path, "rb").read()
    said = refused([calgrid, "done", meeting, "--todos", events, "--tz", SEOUL], env)
    check("never done" in said and open(path, "rb").read() == before, f"calgrid done on khal's event: {said!r}")

    # 6. CalGrid exports events, khal lists them on CalGrid's days.
    source = os.path.join(d, "events.ics")
    write_calendar(source,
                   ["BEGIN:VEVENT", "UID:board@calgrid.test", "DTSTAMP:20260301T000000Z", "SUMMARY:Board meeting", "DTSTART;TZID=America/New_York:20260302T200000", "DTEND;TZID=America/New_York:20260302T210000", "RRULE:FREQ=WEEKLY;COUNT=5", "END:VEVENT"],
                   ["BEGIN:VEVENT", "UID:conf@calgrid.test", "DTSTAMP:20260301T000000Z", "SUMMARY:Conference", "DTSTART;VALUE=DATE:20260324", "DTEND;VALUE=DATE:20260327", "END:VEVENT"],
                   ["BEGIN:VEVENT", "UID:flight@calgrid.test", "DTSTAMP:20260301T000000Z", "SUMMARY:Night flight", "DTSTART:20260310T140000Z", "DURATION:PT5H", "LOCATION:ICN", "END:VEVENT"],
                   ["BEGIN:VTODO", "UID:pack@calgrid.test", "DTSTAMP:20260301T000000Z", "SUMMARY:Pack the bags", "DUE;VALUE=DATE:20260310", "END:VTODO"])
    native = os.path.join(d, "events.json")
    run([calgrid, "import", source, "--tz", SEOUL, "--out", native], env)
    written = os.path.join(d, "exported", "cal")
    run([calgrid, "export", "--todos", native, "--format", "vdir", "--out", written], env)
    files = sorted(glob.glob(os.path.join(written, "*.ics")))
    uids = [sorted({l[4:].strip() for l in open(f).read().splitlines() if l.startswith("UID:")}) for f in files]
    check(len(files) == 4 and all(len(u) == 1 for u in uids), f"the vdir export: {len(files)} files, UIDs {uids}")
    check(sum("BEGIN:VEVENT" in open(f).read() for f in files) == 3, "the vdir export does not write the three events as VEVENTs")
    exported_conf = khal_config(d, "cal", written, SEOUL)
    theirs = khal_days(khal, exported_conf, env, "2026-03-01", 61)
    ours, counts = calgrid_event_days(calgrid, native, env, SEOUL, "2026-03-01", 61)
    check(len(theirs) >= 9 and ours == theirs, f"CalGrid's export: khal list {sorted(theirs)}, CalGrid day --json {sorted(ours)}")
    check(counts == per_day(theirs), f"CalGrid's export: khal's events per day {per_day(theirs)}, CalGrid month --json {counts}")
    # In Seoul the New York evening meeting is a Tuesday, the night flight two days.
    check(("2026-03-03", "Board meeting") in theirs and ("2026-03-11", "Night flight") in theirs,
          f"CalGrid's export: khal list {sorted(theirs)}")
    again = calgrid_todos(calgrid, written, env, zone=SEOUL)
    want = {t["id"]: t.get("kind", "todo") for t in json.load(open(native))["todos"]}
    check({i: t.get("kind", "todo") for i, t in again.items()} == want, f"kinds after the vdir round trip: {again}, before {want}")

    # 7. calgrid add --event into khal's vdir: a VEVENT khal lists.
    added = json.loads(run([calgrid, "add", "Dentist", "--todos", events, "--start", "2026-03-18", "--event", "--json", "--tz", SEOUL], env))
    check(added.get("kind") == "event", f"calgrid add --event: {added}")
    theirs = khal_days(khal, khal_conf, env, "2026-03-01", 61)
    check(theirs.get(("2026-03-18", "Dentist")) == 1 and sum(n for (day, t), n in theirs.items() if t == "Dentist") == 1,
          f"khal list after calgrid add --event: {sorted(theirs)}")

    # 8. calgrid ticks occurrences of a recurring todo in a vdir; what todoman makes of it.
    chores = os.path.join(d, "t21", "lists", "chores")
    os.makedirs(chores)
    config8 = todoman_config(os.path.join(d, "t21"), os.path.join(d, "t21", "lists"))
    run([calgrid, "add", "Water the ferns", "--id", "ferns", "--todos", chores, "--start", "2026-03-02", "--end", "2026-03-30",
         "--repeat", "FREQ=WEEKLY", "--tz", ZONE, "--today", "2026-03-01"], env)
    for day in ("2026-03-09", "2026-03-16"):
        run([calgrid, "done", "ferns", "--on", day, "--todos", chores, "--tz", ZONE, "--today", "2026-03-17"], env)
    shown = json.loads(run([calgrid, "show", "ferns", "--json", "--todos", chores, "--tz", ZONE, "--today", "2026-03-17"], env))
    files = glob.glob(os.path.join(chores, "*.ics"))
    text = open(files[0]).read() if len(files) == 1 else ""
    check(len(files) == 1 and text.count("RECURRENCE-ID") == 2 and shown["doneDates"] == ["2026-03-09", "2026-03-16"],
          f"calgrid done --on in a vdir: {len(files)} files, calgrid shows {shown.get('doneDates')}")
    rows = todoman_rows(todo, config8, env)
    series = [r for r in rows if r["recurring"]]
    ticks = sorted(local_day(r["start"]) for r in rows if not r["recurring"])
    check(len(rows) == 3 and all(r["summary"] == "Water the ferns" for r in rows), f"todoman's todos of the ticked series: {rows}")
    check(len(series) == 1 and not series[0]["completed"] and local_day(series[0]["start"]) == shown["start"],
          f"todoman's series: {series}, calgrid starts it on {shown['start']}")
    check(ticks == shown["doneDates"] and all(r["completed"] and r["percent"] == 100 for r in rows if not r["recurring"]),
          f"todoman's completed instances on {ticks}, calgrid's ticks {shown['doneDates']}: {rows}")
    listed = [l for l in porcelain(client, config8, env) if l["summary"] == "Water the ferns"]
    check(len(listed) == 1 and listed[0]["recurring"] and not listed[0]["completed"],
          f"todo list --status ANY: one row per UID, the series: {listed}")
    done_list = json.loads(run([todo, "-c", config8, "--porcelain", "list", "--status", "COMPLETED"], env))
    check(len(done_list) == 1 and done_list[0]["completed"] and not done_list[0]["recurring"]
          and local_day(done_list[0]["start"]) in shown["doneDates"], f"todo list --status COMPLETED: {done_list}")
    before = open(files[0], "rb").read() if files else b""
    p = subprocess.run([todo, "-c", config8, "done", str(series[0]["id"] if series else 1)], capture_output=True, env=env, timeout=120)
    check(p.returncode != 0 and b"read-only" in p.stdout + p.stderr and files and open(files[0], "rb").read() == before,
          f"todo done on the ticked series: exit {p.returncode}, {(p.stdout + p.stderr).decode()!r}")

    # 9. CalGrid's own concepts in a vdir (issue 37), as todoman reads them: a weekday challenge
    # (an RRULE from its first repeat day, ticked by RECURRENCE-ID), a span ticked on one day
    # (X-CALGRID-TICKED: not done as a whole), a todo with an end and no start, a reminder.
    own = os.path.join(d, "t37", "lists", "own")
    os.makedirs(own)
    config9 = todoman_config(os.path.join(d, "t37"), os.path.join(d, "t37", "lists"))
    cg = lambda *a: run([calgrid, *a, "--todos", own, "--tz", ZONE, "--today", "2026-03-03"], env)
    cg("add", "Gym", "--id", "gym", "--repeat", "mon,wed,fri", "--challenge", "--end", "2026-03-27")
    cg("add", "Read", "--id", "read", "--challenge", "--start", "2026-03-02", "--end", "2026-03-08")
    cg("add", "Report", "--id", "report", "--start", "none", "--end", "2026-03-20")
    cg("add", "Call", "--id", "call", "--end", "2026-03-10", "--remind", "09:00")
    cg("done", "gym", "--on", "2026-03-04")
    cg("done", "read", "--on", "2026-03-03")
    ours = {i: json.loads(cg("show", i, "--json")) for i in ("gym", "read", "report", "call")}
    check(ours["gym"]["start"] == "2026-03-04" and ours["gym"]["isChallenge"] and ours["gym"]["repetition"] == [1, 3, 5]
          and ours["gym"]["doneDates"] == ["2026-03-04"], f"calgrid reads back its weekday challenge: {ours['gym']}")
    check(ours["read"]["doneDates"] == ["2026-03-03"] and not ours["read"]["isDone"] and ours["report"]["start"] is None
          and ours["call"]["reminder"] == "09:00", f"calgrid reads back its own fields: {ours}")
    listed = porcelain(client, config9, env)
    by = collections.defaultdict(list)
    for l in listed:
        by[l["summary"]].append(l)
    gym = by["Gym"]
    # todoman lists one row per UID: the series, recurring, from calgrid's start.
    check(len(gym) == 1 and gym[0]["recurring"] and not gym[0]["completed"] and local_day(gym[0]["start"]) == ours["gym"]["start"],
          f"todoman's Gym: {gym}, calgrid starts it on {ours['gym']['start']}")
    read = by["Read"]
    check(len(read) == 1 and not read[0]["completed"] and not read[0]["recurring"]
          and (local_day(read[0]["start"]), local_day(read[0]["due"])) == (ours["read"]["start"], ours["read"]["end"]),
          f"todoman's Read (ticked on one day, not done as a whole): {read}")
    report = by["Report"]
    check(len(report) == 1 and report[0]["start"] is None and local_day(report[0]["due"]) == ours["report"]["end"],
          f"todoman's Report (an end and no start): {report}")
    call = by["Call"]
    check(len(call) == 1 and local_day(call[0]["due"]) == ours["call"]["end"] and not call[0]["completed"], f"todoman's Call: {call}")
    # todoman's `done` on the span is seen by calgrid as the span done as a whole.
    run([todo, "-c", config9, "done", str(read[0]["id"] if read else 0)], env)
    after = json.loads(cg("show", "read", "--json"))
    check(after["isDone"] and after["doneDays"] == after["totalDays"], f"todo done on Read, calgrid then: {after}")
    # todoman's done on a weekday series strips the RRULE from the item (done, a one-off on its
    # first day: not its weekdays forever) and writes the rest under a new UID, from the next one,
    # without our X- properties: a rule of the same days (7 Tuesdays and Thursdays to 03-26).
    cg("add", "Swim", "--id", "swim", "--repeat", "tue,thu", "--end", "2026-03-26")
    swim = [l for l in porcelain(client, config9, env) if l["summary"] == "Swim"]
    run([todo, "-c", config9, "done", str(swim[0]["id"] if swim else 0)], env)
    rows = [t for t in json.loads(cg("list", "--json"))["todos"] if t["title"] == "Swim"]
    old = [t for t in rows if t["id"] == "swim"]
    rest = [t for t in rows if t["id"] != "swim"]
    check(len(old) == 1 and old[0]["isDone"] and old[0]["repetition"] == list(range(7)) and old[0]["start"] == "2026-03-03",
          f"todo done on the Swim series: calgrid reads the old item as {old}")
    check(len(rest) == 1 and not rest[0]["isDone"] and rest[0]["start"] == "2026-03-05"
          and "BYDAY=TU,TH" in (rest[0]["rrule"] or "") and rest[0]["totalDays"] == 7,
          f"todo done on the Swim series: the rest of it, as calgrid reads it: {rest} (todoman: {swim})")

    # 10. A phone's todo patched by calgrid (issue 38): CATEGORIES as one comma list (as Apple
    # Reminders and todoman write it), a location alarm (RFC 9074 PROXIMITY, which libical does
    # not know), X-APPLE- properties, a folded SUMMARY. After `calgrid done`, `edit --title` and
    # `undo`, todoman reads it without a traceback and with its tags, and every line calgrid had
    # no reason to change is byte for byte what the phone wrote.
    phone = os.path.join(d, "t38", "lists", "phone")
    os.makedirs(phone)
    config10 = todoman_config(os.path.join(d, "t38"), os.path.join(d, "t38", "lists"))
    item = os.path.join(phone, "5C0E7A1E-PARCEL.ics")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iPhone OS 17.4.1//EN", "CALSCALE:GREGORIAN",
             "BEGIN:VTODO", "CREATED:20260301T081500Z", "UID:5C0E7A1E-PARCEL",
             "SUMMARY:Pick up the parcel at the post office on Hauptstrasse before it goes b", " ack to the sender",
             "X-APPLE-SORT-ORDER:733212345", "DTSTAMP:20260301T081500Z", "LAST-MODIFIED:20260301T081500Z", "SEQUENCE:0",
             "CATEGORIES:health,personal", "DUE;VALUE=DATE:20260310", "STATUS:NEEDS-ACTION",
             "BEGIN:VALARM", "UID:8B1F3E2C-6A4D-4E7F-9B0A-1C2D3E4F5A6B", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z",
             "ACTION:DISPLAY", "DESCRIPTION:Reminder", "PROXIMITY:ARRIVE", "BEGIN:VLOCATION", "UID:0D9C8B7A-6F5E-4D3C",
             "URL:geo:52.520008,13.404954", "TITLE:Post office", "END:VLOCATION", "END:VALARM", "END:VTODO", "END:VCALENDAR"]
    original = ("\r\n".join(lines) + "\r\n").encode()
    with open(item, "wb") as f:
        f.write(original)

    def logical(b):
        out = []
        for raw in b.split(b"\r\n"):
            if raw[:1] in (b" ", b"\t") and out:
                out[-1] += b"\r\n" + raw
            elif raw:
                out.append(raw)
        return out

    def name(l):
        return l.split(b":")[0].split(b";")[0].upper()

    def kept(before, after, allowed):
        it = iter(logical(after))
        return all(any(l == m for m in it) for l in logical(before) if name(l) not in allowed)

    bump = {b"DTSTAMP", b"LAST-MODIFIED", b"SEQUENCE"}
    done_names = bump | {b"STATUS", b"COMPLETED", b"PERCENT-COMPLETE"}
    cg38 = lambda *a: run([calgrid, *a, "--todos", phone, "--tz", ZONE, "--today", "2026-03-05"], env)
    steps = [("done", ["done", "5C0E7A1E-PARCEL"], done_names, True, "Pick up the parcel"),
             ("edit", ["edit", "5C0E7A1E-PARCEL", "--title", "Parcel: post office"], bump | {b"SUMMARY"}, True, "Parcel: post office"),
             ("undo", ["undo", "5C0E7A1E-PARCEL"], done_names, False, "Parcel: post office")]
    for what, argv, allowed, completed, title in steps:
        before = open(item, "rb").read()
        cg38(*argv)
        after = open(item, "rb").read()
        p = subprocess.run([todo, "-c", config10, "--porcelain", "list", "--status", "ANY"], capture_output=True, env=env, timeout=120)
        rows = json.loads(p.stdout) if p.returncode == 0 else []
        check(p.returncode == 0 and b"Traceback" not in p.stderr, f"calgrid {what} on a phone todo: todoman fails: {p.stderr.decode()[-300:]}")
        check(len(rows) == 1 and rows[0]["categories"] == ["health", "personal"] and rows[0]["completed"] == completed
              and rows[0]["summary"].startswith(title), f"calgrid {what} on a phone todo: todoman lists {rows}")
        check(kept(before, after, allowed) and b"X-LIC-ERROR" not in after and after.count(b"CATEGORIES") == 1,
              f"calgrid {what} on a phone todo changed other lines:\n{after.decode()}")
    check(b"PROXIMITY:ARRIVE\r\nBEGIN:VLOCATION" in open(item, "rb").read(), "the location alarm is no longer as the phone wrote it")

    # 11. Valid writes (issue 38): a reminder of a todo with a deadline rings on the due day
    # (`add --end tomorrow --remind 08:00`: TRIGGER;RELATED=END, as python-icalendar's own
    # alarm computation reads it), and a rule changed by `edit --repeat` takes a phone's
    # completed instance of a day the new rule lacks with it (todoman lists no completed row
    # then), while one the new rule keeps stays completed.
    from icalendar import Calendar
    from icalendar.alarms import Alarms
    valid = os.path.join(d, "t38b", "lists", "valid")
    os.makedirs(valid)
    config11 = todoman_config(os.path.join(d, "t38b"), os.path.join(d, "t38b", "lists"))
    cg11 = lambda *a: run([calgrid, *a, "--todos", valid, "--tz", ZONE, "--today", "2026-03-03"], env)
    cg11("add", "Hand in the form", "--id", "form", "--end", "tomorrow", "--remind", "08:00")
    cg11("add", "Read a chapter", "--id", "chapter", "--start", "today", "--remind", "08:00")
    for uid, want in (("form", "2026-03-04T08:00"), ("chapter", "2026-03-03T08:00")):
        rings = []
        for path in glob.glob(os.path.join(valid, "*.ics")):
            for c in Calendar.from_ical(open(path, "rb").read()).walk():
                if c.name == "VTODO" and str(c.get("UID")) == uid:
                    alarms = Alarms()
                    alarms.set_parent(c)
                    if "DTSTART" in c:
                        alarms.set_start(c.decoded("DTSTART"))
                    if "DUE" in c:
                        alarms.set_end(c.decoded("DUE"))
                    for a in c.walk("VALARM"):
                        alarms.add_alarm(a)
                    rings += [t.trigger.astimezone(ZoneInfo(ZONE)).strftime("%Y-%m-%dT%H:%M") if getattr(t.trigger, "tzinfo", None)
                              else t.trigger.strftime("%Y-%m-%dT%H:%M") for t in alarms.times]
        check(rings == [want], f"the reminder of {uid} rings at {rings}, not {want}")
    series = os.path.join(valid, "6870512244977771234.ics")
    with open(series, "wb") as f:
        f.write(("\r\n".join([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN tasks.org//android-140503//EN",
            "BEGIN:VTODO", "DTSTAMP:20260104T191202Z", "UID:6870512244977771234", "CREATED:20260104T191155Z",
            "SUMMARY:Take out the recycling", "DUE;VALUE=DATE:20260105", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "END:VTODO",
            "BEGIN:VTODO", "DTSTAMP:20260120T070102Z", "UID:6870512244977771234", "RECURRENCE-ID;VALUE=DATE:20260119",
            "SUMMARY:Take out the recycling", "DUE;VALUE=DATE:20260119", "STATUS:COMPLETED", "COMPLETED:20260119T065900Z",
            "PERCENT-COMPLETE:100", "END:VTODO", "END:VCALENDAR"]) + "\r\n").encode())
    for rule, completed in (("FREQ=WEEKLY;BYDAY=MO", 1), ("FREQ=WEEKLY;BYDAY=TU", 0)):
        cg11("edit", "6870512244977771234", "--repeat", rule)
        p = subprocess.run([todo, "-c", config11, "--porcelain", "list", "--status", "COMPLETED"], capture_output=True, env=env, timeout=120)
        rows = [r for r in (json.loads(p.stdout) if p.returncode == 0 else []) if r["summary"] == "Take out the recycling"]
        text = open(series, "rb").read()
        check(p.returncode == 0 and b"Traceback" not in p.stderr and len(rows) == completed
              and text.count(b"RECURRENCE-ID") == completed and b"X-LIC-ERROR" not in text,
              f"edit --repeat {rule}: todoman lists {rows} completed, the file:\n{text.decode()}")

    # 12. The agenda (issue 39): `calgrid agenda FROM TO --json` against `khal list` over the
    # same vdir khal wrote, in Seoul: the same days, each day's items with the same start and
    # end times, in the same order. khal orders a day by the occurrence's start (all-day as
    # 00:00 of its first day), then its end, then its title, and so must CalGrid: items
    # crossing midnight (a 23:00-00:30 train on the second day of an all-day trip, a 23:00-01:00
    # shift) come first on their second day, after an all-day item begun before them; of equal
    # starts the one ending first (Zoom 09:00-09:15 before Audit 09:00-11:00, against the title
    # order; an all-day item before a 00:00-01:00 one), and of equal starts and ends the title
    # (Bravo before Charlie). khal writes the events in Seoul's time (a Seoul user's khal), so
    # no occurrence here crosses a DST change (CalGrid keeps one time of day per item: issue 39,
    # left to the times work).
    agenda_dir = os.path.join(d, "agenda", "cal")
    os.makedirs(agenda_dir)
    agenda_conf = khal_config(d, "agenda", agenda_dir, SEOUL, default_zone=SEOUL)
    for argv in (["2026-03-02", "10:00", "11:00", "Standup", "-r", "weekly"],
                 ["2026-03-02", "09:00", "09:30", "Coffee"],
                 ["2026-03-02", "14:00", "15:00", "Review"],
                 ["2026-03-02", "14:00", "14:30", "Call"],
                 ["2026-03-03", "Holiday"],
                 ["2026-03-04", "2026-03-05", "Trip"],
                 ["2026-03-04", "20:00", "21:00", "Dinner", "--location", "Mapo"],
                 ["2026-03-06", "22:00", "23:30", "Late call"],
                 ["2026-03-06", "07:30", "08:00", "Gym", "-r", "daily", "-u", "2026-03-09"],
                 ["2026-03-04", "23:00", "2026-03-05", "00:30", "Night train"],
                 ["2026-03-05", "08:00", "09:00", "Breakfast"],
                 ["2026-03-07", "23:00", "2026-03-08", "01:00", "Night shift"],
                 ["2026-03-08", "Sunday"],
                 ["2026-03-09", "09:00", "11:00", "Audit"],
                 ["2026-03-09", "09:00", "09:15", "Zoom"],
                 ["2026-03-10", "00:00", "01:00", "Midnight"],
                 ["2026-03-10", "Cleanup"],
                 ["2026-03-11", "13:00", "14:00", "Charlie"],
                 ["2026-03-11", "13:00", "14:00", "Bravo"]):
        run([khal, "-c", agenda_conf, "new", "-a", "agenda", *argv], env)
    shown = run([khal, "-c", agenda_conf, "list", "2026-03-01", "14d", "--format", "{start-time}|{end-time}|{title}",
                 "--day-format", "@{date}"], env)
    theirs, day = {}, None
    for line in shown.splitlines():
        if line.startswith("@"):
            day = line[1:].strip()
            theirs[day] = []
        elif line.strip():
            theirs[day].append(tuple(line.strip().split("|", 2)))
    doc = json.loads(run([calgrid, "agenda", "2026-03-01", "2026-03-14", "--json", "--todos", agenda_dir, "--tz", SEOUL], env))
    ours = {}
    for o in doc["occurrences"]:
        ours.setdefault(o["date"], []).append((o.get("startTime", ""), o.get("endTime", ""), o["title"]))
    check(len(theirs) >= 11 and sum(map(len, theirs.values())) >= 25 and ours == theirs,
          f"calgrid agenda and khal list differ ({len(theirs)} days, {sum(map(len, theirs.values()))} items in khal's):\n" + "\n".join(
              f"  {k}: khal {theirs.get(k)}, calgrid {ours.get(k)}" for k in sorted(set(theirs) | set(ours)) if theirs.get(k) != ours.get(k)))

    # 13. Zoned items CalGrid writes anew (issue 39): read from an .ics in Seoul, kept in the
    # native format, exported to a vdir with their TZID and a VTIMEZONE (not floating Seoul times).
    # khal in Berlin lists each occurrence at its instant there (zoneinfo's: 20:00 New York is
    # 02:00 in Berlin, 01:00 in the weeks between the US and the EU change), as `calgrid agenda`
    # in Berlin does on the same vdir; todoman (in Auckland) takes the rent's due as 09:00 Berlin.
    source = os.path.join(d, "zoned.ics")
    write_calendar(source,
                   ["BEGIN:VEVENT", "UID:board-zoned@calgrid.test", "DTSTAMP:20260301T000000Z", "SUMMARY:Board meeting", "DTSTART;TZID=America/New_York:20260302T200000", "DTEND;TZID=America/New_York:20260302T210000", "RRULE:FREQ=WEEKLY;COUNT=5", "END:VEVENT"],
                   ["BEGIN:VTODO", "UID:rent-zoned@calgrid.test", "DTSTAMP:20260301T000000Z", "SUMMARY:Pay the rent", "DTSTART;TZID=Europe/Berlin:20260302T090000", "DUE;TZID=Europe/Berlin:20260302T090000", "RRULE:FREQ=MONTHLY;COUNT=3", "END:VTODO"])
    native = os.path.join(d, "zoned.json")
    run([calgrid, "import", source, "--tz", SEOUL, "--out", native], env)
    zoned_dir = os.path.join(d, "zoned", "cal")
    run([calgrid, "export", "--todos", native, "--format", "vdir", "--out", zoned_dir, "--tz", SEOUL], env)
    text = "".join(open(f).read() for f in glob.glob(os.path.join(zoned_dir, "*.ics")))
    check("DTSTART;TZID=America/New_York:20260302T200000" in text and "TZID:America/New_York" in text
          and "DUE;TZID=Europe/Berlin:20260302T090000" in text and "TZID:Europe/Berlin" in text,
          f"the zoned items' TZIDs and VTIMEZONEs are not written:\n{text}")
    berlin, new_york = ZoneInfo("Europe/Berlin"), ZoneInfo("America/New_York")
    want = {}
    for k in range(5):
        s = dt.datetime(2026, 3, 2, 20, 0, tzinfo=new_york) + dt.timedelta(weeks=k)
        s = dt.datetime.combine(s.date(), s.time(), tzinfo=new_york).astimezone(berlin)
        want.setdefault(s.date().isoformat(), []).append((s.strftime("%H:%M"), (s + dt.timedelta(hours=1)).strftime("%H:%M"), "Board meeting"))
    zoned_conf = khal_config(d, "zoned", zoned_dir, "Europe/Berlin")
    shown = run([khal, "-c", zoned_conf, "list", "2026-03-01", "45d", "--format", "{start-time}|{end-time}|{title}", "--day-format", "@{date}"], env)
    theirs, day = {}, None
    for line in shown.splitlines():
        if line.startswith("@"):
            day = line[1:].strip()
        elif line.strip():
            theirs.setdefault(day, []).append(tuple(line.strip().split("|", 2)))
    doc = json.loads(run([calgrid, "agenda", "2026-03-01", "2026-04-14", "--json", "--todos", zoned_dir, "--tz", "Europe/Berlin"], env))
    ours = {}
    for o in doc["occurrences"]:
        if o["title"] == "Board meeting":
            ours.setdefault(o["date"], []).append((o.get("startTime", ""), o.get("endTime", ""), o["title"]))
    check(theirs == want and ours == want, f"zoned vdir in Berlin: zoneinfo {want}, khal {theirs}, calgrid agenda {ours}")
    rent = [t for t in porcelain(client, todoman_config(d, os.path.dirname(zoned_dir)), env) if t["summary"] == "Pay the rent"]
    due = dt.datetime(2026, 3, 2, 9, 0, tzinfo=berlin).timestamp()
    check(len(rent) == 1 and rent[0]["due"] == due, f"todoman reads the zoned rent's due as {rent and rent[0]['due']}, 09:00 Berlin is {due}")


if __name__ == "__main__":
    sys.exit(run_checks("test-clients", scenarios))
