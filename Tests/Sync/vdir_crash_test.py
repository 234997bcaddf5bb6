#!/usr/bin/env python3
"""kill -9 at random moments of `calgrid add`, `done` and `edit` on a vdir (issue 41), the vdir side of
Tests/CLI/atomic_writes.py's store kills. Usage: vdir_crash_test.py CALGRID [TRIALS] [SEED]
(run with a python that has icalendar: make test-vdir-crash uses the sync venv).

A vdir of ITEMS items in the shapes phones and Thunderbird leave (a VTIMEZONE with a TZID due time,
a VALARM, a daily rule with a completed RECURRENCE-ID instance, DATE-only todos) is copied into a
throwaway folder for each trial. The trial's command runs once uninterrupted on another copy (what
its new content is, and how long it takes), then on the trial's copy, killed with SIGKILL at a
uniformly random moment from its start to 1.1 times that time, every other trial from 0.7 to 1.05
times it (the write comes last), every wait bounded. Afterwards:
- every *.ics file parses with python-icalendar;
- each file the command changes is byte for byte its old content or the new one (the lines that
  carry the clock, DTSTAMP, LAST-MODIFIED and COMPLETED, compared by name only); an added item is
  absent or whole (its UID and SUMMARY); no other file changed, none appeared or vanished;
- the next uninterrupted write (an add) succeeds and leaves no temporary file (*.calgrid-tmp-*).
The seed is printed; a failure names the trial, its command and its kill moment."""
import os, random, re, shutil, signal, subprocess, sys, tempfile, time
from icalendar import Calendar
from vdir_support import Checks, files as snapshot

binary = os.path.abspath(sys.argv[1])
trials = int(sys.argv[2]) if len(sys.argv) > 2 else 45
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 41
rng = random.Random(seed)
ITEMS = 30
TODAY = "--today=2026-11-29"
check = Checks()
print(f"vdir_crash_test: seed {seed}, {trials} trials, {ITEMS} items")


BERLIN = ("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19701025T030000\r\n"
          "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nTZNAME:CET\r\n"
          "END:STANDARD\r\nBEGIN:DAYLIGHT\r\nDTSTART:19700329T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\n"
          "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\nTZNAME:CEST\r\nEND:DAYLIGHT\r\nEND:VTIMEZONE\r\n")


