"""The round trip with a real CalDAV server (issue 21): Radicale on 127.0.0.1, vdirsyncer between
it and a vdir, calgrid on the vdir, and the server read back over CalDAV with the `caldav` library,
as a phone would.

1. 20 todos are put on the server over CalDAV (2 recurring, 1 with an alarm and an X- property).
2. The README's vdirsyncer config (its URL and account replaced by the test server's) and the
   README's commands, run as written in a scratch home (discover, sync, calgrid month: the month
   is the vdir's, not the sample's); calgrid month --json and list --json give the server's days, counts
   and completion (the oracle: python-icalendar and recurring-ical-events over the items read back
   over CalDAV: a todo on DTSTART...DUE, a recurring one on each of its occurrences' days).
3. calgrid done, add, edit and rm; vdirsyncer sync; the server's items read over CalDAV: each
   change is there and only it (python-icalendar compares every property and subcomponent; the
   untouched items' texts are byte for byte what the server had), the alarm and X- property stay.
4. One occurrence of a recurring todo ticked (calgrid done ID --on DAY), synced: on the server the
   item has a RECURRENCE-ID instance with STATUS:COMPLETED for that day and is otherwise changed
   only in DTSTAMP, LAST-MODIFIED and SEQUENCE; recurring-ical-events sees that occurrence done,
   and calgrid's month agrees with it; then undone (the instance reopened), synced, seen again.
5. A conflict: one todo changed on the server and by calgrid before a sync, under each of
   vdirsyncer's policies ("b wins": the server's version, "a wins": calgrid's); every file of the
   vdir reads, none is half-written, nothing is left beside them.
Usage: roundtrip.py path/to/calgrid   (run with the venv's python: caldav, icalendar)"""
import datetime, json, os, re, shutil, subprocess, sys, tempfile
import caldav
import recurring_ical_events
from icalendar import Calendar
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sync_harness import RadicaleServer, VdirSyncer

binary = os.path.abspath(sys.argv[1])
SNIPPETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "DocSnippets", "snippets.py")
TODAY = "--today=2026-12-10"
checks = 0


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        raise SystemExit(f"roundtrip: {message}")


def day(n):
    return datetime.date(2026, 12, 1) + datetime.timedelta(days=n)


def ics(uid, summary, lines):
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calgrid tests//phone//EN\r\nBEGIN:VTODO\r\n"
            f"UID:{uid}\r\nDTSTAMP:20261101T080000Z\r\nSUMMARY:{summary}\r\n" + "".join(l + "\r\n" for l in lines) +
            "END:VTODO\r\nEND:VCALENDAR\r\n")


