#!/usr/bin/env python3
"""The 32-bit targets' oracle: Python's datetime, calendar and zoneinfo, never CalGrid.

Usage: target_oracle.py OUT_DIR

Writes OUT_DIR/target_data.c (the inputs the target program reads: grid years, a TZif blob,
a POSIX TZ string, instants around DST changes, a script of todo operations, recurrence rules
with their expected days from Tests/oracle/rrule_oracle.py, i.e. python-dateutil) and
OUT_DIR/expected.txt (the lines the program must print, in order). The program
(Tests/Embedded/Target/*.swift) runs on the Cortex-M4 under QEMU and in WebAssembly under Node;
`make test-embedded-targets` compares its output with expected.txt byte for byte.

Digests: 64-bit FNV-1a over 64-bit values, h = ((h ^ v) * 0x100000001b3) mod 2^64, starting at
0xcbf29ce484222325, with negative values in two's complement. Both sides fold the same values in
the same order; a line says what was folded.
"""
import calendar
import datetime
import os
import random
import re
import struct
import subprocess
import sys
import zoneinfo
from fractions import Fraction

MASK = (1 << 64) - 1
EPOCH_ORDINAL = datetime.date(1970, 1, 1).toordinal()   # CalGrid's day 0
MIN_DAY = datetime.date(1, 1, 1).toordinal() - EPOCH_ORDINAL
MAX_DAY = datetime.date(9999, 12, 31).toordinal() - EPOCH_ORDINAL


class Digest:
    def __init__(self):
        self.h = 0xCBF29CE484222325

    def fold(self, v):
        self.h = ((self.h ^ (v & MASK)) * 0x100000001B3) & MASK

    def __str__(self):
        return f"{self.h:016x}"


def day_number(d):
    return d.toordinal() - EPOCH_ORDINAL


def date_of(n):
    return datetime.date.fromordinal(n + EPOCH_ORDINAL)


def weekday(d):
    """CalGrid's weekday numbering: 0 = Sunday ... 6 = Saturday."""
    return (d.weekday() + 1) % 7


# ---------------------------------------------------------------- civil dates
def civil_lines():
    """Every day 0001-01-01...9999-12-31: date, weekday, ISO week, round trip."""
    h = Digest()
    fold = h.fold
    iso = datetime.date.isocalendar
    for o in range(datetime.date(1, 1, 1).toordinal(), datetime.date(9999, 12, 31).toordinal() + 1):
        d = datetime.date.fromordinal(o)
        iy, iw, _ = iso(d)
        # ymd << 20 | weekday << 17 | (isoYear - year + 1) << 6 | isoWeek; bit 16 = round trip failed.
        fold((d.year * 10000 + d.month * 100 + d.day) << 20 | ((d.weekday() + 1) % 7) << 17
             | (iy - d.year + 1) << 6 | iw)
    return [f"days {MAX_DAY - MIN_DAY + 1} {h}"]


# ---------------------------------------------------------------- month grids
GRID_YEARS = [1, 2, 3, 4] + list(range(1899, 2102)) + [9996, 9997, 9998, 9999]


def week_of_year(n, fw):
    """strftime %U/%W generalized: week 1 starts on the year's first `fw`; days before are week 0."""
    d = date_of(n)
    jan1 = day_number(datetime.date(d.year, 1, 1))
    first = jan1 + (fw - weekday(datetime.date(d.year, 1, 1))) % 7
    return 0 if n < first else (n - first) // 7 + 1