def item(k):
    """Item k: Thunderbird's shape (VTIMEZONE, TZID due, VALARM), Tasks.org's (DATE-only) or a
    daily rule with one completed instance (Nextcloud Tasks), in turn."""
    uid = f"item-{k}"
    head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
    if k % 3 == 0:
        return (head + "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r\n" + BERLIN +
                f"BEGIN:VTODO\r\nCREATED:20261101T080000Z\r\nDTSTAMP:20261101T080000Z\r\nUID:{uid}\r\n"
                f"SUMMARY:Thunderbird task {k}\r\nDUE;TZID=Europe/Berlin:202612{1 + k % 28:02d}T180000\r\n"
                "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;VALUE=DURATION:-PT30M\r\nDESCRIPTION:Reminder\r\n"
                "END:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    if k % 3 == 1:
        return (head + "PRODID:+//IDN tasks.org//android-130804//EN\r\n"
                f"BEGIN:VTODO\r\nDTSTAMP:20261101T080000Z\r\nUID:{uid}\r\nSUMMARY:Tasks.org task {k}\r\n"
                f"DTSTART;VALUE=DATE:202612{1 + k % 20:02d}\r\nDUE;VALUE=DATE:202612{8 + k % 20:02d}\r\n"
                "STATUS:NEEDS-ACTION\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    return (head + "PRODID:-//Nextcloud Tasks v0.16.1\r\n"
            f"BEGIN:VTODO\r\nDTSTAMP:20261101T080000Z\r\nUID:{uid}\r\nSUMMARY:Daily {k}\r\n"
            "DTSTART;VALUE=DATE:20261120\r\nRRULE:FREQ=DAILY;COUNT=30\r\nEND:VTODO\r\n"
            f"BEGIN:VTODO\r\nDTSTAMP:20261101T080000Z\r\nUID:{uid}\r\nSUMMARY:Daily {k}\r\n"
            "RECURRENCE-ID;VALUE=DATE:20261121\r\nDTSTART;VALUE=DATE:20261121\r\nSTATUS:COMPLETED\r\n"
            "END:VTODO\r\nEND:VCALENDAR\r\n")


def temps(vdir):
    return sorted(n for n in os.listdir(vdir) if ".calgrid-tmp-" in n)


CLOCK = re.compile(rb"^(DTSTAMP|LAST-MODIFIED|COMPLETED)[;:][^\r\n]*", re.M)


def timeless(data):
    return CLOCK.sub(rb"\1", data)


def parses(data):
    try:
        return any(c.name in ("VTODO", "VEVENT") for c in Calendar.from_ical(data).walk())
    except Exception:
        return False


root = tempfile.mkdtemp(prefix="calgrid-vdir-crash-")
env = {k: v for k, v in os.environ.items() if k not in ("XDG_DATA_HOME", "CALGRID_TODOS", "TZ")}
env.update(HOME=root, XDG_CACHE_HOME=os.path.join(root, "cache"), TZ="UTC")


def run(args, vdir, timeout=60):
    return subprocess.run([binary, *args, "--todos", vdir, TODAY], env=env, capture_output=True, text=True, timeout=timeout)


try:
    pristine = os.path.join(root, "pristine")
    os.mkdir(pristine)
    for k in range(ITEMS):
        with open(os.path.join(pristine, f"item-{k}.ics"), "w", newline="") as f:
            f.write(item(k))
    original = snapshot(pristine)
    check(all(parses(d) for d in original.values()), "the vdir written here does not parse")

    def command(kind, k):
        target = rng.randrange(ITEMS)
        if kind == "add":
            return ["add", f"Added {k}", "--id", f"added-{k}", "--end", "2026-12-24"], None
        if kind == "done":
            # A rule's occurrence, or a one-off todo as a whole.
            return (["done", f"item-{target}", "--on", f"2026-11-{22 + k % 8}"] if target % 3 == 2 else
                    ["done", f"item-{target}"]), f"item-{target}.ics"
        return ["edit", f"item-{target}", "--title", f"Edited {k}"], f"item-{target}.ics"

    outcomes = {"old": 0, "new": 0, "temporary file left by the kill": 0}
    kinds = ["add", "done", "edit"]
    for k in range(trials):
        kind = kinds[k % 3]
        args, changed = command(kind, k)
        what = f"seed {seed} trial {k} ({' '.join(args)})"
        ref = os.path.join(root, f"ref-{k}")
        shutil.copytree(pristine, ref)
        t0 = time.monotonic()
        p = run(args, ref)
        took = time.monotonic() - t0
        check(p.returncode == 0, f"{what}: uninterrupted run failed: {p.stderr.strip()}")
        new = snapshot(ref)
        shutil.rmtree(ref)
        if kind == "add":
            changed = sorted(set(new) - set(original))[0] if set(new) - set(original) else None
            check(changed is not None, f"{what}: add wrote no new file")
        w = os.path.join(root, f"w-{k}")
        shutil.copytree(pristine, w)
        proc = subprocess.Popen([binary, *args, "--todos", w, TODAY], env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
        # Every other trial aims at the command's last third, where it writes (reading comes first).
        moment = rng.uniform(0, took * 1.1) if k % 2 == 0 else rng.uniform(took * 0.7, took * 1.05)
        time.sleep(moment)
        try:
            proc.send_signal(signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            rc = proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            check(False, f"{what}: still running 30 s after SIGKILL")
            continue
        what += f" killed at {moment * 1000:.0f} of {took * 1000:.0f} ms"
        check(rc in (0, -signal.SIGKILL), f"{what}: exit status {rc}")
        after = snapshot(w)
        left = temps(w)
        outcomes["temporary file left by the kill"] += bool(left)
        items = {n: d for n, d in after.items() if n.endswith(".ics")}
        check(set(items) - {changed} == set(original) - {changed}, f"{what}: files appeared or vanished: "
              f"{sorted(set(items) ^ set(original))}")
        for n, d in items.items():
            if n == changed:
                continue
            check(d == original.get(n), f"{what}: {n}, which the command does not change, changed")
        if changed in items:
            d = items[changed]
            check(parses(d), f"{what}: {changed} does not parse with python-icalendar")
            if kind == "add":
                is_new = b"UID:added-" in d and f"SUMMARY:Added {k}".encode() in d and parses(d)
                is_old = False
            else:
                is_old, is_new = d == original[changed], timeless(d) == timeless(new[changed])
            check(is_old or is_new, f"{what}: {changed} is neither its old nor its new content")
            outcomes["old" if is_old else "new"] += is_old or is_new
        else:
            check(kind == "add", f"{what}: {changed} vanished")
            outcomes["old"] += 1
        # The next write cleans up what the kill left.
        p = run(["add", f"After {k}", "--id", f"after-{k}"], w, timeout=60)
        check(p.returncode == 0 and temps(w) == [],
              f"{what}: the next write left {temps(w)} (exit {p.returncode}: {p.stderr.strip()[:200]})")
        check(parses(snapshot(w).get(f"after-{k}.ics", b"")), f"{what}: the next write's item does not parse")
        shutil.rmtree(w)
    print(f"vdir kill -9 x{trials} (add, done, edit in turn): " + ", ".join(f"{v} {n}" for n, v in outcomes.items()))
finally:
    shutil.rmtree(root, ignore_errors=True)

print(f"vdir_crash_test: {check.passed} of {check.count} checks passed (seed {seed})")
sys.exit(1 if check.failures else 0)
