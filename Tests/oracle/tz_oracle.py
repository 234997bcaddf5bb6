#!/usr/bin/env python3
"""Independent oracle for CalGrid's TimeZoneRules: Python's zoneinfo on the system tzdata.

Usage: tz_oracle.py [ZONE ...]      (all of zoneinfo.available_timezones() that are files in
                                     /usr/share/zoneinfo when no zone is named)

zoneinfo is pointed at /usr/share/zoneinfo only (and each zone is loaded from that file), so Python
and the Swift test read the same bytes, never the pip `tzdata` package. Zones whose files are
byte-identical (links) are computed once and listed together.

Writes little-endian binary blocks to stdout, one per distinct file; Tests/CalGridTests/
TimeZoneOracleTests.swift reads them:
    u16 name count, then per name: u16 length, UTF-8 bytes   (paths under /usr/share/zoneinfo)
    u32 instant count, then per instant (q i i i, 20 bytes):
        instant (seconds since 1970 UTC), utcoffset seconds, local day number (days since
        1970-01-01), local second of day                      datetime.astimezone(ZoneInfo)
    u32 probe count, then per local-time probe (q B q q q, 33 bytes):
        local seconds (day number * 86400 + second of day),
        kind (0 unique, 1 ambiguous = a fold, 2 nonexistent = a gap),
        instant with fold=0, instant with fold=1,              datetime(..., fold=f).timestamp()
        the transition instant the probe sits next to
Instants: every offset change from 1900 to 2100 (t-1, t, t+1): in the file's transition table the
listed instants where zoneinfo's offset changes, after it (the footer rule) found by sampling
zoneinfo every 30 days and bisecting; the expected values always come from zoneinfo; random instants in 1800-2200 and in 0001-9999 (footer rules far after 2037), and before
the first transition. Probes: around every change in 1900-2100, the first and last local second
of the gap or fold and the first local second after it.
"""
import datetime as dt
import random
import struct
import sys
import zoneinfo

ROOT = "/usr/share/zoneinfo"
zoneinfo.reset_tzpath([ROOT])
UTC = dt.timezone.utc
EPOCH = dt.datetime(1970, 1, 1, tzinfo=UTC)
EPOCH_NAIVE = dt.datetime(1970, 1, 1)
SECOND = dt.timedelta(seconds=1)
Y1900 = -2208988800
Y2100 = 4102444800
FIRST = -62135596800 + 2 * 86400      # 0001-01-03: local times stay inside year 1
LAST = 253402300799 - 2 * 86400       # 9999-12-29


def local(z, t):
    """(offset, day number, second of day) of instant t in zone z."""
    d = dt.datetime.fromtimestamp(t, z)
    off = d.utcoffset() // SECOND
    return off, d.toordinal() - 719163, d.hour * 3600 + d.minute * 60 + d.second


def offset(z, t):
    return dt.datetime.fromtimestamp(t, z).utcoffset() // SECOND


def file_transitions(data):
    """Transition instants listed in TZif bytes (64-bit block for v2+): extra probe points only."""
    def counts(at):
        return struct.unpack(">6l", data[at + 20:at + 44])
    isut, isstd, leap, timecnt, typecnt, charcnt = counts(0)
    if data[4] == 0:
        return list(struct.unpack(">%dl" % timecnt, data[44:44 + 4 * timecnt]))
    at = 44 + timecnt * 5 + typecnt * 6 + charcnt + leap * 8 + isstd + isut
    isut, isstd, leap, timecnt, typecnt, charcnt = counts(at)
    return list(struct.unpack(">%dq" % timecnt, data[at + 44:at + 44 + 8 * timecnt]))


def changes(z, lo, hi, step):
    """Every instant in [lo, hi] where zoneinfo's offset differs from the second before, when no two
    changes are closer than `step` seconds."""
    found = []
    a, oa = lo, offset(z, lo)
    while a < hi:
        b = min(a + step, hi)
        ob = offset(z, b)
        if ob != oa:
            # Bisect to the change; then look again in the rest of the step (two changes in 30 days).
            x, y = a, b
            while y - x > 1:
                m = (x + y) // 2
                if offset(z, m) == oa:
                    x = m
                else:
                    y = m
            found.append(y)
            a, oa = y, offset(z, y)
            continue
        a, oa = b, ob
    return found


def probe(z, L, t):
    naive = EPOCH_NAIVE + dt.timedelta(seconds=L)
    ts = [(naive.replace(tzinfo=z, fold=f) - EPOCH) // SECOND for f in (0, 1)]
    if ts[0] == ts[1]:
        kind = 0
    else:
        back = dt.datetime.fromtimestamp(ts[0], z).replace(tzinfo=None)
        kind = 1 if back == naive else 2
    return struct.pack("<qBqqq", L, kind, ts[0], ts[1], t)


def block(names, data, rng):
    z = zoneinfo.ZoneInfo.from_file(open(f"{ROOT}/{names[0]}", "rb"), key=names[0])
    all_listed = file_transitions(data)
    # Changes inside the transition table are where the file says; zoneinfo confirms each one.
    # After the table the footer rule governs: find its changes by sampling zoneinfo.
    listed = [t for t in all_listed if Y1900 <= t <= Y2100]
    moments = {t for t in listed if offset(z, t - 1) != offset(z, t)}
    # A footer without a daylight rule (no ',') changes nothing after the table, except where it
    # disagrees with the last transition: yearly samples find that.
    footer = data[data.rindex(b"\n", 0, len(data) - 1) + 1:-1] if data[4] else b""
    step = 30 * 86400 if b"," in footer else 366 * 86400
    moments.update(changes(z, max(Y1900, all_listed[-1] if all_listed else Y1900), Y2100, step))
    instants = set()
    for t in moments | set(listed):
        instants.update((t - 1, t, t + 1))
    instants.update(rng.randrange(-5364662400, 7258118400) for _ in range(40))   # 1800...2200
    instants.update(rng.randrange(FIRST, LAST) for _ in range(10))
    if all_listed and all_listed[0] > FIRST:
        instants.update(rng.randrange(FIRST, all_listed[0]) for _ in range(5))
        instants.add(all_listed[0] - 1)
    out = bytearray(struct.pack("<H", len(names)))
    for n in names:
        b = n.encode()
        out += struct.pack("<H", len(b)) + b
    out += struct.pack("<I", len(instants))
    for t in sorted(instants):
        out += struct.pack("<qiii", t, *local(z, t))
    probes = []
    for t in sorted(moments):
        before, after = offset(z, t - 1), offset(z, t)
        lo, hi = t + min(before, after), t + max(before, after)   # local times of the gap or fold
        for L in sorted({lo, hi - 1, hi}):
            probes.append(probe(z, L, t))
    out += struct.pack("<I", len(probes)) + b"".join(probes)
    return out


def main():
    rng = random.Random(11)
    names = sys.argv[1:] or sorted(zoneinfo.available_timezones())
    groups = {}
    for n in names:
        try:
            data = open(f"{ROOT}/{n}", "rb").read()
        except OSError:
            continue
        if data[:4] == b"TZif":
            groups.setdefault(data, []).append(n)
    out = sys.stdout.buffer
    for data, group in groups.items():
        out.write(block(group, data, rng))


if __name__ == "__main__":
    main()
