// What each implementation is, for the README.

let scenarioNotes = """
## What is compared

- **Month grids** — N consecutive months from January 1950, 6 × 7 cells, Sunday first; every cell's day number,
  day of month, owner month and weekday are read. *Foundation Calendar (app's way)*: the origin app's approach, a
  month start from components, `range(of: .day, in: .month, for:)`, `date(byAdding: .day)` per cell and
  `component(.day, from:)` for its label (UTC calendar). *C timegm/gmtime_r*: `timegm` for the 1st, `gmtime_r` per
  cell. *CalGrid MonthGrid*: the public API, each cell's `dayOfMonth` included. *fold of precomputed cells
  (floor)*: the same per-cell fold over cell values computed before the timing — what reading and folding 42
  cells costs by itself, under any implementation.
- **Per-day aggregates** — the app's 3-month window (previous, current, next month: 92 days) over N todos, each
  day's todo count, completed count and percentage. *app port*: a faithful port of the app's
  `Day.generateDaysForMonth` — `class Todo` with optional `Date`s and a `completed: [Bool]`, Foundation
  `Calendar` day by day, every todo filtered for every day. *copy (floor)*: copying the start and end `Int32`
  key arrays, the least any aggregate must read. *CalGrid*: `TodoSet`'s per-day aggregates, whose per-day table
  the warm-up call builds; *CalGrid …, after a change*: every run first edits the set (one `isCompleted` flipped
  and back), so every call rebuilds the table — the cost of the first render after an edit.
- **Overlap query** — 16 one-day periods, each hit by ≤ 1000 of N todos spread over a century. *linear scan*:
  the start/end `Int32` arrays scanned for every query. *CalGrid*: `TodoSet`'s interval index.
- **Sorts** — the app's three orders over the same N todos, stable (insertion order breaks ties):
  *app sort on [Todo] classes* — `sorted` on an array of the app's classes by optional `Date` keys, with the
  app's comparison (`($0.endDate ?? Date.distantFuture) < ($1.endDate ?? Date.distantFuture)` for the deadline);
  *stdlib sort on structs* — an array of value-type todos; *stdlib sort of index array by Int32 key* — the
  classic data-oriented approach; *C qsort* — (key, index) pairs; *CalGrid TodoSet sort*.
- **Import** — the app's todos in the native format, 30-day challenges with 30-entry `completed` arrays
  (about 390 bytes a record), generated deterministically into a temporary directory. *json-c whole file +
  DOM walk*: `json_object_from_file`, then the DOM walked into Swift values; *Foundation JSONDecoder + Codable*;
  *CalGridJSON import* into a `TodoSet`. Every one runs in its own child process, timed in wall-clock time
  from spawn to exit (CPU time shown beside it).
- **C API overhead** — a C program linked against `libcalgrid` against the Swift core doing the same work.
- **CLI start-up** — `calgrid month` against `cal` (Debian `ncal`), a C hello and a plain Swift hello,
  spawned with `posix_spawn`, output to /dev/null, wall time to exit. Most of what the static `calgrid` pays
  beyond the C hello is page faults on its own 15 MB file (the others' libc is always in memory), and their
  cost depends on how the file sits in the page cache: as written by the link (large folios), about 1.2× the
  C hello here; after the kernel has paged it out (this VM's DAMON pages out what has been idle for about a
  minute, so a full run, where this scenario comes minutes after the build, usually sees this) and the first
  start read it back in 4 KiB pages, about 1.5–1.8×.
- **TodoSet memory** — heap growth (glibc `mallinfo2`) while N todos are inserted, less their text bytes
  and one bit per tracked day, per todo.
"""