def grid_lines():
    out = []
    for fw in range(7):
        for rows in ("fixed", "auto"):
            h = Digest()
            months = 0
            for y in GRID_YEARS:
                for m in range(1, 13):
                    months += 1
                    first = day_number(datetime.date(y, m, 1))
                    days = calendar.monthrange(y, m)[1]
                    prev_days = 31 if m == 1 else calendar.monthrange(y, m - 1)[1]
                    lead = (weekday(datetime.date(y, m, 1)) - fw) % 7
                    row_count = 6 if rows == "fixed" else (lead + days + 6) // 7
                    fold = h.fold
                    fold(row_count)
                    for i in range(row_count * 7):
                        n = first - lead + i
                        if i < lead:
                            owner, dom = 0, prev_days - lead + 1 + i
                        elif i < lead + days:
                            owner, dom = 1, i - lead + 1
                        else:
                            owner, dom = 2, i - lead - days + 1
                        fold(n << 16 | dom << 8 | owner << 4 | (fw + i) % 7)
                    for r in range(row_count):
                        row_first = first - lead + 7 * r
                        thursday = row_first + (4 - fw) % 7
                        anchor = first if row_first < first <= row_first + 6 else row_first
                        # Rows whose Thursday or anchor is in year 0 or 10000 have no oracle: skipped.
                        if MIN_DAY <= thursday <= MAX_DAY:
                            iy, iw, _ = date_of(thursday).isocalendar()
                            fold(iy * 100 + iw)
                        if MIN_DAY <= anchor <= MAX_DAY:
                            fold(week_of_year(anchor, fw))
            out.append(f"grid fw={fw} rows={rows} months={months} {h}")
    return out


# ---------------------------------------------------------------- zones
TZIF_ZONE = "Europe/Berlin"
POSIX_ZONE, POSIX_TZ = "Australia/Sydney", "AEST-10AEDT,M10.1.0,M4.1.0/3"


def transitions(z, lo, hi):
    """Instants (seconds) where the zone's offset changes in [lo, hi): 6-hour steps, then bisection."""
    def off(t):
        return datetime.datetime.fromtimestamp(t, z).utcoffset()
    found, t, step = [], lo, 6 * 3600
    o = off(t)
    while t < hi:
        u = t + step
        p = off(u)
        if p != o:
            a, b = t, u
            while b - a > 1:
                mid = (a + b) // 2
                if off(mid) == o:
                    a = mid
                else:
                    b = mid
            found.append(b)
        t, o = u, p
    return found


def instants(z, years, rng):
    lo = int(datetime.datetime(years[0], 1, 1, tzinfo=datetime.timezone.utc).timestamp())
    hi = int(datetime.datetime(years[1], 1, 1, tzinfo=datetime.timezone.utc).timestamp())
    out = []
    for t in transitions(z, lo, hi):
        out += [t + d for d in (-86400, -3601, -3600, -1, 0, 1, 3599, 3600, 86400)]
    out += [rng.randrange(lo, hi) for _ in range(64)]
    return out


def zone_lines(name, z, ts):
    h = Digest()
    for t in ts:
        local = datetime.datetime.fromtimestamp(t, z)
        off = int(local.utcoffset().total_seconds())
        h.fold(off)
        h.fold(day_number(local.date()))
        h.fold(local.hour * 3600 + local.minute * 60 + local.second)
    return [f"zone {name} instants={len(ts)} {h}"]


# ---------------------------------------------------------------- todos
TODAY = day_number(datetime.date(2026, 12, 1))
WINDOW = (TODAY - 75, TODAY + 75)
WORDS = [b"Run", b"run club", b"RUNNING shoes", b"Read", b"read a book", b"Plan",
         "장보기".encode(), "한국어 공부".encode(), b"Call Mom", b"Pay rent", b"", b"Zz"]


