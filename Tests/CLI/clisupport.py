"""What the CLI's Python suites share: running calgrid on a pseudo-terminal.

Import it from a script in Tests/CLI (the script's folder is on sys.path)."""
import os
import pty
import select
import signal
import time


def on_pty(argv, env, timeout=60.0):
    """Runs argv[0] with argv on a new pseudo-terminal and environment `env`; returns everything
    it wrote there (standard output and standard error, as a terminal shows them) once it exits.
    The wait is bounded: a program still running after `timeout` seconds is killed and reported."""
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.execve(argv[0], argv, env)
        finally:
            os._exit(127)
    out = b""
    deadline = time.monotonic() + timeout
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                raise SystemExit(f"on_pty: {' '.join(argv)} still running after {timeout:.0f} s")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:     # EIO: the child closed the terminal
                break
            if not chunk:
                break
            out += chunk
    finally:
        os.close(fd)
        os.waitpid(pid, 0)
    return out
