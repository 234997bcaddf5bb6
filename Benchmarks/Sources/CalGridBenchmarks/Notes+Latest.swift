// The newest notes (Notes.swift holds the older ones; split to keep files short).

let icalScenarioNotes = """
- **iCalendar import** (`--only ical-import`, issue 20) — 100,000 VTODOs in one `.ics` file
  (*ical-import-file*) and 10,000 one-VTODO files in a vdir (*ical-import-vdir*; `--quick`: 10,000 and
  1,000), written for the run (UID, DTSTAMP, CREATED, SUMMARY, DATE DTSTART and DUE, a DESCRIPTION in
  40 %, STATUS:COMPLETED in 10 %; CRLF), each import in its own process, wall clock from spawn to exit
  with the child's CPU time beside it: libical's own parse (`icalparser_parse_string` on each file's
  bytes and a walk of the components, `CICalBench/ical_parse.c`; the baseline), `CalGridICalendar`'s
  import into a set, python-icalendar (`Calendar.from_ical` and a walk, `Scripts/icalendar_import.py`,
  the venv `make ical-venv` makes), and the native JSON import of the same todos, the memory target's
  reference. Each folds every VTODO's UID, SUMMARY, start and due day in file order (a vdir's by name).

"""

let latestHistoryNotes = """
- **Issue 20: iCalendar import against libical and python-icalendar** (`--only ical-import`,
  2026-12-02 02:00 UTC, load average 9-10 at start (two test runs beside it); 5 interleaved
  repetitions, python-icalendar once or twice (its 30 s budget); `results/2026-12-02-ical-import.json`,
  `results/plots/ical-import-file.svg` and `ical-import-vdir.svg`, one N each). Every importer folded
  the same VTODOs (checksums agree). Wall from spawn to exit is mostly waiting for the cores here, so
  the child's CPU time is given beside it:

  | | libical parse + walk | CalGridICalendar | python-icalendar | native JSON, same todos | targets |
  |---|---:|---:|---:|---:|---|
  | 100,000 VTODOs, one file: wall | 6.34 s | 7.54 s (1.19×) | 123.2 s (CalGrid 20.1× faster) | 1.08 s | ≤ 1.5×: met; ≥ 10×: met |
  | CPU | 1.21 s | 1.54 s (1.27×) | 28.34 s (18.4×) | 292 ms | |
  | peak RSS | 308.7 MiB | 313.6 MiB (5.74× the JSON import's) | 544.6 MiB | 54.6 MiB | ≤ 2×: **missed** |
  | 10,000-file vdir: wall | 802.8 ms | 1.60 s (2.08×) | 18.44 s (12.4×) | 209.0 ms | ≤ 1.5×: **missed**; ≥ 10×: met |
  | CPU | 158.7 ms | 312.2 ms (1.97×) | 3.65 s (11.7×) | 41.5 ms | |
  | peak RSS | 22.6 MiB | 67.1 MiB (2.44×) | 19.6 MiB | 27.5 MiB | ≤ 2×: **missed** |

  Not changed here (CalGridICalendar is another session's): the one file's peak is libical's tree of
  the whole file (libical's own parse alone peaks at 308.7 MiB), which CalGrid's import holds while it
  builds the set; parsing component by component (each VTODO's text, with the VTIMEZONEs it names)
  would bound it by one item. In the vdir, CalGrid spends twice libical's CPU on 10,000 files of one
  item each (per-file work beyond the parse: not profiled).


- **Issue 23: through C as through Swift** (`--only changes`, 2026-12-02 01:26 UTC, load average
  10.3 at start; 7 interleaved repetitions, CPU-time medians; *today* is the same C program through
  the `libcalgrid.so` of main at e0a586b in the same run; `results/2026-12-02-changes-c.json`). At 1M
  todos, 92-day counts through C (C ÷ Swift is the ratio of the medians):

  | scenario | today, C | new, C | Swift | C ÷ Swift | target |
  |---|---:|---:|---:|---:|---|
  | cached 92-day counts | 915.0 ns | 497.5 ns | 654.8 ns | 0.76 | ≤ 1.2: met |
  | count of an overlap (one day, k = 69,399) | — | 260.6 ns | 474.2 ns | 0.55 | ≤ 1.2: met |
  | after a tick (and back) | 13.11 µs | 783.3 ns | 794.1 ns | 0.99 | ≤ 1.2: met |
  | after `isCompleted` flipped (and back) | 12.47 µs | 953.1 ns | 949.4 ns | 1.00 | ≤ 1.2: met |
  | after new dates (a day later and back) | 16.90 µs | 2.86 µs | 2.84 µs | 1.01 | ≤ 1.2: met |
  | after inserting one todo | 10.72 µs | 2.56 µs | 2.36 µs | 1.08 | ≤ 1.2: met |
  | after removing row 0 | 3.14 ms | 3.26 ms | 3.36 ms | 0.97 | ≤ 1.2: met |
  | after a 1,000-todo batch | 873.7 µs | 854.3 µs | 793.3 µs | 1.08 | ≤ 1.2: met |
  | overlap, one day, k = 69,399 | 307.6 µs | 297.3 µs | 278.9 µs | 1.07 | ≤ 1.2: met |

  At 10k and 100k (`--quick`, 01:22 UTC, load 10.0) C ÷ Swift: cached 0.76-0.81, count 0.55,
  isCompleted 1.5 and tick 2.3 before the second cause below was fixed in toggle. Two causes, both
  the C layer's own. (1) *The change's bound*: every change asked malloc for
  `changeAllocationBound`, every structure regrowing with its old storage live (over 100 MB at 1M:
  an mmap and munmap per tick), because a set whose storage a copy shares copies each buffer it
  writes. A set now holds an owner object exactly its storage's copies share; while it is uniquely
  referenced (`isStorageUnshared()`) every buffer is written in place, so
  `changeAllocationBound(…, row:)` counts only what the change adds and what outgrows its capacity
  (16-18 KiB for a tick, an update or an insert of the oom test's set); a shared set keeps the
  general bound (`make test-oom-c` runs each change again while a copy shares the storage). A
  count of an overlap asked for a result per todo (96 MB); `countAllocationBound()` is the
  interval index when not built and the rule rows. (2) *Copies of the set*: a core method called
  on a set behind a pointer from another module copies the whole struct first (about 25 retains and
  releases; `$s7CalGrid7TodoSetVwcp` in `perf`, 40 % of a cached read), 2 per day-count read, 1 per
  toggle. `UnsafePointer<TodoSet>`'s package reads lend the set as an `inout` inside the core: no
  copy (gdb: 0 per day count, count, overlap and toggle). Why the Swift side is the slower one on
  the cached read and the count was not looked into.


"""
