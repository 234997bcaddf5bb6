"""`calgrid export --format vdir` of N todos, and again into the same vdir (issue 41: linear writes).

For each N: the todos (a year around 2026-11-29, a third undated, every seventh done; deterministic)
written as one native-format store; then, per run, `calgrid export --todos store.json --format vdir
--out DIR` into a DIR that does not exist yet (*first*: N new files), and the same command again
into that DIR (*again*: the set is unchanged, so no file may be written). Wall time from spawn to
exit, the CPU time of the process beside it. Before timing, the first export's files are counted
(N) and the second's must leave every file's inode as it was (else it exits 1: an export that
rewrites files is no speed). Issue 41 asks the time per item to stay within 1.5x from the smallest N
to the largest. Writes every run's figures as JSON with --json FILE (Scenario+VdirExport.swift).
Usage: vdir_export.py path/to/calgrid [--items N,N,...] [--runs N] [--json FILE]"""
import argparse, datetime, json, os, resource, shutil, statistics, subprocess, sys, tempfile, time

parser = argparse.ArgumentParser()
parser.add_argument("calgrid")
parser.add_argument("--items", default="2500,10000,100000")
parser.add_argument("--runs", type=int, default=3)
parser.add_argument("--json")
args = parser.parse_args()
binary = os.path.abspath(args.calgrid)
work = tempfile.mkdtemp(prefix="calgrid-bench-vdir-export-")
env = dict(os.environ, XDG_CACHE_HOME=os.path.join(work, "cache"), TZ="UTC")


def write_store(n, path):
    base = datetime.date(2026, 6, 1)
    with open(path, "w") as f:
        f.write('{"format":"calgrid","version":1,"todos":[\n')
        for k in range(n):
            start = base + datetime.timedelta(days=(k * 37) % 365)
            end = start + datetime.timedelta(days=k % 5)
            r = {"id": f"item-{k:06d}", "title": f"Todo number {k} with a title of some length", "endDate": end.isoformat(),
                 "createdAt": "2026-11-01T08:00:00Z"}
            if k % 3:
                r["startDate"] = start.isoformat()
            if k % 7 == 0:
                r["iscompleted"] = True
            f.write(("," if k else "") + json.dumps(r) + "\n")
        f.write("]}\n")


def timed(argv):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        sys.exit(f"vdir_export: {' '.join(argv)} failed: {r.stderr.strip()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def inodes(d):
    return {n: os.stat(os.path.join(d, n)).st_ino for n in os.listdir(d) if n.endswith(".ics")}


result = {"calgrid": binary, "sizes": {}}
try:
    for n in [int(x) for x in args.items.split(",")]:
        store = os.path.join(work, f"store-{n}.json")
        write_store(n, store)
        samples = {"first": [], "again": []}
        cpu = {"first": [], "again": []}
        for run in range(args.runs):
            out = os.path.join(work, f"vdir-{n}")
            shutil.rmtree(out, ignore_errors=True)
            argv = [binary, "export", "--todos", store, "--format", "vdir", "--out", out]
            w, c = timed(argv)
            samples["first"].append(w); cpu["first"].append(c)
            first = inodes(out)
            if len(first) != n:
                sys.exit(f"vdir_export: the export wrote {len(first)} files, not {n}")
            w, c = timed(argv)
            samples["again"].append(w); cpu["again"].append(c)
            rewritten = sum(1 for k, i in inodes(out).items() if first.get(k) != i)
            result.setdefault("rewritten", {})[str(n)] = rewritten
            shutil.rmtree(out, ignore_errors=True)
        result["sizes"][str(n)] = {"samples_seconds": samples, "samples_cpu_seconds": cpu}
        print(f"  n={n:>7}: first {statistics.median(samples['first']):8.3f} s ({statistics.median(samples['first']) / n * 1e6:6.1f} us/item), "
              f"again {statistics.median(samples['again']):8.3f} s ({statistics.median(samples['again']) / n * 1e6:6.1f} us/item), "
              f"rewritten again {result['rewritten'][str(n)]}", flush=True)
finally:
    shutil.rmtree(work, ignore_errors=True)
if args.json:
    with open(args.json, "w") as f:
        json.dump(result, f)
