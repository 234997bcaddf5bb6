#!/usr/bin/env python3
"""Time zones in the calgrid command, against independent answers: the day each Taskwarrior task was
given to `task add` (committed exports made with TZ set), and Python's zoneinfo for "today".

usage: tz_oracle.py path/to/calgrid
"""
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zoneinfo

here = os.path.dirname(os.path.abspath(__file__))
fixtures = os.path.join(here, "..", "CalGridJSONTests", "Fixtures")
binary = os.path.abspath(sys.argv[1])
checks = 0


def fail(message):
    raise SystemExit(f"tz_oracle: {message}")


def run(args, env_changes, cwd):
    env = dict(os.environ)
    for k, v in env_changes.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return subprocess.run([binary] + args, env=env, cwd=cwd, capture_output=True, text=True)


def check_days(out_path, zone):
    """Every task lands on the day its description names ("due 2026-07-15" / "scheduled ...")."""
    global checks
    todos = json.load(open(out_path))["todos"]
    if len(todos) != 70:
        fail(f"{zone}: {len(todos)} todos, expected 70")
    for t in todos:
        kind, day = t["title"].split(" ")
        got = t.get("endDate") if kind == "due" else t.get("startDate")
        if got != day:
            fail(f"{zone}: '{t['title']}' became {got}")
        checks += 1


with tempfile.TemporaryDirectory() as work:
    # 1. No flag: TZ decides, as for a Taskwarrior user in Berlin or New York.
    for zone in ["Europe/Berlin", "America/New_York", "Asia/Seoul"]:
        export = os.path.join(fixtures, f"taskwarrior-2.6.2-dst-{zone.replace('/', '_')}.json")
        out = os.path.join(work, "x.json")
        r = run(["import", export, "--format", "taskwarrior", "--out", out], {"TZ": zone}, work)
        if r.returncode != 0:
            fail(f"TZ={zone}: exit {r.returncode}: {r.stderr}")
        if f"date-times read in {zone}" not in r.stdout:
            fail(f"TZ={zone}: the report does not name the zone: {r.stdout!r}")
        check_days(out, zone)
        # --tz wins over TZ.
        r = run(["import", export, "--tz", zone, "--out", out, "--json"], {"TZ": "UTC"}, work)
        if r.returncode != 0 or json.loads(r.stdout)["zone"] != zone:
            fail(f"--tz {zone}: exit {r.returncode}: {r.stdout} {r.stderr}")
        check_days(out, zone)

    # 2. A bad zone: exit 1, one line naming it, nothing written (an old file stays as it was).
    out = os.path.join(work, "kept.json")
    with open(out, "w") as f:
        f.write("old")
    for bad, env in [("Mars/Olympus", {}), ("../../etc/passwd", {}), ("+26:00", {})]:
        r = run(["import", os.path.join(fixtures, "taskwarrior-2.6.2.json"), "--tz", bad, "--out", out],
                env, work)
        lines = r.stderr.strip().split("\n")
        if r.returncode != 1 or len(lines) != 1 or (bad not in lines[0] and "93600" not in lines[0]) or r.stdout:
            fail(f"--tz {bad}: exit {r.returncode}, stderr {r.stderr!r}, stdout {r.stdout!r}")
        if open(out).read() != "old" or os.path.exists(os.path.join(work, "x2.json")):
            fail(f"--tz {bad}: the output file was touched")
        checks += 1

    # 3. TZDIR moves the zone directory; TZ names a zone in it.
    zones = os.path.join(work, "zoneinfo")
    os.makedirs(os.path.join(zones, "Test"))
    shutil.copy("/usr/share/zoneinfo/Asia/Kathmandu", os.path.join(zones, "Test", "Zone"))
    for args, env in [([], {"TZDIR": zones, "TZ": "Test/Zone"}), (["--tz", "Test/Zone"], {"TZDIR": zones, "TZ": "UTC"})]:
        r = run(["import", os.path.join(here, "data", "tasks.json"), "--json"] + args, env, work)
        if r.returncode != 0 or json.loads(r.stdout)["zone"] != "Test/Zone":
            fail(f"TZDIR: {args} {env}: exit {r.returncode}: {r.stdout} {r.stderr}")
        checks += 1

# 4. "today" is the zone's today, for every command (zones on both sides of the date line).
for zone in ["Pacific/Kiritimati", "Etc/GMT+12", "Asia/Kathmandu", "America/St_Johns"]:
    for args, env in [(["--tz", zone], {"TZ": "UTC"}), ([], {"TZ": zone})]:
        before = datetime.datetime.now(zoneinfo.ZoneInfo(zone)).date().isoformat()
        r = run(["day", "--json"] + args, env, here)
        after = datetime.datetime.now(zoneinfo.ZoneInfo(zone)).date().isoformat()
        got = json.loads(r.stdout)["date"] if r.returncode == 0 else None
        if got not in (before, after):
            fail(f"today in {zone} ({args or 'TZ'}): calgrid says {got}, zoneinfo {before}")
        checks += 1

print(f"tz_oracle: {checks} checks: Taskwarrior due days in Berlin, New York and Seoul with TZ and --tz, "
      "bad zones write nothing, TZDIR, today in four zones")
