#!/usr/bin/env python3
"""Runs two or more builds of CalGridBenchmarks alternately (A B A B ...) and compares their medians.

    alternate_builds.py --build before=/path/to/old/CalGridBenchmarks --build after=/path/to/new/... \
        --rounds 5 --out /tmp/ab -- --only rrule,rule-counts

Every round runs each build once, in the order given, with the arguments after `--` and
`--out OUT/NAME-rK` (each run writes its usual JSON there), so a change in machine load lands on
every build alike. Each binary is started through a symlink of the same length (OUT/bin/b0,
OUT/bin/b1, ...): the length of argv[0] moves the stack's alignment, and alone moved one build's
CPU time by more than a change did (Benchmarks/README.md, History).

Written to --json (default OUT/summary.json): per (scenario, n, implementation) and build, the
median over runs of each run's median, the runs' medians and their within-run ratios to the
scenario's baseline (`ratio_to_baseline`, pairwise, > 1 = faster); and for every build after the
first, the ratio of its median to the first build's (> 1 = slower), with the per-round paired
ratios' median and min-max as the spread. The load average before each run is kept.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import time


def parse_args(argv):
    if "--" in argv:
        k = argv.index("--")
        own, passthrough = argv[:k], argv[k + 1:]
    else:
        own, passthrough = argv, []
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", action="append", required=True, metavar="NAME=BINARY",
                   help="a build to run; the first is the reference of the ratios")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--out", required=True, help="directory for the runs' JSON and the summary")
    p.add_argument("--json", help="summary file (default OUT/summary.json)")
    p.add_argument("--nice", type=int, default=0, help="run each build under nice -n NICE")
    args = p.parse_args(own)
    builds = []
    for b in args.build:
        name, sep, path = b.partition("=")
        if not sep or not name or not os.access(path, os.X_OK):
            p.error(f"--build {b!r}: want NAME=EXECUTABLE")
        builds.append((name, os.path.abspath(path)))
    if len({n for n, _ in builds}) != len(builds):
        p.error("build names must differ")
    if "--out" in passthrough:
        p.error("--out is set per run by this script")
    return args, builds, passthrough


def run_once(link, passthrough, out, nice):
    os.makedirs(out, exist_ok=True)
    cmd = ([ "nice", "-n", str(nice)] if nice else []) + [link, *passthrough, "--out", out]
    load = os.getloadavg()
    t0 = time.time()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    with open(os.path.join(out, "stdout.txt"), "w") as f:
        f.write(r.stdout)
    if r.returncode != 0:
        sys.exit(f"{link} {' '.join(passthrough)} failed ({r.returncode}); see {out}/stdout.txt")
    files = [f for f in glob.glob(os.path.join(out, "*.json"))]
    if len(files) != 1:
        sys.exit(f"{out}: expected one result JSON, found {files}")
    with open(files[0]) as f:
        data = json.load(f)
    return {"start": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(t0)),
            "seconds": round(time.time() - t0, 1), "load_average_before": [round(x, 2) for x in load],
            "json": os.path.relpath(files[0], os.path.dirname(out)), "results": data["results"]}


def summarize(builds, runs):
    """runs: list of (build name, round, run dict)."""
    keys = []
    table = {}
    for name, rnd, run in runs:
        for m in run["results"]:
            key = (m["scenario"], m["n"], m["implementation"])
            if key not in table:
                keys.append(key)
                table[key] = {}
            table[key].setdefault(name, {})[rnd] = m
    rows = []
    ref = builds[0][0]
    for key in keys:
        row = {"scenario": key[0], "n": key[1], "implementation": key[2], "builds": {}}
        per = table[key]
        for name, _ in builds:
            if name not in per:
                continue
            ms = [per[name][r] for r in sorted(per[name])]
            medians = [m["median_ns"] for m in ms]
            row["builds"][name] = {
                "median_ns": statistics.median(medians), "min_run_median_ns": min(medians),
                "max_run_median_ns": max(medians), "run_medians_ns": medians,
                "repetitions_per_run": [m["runs"] for m in ms],
                "ratio_to_baseline_runs": [m["ratio_to_baseline"] for m in ms],
                "ratio_to_baseline_median": statistics.median(
                    [m["ratio_to_baseline"] for m in ms if m["ratio_to_baseline"] is not None] or [float("nan")]),
                "checksums": sorted({m["checksum"] for m in ms}),
                "checksum_ok": all(m["checksum_ok"] for m in ms)}
        if ref in per:
            for name, _ in builds[1:]:
                if name not in per:
                    continue
                paired = [per[name][r]["median_ns"] / per[ref][r]["median_ns"]
                          for r in sorted(set(per[name]) & set(per[ref]))]
                a, b = row["builds"][ref]["median_ns"], row["builds"][name]["median_ns"]
                row[f"{name}/{ref}"] = {"ratio_of_medians": b / a, "paired_ratio_median": statistics.median(paired),
                                        "paired_ratio_min": min(paired), "paired_ratio_max": max(paired),
                                        "paired_ratios": paired}
        rows.append(row)
    return rows


def fmt_ns(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}"
    return f"{ns:.3g} ns"


def main():
    args, builds, passthrough = parse_args(sys.argv[1:])
    os.makedirs(os.path.join(args.out, "bin"), exist_ok=True)
    links = []
    for i, (_, path) in enumerate(builds):
        link = os.path.join(os.path.abspath(args.out), "bin", f"b{i}")
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(path, link)
        links.append(link)
    runs = []
    for rnd in range(1, args.rounds + 1):
        for (name, _), link in zip(builds, links):
            out = os.path.join(args.out, f"{name}-r{rnd}")
            for old in glob.glob(os.path.join(out, "*.json")):
                os.remove(old)
            run = run_once(link, passthrough, out, args.nice)
            print(f"round {rnd} {name}: {run['seconds']} s, load {run['load_average_before']}", flush=True)
            runs.append((name, rnd, run))
    rows = summarize(builds, runs)
    summary = {"tool": "Benchmarks/Scripts/alternate_builds.py", "arguments": passthrough,
               "rounds": args.rounds, "order": [n for n, _ in builds], "nice": args.nice,
               "environment": {k: v for k, v in os.environ.items() if k.startswith("CALGRID_BENCH_")},
               "builds": {n: p for n, p in builds}, "cores": os.cpu_count(),
               "ratio": "median over runs of each run's CPU-time median; <build>/<first build> > 1 = slower "
                        "than the first build; paired = the same round's runs",
               "runs": [{"build": n, "round": r, **{k: v for k, v in run.items() if k != "results"}}
                        for n, r, run in runs],
               "results": rows}
    path = args.json or os.path.join(args.out, "summary.json")
    with open(path, "w") as f:
        json.dump(summary, f, indent=1)
        f.write("\n")
    ref = builds[0][0]
    for row in rows:
        line = f"{row['scenario']:<20} {row['n']:>8} {row['implementation']:<26}"
        for name, _ in builds:
            if name in row["builds"]:
                line += f" {name} {fmt_ns(row['builds'][name]['median_ns']):>10}"
        for name, _ in builds[1:]:
            c = row.get(f"{name}/{ref}")
            if c:
                line += (f"  {name}/{ref} {c['ratio_of_medians']:.3f}"
                         f" (paired {c['paired_ratio_min']:.3f}-{c['paired_ratio_max']:.3f})")
        print(line)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
