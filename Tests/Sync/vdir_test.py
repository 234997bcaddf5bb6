"""The calgrid store as a vdir (issue 21), checked from outside with python-icalendar as the oracle.

A vdir written here in the shapes phones and Thunderbird leave (a VTIMEZONE with a TZID due time, a
VALARM, an ATTENDEE, X- properties), a file CalGrid cannot read and one repeating another's UID;
then every changing command, checking after each that exactly the files it names changed, in
exactly the properties it changes (SEQUENCE + 1, new DTSTAMP and LAST-MODIFIED), and that the rest
of each file reads the same. Then 16 adds and 16 ticks at once (all land), and a program that
keeps replacing an item the way vdirsyncer does (write a temporary file, rename) while calgrid
changes that item: calgrid never writes over a version it did not read. Last the views' cache
under $XDG_CACHE_HOME/calgrid: it is used (a file rewritten in place with its size and time put
back is not read again), every real change is seen, and a missing or damaged cache is rebuilt.
Usage: vdir_test.py path/to/calgrid   (run with a python that has icalendar)"""
import datetime, json, os, shutil, struct, subprocess, sys, tempfile, threading, time
import recurring_ical_events
from icalendar import Calendar
from vdir_support import files

binary = sys.argv[1]
TODAY = "--today=2026-11-29"
root = tempfile.mkdtemp(prefix="calgrid-vdir-")
env = {k: v for k, v in os.environ.items() if k not in ("XDG_DATA_HOME", "CALGRID_TODOS", "TZ")}
env["HOME"] = root
env["XDG_CACHE_HOME"] = os.path.join(root, "cache")
checks = 0


def fail(message):
    shutil.rmtree(root, ignore_errors=True)
    raise SystemExit(f"vdir_test: {message}")


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        fail(message)


def calgrid(vdir, *args, ok=True, json_out=False):
    p = subprocess.run([binary, *args, "--todos", vdir, TODAY, "--tz", "UTC"] + (["--json"] if json_out else []),
                       env=env, capture_output=True, text=True, timeout=60)
    if ok and p.returncode != 0:
        fail(f"calgrid {' '.join(args)} exited {p.returncode}: {p.stderr}")
    return (json.loads(p.stdout) if json_out and p.returncode == 0 else p.stdout), p.stderr, p.returncode


BERLIN = ("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\n"
          "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nTZNAME:CET\r\n"
          "END:STANDARD\r\nBEGIN:DAYLIGHT\r\nDTSTART:19700329T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\n"
          "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nTZNAME:CEST\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\n")


def item(uid, summary, lines, timezone=""):
    body = "".join(l + "\r\n" for l in lines)
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calgrid tests//vdir//EN\r\n" + timezone +
            f"BEGIN:VTODO\r\nUID:{uid}\r\nDTSTAMP:20261101T080000Z\r\nSUMMARY:{summary}\r\n" + body +
            "END:VTODO\r\nEND:VCALENDAR\r\n")


def write(path, text):
    with open(path, "w", newline="") as f:
        f.write(text)


def replace_keeping_status(path, old, new):
    """Replaces the file at `path` as vdirsyncer does (a new file renamed over it) with `old`
    changed to `new`, its time put back: only the inode tells. The status before and after."""
    st = os.stat(path)
    with open(path, "rb") as f:
        data = f.read().replace(old, new)
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.utime(path + ".tmp", ns=(st.st_atime_ns, st.st_mtime_ns))
    os.rename(path + ".tmp", path)
    return st, os.stat(path)


def todo_of(data):
    cal = Calendar.from_ical(data)
    return [c for c in cal.walk() if c.name == "VTODO"][0], cal


def props(component, leave_out=()):
    """Every property of a component as (name, value text, parameters), in order, less leave_out."""
    return [(k, v.to_ical() if hasattr(v, "to_ical") else str(v), dict(getattr(v, "params", {})))
            for k, v in component.property_items(recursive=False) if k not in leave_out]


def subcomponents(cal):
    return [c.to_ical() for c in cal.walk() if c.name in ("VALARM", "VTIMEZONE", "STANDARD", "DAYLIGHT")]


BUMPED = ("DTSTAMP", "LAST-MODIFIED", "SEQUENCE")


def check_changed(before, after, changed, name, what):
    """`after` is `before` with properties `changed` (plus the bump) changed and nothing else."""
    old, old_cal = todo_of(before)
    new, new_cal = todo_of(after)
    leave = set(changed) | set(BUMPED)
    if "CREATED" not in old:
        # Its registration time was read from DTSTAMP, which the bump moves: kept as CREATED.
        leave.add("CREATED")
        check("CREATED" in new and new.decoded("CREATED") == old.decoded("DTSTAMP"),
              f"{what}: {name} has no CREATED with the DTSTAMP its registration time was read from")
    check(props(old, leave) == props(new, leave), f"{what}: {name} changed beyond {sorted(changed)}:\n{props(old, leave)}\n{props(new, leave)}")
    check(subcomponents(old_cal) == subcomponents(new_cal), f"{what}: {name}'s VALARM or VTIMEZONE changed")
    check(int(new.get("SEQUENCE", 0)) == int(old.get("SEQUENCE", 0)) + 1, f"{what}: {name}: SEQUENCE not + 1")
    check(new.decoded("DTSTAMP") > old.decoded("DTSTAMP") and "LAST-MODIFIED" in new, f"{what}: {name}: DTSTAMP/LAST-MODIFIED not new")
    check(after.count(b"\r\n") == after.count(b"\n"), f"{what}: {name} has lines not ending in CRLF")


