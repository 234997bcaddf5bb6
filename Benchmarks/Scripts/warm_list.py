#!/usr/bin/env python3
"""Warm `calgrid list` of one vdir, several builds interleaved (issue 41): each build gets its own
view cache ($XDG_CACHE_HOME), built by two runs first; then 11 rounds, one run of each build a
round; medians of wall time and of CPU time (user + system of the child), and the load average.

    warm_list.py VDIR NAME=CALGRID [NAME=CALGRID ...]"""
import os, resource, statistics, subprocess, sys, time
vdir = sys.argv[1]; bins = dict(a.split("=", 1) for a in sys.argv[2:])
runs = 11
env_base = {k: v for k, v in os.environ.items() if k not in ("CALGRID_TODOS", "XDG_DATA_HOME")}
res = {n: {"wall": [], "cpu": []} for n in bins}
def one(name, b):
    env = dict(env_base, XDG_CACHE_HOME=f"/tmp/wb-cache-{name}", HOME=f"/tmp/wb-home-{name}", TZ="Europe/Berlin")
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN); t = time.perf_counter()
    p = subprocess.run([b, "list", "--todos", vdir, "--today", "2026-12-07"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    w = time.perf_counter() - t; r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert p.returncode == 0, p.stderr
    return w, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
for n, b in bins.items():
    os.makedirs(f"/tmp/wb-home-{n}", exist_ok=True); one(n, b); one(n, b)   # build the cache, then warm
for _ in range(runs):
    for n, b in bins.items():
        w, c = one(n, b); res[n]["wall"].append(w); res[n]["cpu"].append(c)
print("load", os.getloadavg())
for n in bins:
    print(n, "wall median %.3f s (min %.3f max %.3f), cpu median %.3f s" % (statistics.median(res[n]["wall"]), min(res[n]["wall"]), max(res[n]["wall"]), statistics.median(res[n]["cpu"])))
