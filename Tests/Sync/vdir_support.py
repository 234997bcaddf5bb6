"""What the vdir tests share (Tests/Sync/*_test.py): a vdir's files, and checks that count and keep
going (clisupport's Checks: every failure printed, the run's exit status at the end)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CLI"))
from clisupport import Checks  # noqa: E402  (the Sync tests' checks)

__all__ = ["Checks", "files"]


def files(vdir):
    """name -> bytes of every file in the vdir (the lock file aside)."""
    out = {}
    for n in sorted(os.listdir(vdir)):
        if n != ".calgrid.lock":
            with open(os.path.join(vdir, n), "rb") as f:
                out[n] = f.read()
    return out
