#!/usr/bin/env python3
"""Peak RSS of `calgrid import` reading a large JSON Lines stream by path and through standard input
(issue 24 item 2: standard input streams through the same windows as a file, within 1.5x of the
path's peak). One run each, in its own process; the peak is the child's ru_maxrss.

  stdin_rss.py CALGRID [MEGABYTES]      (default 200; the stream is written to a temporary folder)

Prints one line per way of reading: path, `-` from a pipe (cat | calgrid import -), `-` redirected
from the file (a regular file as standard input), with the exit status, wall time and peak RSS, and
the pipe's and the redirect's ratio to the path. Exit 1 if a ratio is above 1.5 or a run fails."""
import os, subprocess, sys, tempfile, time


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


def run(argv, stdin=None, shell=False):
    start = time.monotonic()
    p = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, shell=shell)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    err = p.stderr.read().decode(errors="replace").strip()
    return p.returncode, time.monotonic() - start, usage.ru_maxrss << 10, err


def main():
    calgrid = os.path.abspath(sys.argv[1])
    megabytes = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    with tempfile.TemporaryDirectory(prefix="calgrid-rss-") as d:
        stream = os.path.join(d, "stream.jsonl")
        records = write_stream(stream, megabytes)
        size = os.path.getsize(stream)
        print(f"stream: {records} records, {size / 2**20:.0f} MiB of JSON Lines")
        results = {}
        rc, t, rss, err = run([calgrid, "import", stream, "--format", "jsonl"])
        results["path"] = (rc, t, rss, err)
        # The pipe: calgrid is the shell's child, so wait4 on the shell would count both; run cat
        # separately and measure calgrid alone.
        cat = subprocess.Popen(["cat", stream], stdout=subprocess.PIPE)
        results["pipe (cat | import -)"] = run([calgrid, "import", "-", "--format", "jsonl"], stdin=cat.stdout)
        cat.stdout.close()
        cat.wait()
        with open(stream, "rb") as f:
            results["redirect (import - < file)"] = run([calgrid, "import", "-", "--format", "jsonl"], stdin=f)
        base = results["path"][2]
        failed = False
        for name, (rc, t, rss, err) in results.items():
            ratio = rss / base if base else float("inf")
            print(f"{name:28} exit {rc}  {t:6.1f} s  peak RSS {rss / 2**20:7.1f} MiB  {ratio:4.2f}x the path's"
                  + (f"  ({err.splitlines()[-1]})" if rc != 0 and err else ""))
            failed |= rc != 0 or ratio > 1.5
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
