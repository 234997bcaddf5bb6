// The newest History entries (Notes.swift holds the older ones; split to keep files short).
let latestHistoryNotes = """
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
