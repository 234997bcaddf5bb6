"""Cold and warm reads of a phone-written vdir (issues 38 and 41): `calgrid month` and `calgrid list`
beside todoman's `todo list` and khal's `khal list` on the same vdir, in one run.

For each N: the vdir `phone_vdir.py` writes (one timed VTODO per file with the VTIMEZONE its TZID
names, as iOS, DAVx5 and Thunderbird write them; 10 % recurring), and the same todos as one native
store (`calgrid import DIR --out store.json`). Then, interleaved, each command in its own process,
wall time from spawn to exit (the child's CPU time beside it), output to /dev/null:
- calgrid month / list, cold: the view cache ($XDG_CACHE_HOME/calgrid) removed before each run;
- calgrid month / list, warm: the cache of the previous run in place;
- calgrid month / list on the native store (the warm target's reference: within 3x);
- with --before BINARY, the same cold and warm commands of another calgrid (main before the change),
  at the sizes --before-items names (default 2,000);
- todoman 4.7 `todo list` cold (its cache sqlite removed) and warm; khal 0.14 `khal list` cold (its
  sqlite removed) and warm. khal indexes every file's VEVENTs and lists none of these VTODOs: its
  cold time is the reading and indexing of the same files. The clients run in the first
  --client-runs repetitions of each N only (0: not at all). A client whose first cold run takes
  longer than --client-limit seconds (default 600, the issue's 10 minutes) is killed and reported
  as not finishing, and is not run again at that N.
Before timing, calgrid's cold, warm and native month print the same (else exit 1).
Usage: phone_vdir_reads.py CALGRID [--before CALGRID] [--clients VENV/bin] [--items N,N] [--runs N,N]
       [--before-items N,N] [--client-runs N,N] [--zone ZONE] [--json FILE]"""
import argparse, json, os, resource, shutil, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import phone_vdir  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("calgrid")
parser.add_argument("--before")
parser.add_argument("--before-items", default="2000", help="the sizes at which --before runs (it is slow: minutes at 100,000)")
parser.add_argument("--clients")
parser.add_argument("--items", default="2000,10000,100000")
parser.add_argument("--runs", default="7,5,3", help="repetitions per N (one per N, or one for all)")
parser.add_argument("--client-runs", default="3,1,1", help="repetitions of the clients per N (they take minutes)")
parser.add_argument("--client-limit", type=float, default=600.0)
parser.add_argument("--zone", default="Europe/Berlin")
parser.add_argument("--json")
args = parser.parse_args()
TODAY = "2026-11-29"
work = tempfile.mkdtemp(prefix="calgrid-bench-phone-vdir-")
env = {k: v for k, v in os.environ.items() if k not in ("CALGRID_TODOS",)}
env.update(HOME=work, XDG_CACHE_HOME=os.path.join(work, "cache"), TZ=args.zone, LANG="C.UTF-8")