def walk_through():
    vdir = os.path.join(root, "walk")
    os.mkdir(vdir)
    write(os.path.join(vdir, "phone-1.ics"), item("phone-1", "Call the bank", [
        "DTSTART;TZID=Europe/Berlin:20261201T090000", "DUE;TZID=Europe/Berlin:20261203T170000", "SEQUENCE:3",
        "PRIORITY:1", "ATTENDEE;CN=Kim;ROLE=REQ-PARTICIPANT:mailto:kim@example.org", "X-PHONE-COLOR:#ff8800",
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Call the bank", "TRIGGER;RELATED=END:-PT30M", "END:VALARM"], BERLIN))
    write(os.path.join(vdir, "groceries.ics"), item("groceries", "Groceries", ["DUE;VALUE=DATE:20261130", "X-APPLE-SORT-ORDER:12"]))
    write(os.path.join(vdir, "old.ics"), item("old", "Old and done", ["DUE;VALUE=DATE:20261120", "STATUS:COMPLETED",
                                                                       "COMPLETED:20261120T100000Z", "PERCENT-COMPLETE:100"]))
    broken = item("broken", "Broken", ["DUE:20241345"])
    write(os.path.join(vdir, "broken.ics"), broken)
    write(os.path.join(vdir, "zz-again.ics"), item("groceries", "The same UID again", ["DUE;VALUE=DATE:20261201"]))
    write(os.path.join(vdir, "notes.txt"), "not an item\n")

    listed, err, _ = calgrid(vdir, "list", "--period", "all", json_out=True)
    check({t["id"] for t in listed["todos"]} == {"phone-1", "groceries", "old"}, f"list: {listed}")
    check("broken.ics" in err and "zz-again.ics" in err and "notes.txt" not in err, f"list: unreadable files not named: {err}")
    by_id = {t["id"]: t for t in listed["todos"]}
    # 09:00 and 17:00 in Berlin are 08:00 and 16:00 UTC: the days as written.
    check((by_id["phone-1"]["start"], by_id["phone-1"]["end"]) == ("2026-12-01", "2026-12-03"), f"list: {by_id['phone-1']}")
    check(by_id["old"]["isDone"] and not by_id["groceries"]["isDone"], f"list: completion: {listed}")
    month, _, _ = calgrid(vdir, "month", "2026-12", json_out=True)
    counts = {c["date"]: c["count"] for c in month["cells"] if c["count"]}
    # A VTODO with DUE only falls on its due day (docs/icalendar.md, the shape table): Groceries on
    # 11-30 alone, not on the grid's November days before it.
    check(counts == {"2026-11-30": 1, "2026-12-01": 1, "2026-12-02": 1, "2026-12-03": 1}, f"month: {counts}")

    steps = [
        (["done", "phone"], "phone-1.ics", ("STATUS", "COMPLETED", "PERCENT-COMPLETE")),
        (["edit", "groceries", "--title", "Groceries for the week", "--tag", "home"], "groceries.ics", ("SUMMARY", "CATEGORIES")),
        (["edit", "phone-1", "--end", "2026-12-04"], "phone-1.ics", ("DUE",)),
        (["undo", "phone-1"], "phone-1.ics", ("STATUS", "COMPLETED", "PERCENT-COMPLETE")),
    ]
    for args, name, changed in steps:
        before = files(vdir)
        time.sleep(1.1)  # DTSTAMP has seconds: the bump must show
        calgrid(vdir, *args)
        after = files(vdir)
        check(set(before) == set(after), f"{args}: files appeared or went: {set(before) ^ set(after)}")
        for n in before:
            if n != name:
                check(before[n] == after[n], f"{args}: {n} changed")
        check_changed(before[name], after[name], changed, name, " ".join(args))
    new, _ = todo_of(files(vdir)["phone-1.ics"])
    check(new.decoded("DUE").strftime("%Y-%m-%d %H:%M") == "2026-12-04 17:00" and new["DUE"].params["TZID"] == "Europe/Berlin",
          f"edit --end: DUE keeps its time and TZID: {new['DUE'].to_ical()}")

    before = files(vdir)
    out, _, _ = calgrid(vdir, "add", "Renew passport", "--end", "2026-11-26")
    uid = out.strip()
    after = files(vdir)
    check(set(after) - set(before) == {uid + ".ics"} and all(before[n] == after[n] for n in before), f"add: {set(after) ^ set(before)}")
    t, _ = todo_of(after[uid + ".ics"])
    check(str(t["UID"]) == uid and t.decoded("DUE").isoformat() == "2026-11-26" and t.decoded("DTSTART").isoformat() == "2026-11-26",
          f"add: {after[uid + '.ics']}")
    overdue, _, _ = calgrid(vdir, "list", "--status", "overdue", json_out=True)
    check(uid in {x["id"] for x in overdue["todos"]}, "add --end in the past: not overdue")

    before = files(vdir)
    calgrid(vdir, "rm", "groceries")
    after = files(vdir)
    check(set(before) - set(after) == {"groceries.ics"} and all(after[n] == before[n] for n in after), "rm")

    # The README's first todo: a weekday challenge, its RRULE from Monday (today is Sunday).
    out, _, _ = calgrid(vdir, "add", "Gym", "--repeat", "mon,wed,fri", "--challenge", "--end", "+4w")
    data = files(vdir)[out.strip() + ".ics"]
    check(b"DTSTART;VALUE=DATE:20261130" in data and b"BYDAY=MO,WE,FR" in data and b"X-CALGRID-CHALLENGE:TRUE" in data,
          f"add Gym --repeat mon,wed,fri --challenge: {data}")
    check(files(vdir)["broken.ics"] == broken.encode(), "broken.ics was touched")


def many_at_once():
    vdir = os.path.join(root, "many")
    os.mkdir(vdir)
    for k in range(16):
        write(os.path.join(vdir, f"t{k}.ics"), item(f"t{k}", f"Task {k}", [f"DUE;VALUE=DATE:202612{k + 1:02d}"]))
    procs = [subprocess.Popen([binary, "add", f"Added {k}", "--todos", vdir, TODAY], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for k in range(16)]
    procs += [subprocess.Popen([binary, "done", f"t{k}", "--todos", vdir, TODAY], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True) for k in range(16)]
    outs = [(p.communicate(timeout=120), p.returncode) for p in procs]
    for (o, e), rc in outs:
        check(rc == 0, f"at once: exit {rc}: {e}")
    added = {o.strip() for (o, _), _ in outs[:16]}
    now = files(vdir)
    check(set(now) == {f"t{k}.ics" for k in range(16)} | {a + ".ics" for a in added} and len(added) == 16,
          f"at once: files {sorted(now)}")
    for k in range(16):
        t, _ = todo_of(now[f"t{k}.ics"])
        check(str(t.get("STATUS")) == "COMPLETED", f"at once: t{k} not done")


def racing_writer():
    """vdirsyncer's way of replacing an item (temporary file, rename) in a loop, while calgrid
    edits that item. Every version the writer wrote must be what calgrid's writes are based on: the
    writer reads the file before each rewrite and finds its own last X-WRITER, never an older one."""
    vdir = os.path.join(root, "race")
    os.mkdir(vdir)
    # Enough other items that reading the vdir takes a while: the writer strikes in between.
    for k in range(300):
        write(os.path.join(vdir, f"z{k:03d}.ics"), item(f"z{k}", f"Other {k}", ["DUE;VALUE=DATE:20261215"]))
    target = os.path.join(vdir, "a.ics")
    write(target, item("a", "Raced", ["DUE;VALUE=DATE:20261210", "X-WRITER:0"]))
    lost, stop, written = [], threading.Event(), [0]

    def writer():
        while not stop.is_set():
            with open(target, "rb") as f:
                data = f.read()
            t, _ = todo_of(data)
            if int(str(t["X-WRITER"])) != written[0]:
                lost.append((written[0], str(t["X-WRITER"])))
            written[0] += 1
            t["X-WRITER"] = str(written[0])
            tmp = target + ".writer-tmp"
            with open(tmp, "wb") as f:
                f.write(Calendar.from_ical(data).to_ical().replace(f"X-WRITER:{written[0] - 1}".encode(), f"X-WRITER:{written[0]}".encode()))
            os.rename(tmp, target)
            time.sleep(0.5 if written[0] % 8 == 0 else 0.01)  # bursts and calm: edits meet both

    w = threading.Thread(target=writer)
    w.start()
    results = []
    try:
        for k in range(6):
            _, err, rc = calgrid(vdir, "edit", "a", "--title", f"Edit {k}", ok=False)
            results.append((rc, err))
    finally:
        stop.set()
        w.join(timeout=30)
    check(not lost, f"race: calgrid wrote over versions it had not read: {lost[:5]}")
    for rc, err in results:
        check(rc == 0 or "kept replacing" in err, f"race: {rc} {err}")
    _, err, rc = calgrid(vdir, "edit", "a", "--title", "Calm now", ok=False)
    t, _ = todo_of(files(vdir)["a.ics"])
    check(rc == 0 and str(t["SUMMARY"]) == "Calm now" and int(str(t["X-WRITER"])) == written[0], f"race: after: {rc} {err}")
    check(not [n for n in os.listdir(vdir) if "calgrid-tmp" in n], "race: a temporary file was left")
    return sum(1 for rc, _ in results if rc == 0), written[0]


def many_files_at_once():
    """Files whose items only a parser can tell apart (a folded UID, an override, lower-case
    names, two items in a file, no final newline) beside plain ones: calgrid reads many files in
    one import when their lines say plainly which items they hold, else one by one. Either way the
    todos are python-icalendar's: each VTODO without RECURRENCE-ID, by UID."""
    vdir = os.path.join(root, "mixed")
    os.mkdir(vdir)
    texts = {f"p{k}.ics": item(f"p{k}", f"Plain {k}", ["DUE;VALUE=DATE:20261205"]) for k in range(5)}
    texts["folded.ics"] = item("a-very-long-uid-that-a-client-folded", "Folded", ["DUE;VALUE=DATE:20261206"]).replace(
        "UID:a-very-long-uid-that-a-client-folded", "UID:a-very-long-uid-that\r\n -a-client-folded")
    texts["override.ics"] = item("series", "Series", ["DTSTART;VALUE=DATE:20261201", "DUE;VALUE=DATE:20261201",
                                                     "RRULE:FREQ=DAILY;COUNT=3"]).replace(
        "END:VCALENDAR", "BEGIN:VTODO\r\nUID:series\r\nDTSTAMP:20261101T080000Z\r\nRECURRENCE-ID;VALUE=DATE:20261202\r\n"
        "SUMMARY:Series, moved\r\nDUE;VALUE=DATE:20261203\r\nEND:VTODO\r\nEND:VCALENDAR")
    texts["lower.ics"] = item("lower", "Lower", ["due;value=date:20261207"]).replace("BEGIN:VTODO", "begin:vtodo").replace("END:VTODO", "end:vtodo")
    texts["two.ics"] = item("two-a", "Two A", ["DUE;VALUE=DATE:20261208"]).replace(
        "END:VCALENDAR", "BEGIN:VTODO\r\nUID:two-b\r\nDTSTAMP:20261101T080000Z\r\nSUMMARY:Two B\r\nEND:VTODO\r\nEND:VCALENDAR")
    texts["nonewline.ics"] = item("nonl", "No newline", ["DUE;VALUE=DATE:20261209"]).rstrip("\r\n")
    for name, text in texts.items():
        write(os.path.join(vdir, name), text)
    want = set()
    for text in texts.values():
        for c in Calendar.from_ical(text).walk():
            if c.name == "VTODO" and "RECURRENCE-ID" not in c:
                want.add(str(c["UID"]))
    for zone_run in range(2):  # cold, then from the cache
        listed, err, _ = calgrid(vdir, "list", "--period", "all", json_out=True)
        check({t["id"] for t in listed["todos"]} == want and err == "", f"mixed files: {sorted(t['id'] for t in listed['todos'])} {err}")
    # One broken file among them: named, the rest still read.
    write(os.path.join(vdir, "p9.ics"), item("p9", "Broken", ["DUE:20241345"]))
    os.utime(os.path.join(vdir, "p0.ics"))
    listed, err, _ = calgrid(vdir, "list", "--period", "all", json_out=True)
    check({t["id"] for t in listed["todos"]} == want and "p9.ics" in err, f"mixed files with a broken one: {err}")


def many_files():
    """Enough files that calgrid reads them on two threads, each in several imports (2,300: two
    halves of 1,150, imports of 1,024 files): a broken file in each half, a UID repeated in the
    other half, a folded UID late on. The todos are python-icalendar's, the broken files and the
    repeat named, cold and then from the cache."""
    vdir = os.path.join(root, "thousands")
    os.mkdir(vdir)
    n = 2300
    texts = {f"f{k:04d}.ics": item(f"f{k:04d}", f"File {k}", [f"DUE;VALUE=DATE:202612{k % 28 + 1:02d}"]) for k in range(n)}
    texts["f0100.ics"] = item("f0100", "Broken early", ["DUE:20241345"])
    texts["f2000.ics"] = item("f2000", "Broken late", ["DUE:20241399"])
    texts["f1800.ics"] = item("f0300", "The UID of f0300 again", ["DUE;VALUE=DATE:20261201"])
    texts["f2200.ics"] = texts["f2200.ics"].replace("UID:f2200", "UID:f22\r\n 00")
    for name, text in texts.items():
        write(os.path.join(vdir, name), text)
    want = set()
    for name, text in sorted(texts.items()):
        if name in ("f0100.ics", "f2000.ics", "f1800.ics"):
            continue
        for c in Calendar.from_ical(text).walk():
            if c.name == "VTODO":
                want.add(str(c["UID"]))
    check(len(want) == n - 3 and "f2200" in want, f"thousands: the oracle reads {len(want)} items")
    for run in ("cold", "cached"):
        listed, err, _ = calgrid(vdir, "list", "--period", "all", json_out=True)
        got = {t["id"] for t in listed["todos"]}
        check(got == want, f"thousands ({run}): {len(got)} todos, {sorted(got ^ want)[:5]} differ")
        check(all(f in err for f in ("f0100.ics", "f2000.ics", "f1800.ics")) and err.count("\n") == 3,
              f"thousands ({run}): {err}")
        titles = {t["id"]: t["title"] for t in listed["todos"]}
        check(titles["f0300"] == "File 300" and titles["f2299"] == "File 2299", f"thousands ({run}): titles")


def many_cached():
    """Enough files (9,000) that a warm view asks for their statuses on two threads, one begun
    while the cache is read, in runs of 2,048 taken in turn, and formats `list`'s rows on two
    threads: every file changed anywhere in the listing is seen (rewritten in place with a new
    size, or replaced by a rename with the same size and time: a new inode), an in-place rewrite
    with size and time put back is not (the cache is used), and the table is the same rows in the
    same order as the JSON list, each with the title python-icalendar reads in its file."""
    vdir = os.path.join(root, "cached-thousands")
    os.mkdir(vdir)
    n = 9000
    for k in range(n):
        write(os.path.join(vdir, f"m{k:04d}.ics"), item(f"m{k:04d}", f"Many {k:04d}", [f"DUE;VALUE=DATE:202612{k % 28 + 1:02d}"]))
    listing = [name for name in os.listdir(vdir) if name.endswith(".ics")]   # readdir's order, as calgrid's

    def oracle():
        titles = {}
        for name in os.listdir(vdir):
            with open(os.path.join(vdir, name), "rb") as f:
                for c in Calendar.from_ical(f.read()).walk():
                    if c.name == "VTODO":
                        titles[str(c["UID"])] = str(c["SUMMARY"])
        return titles

    def views(what):
        listed, err, _ = calgrid(vdir, "list", "--period", "all", json_out=True)
        check(err == "", f"many cached ({what}): {err}")
        table, err, _ = calgrid(vdir, "list", "--period", "all")
        rows = table.splitlines()[1:-1]
        order = [t["id"] for t in listed["todos"]]
        check([r.split()[0] for r in rows] == order, f"many cached ({what}): the table's rows are not the JSON list's")
        check(all(r.split("  ")[1].strip() == t["title"] for r, t in zip(rows, listed["todos"])), f"many cached ({what}): a title differs")
        return {t["id"]: t["title"] for t in listed["todos"]}, table

    got, cold = views("cold")
    check(got == oracle() and len(got) == n, f"many cached (cold): {len(got)} todos")
    got, warm = views("warm")
    check(warm == cold, "many cached: the warm table differs from the cold one")
    # Files spread over the listing's order (every run of names, both threads' work).
    picked = [listing[k] for k in (0, 2047, 2048, 4500, 6143, 8191, n - 1)]
    for name in picked[:4]:   # in place, a longer title: a new size
        p = os.path.join(vdir, name)
        with open(p, "rb") as f:
            data = f.read()
        with open(p, "r+b") as f:
            f.write(data.replace(b"SUMMARY:Many", b"SUMMARY:Changed many"))
    for name in picked[4:]:   # replaced by a rename, same size and time: the inode tells
        st, st2 = replace_keeping_status(os.path.join(vdir, name), b"SUMMARY:Many", b"SUMMARY:Mane")
        check(st2.st_size == st.st_size and st2.st_ino != st.st_ino, "many cached: the replacement's status")
    want = oracle()
    check(sum(v.startswith(("Changed many", "Mane")) for v in want.values()) == len(picked), "many cached: the oracle's changes")
    got, _ = views("changed")
    check(got == want, f"many cached (changed): {sorted(k for k in want if got.get(k) != want[k])[:5]} differ")
    got, _ = views("changed, warm")
    check(got == want, "many cached (changed, warm)")
    # In place with size and time put back, late in the listing: a cache that is used misses it.
    p = os.path.join(vdir, listing[n - 2])
    st = os.stat(p)
    with open(p, "r+b") as f:
        data = f.read()
        f.seek(0)
        f.write(data.replace(b"SUMMARY:Many", b"SUMMARY:Mxny"))
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
    got, _ = views("in place, size and time kept")
    check(got == want, "many cached: not used (an in-place rewrite with size and time kept was read)")


def occurrences(data, lo, hi):
    """uid -> {day: completed} of every occurrence in lo..hi of the items of one file, by
    python-icalendar and recurring-ical-events (a RECURRENCE-ID instance's STATUS decides its
    occurrence's completion; a DATE-TIME's day as written, the zone here being UTC or Berlin's
    mornings)."""
    out = {}
    cal = Calendar.from_ical(data)
    day = lambda v: v.date() if isinstance(v, datetime.datetime) else v
    for o in recurring_ical_events.of(cal, components=["VTODO"]).between(lo - datetime.timedelta(days=40), hi + datetime.timedelta(days=1)):
        # An occurrence is on DTSTART...DUE (a recurring one here is one day: it has no DUE or the same).
        d, last = day(o.decoded("DTSTART")), day(o.decoded("DUE")) if "DUE" in o else day(o.decoded("DTSTART"))
        while d <= last:
            if lo <= d <= hi:
                out.setdefault(str(o["UID"]), {})[d.isoformat()] = str(o.get("STATUS", "")).upper() == "COMPLETED"
            d += datetime.timedelta(days=1)
    return out


def recurring():
    """Recurring items ticked per occurrence, as clients read them (issue 21): `done ID --on DAY`
    adds a RECURRENCE-ID instance with STATUS:COMPLETED beside the item (its RECURRENCE-ID the
    item's DTSTART as written, moved to that occurrence: a DATE, or the same time and TZID), `undo`
    reopens it; the item itself changes only in DTSTAMP, LAST-MODIFIED and SEQUENCE. What
    recurring-ical-events sees after each step is what calgrid's month shows. Then CalGrid's own
    fields (challenge, weekday repetition, a span's day ticks) are written and read back."""
    vdir = os.path.join(root, "recurring")
    os.mkdir(vdir)
    write(os.path.join(vdir, "weekly.ics"), item("weekly", "Weekly review", [
        "DTSTART;VALUE=DATE:20261204", "DUE;VALUE=DATE:20261204", "RRULE:FREQ=WEEKLY;COUNT=4", "X-PHONE-COLOR:#00aa00"]))
    write(os.path.join(vdir, "stretch.ics"), item("stretch", "Stretch", [
        "DTSTART;TZID=Europe/Berlin:20261201T090000", "RRULE:FREQ=DAILY;COUNT=5",
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Stretch", "TRIGGER:-PT10M", "END:VALARM"], BERLIN))
    write(os.path.join(vdir, "span.ics"), item("span", "Span", ["DTSTART;VALUE=DATE:20261201", "DUE;VALUE=DATE:20261203"]))
    # A phone's rule without an end, one occurrence already completed there.
    write(os.path.join(vdir, "open.ics"), item("open", "Water the plants", ["DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY"]).replace(
        "END:VCALENDAR", "BEGIN:VTODO\r\nUID:open\r\nDTSTAMP:20261101T080000Z\r\nRECURRENCE-ID;VALUE=DATE:20261208\r\n"
        "DTSTART;VALUE=DATE:20261208\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\nEND:VCALENDAR"))
    lo, hi = datetime.date(2026, 11, 29), datetime.date(2027, 1, 9)   # the December grid's days

    def agree(what):
        """calgrid month's counts and completions equal the oracle's over the grid."""
        want = {}
        for name, data in files(vdir).items():
            for uid, days in occurrences(data, lo, hi).items():
                for d, done in days.items():
                    n, c = want.get(d, (0, 0))
                    want[d] = (n + 1, c + done)
        month, _, _ = calgrid(vdir, "month", "2026-12", json_out=True)
        got = {c["date"]: (c["count"], c["completed"]) for c in month["cells"] if c["count"]}
        check(got == want, f"recurring, {what}: calgrid {sorted(set(got.items()) ^ set(want.items()))} against recurring-ical-events")
        return want

    cells = agree("as written")
    check(sum(n for n, _ in cells.values()) == 4 + 5 + 3 + 6 and sum(c for _, c in cells.values()) == 1, f"recurring: {cells}")
    shown, _, _ = calgrid(vdir, "show", "open", json_out=True)
    check(shown["doneDates"] == ["2026-12-08"], f"show open: the phone's completed occurrence is not a tick: {shown}")
    # (command, file, day, done on it after, the instances the file then has)
    steps = [(["done", "weekly", "--on", "2026-12-11"], "weekly.ics", "2026-12-11", True, 1),
             (["done", "stretch", "--on", "2026-12-03"], "stretch.ics", "2026-12-03", True, 1),
             (["undo", "weekly", "--on", "2026-12-11"], "weekly.ics", "2026-12-11", False, 1),
             (["done", "open", "--on", "2026-12-22"], "open.ics", "2026-12-22", True, 2),
             (["undo", "open", "--on", "2026-12-08"], "open.ics", "2026-12-08", False, 2)]
    for args, name, day, done, count in steps:
        before = files(vdir)
        time.sleep(1.1)
        calgrid(vdir, *args)
        after = files(vdir)
        check(all(before[n] == after[n] for n in before if n != name), f"{args}: another file changed")
        # The item itself: only the bump.
        master = lambda data: [c for c in Calendar.from_ical(data).walk() if c.name == "VTODO" and "RECURRENCE-ID" not in c][0]
        # (An item without CREATED gets the DTSTAMP its registration time was read from as CREATED.)
        bump = BUMPED + (("CREATED",) if "CREATED" not in master(before[name]) else ())
        check(props(master(before[name]), bump) == props(master(after[name]), bump), f"{args}: the item changed beyond the bump")
        check(int(master(after[name])["SEQUENCE"]) == int(master(before[name]).get("SEQUENCE", 0)) + 1, f"{args}: SEQUENCE")
        instances = [c for c in Calendar.from_ical(after[name]).walk() if c.name == "VTODO" and "RECURRENCE-ID" in c]
        mine = [c for c in instances if c["RECURRENCE-ID"].dt.isoformat()[:10] == day]
        check(len(instances) == count and len(mine) == 1 and str(mine[0]["STATUS"]) == ("COMPLETED" if done else "NEEDS-ACTION"),
              f"{args}: instances {[c.to_ical() for c in instances]}")
        rid = mine[0]["RECURRENCE-ID"]
        start = master(after[name])["DTSTART"]
        check(rid.params.get("TZID") == start.params.get("TZID") and rid.params.get("VALUE") == start.params.get("VALUE")
              and getattr(rid.dt, "hour", 0) == getattr(start.dt, "hour", 0),
              f"{args}: RECURRENCE-ID {rid.to_ical()} against DTSTART {start.to_ical()}")
        seen = occurrences(after[name], lo, hi)[name[:-4]]
        check(seen[day] == done, f"{args}: recurring-ical-events sees {seen}")
        if done:
            # A day ticked after the fact is completed on that day, not when calgrid ran (issue 38).
            completed = mine[0]["COMPLETED"].dt
            check(completed.date().isoformat() == day, f"{args}: COMPLETED {completed} is not on {day}")
        agree(" ".join(args))
    # done --on a day that is not one of the item's days: exit 1 with the core's sentence, no file changed.
    before = files(vdir)
    for uid, day in (("weekly", "2026-12-12"), ("open", "2026-12-23"), ("span", "2026-12-09")):
        _, err, rc = calgrid(vdir, "done", uid, "--on", day, ok=False)
        check(rc == 1 and day in err and err.count("\n") == 1, f"done {uid} --on {day}: exit {rc}, {err!r}")
    check(files(vdir) == before, "done --on a day that is not the item's changed a file")
    check(str(master(files(vdir)["weekly.ics"])["X-PHONE-COLOR"]) == "#00aa00", "weekly: X- property lost")
    check(b"BEGIN:VALARM" in files(vdir)["stretch.ics"], "stretch: VALARM lost")
    for uid, ticked in (("stretch", ["2026-12-03"]), ("weekly", []), ("open", ["2026-12-22"])):
        shown, _, _ = calgrid(vdir, "show", uid, json_out=True)
        check(shown["doneDates"] == ticked, f"show {uid}: {shown}")

    # A day that is not an occurrence, and a new recurring todo (its rule as RRULE).
    before = files(vdir)
    _, err, rc = calgrid(vdir, "done", "weekly", "--on", "2026-12-05", ok=False)
    check(rc == 1 and files(vdir) == before, f"done on a day that is no occurrence: {rc} {err}")
    out, _, _ = calgrid(vdir, "add", "Plants", "--repeat", "weekly", "--start", "2026-12-01", "--end", "2026-12-29")
    uid = out.strip()
    data = files(vdir)[uid + ".ics"]
    check(sorted(occurrences(data, lo, hi)[uid]) == ["2026-12-01", "2026-12-08", "2026-12-15", "2026-12-22", "2026-12-29"],
          f"add --repeat weekly: {data}")
    agree("after add --repeat weekly")

    # One naming of item files: the store names a new item as the export names it.
    out, _, _ = calgrid(vdir, "add", "Odd id", "--id", "a/b c", "--end", "2026-12-20")
    check("a%2Fb%20c.ics" in files(vdir) and str(todo_of(files(vdir)["a%2Fb%20c.ics"])[0]["UID"]) == "a/b c",
          f"add --id 'a/b c': {sorted(files(vdir))}")
    exported = os.path.join(root, "recurring-export")
    calgrid(vdir, "export", "--format", "vdir", "--out", exported)
    check(sorted(n for n in os.listdir(exported) if n.endswith(".ics")) == sorted(files(vdir)),
          f"export names: {sorted(os.listdir(exported))} against the store's {sorted(files(vdir))}")

    # A reminder is a VALARM (docs/icalendar.md, Reminders): written relative to the due day.
    out, _, _ = calgrid(vdir, "add", "Call", "--remind", "09:00", "--end", "2026-12-05")
    uid = out.strip()
    alarms = [c for c in todo_of(files(vdir)[uid + ".ics"])[0].subcomponents if c.name == "VALARM"]
    check(len(alarms) == 1 and alarms[0].decoded("TRIGGER").total_seconds() == 9 * 3600,
          f"add --remind 09:00: {files(vdir)[uid + '.ics']}")

    # CalGrid's own fields (docs/icalendar.md): each change is written, read back by calgrid as
    # made, and its days are recurring-ical-events' (a weekday repetition is an RRULE from its
    # first repeat day, a challenge an X-CALGRID-CHALLENGE; a span's day tick an X-CALGRID-TICKED,
    # the item's STATUS staying NEEDS-ACTION, as clients show a span not yet done).
    changes = [(["add", "Gym", "--challenge", "--end", "2026-12-20", "--id", "gym1"], "gym1", {"isChallenge": True, "start": "2026-11-29"}),
               (["add", "Gym", "--repeat", "mon,wed,fri", "--start", "2026-12-01", "--end", "2026-12-31", "--id", "gym2"], "gym2",
                {"repetition": [1, 3, 5], "start": "2026-12-02", "totalDays": 13}),
               (["edit", "span", "--challenge"], "span", {"isChallenge": True}),
               (["edit", "span", "--repeat", "mon,wed"], "span", {"repetition": [1, 3], "start": "2026-12-01", "totalDays": 1}),
               (["done", "gym2", "--on", "2026-12-04"], "gym2", {"doneDates": ["2026-12-04"]})]
    for args, uid, want in changes:
        calgrid(vdir, *args)
        shown, _, _ = calgrid(vdir, "show", uid, json_out=True)
        check(all(shown[k] == v for k, v in want.items()), f"{args}: calgrid reads back {shown}")
        agree(" ".join(args))
    data = files(vdir)["gym2.ics"]
    check(b"RRULE:FREQ=WEEKLY;UNTIL=20261231;BYDAY=MO,WE,FR" in data and b"DTSTART;VALUE=DATE:20261202" in data,
          f"add --repeat mon,wed,fri from Tuesday: DTSTART not on the first repeat day: {data}")
    calgrid(vdir, "edit", "span", "--repeat", "every day")
    calgrid(vdir, "done", "span", "--on", "2026-12-02")
    shown, _, _ = calgrid(vdir, "show", "span", json_out=True)
    master = [c for c in Calendar.from_ical(files(vdir)["span.ics"]).walk() if c.name == "VTODO" and "RECURRENCE-ID" not in c][0]
    check(shown["doneDates"] == ["2026-12-02"] and not shown["isDone"] and str(master.get("STATUS", "NEEDS-ACTION")) == "NEEDS-ACTION"
          and "RRULE" not in master and str(master["X-CALGRID-TICKED"]) == "010",
          f"done span --on 2026-12-02: {shown} {master.to_ical()}")


def checksum(b):
    # VdirCache.checksum: eight bytes a step, then the tail byte by byte.
    mask, p = (1 << 64) - 1, 0x100000001b3
    h = 0x9e3779b97f4a7c15 ^ len(b)
    full = len(b) // 8 * 8
    for (w,) in struct.iter_unpack("<Q", b[:full]):
        h = ((h ^ w) * p) & mask
        h = ((h << 29) | (h >> 35)) & mask
    for c in b[full:]:
        h = ((h ^ c) * p) & mask
    return h


def cache():
    vdir = os.path.join(root, "cached")
    os.mkdir(vdir)
    for k in range(40):
        write(os.path.join(vdir, f"c{k:02d}.ics"), item(f"c{k:02d}", f"Title {k:02d}", [f"DUE;VALUE=DATE:202612{k % 28 + 1:02d}"]))

    def titles():
        out, err, _ = calgrid(vdir, "list", "--period", "all", json_out=True)
        return {t["id"]: t["title"] for t in out["todos"]}, err

    want = {f"c{k:02d}": f"Title {k:02d}" for k in range(40)}
    folder = os.path.join(root, "cache", "calgrid")
    others = set(os.listdir(folder)) if os.path.isdir(folder) else set()
    check(titles()[0] == want, "cache: first view")
    caches = sorted(set(os.listdir(folder)) - others)
    check(len(caches) == 1, f"cache: {caches}")
    cache_path = os.path.join(root, "cache", "calgrid", caches[0])
    # In place, same size, time put back: only a cache that is used can miss it.
    path = os.path.join(vdir, "c03.ics")
    st = os.stat(path)
    with open(path, "r+b") as f:
        data = f.read().replace(b"Title 03", b"Title XY")
        f.seek(0)
        f.write(data)
    check(os.stat(path).st_size == st.st_size, "cache: the in-place rewrite changed the size")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    check(titles()[0] == want, "cache: not used (an in-place rewrite with size and time kept was read)")
    # The cache's own checks (docs/cli.md, the vdir views' cache): c13 rewritten in place with size
    # and time kept, so a cache that is used shows its old title; a cache of another build, or
    # damaged anywhere, must not be used (the new title shows, nothing is said), and is rebuilt.
    def in_place(name, old, new):
        p = os.path.join(vdir, name)
        st = os.stat(p)
        with open(p, "r+b") as f:
            data = f.read().replace(old, new)
            f.seek(0)
            f.write(data)
        os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
    magic = b"calgrid-vdir-cache 3\n"

    with open(cache_path, "rb") as f:
        good = f.read()
    check(good.startswith(magic) and struct.unpack("<Q", good[-8:])[0] == checksum(good[:-8]), "cache: layout or checksum")
    n = struct.unpack("<Q", good[len(magic):len(magic) + 8])[0]
    identity = good[len(magic) + 8:len(magic) + 8 + n]
    check(identity.startswith(b"build=") and b" zone=" in identity and identity.endswith(b" dir=" + vdir.encode()), f"cache: identity {identity!r}")
    in_place("c13.ics", b"Title 13", b"Title ZZ")
    check(titles()[0]["c13"] == "Title 13", "cache: not used before the identity changed")
    at = len(magic) + 8 + len(b"build=")
    other = good[:at] + (b"0" if good[at:at + 1] != b"0" else b"1") + good[at + 1:-8]
    with open(cache_path, "wb") as f:
        f.write(other + struct.pack("<Q", checksum(other)))   # another build's cache, well formed
    got, err = titles()
    check(got["c13"] == "Title ZZ" and err == "", f"cache: another build's cache was used: {got['c13']} {err}")
    with open(cache_path, "rb") as f:
        check(f.read()[len(magic) + 8:len(magic) + 8 + n] == identity, "cache: not rebuilt with this build's identity")
    in_place("c13.ics", b"Title ZZ", b"Title 13")
    check(titles()[0]["c13"] == "Title ZZ", "cache: not used before the damage")
    with open(cache_path, "rb") as f:
        good = f.read()
    for at in (len(good) // 2, len(good) - 3, len(magic) + 8 + n + 20):
        with open(cache_path, "wb") as f:
            f.write(good[:at] + bytes([good[at] ^ 0x20]) + good[at + 1:])   # one bit flipped
        got, err = titles()
        check(got["c13"] == "Title 13" and err == "", f"cache: a cache damaged at byte {at} was used: {got['c13']} {err}")
        with open(cache_path, "wb") as f:
            f.write(good)
    check(titles()[0]["c13"] == "Title ZZ", "cache: not used after the damage")
    # Replaced by a rename (vdirsyncer's way) with the same size and the same time: only the
    # inode tells, and the view reads it.
    os.utime(os.path.join(vdir, "c13.ics"))
    st, st2 = replace_keeping_status(os.path.join(vdir, "c14.ics"), b"Title 14", b"Title QQ")
    check(st2.st_size == st.st_size and st2.st_mtime_ns == st.st_mtime_ns and st2.st_ino != st.st_ino, "cache: the replacement's status")
    got, err = titles()
    check(got["c14"] == "Title QQ" and got["c13"] == "Title 13" and err == "", f"cache: a replaced file was not read: {got['c14']} {err}")
    want["c14"] = "Title QQ"
    # Real changes: a rename over a file (vdirsyncer), a new file, a removed one, a touch.
    write(path + ".tmp", item("c05", "Renamed 05", ["DUE;VALUE=DATE:20261206"]))
    os.rename(path + ".tmp", os.path.join(vdir, "c05.ics"))
    write(os.path.join(vdir, "new.ics"), item("new", "New one", ["DUE;VALUE=DATE:20261210"]))
    os.remove(os.path.join(vdir, "c07.ics"))
    os.utime(path)
    want.update({"c05": "Renamed 05", "new": "New one", "c03": "Title XY"})
    del want["c07"]
    check(titles()[0] == want, "cache: a change was not seen")
    for damage in (b"", b"calgrid-vdir-cache 1 garbage\n\n[", None):
        if damage is None:
            os.remove(cache_path)
        else:
            with open(cache_path, "wb") as f:
                f.write(damage)
        got, err = titles()
        check(got == want and err == "", f"cache: damaged cache {damage!r}: {err}")
        with open(cache_path, "rb") as f:
            check(f.read().startswith(b"calgrid-vdir-cache "), "cache: not rebuilt")
    # A broken file is said every time, cache or not.
    write(os.path.join(vdir, "broken.ics"), item("broken", "Broken", ["DUE:20241345"]))
    for _ in range(2):
        got, err = titles()
        check(got == want and "broken.ics" in err, f"cache: broken file: {err}")
    # A file left out (here: it repeats c10's UID) and unchanged since is named from the cache,
    # not parsed again (issue 41: a 100 MB such file was read by every warm view): rewritten in
    # place to repeat c11's UID instead, size and time put back, the view still names c10's.
    dup = os.path.join(vdir, "zz-dup.ics")
    write(dup, item("c10", "Copy of 10", ["DUE;VALUE=DATE:20261211"]))
    got, err = titles()
    check(got == want and "zz-dup.ics: the UID c10 is also" in err, f"cache: a repeated UID: {err}")
    st = os.stat(dup)
    with open(dup, "r+b") as f:
        data = f.read().replace(b"UID:c10", b"UID:c11")
        f.seek(0)
        f.write(data)
    os.utime(dup, ns=(st.st_atime_ns, st.st_mtime_ns))
    got, err = titles()
    check(got == want and "zz-dup.ics: the UID c10 is also" in err and "broken.ics" in err,
          f"cache: a file left out was parsed again, not named from the cache: {err}")
    os.utime(dup)
    got, err = titles()
    check(got == want and "zz-dup.ics: the UID c11 is also" in err, f"cache: a touched file left out was not read again: {err}")
    os.remove(dup)
    # Changes read through the cache too: what another program replaced since the last view is
    # read afresh and patched from its own new text; the rest of the vdir stays byte for byte.
    titles()
    write(os.path.join(vdir, "c09.tmp"), item("c09", "Server 09", ["DUE;VALUE=DATE:20261210", "X-SERVER:kept"]))
    os.rename(os.path.join(vdir, "c09.tmp"), os.path.join(vdir, "c09.ics"))
    before = files(vdir)
    calgrid(vdir, "done", "c09")
    after = files(vdir)
    c09, _ = todo_of(after["c09.ics"])
    check(str(c09.get("SUMMARY")) == "Server 09" and str(c09.get("X-SERVER")) == "kept"
          and str(c09.get("STATUS")) == "COMPLETED", f"cache: a change lost what was replaced since the view: {after['c09.ics']!r}")
    check({n for n in after if after[n] != before.get(n)} == {"c09.ics"}, "cache: a change wrote other files")
    calgrid(vdir, "edit", "c11", "--title", "Edited 11")
    want.update({"c09": "Server 09", "c11": "Edited 11"})
    got, _ = titles()
    check(got == want, f"cache: after two changes: {got}")
    check(str(todo_of(files(vdir)["c11.ics"])[0].get("SUMMARY")) == "Edited 11", "cache: edit of a cached file")


def snapshot():
    """The cache keeps the set as this build holds it (a snapshot of its columns and tables, issue
    41): every view of a warm vdir prints byte for byte what a run without any cache prints, for a
    vdir of phone-shaped items (zoned times, alarms on their own zones, rules with COUNT, UNTIL,
    EXDATE and RDATE, ticked occurrences, locations, an event); the snapshot is used (the cache file
    is not written again by a warm view); every change, by calgrid or by another program, is seen;
    and a cache cut short or whose snapshot does not read is not used, said nothing of, and rebuilt."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Benchmarks", "Scripts"))
    import phone_vdir
    vdir = os.path.join(root, "snapshot")
    phone_vdir.write(vdir, 120)
    write(os.path.join(vdir, "until.ics"), item("until", "Until a UTC time", [
        "DTSTART;TZID=Europe/Berlin:20261201T233000", "RRULE:FREQ=DAILY;UNTIL=20261210T223000Z",
        "EXDATE;TZID=Europe/Berlin:20261203T233000", "RDATE;VALUE=DATE:20261220", "LOCATION:Kitchen",
        "DESCRIPTION:A memo", "CATEGORIES:home,weekly", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Soon",
        "TRIGGER:-PT5M", "END:VALARM"], BERLIN))
    write(os.path.join(vdir, "open.ics"), item("open", "Open weekly", ["DTSTART;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY"]).replace(
        "END:VCALENDAR", "BEGIN:VTODO\r\nUID:open\r\nDTSTAMP:20261101T080000Z\r\nRECURRENCE-ID;VALUE=DATE:20261208\r\n"
        "DTSTART;VALUE=DATE:20261208\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\nEND:VCALENDAR"))
    write(os.path.join(vdir, "event.ics"), "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calgrid tests//vdir//EN\r\n"
          "BEGIN:VEVENT\r\nUID:event\r\nDTSTAMP:20261101T080000Z\r\nSUMMARY:Meeting\r\nDTSTART:20261202T100000Z\r\n"
          "DTEND:20261202T110000Z\r\nLOCATION:Room 4\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    write(os.path.join(vdir, "broken.ics"), item("broken", "Broken", ["DUE:20241345"]))
    views = [("list", "--period", "all"), ("list", "--period", "all", "--json"), ("month",), ("year",),
             ("agenda", "2026-11-25", "2027-01-10"), ("alarms", "--from", "2026-11-20T00:00", "--to", "2027-01-10T00:00"),
             ("show", "until", "--json"), ("stats",)]
    no_cache = dict(env, HOME="")
    no_cache.pop("XDG_CACHE_HOME")

    def run(args, environment):
        p = subprocess.run([binary, *args, "--todos", vdir, TODAY, "--tz", "Europe/Berlin"], env=environment,
                           capture_output=True, timeout=60)
        out = p.stdout
        if args[0] == "stats":   # the set's capacities and the process's peak size are no view of the items
            out = b"".join(l for l in out.splitlines(True) if not l.startswith((b"Memory ", b"  ")))
        return p.returncode, out, p.stderr

    folder = os.path.join(root, "cache", "calgrid")
    others = set(os.listdir(folder)) if os.path.isdir(folder) else set()

    def same(what):
        """Every view with the cache as a run without one prints it; the cache file's status after."""
        for v in views:
            want, got = run(v, no_cache), run(v, env)
            check(want[0] == 0 and got == want, f"snapshot, {what}: {' '.join(v)} differs from a run without a cache:\n"
                  f"{want[1][:3000]!r}\n{want[2]!r}\n---\n{got[1][:3000]!r}\n{got[2]!r}")
        made = sorted(set(os.listdir(folder)) - others)
        check(len(made) == 1, f"snapshot: caches {made}")
        st = os.stat(os.path.join(folder, made[0]))
        return os.path.join(folder, made[0]), (st.st_ino, st.st_mtime_ns, st.st_size)

    path, first = same("cold")
    # Warm: the same bytes, and the cache is read, not written again (it was used whole).
    path, second = same("warm")
    check(second == first, f"snapshot: a warm view wrote the cache again (not used): {first} {second}")
    with open(path, "rb") as f:
        good = f.read()
    check(b"CgtSnap3" in good, "snapshot: the cache holds no set snapshot")
    # Changes by calgrid.
    for change in (("add", "Snapshot added", "--end", "2026-12-05"), ("done", "until", "--on", "2026-12-02"),
                   ("edit", "open", "--title", "Open weekly, edited"), ("rm", "event")):
        p = run(change, env)
        check(p[0] == 0, f"snapshot: {' '.join(change)}: {p[2]!r}")
        _, status = same(" ".join(change))
        _, again = same(" ".join(change) + ", warm again")
        check(again == status, f"snapshot: after {change[0]}, a warm view wrote the cache again")
    # Changes by another program: a touch, a replacement by rename (vdirsyncer), a new file, a removal.
    names = sorted(n for n in os.listdir(vdir) if n.endswith(".ics") and n != "broken.ics")
    os.utime(os.path.join(vdir, names[0]))
    same("a touched file")
    target = os.path.join(vdir, names[1])
    with open(target, "rb") as f:
        data = f.read()
    with open(target + ".tmp", "wb") as f:
        f.write(data.replace(b"SUMMARY:", b"SUMMARY:Replaced "))
    os.rename(target + ".tmp", target)
    same("a file replaced by a rename")
    write(os.path.join(vdir, "outside.ics"), item("outside", "Written outside", ["DUE;VALUE=DATE:20261207",
          "RRULE:FREQ=DAILY;COUNT=3"]))
    same("a file added")
    os.remove(os.path.join(vdir, names[2]))
    path, status = same("a file removed")
    # A cache cut short, or whose snapshot does not read (its checksum made to match, so only the
    # snapshot's own checks can tell): not used, nothing said, rebuilt.
    with open(path, "rb") as f:
        good = f.read()
    at = good.index(b"CgtSnap3")
    n = struct.unpack("<q", good[at + 8:at + 16])[0]
    damaged = {"empty": b"", "cut in the header": good[:30], "cut in the snapshot": good[:at + (len(good) - at) // 2],
               "cut before the checksum": good[:-8], "one byte short": good[:-1]}
    for name, body in (("the snapshot's magic", good[:at] + b"X" + good[at + 1:-8]),
                       ("the snapshot's count", good[:at + 8] + struct.pack("<q", n + 1) + good[at + 16:-8]),
                       ("the snapshot's first column's count", good[:at + 16] + struct.pack("<q", 1 << 40) + good[at + 24:-8])):
        damaged[name] = body + struct.pack("<Q", checksum(body))
    for name, body in damaged.items():
        with open(path, "wb") as f:
            f.write(body)
        for v in views[:3]:
            want, got = run(v, no_cache), run(v, env)
            check(got == want, f"snapshot, a cache with {name}: {' '.join(v)} differs:\n{got[2]!r}")
            with open(path, "rb") as f:
                check(f.read().startswith(b"calgrid-vdir-cache "), f"snapshot: a cache with {name} was not rebuilt")
    _, rebuilt = same("a rebuilt cache")
    _, used = same("the rebuilt cache, warm")
    check(rebuilt == used, "snapshot: the rebuilt cache is not used")


try:
    walk_through()
    many_files_at_once()
    many_files()
    many_cached()
    recurring()
    cache()
    snapshot()
    many_at_once()
    landed, versions = racing_writer()
finally:
    shutil.rmtree(root, ignore_errors=True)
print(f"vdir_test: {checks} passed, 0 failed (race: {landed} of 6 edits landed between {versions} replacements, none lost)")
