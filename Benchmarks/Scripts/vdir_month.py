"""`calgrid month` over a 10,000-item vdir against the same set in the native JSON store (issue 21).

One run: the same todos written as a vdir (one VTODO per file, as vdirsyncer leaves them) and as
one native-format store; then `calgrid month` on each, interleaved, wall time from spawn to exit,
output to /dev/null (wall time, and the CPU time of the process beside it: on a loaded machine wall time
is mostly waiting for a core):
- native: `--todos store.json`;
- vdir warm: `--todos DIR` with the cache of the previous run in place ($XDG_CACHE_HOME/calgrid);
- vdir cold: the same with the cache removed before each run (the first view after a sync that
  rewrote everything, or after the export).
Before timing, the three print the same month (else it exits 1: a vdir read differently is no
speed). Prints the medians, warm/native and cold/native, and the targets (warm within 3x of native,
cold <= 0.5 s), and writes them with every run's figures as JSON with --json FILE (the benchmark
harness's vdir group runs it so: Benchmarks/Sources/CalGridBenchmarks/Scenario+Vdir.swift).
Usage: vdir_month.py path/to/calgrid [--items N] [--runs N] [--json FILE]"""
import argparse, datetime, json, os, resource, shutil, statistics, subprocess, sys, tempfile, time

parser = argparse.ArgumentParser()
parser.add_argument("calgrid")
parser.add_argument("--items", type=int, default=10_000)
parser.add_argument("--runs", type=int, default=15)
parser.add_argument("--json")
args = parser.parse_args()
binary = os.path.abspath(args.calgrid)
work = tempfile.mkdtemp(prefix="calgrid-bench-vdir-")
TODAY = "2026-11-29"


def todos(n):
    """n todos over a year around TODAY: a third undated, some done; deterministic."""
    base = datetime.date(2026, 6, 1)
    for k in range(n):
        start = base + datetime.timedelta(days=(k * 37) % 365)
        end = start + datetime.timedelta(days=k % 5)
        yield (f"item-{k:05d}", f"Todo number {k} with a title of some length", start if k % 3 else None, end, k % 7 == 0)


def write_sets(n):
    vdir = os.path.join(work, "vdir")
    os.mkdir(vdir)
    records = []
    for uid, title, start, end, done in todos(n):
        lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//calgrid bench//EN", "BEGIN:VTODO", f"UID:{uid}",
                 "DTSTAMP:20261101T080000Z", f"SUMMARY:{title}"]
        if start:
            lines.append(f"DTSTART;VALUE=DATE:{start:%Y%m%d}")
        lines.append(f"DUE;VALUE=DATE:{end:%Y%m%d}")
        if done:
            lines += ["STATUS:COMPLETED", "PERCENT-COMPLETE:100"]
        lines += ["END:VTODO", "END:VCALENDAR"]
        with open(os.path.join(vdir, uid + ".ics"), "w", newline="") as f:
            f.write("\r\n".join(lines) + "\r\n")
        r = {"id": uid, "title": title, "endDate": end.isoformat(), "createdAt": "2026-11-01T08:00:00Z"}
        if start:
            r["startDate"] = start.isoformat()
        if done:  # as the vdir store reads STATUS:COMPLETED: done as a whole
            if start:
                r["completed"] = [True] * ((end - start).days + 1)
            else:
                r["iscompleted"] = True
        records.append(r)
    store = os.path.join(work, "store.json")
    with open(store, "w") as f:
        json.dump({"format": "calgrid", "version": 1, "todos": records}, f)
    return vdir, store


def month(todos_path, env):
    """The month as printed (the same for every store of the same todos)."""
    p = subprocess.run([binary, "month", "--todos", todos_path, "--today", TODAY, "--tz", "UTC"], env=env,
                       capture_output=True, timeout=120)
    if p.returncode != 0:
        sys.exit(f"vdir_month: calgrid month --todos {todos_path}: {p.stderr.decode()}")
    return p.stdout


def timed(todos_path, env):
    """(wall seconds, CPU seconds: user + system of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    p = subprocess.run([binary, "month", "--todos", todos_path, "--today", TODAY, "--tz", "UTC"], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)
    elapsed = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit(f"vdir_month: calgrid month --todos {todos_path}: {p.stderr.decode()}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


try:
    vdir, store = write_sets(args.items)
    cache = os.path.join(work, "cache")
    env = {k: v for k, v in os.environ.items() if k not in ("CALGRID_TODOS", "TZ")}
    env.update(HOME=work, XDG_CACHE_HOME=cache)
    shown = {"native": month(store, env), "vdir-cold": month(vdir, env), "vdir-warm": month(vdir, env)}
    if len(set(shown.values())) != 1:
        sys.exit("vdir_month: the vdir and the native store print different months:\n" +
                 "\n".join(f"{k}:\n{v.decode()}" for k, v in shown.items()))
    timed(store, env), timed(vdir, env)  # page cache and the cache file in place
    samples = {"native": [], "vdir-warm": [], "vdir-cold": []}
    for _ in range(args.runs):
        samples["native"].append(timed(store, env))
        samples["vdir-warm"].append(timed(vdir, env))
        shutil.rmtree(cache, ignore_errors=True)
        samples["vdir-cold"].append(timed(vdir, env))
    med = {k: statistics.median(w for w, _ in v) for k, v in samples.items()}
    cpu = {k: statistics.median(c for _, c in v) for k, v in samples.items()}
    result = {"items": args.items, "runs": args.runs, "binary": binary, "median_seconds": med, "median_cpu_seconds": cpu,
              "load_average": os.getloadavg()[0],
              "samples_seconds": {k: [w for w, _ in v] for k, v in samples.items()},
              "samples_cpu_seconds": {k: [c for _, c in v] for k, v in samples.items()},
              "warm_over_native": med["vdir-warm"] / med["native"], "cold_over_native": med["vdir-cold"] / med["native"],
              "targets": {"warm_over_native_at_most": 3.0, "cold_seconds_at_most": 0.5}}
    print(f"calgrid month, {args.items} items, median of {args.runs} (interleaved), load average {result['load_average']:.1f}:")
    for k in samples:
        print(f"  {k:10} {med[k] * 1000:8.1f} ms wall {cpu[k] * 1000:8.1f} ms CPU")
    print(f"  warm / native {result['warm_over_native']:.2f}x (target <= 3x); cold {med['vdir-cold']:.3f} s (target <= 0.5 s), "
          f"cold / native {result['cold_over_native']:.1f}x")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=2)
finally:
    shutil.rmtree(work, ignore_errors=True)
