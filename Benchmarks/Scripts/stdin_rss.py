#!/usr/bin/env python3
"""Peak RSS of `calgrid import` reading a large JSON Lines stream by path and through standard input
(issue 24 item 2: standard input streams through the same windows as a file, within 1.5x of the
path's peak). Each import runs in its own process; the peak is the child's ru_maxrss.

  stdin_rss.py CALGRID [MEGABYTES ...] [--before OLD_CALGRID] [--runs N]

MEGABYTES (default 200) are stream sizes in MiB, each written once to a temporary folder. Ways of
reading: the path, `-` from a pipe (cat | calgrid import -), `-` redirected from the file (a regular
file as standard input). With --before, OLD_CALGRID runs too, interleaved with CALGRID run by run
(new path, old path, new pipe, old pipe, ...), so load hits both alike; wall times are then given
as the median of the pairwise new/old ratios, and so is CPU time (user + system of the child, from
wait4: on a loaded machine wall time is mostly the other jobs'). Peak RSS does not depend on load.
Exit 1 if CALGRID's pipe or redirect median peak is above 1.5x its path's, or a run fails."""
import os, statistics, subprocess, sys, tempfile, time


def write_stream(path, megabytes):
    """JSON Lines of plain dated todos, ~110 bytes a record, unique ids."""
    target, k = megabytes << 20, 0
    with open(path, "w") as f:
        written = 0
        while written < target:
            lines = []
            for _ in range(10000):
                day = 1 + k % 28
                lines.append(f'{{"id":"t{k}","title":"Stream record number {k} with a title","startDate":"2026-03-{day:02d}",'
                             f'"endDate":"2026-04-{day:02d}"}}\n')
                k += 1
            chunk = "".join(lines)
            f.write(chunk)
            written += len(chunk)
    return k


def run(argv, stdin=None):
    start = time.monotonic()
    p = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    rc = os.waitstatus_to_exitcode(status)
    err = p.stderr.read().decode(errors="replace").strip()
    return rc, time.monotonic() - start, usage.ru_maxrss << 10, err, usage.ru_utime + usage.ru_stime


def way(calgrid, how, stream):
    argv = [calgrid, "import", stream if how == "path" else "-", "--format", "jsonl"]
    if how == "path":
        return run(argv)
    if how == "pipe":
        # calgrid is the shell's child in `cat | calgrid`, so wait4 on a shell would count both:
        # run cat apart and measure calgrid alone.
        cat = subprocess.Popen(["cat", stream], stdout=subprocess.PIPE)
        r = run(argv, stdin=cat.stdout)
        cat.stdout.close()
        cat.wait()
        return r
    with open(stream, "rb") as f:
        return run(argv, stdin=f)


def main():
    args, before, runs = [], None, 1
    it = iter(sys.argv[1:])
    for a in it:
        if a == "--before": before = os.path.abspath(next(it))
        elif a == "--runs": runs = int(next(it))
        else: args.append(a)
    calgrid = os.path.abspath(args[0])
    sizes = [int(a) for a in args[1:]] or [200]
    binaries = {"new": calgrid, **({"old": before} if before else {})}
    ways = ["path", "pipe", "redirect"]
    failed = False
    with tempfile.TemporaryDirectory(prefix="calgrid-rss-") as d:
        for megabytes in sizes:
            stream = os.path.join(d, f"stream-{megabytes}.jsonl")
            records = write_stream(stream, megabytes)
            print(f"stream: {records} records, {os.path.getsize(stream) / 2**20:.0f} MiB of JSON Lines, {runs} run(s)", flush=True)
            got = {(b, w): [] for b in binaries for w in ways}
            for _ in range(runs):
                for w in ways:
                    for b, path in binaries.items():
                        got[(b, w)].append(way(path, w, stream))
            for b in binaries:
                base = statistics.median(r[2] for r in got[(b, "path")])
                for w in ways:
                    rs = got[(b, w)]
                    rss = statistics.median(r[2] for r in rs)
                    ratio = rss / base if base else float("inf")
                    line = (f"  {b:3} {w:9} peak RSS {rss / 2**20:7.1f} MiB  {ratio:4.2f}x the path's  wall {statistics.median(r[1] for r in rs):6.1f} s"
                            f"  CPU {statistics.median(r[4] for r in rs):6.1f} s")
                    if b == "new" and before:
                        wall = [n[1] / o[1] for n, o in zip(rs, got[("old", w)])]
                        cpu = [n[4] / o[4] for n, o in zip(rs, got[("old", w)])]
                        old_rss = statistics.median(r[2] for r in got[("old", w)])
                        line += f"  new/old: wall {statistics.median(wall):4.2f}x, CPU {statistics.median(cpu):4.2f}x, peak {rss / old_rss:4.2f}x"
                    bad = [r for r in rs if r[0] != 0]
                    if bad: line += f"  exit {bad[0][0]} ({bad[0][3].splitlines()[-1] if bad[0][3] else ''})"
                    print(line, flush=True)
                    if b == "new": failed |= bool(bad) or ratio > 1.5
            os.unlink(stream)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
