#!/usr/bin/env python3
"""CalGrid against the real clients of vdirs: todoman and khal, from PyPI, in the venv
mk/clients.mk builds under .build, run headless with their own config files in a throwaway folder.

    clients_check.py CALGRID CLIENT_BIN

Everything runs in Pacific/Auckland (TZ and --tz), far from UTC: todoman writes timed dues in UTC,
so a day read in the wrong zone shows. Checks, each against what the client itself reports:
  1. todos made by `todo new ... -d ...` (timed and date dues, categories) are imported from the
     vdir by `calgrid import DIR` with the same titles and due days as `todo --porcelain list`;
  2. a vdir written by `calgrid export --format vdir` (from an .ics written here) is listed by
     `todo --porcelain list --status ANY` with the same titles, due days and completion;
  3. `todo done` on one of them is seen done by the next `calgrid import`;
  4. todoman completing a recurring todo (it strips the RRULE from the item, which becomes a
     single completed todo, and writes the rest of the series under a new UID) is read as that:
     the old UID done on its first day, the new UID recurring from the next occurrence;
  5. events made by `khal new` (a weekly 20:00 New York meeting, an all-day event), shown by
     `khal list` in Asia/Seoul, are imported by `calgrid import DIR --tz Asia/Seoul` on the same days.
"""
import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
from zoneinfo import ZoneInfo

ZONE = "Pacific/Auckland"


def run(argv, env, **kw):
    p = subprocess.run(argv, capture_output=True, env=env, timeout=120, **kw)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit {p.returncode}: {p.stderr.decode()[:500]}")
    return p.stdout.decode()


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


def main() -> int:
    calgrid, client = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    todo = os.path.join(client, "todo")
    failures, checks = [], 0

    def check(ok, what):
        nonlocal checks
        checks += 1
        if not ok:
            failures.append(what)

    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, TZ=ZONE, LC_ALL="C.UTF-8", HOME=d, XDG_CONFIG_HOME=d, XDG_DATA_HOME=d, XDG_CACHE_HOME=d)
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

        # 2. CalGrid writes a vdir, todoman reads it.
        source = os.path.join(d, "source.ics")
        with open(source, "wb") as f:
            f.write(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//calgrid tests//EN\r\n"
                     "BEGIN:VTODO\r\nUID:rent@calgrid.test\r\nDTSTAMP:20260301T000000Z\r\nSUMMARY:Pay the rent\r\nDUE;VALUE=DATE:20260401\r\nEND:VTODO\r\n"
                     "BEGIN:VTODO\r\nUID:tax@calgrid.test\r\nDTSTAMP:20260301T000000Z\r\nSUMMARY:Steuererklärung\r\nDTSTART;VALUE=DATE:20260320\r\nDUE;VALUE=DATE:20260331\r\nEND:VTODO\r\n"
                     "BEGIN:VTODO\r\nUID:done@calgrid.test\r\nDTSTAMP:20260301T000000Z\r\nSUMMARY:Renew passport\r\nDUE;VALUE=DATE:20260302\r\nSTATUS:COMPLETED\r\nCOMPLETED:20260301T220000Z\r\nEND:VTODO\r\n"
                     "BEGIN:VTODO\r\nUID:water@calgrid.test\r\nDTSTAMP:20260301T000000Z\r\nSUMMARY:Water the plants\r\nDTSTART;VALUE=DATE:20260307\r\nRRULE:FREQ=WEEKLY;COUNT=8\r\nEND:VTODO\r\n"
                     "END:VCALENDAR\r\n").encode())
        native = os.path.join(d, "set.json")
        run([calgrid, "import", source, "--tz", ZONE, "--out", native], env)
        mine = {t["id"]: t for t in json.load(open(native))["todos"]}
        out = os.path.join(d, "written")
        run([calgrid, "export", "--todos", native, "--format", "vdir", "--out", os.path.join(out, "tasks"), "--tz", ZONE], env)
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
        check(after["tax@calgrid.test"].get("iscompleted", False) is False, "todo done: another todo changed")

        # 4. todoman completes the recurring todo: the old item single and done, the rest new.
        water = [l for l in porcelain(client, config2, env) if l["summary"] == "Water the plants" and not l["completed"]][0]
        run([todo, "-c", config2, "done", str(water["id"])], env)
        after = calgrid_todos(calgrid, os.path.join(out, "tasks"), env)
        old = after.get("water@calgrid.test", {})
        check(old.get("iscompleted") is True and "rrule" not in old and old.get("startDate") == "2026-03-07",
              f"todoman's completion: the old item is {old}")
        new = [t for i, t in after.items() if t["title"] == "Water the plants" and i != "water@calgrid.test"]
        check(len(new) == 1 and new[0].get("rrule", "").startswith("FREQ=WEEKLY") and new[0].get("startDate") == "2026-03-14"
              and not new[0].get("iscompleted", False), f"todoman's completion: the new item is {new}")

        # 5. khal writes events, CalGrid reads them on khal's days.
        events = os.path.join(d, "events", "work")
        os.makedirs(events)
        khal_conf = os.path.join(d, "khal.conf")
        with open(khal_conf, "w") as f:
            f.write(f"[calendars]\n[[work]]\npath = {events}\ntype = calendar\n[locale]\ntimeformat = %H:%M\ndateformat = %Y-%m-%d\n"
                    "longdateformat = %Y-%m-%d\ndatetimeformat = %Y-%m-%d %H:%M\nlongdatetimeformat = %Y-%m-%d %H:%M\n"
                    "local_timezone = Asia/Seoul\ndefault_timezone = America/New_York\n[default]\ndefault_calendar = work\n"
                    f"[sqlite]\npath = {d}/khal.db\n")
        khal = os.path.join(client, "khal")
        run([khal, "-c", khal_conf, "new", "-a", "work", "2026-03-02", "20:00", "21:00", "Team sync", "-r", "weekly"], env)
        run([khal, "-c", khal_conf, "new", "-a", "work", "2026-03-20", "Offsite"], env)
        shown = run([khal, "-c", khal_conf, "list", "2026-03-01", "60d", "--format", "{start-date}|{title}", "--day-format", ""], env)
        khal_days = sorted(tuple(l.split("|", 1)) for l in shown.splitlines() if "|" in l)
        ours = calgrid_todos(calgrid, events, env, zone="Asia/Seoul")
        seoul = []
        for t in ours.values():
            if "rrule" in t:
                first = dt.date.fromisoformat(t["startDate"])
                # FREQ=WEEKLY from the start: every 7 days (the rule text itself is checked too).
                check(t["rrule"].startswith("FREQ=WEEKLY") and "BYDAY=TU" in t["rrule"], f"khal's weekly meeting in Seoul: {t['rrule']}")
                d0 = first
                while d0 <= dt.date(2026, 4, 29):
                    if d0 >= dt.date(2026, 3, 1):
                        seoul.append((d0.isoformat(), t["title"]))
                    d0 += dt.timedelta(days=7)
            else:
                seoul.append((t["startDate"], t["title"]))
        check(sorted(seoul) == khal_days, f"khal list {khal_days}, CalGrid {sorted(seoul)}")

    for f in failures:
        print("FAIL", f)
    print(f"test-clients: {checks - len(failures)} of {checks} checks passed (todoman 4.7, khal 0.14, {ZONE})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