class Todo:
    def __init__(self, ident, rng):
        self.id = ident
        self.title = rng.choice(WORDS) + (b"" if rng.random() < 0.3 else b" #%d" % rng.randrange(30))
        shape = rng.choice(["both"] * 6 + ["start", "end", "none"])
        self.start = self.end = None
        if shape in ("both", "start"):
            self.start = TODAY + rng.randint(-80, 60)
        if shape == "both":
            self.end = self.start + rng.choice([0, 0, 1, 2, 5, 6, 13, 20, 40, 400])
        if shape == "end":
            self.end = TODAY + rng.randint(-50, 70)
        self.rep = 0x7F if rng.random() < 0.5 else sum(1 << w for w in rng.sample(range(7), rng.randint(1, 6)))
        self.challenge = rng.random() < 0.3
        self.completed = rng.random() < 0.3
        self.created = rng.choice([None, 1793556000, 1793556000, 1794000000 + rng.randrange(4_000_000)])
        self.flags = None   # None: no explicit completedDays (all isCompleted: done as a whole or not)
        self._days = None
        n = len(self.repeat_days())
        if self.tracked and rng.random() < 0.6:
            r = rng.random()
            self.flags = [False] * n if r < 0.2 else [True] * n if r < 0.4 else [rng.random() < 0.5 for _ in range(n)]
        self.done = list(self.flags) if self.flags is not None else [self.completed and self.tracked] * n

    @property
    def tracked(self):
        return self.start is not None and self.end is not None

    def falls_on(self, n):
        if self.start is None and self.end is None:
            return False
        return ((self.start is None or n >= self.start) and (self.end is None or n <= self.end)
                and self.rep >> weekday(date_of(n)) & 1 == 1)

    def repeat_days(self):
        if not self.tracked:
            return []
        if getattr(self, "_days", None) is None:   # the span and repetition never change
            self._days = [n for n in range(self.start, self.end + 1) if self.rep >> weekday(date_of(n)) & 1]
            self._index = {n: k for k, n in enumerate(self._days)}
        return self._days

    def done_on(self, n):
        if not self.falls_on(n):
            return False
        if self.tracked:
            self.repeat_days()
            return self.done[self._index[n]]
        return self.completed

    def falls_in(self, a, b):
        """Falls on a day of [a, b]: some day of the overlap of [a, b] and the span is on the
        repetition; a week of the overlap holds every weekday, so its first 7 days decide."""
        if self.start is None and self.end is None:
            return False
        lo = a if self.start is None else max(a, self.start)
        hi = b if self.end is None else min(b, self.end)
        return any(self.falls_on(n) for n in range(lo, min(hi, lo + 6) + 1))

    def progress(self):
        days = self.repeat_days()
        if days:
            return sum(self.done), len(days)
        return (1 if self.completed else 0), 1

    def encode(self):
        f = ((self.start is not None) | (self.end is not None) << 1 | self.challenge << 2 | self.completed << 3
             | (self.created is not None) << 4 | (self.flags is not None) << 5)
        b = struct.pack("<B", len(self.id)) + self.id + struct.pack("<B", len(self.title)) + self.title
        b += struct.pack("<BiiBq", f, self.start or 0, self.end or 0, self.rep, self.created or 0)
        if self.flags is not None:
            bits = bytearray((len(self.flags) + 7) // 8)
            for k, v in enumerate(self.flags):
                if v:
                    bits[k // 8] |= 1 << (k % 8)
            b += struct.pack("<H", len(self.flags)) + bytes(bits)
        return b


ORDERS = [("deadline", "end"), ("registration", "created"), ("start", "start"), ("title", "title"),
          ("share", "share")]


def sort_rows(todos, key, descending):
    rows = list(range(len(todos)))
    if key == "title":
        return sorted(rows, key=lambda i: todos[i].title, reverse=descending)   # stable both ways
    if key == "share":
        return sorted(rows, key=lambda i: Fraction(*todos[i].progress()), reverse=descending)
    have = [i for i in rows if getattr(todos[i], key) is not None]
    missing = [i for i in rows if getattr(todos[i], key) is None]
    return sorted(have, key=lambda i: getattr(todos[i], key), reverse=descending) + missing


def check_lines(phase, todos, ranges):
    out = [f"todos phase={phase} count={len(todos)}"]
    for kind in ("all", "challenges"):
        h, total, done = Digest(), 0, 0
        for n in range(WINDOW[0], WINDOW[1] + 1):
            t = [x for x in todos if x.falls_on(n) and (kind == "all" or x.challenge)]
            c = sum(1 for x in t if x.done_on(n))
            h.fold(len(t))
            h.fold(c)
            total += len(t)
            done += c
        pct = 0 if total == 0 else (done * 200 + total) // (2 * total)
        out.append(f"counts {kind} {h} total={total} done={done} pct={pct}")
    h, hits = Digest(), 0
    for a, b in ranges:
        for i, x in enumerate(todos):
            if x.falls_in(a, b):
                h.fold(i)
                hits += 1
        h.fold(-1)
    out.append(f"overlap {h} hits={hits}")
    for name, key in ORDERS:
        for descending in (False, True):
            h = Digest()
            for i in sort_rows(todos, key, descending):
                h.fold(i)
            out.append(f"sort {name} {'desc' if descending else 'asc'} {h}")
    h = Digest()
    for x in todos:
        d, t = x.progress()
        h.fold(d)
        h.fold(t)
    out.append(f"progress {h}")
    return out


def todo_script(rng):
    """The operations (bytes for the program) and the lines the checks print."""
    lines, todos, serial = [], [], 0
    ranges = [(a, a + k) for a, k in ((TODAY + rng.randint(-90, 90), rng.choice([0, 1, 2, 6, 30])) for _ in range(28))]
    ranges += [(TODAY - 2, TODAY - 2), (MIN_DAY, MAX_DAY)]
    ops = bytearray(struct.pack("<iiH", *WINDOW, len(ranges)) + b"".join(struct.pack("<ii", *r) for r in ranges))

    def fresh():
        nonlocal serial
        serial += 1
        return Todo(b"t%04d" % serial, rng)

    def check():
        ops.extend(b"\x06")
        lines.extend(check_lines(check.phase, todos, ranges))
        check.phase += 1
    check.phase = 1

    batch = [fresh() for _ in range(200)]
    ops += struct.pack("<BH", 1, len(batch)) + b"".join(t.encode() for t in batch)
    todos += batch
    check()
    # A batch the set refuses: two ids whose ill-formed bytes both repair to "할일\ufffd".
    bad = [fresh(), fresh(), fresh()]
    bad[0].id, bad[1].id = "할일".encode() + b"\xff", "할일".encode() + b"\xc0"
    ops += struct.pack("<BH", 8, len(bad)) + b"".join(t.encode() for t in bad)
    lines.append("refused duplicate position=1 id=" + "할일\ufffd")
    for _ in range(60):
        t = fresh()
        ops += b"\x02" + t.encode()
        todos.append(t)
    check()
    for _ in range(40):
        i = rng.randrange(len(todos))
        t = fresh()
        if rng.random() < 0.5:
            t.id = todos[i].id   # same id, new fields
        ops += struct.pack("<BH", 3, i) + t.encode()
        todos[i] = t
    check()
    for _ in range(30):
        i = rng.randrange(len(todos))
        ops += struct.pack("<BH", 4, i)
        del todos[i]
    check()
    tracked = [i for i, x in enumerate(todos) if x.repeat_days()]
    for _ in range(150):
        i = rng.choice(tracked)
        days = todos[i].repeat_days()
        k = rng.randrange(len(days))
        ops += struct.pack("<BHi", 5, i, days[k])
        todos[i].done[k] = not todos[i].done[k]
    for _ in range(20):
        i = rng.randrange(len(todos))
        v = rng.random() < 0.5
        ops += struct.pack("<BHB", 7, i, v)
        todos[i].completed = v
    check()
    ops += struct.pack("<B", 0)
    return bytes(ops), lines


# ---------------------------------------------------------------- recurrence
RRULE_ORACLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "oracle", "rrule_oracle.py")


def ints(text):
    return [int(x) for x in text.split(",") if x]


def recurrence_cases():
    """Tests/oracle/rrule_oracle.py's cases (python-dateutil, with RFC 5545's start-day rule): its
    random rules and the RFC's examples, those whose UNTIL needs no zone but UTC (the program has
    no zones by name)."""
    cases = []
    for args in (["random", "22", "150"], ["rfc"]):
        text = subprocess.run([sys.executable, RRULE_ORACLE, *args], check=True, capture_output=True, text=True).stdout
        for line in text.splitlines():
            rule, start, rdates, exdates, zone, lo, hi, days = line.split("|")
            if zone != "UTC" and re.search(r"UNTIL=\d{8}T\d{6}Z", rule):
                continue
            cases.append((rule, int(start), ints(rdates), ints(exdates), int(lo), int(hi), ints(days)))
    return cases


def recurrence_blob(cases):
    b = struct.pack("<H", len(cases))
    for rule, start, rdates, exdates, lo, hi, _ in cases:
        b += struct.pack("<H", len(rule)) + rule.encode() + struct.pack("<i", start)
        b += struct.pack("<B", len(rdates)) + b"".join(struct.pack("<i", x) for x in rdates)
        b += struct.pack("<B", len(exdates)) + b"".join(struct.pack("<i", x) for x in exdates)
        b += struct.pack("<ii", lo, hi)
    return b


def recurrence_lines(cases):
    h, n = Digest(), 0
    for *_, days in cases:
        for x in days:
            h.fold(x)
            n += 1
        h.fold(-1)
    # The same rules as rule todos that start on the rule's start: they fall on its occurrences
    # from that day on (an RDATE before it is an occurrence, not a day of the todo).
    t, m = Digest(), 0
    for _, start, _, _, _, _, days in cases:
        for x in days:
            if x >= start:
                t.fold(x)
                m += 1
        t.fold(-1)
    return [f"recurrence cases={len(cases)} days={n} {h}", f"recurrence todos cases={len(cases)} days={m} {t}"]


# ---------------------------------------------------------------- output
def c_array(name, data):
    body = ",".join(str(b) for b in data)
    return f"const unsigned char {name}[{len(data)}] = {{{body}}};\nconst unsigned long {name}_size = {len(data)};\n"


def main():
    out_dir = sys.argv[1]
    rng = random.Random(22)
    with open(f"/usr/share/zoneinfo/{TZIF_ZONE}", "rb") as f:
        tzif = f.read()
    berlin = instants(zoneinfo.ZoneInfo(TZIF_ZONE), (1970, 2040), rng)
    sydney = instants(zoneinfo.ZoneInfo(POSIX_ZONE), (2040, 2060), rng)
    ops, todo_lines = todo_script(rng)

    blob = struct.pack("<H", len(GRID_YEARS)) + b"".join(struct.pack("<H", y) for y in GRID_YEARS)
    blob += struct.pack("<I", len(tzif)) + tzif
    blob += struct.pack("<H", len(POSIX_TZ)) + POSIX_TZ.encode()
    for ts in (berlin, sydney):
        blob += struct.pack("<I", len(ts)) + b"".join(struct.pack("<q", t) for t in ts)
    blob += ops
    recurrences = recurrence_cases()
    blob += recurrence_blob(recurrences)

    lines = civil_lines() + grid_lines()
    lines += zone_lines("tzif", zoneinfo.ZoneInfo(TZIF_ZONE), berlin)
    lines += zone_lines("posix", zoneinfo.ZoneInfo(POSIX_ZONE), sydney)
    lines += todo_lines
    lines += recurrence_lines(recurrences)
    lines.append(f"checks {len(lines)}")
    with open(f"{out_dir}/target_data.c", "w", encoding="utf-8") as f:
        f.write("/* Generated by Tests/Embedded/target_oracle.py; the target program's inputs. */\n")
        f.write(c_array("target_blob", blob))
    with open(f"{out_dir}/expected.txt", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