def timed(argv, limit=None):
    """(wall seconds, CPU seconds of the child), or None when it ran past `limit`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    try:
        p = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=limit)
    except subprocess.TimeoutExpired:
        return None
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"phone_vdir_reads: {' '.join(argv)} failed: {p.stderr.decode()[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def output(argv):
    p = subprocess.run(argv, env=env, capture_output=True, timeout=3600)
    if p.returncode != 0:
        sys.exit(f"phone_vdir_reads: {' '.join(argv)} failed: {p.stderr.decode()[-2000:]}")
    return p.stdout


def calgrid_commands(binary, label, path, cache):
    month = [binary, "month", "--todos", path, "--today", TODAY, "--tz", args.zone]
    listing = [binary, "list", "--todos", path, "--today", TODAY, "--tz", args.zone, "--period", "all"]
    cold = lambda: shutil.rmtree(cache, ignore_errors=True)  # noqa: E731
    return {f"{label} month cold": (month, cold), f"{label} month warm": (month, None),
            f"{label} list cold": (listing, cold), f"{label} list warm": (listing, None)}


def client_commands(n, vdir):
    if not args.clients:
        return {}
    d = os.path.join(work, f"clients-{n}")
    os.makedirs(d, exist_ok=True)
    lists = os.path.join(d, "lists")
    os.makedirs(lists, exist_ok=True)
    os.symlink(vdir, os.path.join(lists, "tasks"))
    todo_conf, khal_conf = os.path.join(d, "todoman.py"), os.path.join(d, "khal.conf")
    todo_cache, khal_db = os.path.join(d, "todoman-cache.sqlite3"), os.path.join(d, "khal.db")
    with open(todo_conf, "w") as f:
        f.write(f'path = "{lists}/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\ndefault_list = "tasks"\n'
                f'cache_path = "{todo_cache}"\n')
    with open(khal_conf, "w") as f:
        f.write(f"[calendars]\n[[tasks]]\npath = {vdir}\ntype = calendar\n[locale]\ntimeformat = %H:%M\n"
                "dateformat = %Y-%m-%d\nlongdateformat = %Y-%m-%d\ndatetimeformat = %Y-%m-%d %H:%M\n"
                f"longdatetimeformat = %Y-%m-%d %H:%M\nlocal_timezone = {args.zone}\ndefault_timezone = {args.zone}\n"
                f"[default]\ndefault_calendar = tasks\n[sqlite]\npath = {khal_db}\n")
    todo = [os.path.join(args.clients, "todo"), "-c", todo_conf, "list"]
    khal = [os.path.join(args.clients, "khal"), "-c", khal_conf, "list", "2026-11-01", "30d"]
    rm = lambda p: (lambda: os.path.exists(p) and os.remove(p))  # noqa: E731
    return {"todoman todo list cold": (todo, rm(todo_cache)), "todoman todo list warm": (todo, None),
            "khal list cold": (khal, rm(khal_db)), "khal list warm": (khal, None)}


sizes = [int(x) for x in args.items.split(",")]
runs = [int(x) for x in args.runs.split(",")]
runs = runs if len(runs) == len(sizes) else [runs[0]] * len(sizes)
client_runs_per_size = [int(x) for x in args.client_runs.split(",")]
client_runs_per_size = client_runs_per_size if len(client_runs_per_size) == len(sizes) else [client_runs_per_size[0]] * len(sizes)
result = {"calgrid": os.path.abspath(args.calgrid), "before": args.before and os.path.abspath(args.before),
          "zone": args.zone, "today": TODAY, "load_average_at_start": os.getloadavg(), "cores": os.cpu_count(), "sizes": {}}
print(f"phone-style vdir reads, load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores", flush=True)
try:
    for n, reps, client_runs in zip(sizes, runs, client_runs_per_size):
        vdir, store = os.path.join(work, f"vdir-{n}"), os.path.join(work, f"store-{n}.json")
        phone_vdir.write(vdir, n)
        output([args.calgrid, "import", vdir, "--tz", args.zone, "--out", store])
        cache = env["XDG_CACHE_HOME"]
        commands = calgrid_commands(os.path.abspath(args.calgrid), "calgrid", vdir, cache)
        native = [os.path.abspath(args.calgrid), "month", "--todos", store, "--today", TODAY, "--tz", args.zone]
        commands["calgrid month native"] = (native, None)
        commands["calgrid list native"] = ([native[0], "list"] + native[2:] + ["--period", "all"], None)
        if args.before and str(n) in args.before_items.split(","):
            commands.update(calgrid_commands(os.path.abspath(args.before), "before", vdir, cache))
        commands.update(client_commands(n, vdir))
        shutil.rmtree(cache, ignore_errors=True)
        shown = {"cold": output(commands["calgrid month cold"][0]), "warm": output(commands["calgrid month warm"][0]),
                 "native": output(native)}
        if len(set(shown.values())) != 1:
            sys.exit("phone_vdir_reads: the vdir (cold, warm) and the native store print different months:\n" +
                     "\n".join(f"{k}:\n{v.decode()}" for k, v in shown.items()))
        samples = {k: [] for k in commands}
        gave_up = set()
        for rep in range(reps):
            for name, (argv, prepare) in commands.items():
                if name.split(" ")[0] in gave_up:
                    continue
                client = not name.startswith(("calgrid", "before"))
                if client and rep >= client_runs:
                    continue
                if prepare:
                    prepare()
                r = timed(argv, args.client_limit if client else None)
                if r is None:
                    gave_up.add(name.split(" ")[0])
                    print(f"  n={n}: {name} did not finish within {args.client_limit:.0f} s; not run again", flush=True)
                    continue
                samples[name].append(r)
        med = {k: statistics.median(w for w, _ in v) for k, v in samples.items() if v}
        cpu = {k: statistics.median(c for _, c in v) for k, v in samples.items() if v}
        entry = {"items": n, "runs": reps, "median_seconds": med, "median_cpu_seconds": cpu,
                 "samples_seconds": {k: [w for w, _ in v] for k, v in samples.items()},
                 "samples_cpu_seconds": {k: [c for _, c in v] for k, v in samples.items()},
                 "client_runs": client_runs, "did_not_finish": sorted(gave_up),
                 "load_average_after": os.getloadavg()}
        ratios = {}
        for view in ("month", "list"):
            c, w, nat = med.get(f"calgrid {view} cold"), med.get(f"calgrid {view} warm"), med.get(f"calgrid {view} native")
            if c and w and nat:
                ratios[f"{view} warm / native"] = w / nat
            for other in ("todoman todo list cold", "khal list cold", f"before {view} cold"):
                if c and other in med:
                    ratios[f"{view} cold / {other}"] = c / med[other]
            if w and f"before {view} warm" in med:
                ratios[f"{view} warm / before {view} warm"] = w / med[f"before {view} warm"]
        entry["ratios"] = ratios
        result["sizes"][str(n)] = entry
        print(f"  n={n} ({reps} runs, interleaved; load average {os.getloadavg()[0]:.1f}):", flush=True)
        for k in commands:
            if k in med:
                print(f"    {k:28} {med[k]:9.3f} s wall {cpu[k]:9.3f} s CPU", flush=True)
        for k, v in ratios.items():
            print(f"    {k:44} {v:7.3f}", flush=True)
        shutil.rmtree(vdir, ignore_errors=True)
finally:
    shutil.rmtree(work, ignore_errors=True)
result["targets"] = {"2000 cold month <= s": 0.3, "2000 cold / todoman <=": 0.25, "10000 cold month <= s": 1.0,
                     "100000 cold list <= s": 5.0, "100000 warm list <= s": 0.3, "warm / native <=": 3.0}
if args.json:
    with open(args.json, "w") as f:
        json.dump(result, f, indent=2)