def seeds():
    """uid -> (ics text, first day, last day, done)."""
    out = {}
    for k in range(17):
        start, end = day(k % 9), day(k % 9 + k % 4)
        done = k in (3, 11)
        lines = [f"DTSTART;VALUE=DATE:{start:%Y%m%d}", f"DUE;VALUE=DATE:{end:%Y%m%d}"]
        if k % 5 == 2:   # a timed due in UTC, as todoman and phones write them
            lines[1] = f"DUE:{end:%Y%m%d}T153000Z"
        if done:
            lines += ["STATUS:COMPLETED", "COMPLETED:20261201T100000Z", "PERCENT-COMPLETE:100"]
        out[f"task-{k:02d}"] = (ics(f"task-{k:02d}", f"Task {k}", lines), start, end, done)
    out["weekly"] = (ics("weekly", "Weekly review", ["DTSTART;VALUE=DATE:20261204", "DUE;VALUE=DATE:20261204",
                                                     "RRULE:FREQ=WEEKLY;COUNT=4"]), day(3), day(3), False)
    out["daily"] = (ics("daily", "Stretch", ["DTSTART;VALUE=DATE:20261202", "DUE;VALUE=DATE:20261202",
                                            "RRULE:FREQ=DAILY;UNTIL=20261220"]), day(1), day(1), False)
    out["alarm"] = (ics("alarm", "Dentist", ["DTSTART;VALUE=DATE:20261215", "DUE;VALUE=DATE:20261215", "X-PHONE-COLOR:#3366ff",
                                            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Dentist", "TRIGGER:-PT1H", "END:VALARM"]),
                    day(14), day(14), False)
    return out


def readme(name):
    p = subprocess.run([sys.executable, SNIPPETS, "extract", name], capture_output=True, text=True, timeout=60)
    check(p.returncode == 0, f"the README's {name} block: {p.stderr}")
    return p.stdout


def readme_config(url, user, policy=None):
    """The README's vdirsyncer config with the test server's URL and account (and `policy`)."""
    text = readme("vdirsyncer-config")
    for pattern, value in ((r'^url = ".*"$', f'url = "{url}"'), (r'^username = ".*"$', f'username = "{user}"'),
                           (r'^password\.fetch = .*$', 'password = "x"'),
                           (r'^conflict_resolution = ".*"$',
                            None if not policy else f'conflict_resolution = {policy}' if policy.startswith("[") else
                            f'conflict_resolution = "{policy}"')):
        if value is None:
            continue
        text, n = re.subn(pattern, value, text, flags=re.M)
        check(n == 1, f"the README's config has no line {pattern} to put the test server in")
    return text


def calgrid(vdir, *args):
    env = {k: v for k, v in os.environ.items() if k not in ("XDG_DATA_HOME", "CALGRID_TODOS", "TZ")}
    p = subprocess.run([binary, *args, "--todos", vdir, TODAY, "--tz", "UTC"], env=env, capture_output=True, text=True, timeout=60)
    check(p.returncode == 0, f"calgrid {' '.join(args)}: exit {p.returncode}: {p.stderr}")
    return p.stdout


def server_items(calendar):
    """uid -> the item's text as the server gives it over CalDAV."""
    out = {}
    for obj in calendar.todos(include_completed=True):
        cal = Calendar.from_ical(obj.data)
        uid = str([c for c in cal.walk() if c.name == "VTODO"][0]["UID"])
        out[uid] = obj.data
    return out


def vtodo(text):
    return [c for c in Calendar.from_ical(text).walk() if c.name == "VTODO"][0]


def shape(text, leave_out=()):
    """Every property and subcomponent of an item's VTODO, less `leave_out`."""
    t = vtodo(text)
    props = [(k, v.to_ical() if hasattr(v, "to_ical") else v, dict(getattr(v, "params", {})))
             for k, v in t.property_items(recursive=False) if k not in leave_out]
    return props, [c.to_ical() for c in t.subcomponents]


def check_vdir_files(vdir, what):
    for n in os.listdir(vdir):
        check(n.endswith(".ics") or n in (".calgrid.lock",), f"{what}: a stray file in the vdir: {n}")
        if n.endswith(".ics"):
            with open(os.path.join(vdir, n), "rb") as f:
                vtodo(f.read())  # raises on a damaged file


def as_day(v):
    return v.date() if isinstance(v, datetime.datetime) else v


def oracle(texts):
    """From the items' texts (uid -> text), by python-icalendar and recurring-ical-events: uid ->
    (first day, last day, done as a whole), and day -> (todos, completed) over the December grid's
    days. A todo is on DTSTART...DUE (days in UTC, the tests' --tz); a recurring one on the day of
    each occurrence's start (a bounded rule: first to last occurrence), done on it when that
    occurrence is completed (a RECURRENCE-ID instance) or the item is."""
    items, cells = {}, {}
    lo, hi = datetime.date(2026, 11, 29), datetime.date(2027, 1, 9)
    for uid, text in texts.items():
        cal = Calendar.from_ical(text)
        t = vtodo(text)
        whole = str(t.get("STATUS", "")).upper() == "COMPLETED"
        if "RRULE" in t or "RDATE" in t:
            days = {}
            for o in recurring_ical_events.of(cal, components=["VTODO"]).between(datetime.date(2026, 1, 1), datetime.date(2028, 1, 1)):
                days[as_day(o.decoded("DTSTART"))] = whole or str(o.get("STATUS", "")).upper() == "COMPLETED"
            items[uid] = (min(days).isoformat(), max(days).isoformat(), all(days.values()))
            spans = [((d, d), done) for d, done in days.items()]
        else:
            first, last = as_day(t.decoded("DTSTART")), as_day(t.decoded("DUE"))
            items[uid] = (first.isoformat(), last.isoformat(), whole)
            spans = [((first, last), whole)]
        for (first, last), done in spans:
            x = first
            while x <= last:
                if lo <= x <= hi:
                    n, c = cells.get(x.isoformat(), (0, 0))
                    cells[x.isoformat()] = (n + 1, c + (1 if done else 0))
                x += datetime.timedelta(days=1)
    return items, cells


def seeded_views(vdir, texts):
    """calgrid list --json and month --json over the vdir against the oracle over `texts`."""
    want, want_cells = oracle(texts)
    listed = json.loads(calgrid(vdir, "list", "--period", "all", "--json"))
    got = {t["id"]: (t["start"], t["end"], t["isDone"]) for t in listed["todos"]}
    check(got == want, f"list --json: {sorted(set(got.items()) ^ set(want.items()))}")
    month = json.loads(calgrid(vdir, "month", "2026-12", "--json"))
    got_cells = {c["date"]: (c["count"], c["completed"]) for c in month["cells"] if c["inMonth"]}
    want_cells = {k: v for k, v in want_cells.items() if k.startswith("2026-12")}
    for k in got_cells:
        want_cells.setdefault(k, (0, 0))
    check(got_cells == want_cells, f"month --json: {sorted(set(got_cells.items()) ^ set(want_cells.items()))}")
    return sum(n for n, _ in got_cells.values())


def tick_occurrence(vdir, sync, calendar, uid, day, done):
    """calgrid done/undo UID --on DAY, synced: the server's item has one RECURRENCE-ID instance for
    DAY, completed or reopened, and the item itself changed only in the bump."""
    before = server_items(calendar)
    calgrid(vdir, "done" if done else "undo", uid, "--on", day.isoformat())
    sync.sync()
    after = server_items(calendar)
    check(all(before[u] == after[u] for u in before if u != uid), f"tick {uid}: another item changed on the server")
    bump = ("DTSTAMP", "LAST-MODIFIED", "SEQUENCE")
    if "CREATED" not in vtodo(before[uid]):
        # Its registration time was read from DTSTAMP, which the bump moves: kept as CREATED.
        bump += ("CREATED",)
        check(vtodo(after[uid]).decoded("CREATED") == vtodo(before[uid]).decoded("DTSTAMP"), f"tick {uid}: CREATED is not its old DTSTAMP")
    check(shape(before[uid], bump) == shape(after[uid], bump), f"tick {uid}: the item changed beyond the bump")
    instances = [c for c in Calendar.from_ical(after[uid]).walk() if c.name == "VTODO" and "RECURRENCE-ID" in c]
    check(len(instances) == 1 and as_day(instances[0].decoded("RECURRENCE-ID")) == day
          and str(instances[0]["STATUS"]) == ("COMPLETED" if done else "NEEDS-ACTION"),
          f"tick {uid}: the server's instances {[c.to_ical() for c in instances]}")
    cal = Calendar.from_ical(after[uid])
    seen = {as_day(o.decoded("DTSTART")): str(o.get("STATUS", "")).upper() == "COMPLETED"
            for o in recurring_ical_events.of(cal, components=["VTODO"]).between(datetime.date(2026, 1, 1), datetime.date(2028, 1, 1))}
    check(seen.get(day) == done and sum(seen.values()) == (1 if done else 0), f"tick {uid}: recurring-ical-events sees {seen}")
    return seeded_views(vdir, after)


def main():
    work = tempfile.mkdtemp(prefix="calgrid-roundtrip-")
    try:
        with RadicaleServer() as server:
            url = server.make_calendar("tasks", "VTODO")
            client = caldav.DAVClient(url=url, username=server.user, password="x")
            calendar = client.calendar(url=url)
            expected = seeds()
            for text, *_ in expected.values():
                calendar.save_todo(text)
            vdir = os.path.join(work, ".local", "share", "calgrid", "vdir")
            sync = VdirSyncer(work, readme_config(url, server.user))
            shown = sync.script(readme("vdir-sync"), extra_path=[os.path.dirname(binary)])
            direct = subprocess.run([binary, "month", "--todos", vdir], capture_output=True, text=True, timeout=60, env=sync.env())
            # Without the README's CALGRID_TODOS the month would be the built-in sample's.
            check(direct.returncode == 0 and shown == direct.stdout,
                  f"the README's calgrid month is not the vdir's month:\n{shown}\n{direct.stdout}")
            check(len([n for n in os.listdir(vdir) if n.endswith(".ics")]) == 20, f"sync: {os.listdir(vdir)}")
            # The oracle itself against what was seeded: each todo's own days, each rule's occurrences.
            seen, _ = oracle(server_items(calendar))
            seeded = {u: (st.isoformat(), e.isoformat(), d) for u, (_, st, e, d) in expected.items()}
            seeded.update(weekly=("2026-12-04", "2026-12-25", False), daily=("2026-12-02", "2026-12-20", False))
            check(seen == seeded, f"the oracle: {sorted(set(seen.items()) ^ set(seeded.items()))}")
            cells = seeded_views(vdir, server_items(calendar))

            before = server_items(calendar)
            added = calgrid(vdir, "add", "Call from the terminal", "--end", "2026-12-20").strip()
            calgrid(vdir, "done", "alarm")
            calgrid(vdir, "edit", "task-05", "--title", "Task 5, renamed", "--tag", "work")
            calgrid(vdir, "rm", "task-06")
            sync.sync()
            after = server_items(calendar)
            check(set(after) == set(before) - {"task-06"} | {added}, f"server after: {sorted(set(after) ^ set(before))}")
            bump = ("DTSTAMP", "LAST-MODIFIED", "SEQUENCE")
            for uid, changed in (("alarm", ("STATUS", "COMPLETED", "PERCENT-COMPLETE")), ("task-05", ("SUMMARY", "CATEGORIES"))):
                old, new = vtodo(before[uid]), vtodo(after[uid])
                # An item without CREATED gets the DTSTAMP its registration time was read from as
                # CREATED (docs/icalendar.md): part of the bump.
                b = bump + (("CREATED",) if "CREATED" not in old else ())
                check("CREATED" in old or new.decoded("CREATED") == old.decoded("DTSTAMP"), f"{uid}: CREATED is not its old DTSTAMP")
                check(shape(before[uid], changed + b) == shape(after[uid], changed + b), f"{uid}: more changed than {changed}")
                check(int(new.get("SEQUENCE", 0)) == int(old.get("SEQUENCE", 0)) + 1, f"{uid}: SEQUENCE")
            alarm = vtodo(after["alarm"])
            check(str(alarm["STATUS"]) == "COMPLETED" and str(alarm["X-PHONE-COLOR"]) == "#3366ff"
                  and [c.name for c in alarm.subcomponents] == ["VALARM"], "alarm: done, X- and VALARM kept")
            check(str(vtodo(after["task-05"])["SUMMARY"]) == "Task 5, renamed", "edit on the server")
            new = vtodo(after[added])
            check(str(new["SUMMARY"]) == "Call from the terminal" and new.decoded("DUE") == datetime.date(2026, 12, 20), "add on the server")
            untouched = set(before) - {"alarm", "task-05", "task-06"}
            check(all(before[u] == after[u] for u in untouched), "an item nobody changed changed on the server")

            # One occurrence of a recurring todo ticked and taken back, as a phone would see it.
            tick_occurrence(vdir, sync, calendar, "weekly", day(10), True)
            tick_occurrence(vdir, sync, calendar, "weekly", day(10), False)

            # Conflicts: the same todo changed on both sides before a sync, under each policy.
            outcomes = []
            # The README's merge-by-hand alternative: its line, with a stand-in for vimdiff that keeps
            # calgrid's copy (vdirsyncer calls it with a, the vdir's, and b, the server's).
            merged = re.search(r'^conflict_resolution = (\["command", "vimdiff"\])$', readme("vdirsyncer-conflict"), re.M)
            check(merged is not None, "the README's conflict block has no command line")
            keep_a = os.path.join(work, "keep-a")
            with open(keep_a, "w") as f:
                f.write(f"#!{sys.executable}\nimport shutil, sys\nshutil.copyfile(sys.argv[1], sys.argv[2])\n")
            os.chmod(keep_a, 0o755)
            by_hand = merged.group(1).replace('"vimdiff"', json.dumps(keep_a)) if merged else None
            for policy, uid, winner in (("b wins", "task-07", "server"), ("a wins", "task-08", "calgrid"),
                                        (by_hand, "task-09", "calgrid")):
                if policy is None:
                    continue
                sync.set_config(readme_config(url, server.user, policy))
                obj = calendar.todo_by_uid(uid)
                obj.icalendar_component["SUMMARY"] = f"{uid} from server"
                obj.save()
                calgrid(vdir, "edit", uid, "--title", f"{uid} from calgrid")
                sync.sync()
                check_vdir_files(vdir, policy)
                local = json.loads(calgrid(vdir, "show", uid, "--json"))["title"]
                remote = str(vtodo(server_items(calendar)[uid])["SUMMARY"])
                check(local == remote == f"{uid} from {winner}", f"{policy}: local {local!r}, server {remote!r}")
                outcomes.append(f"{'a merge command' if policy == by_hand else policy}: {winner}'s title on both sides")
            files = len([n for n in os.listdir(vdir) if n.endswith(".ics")])
            print(f"roundtrip: {checks} passed, 0 failed (20 seeded over CalDAV, {cells} todo-days matched; "
                  f"done/add/edit/rm synced, alarm and X- kept, {len(untouched)} untouched items byte-identical; "
                  f"an occurrence of weekly ticked and undone as a RECURRENCE-ID instance; "
                  f"{'; '.join(outcomes)}; {files} files)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


main()
