/// Per-day totals of one kind of item (`TodoKind._tableKind`: todos, challenges, plain todos or
/// events; events never in a todos' table, so they never count against a day's done share) over (at least) the span the set's dates cover, so that
/// `dayCounts` answers any range in O(days) however many todos there are. Built lazily on the
/// first `dayCounts` after the set got it dropped, then kept up to date by every change
/// (`_DayTable+Update.swift`): a change to one todo adds or takes away its own days only.
///
/// Covers `[first, last]` with every finite start or end day of the set inside
/// `[first + 7, last - 7]`. Before the first such day only todos open on the left fall, after
/// the last only todos open on the right, so every day outside the table repeats the value of the
/// edge day with its weekday: the 7 days on each side are that pattern.
///
/// Mutable, yet shared between threads: a table is changed only by the owner of a set whose cache
/// no other set references (`isKnownUniquelyReferenced`, see `_TodoSetCache`), which under the
/// set's contract (a change needs the set to itself) no reader can be reading; a cache another
/// copy shares is copied first. Readers see it only after the change, through whatever handed
/// them the set (a thread start, a lock, an atomic).
///
/// For the same reason the two properties are exempt from dynamic exclusivity checks: only that
/// owner writes them, in short non-overlapping accesses, and checked they cost every cached
/// `dayCounts` two `swift_beginAccess` calls that the immutable table it replaced never paid.
@usableFromInline
final class _DayTable: @unchecked Sendable {
    /// Day number of entry 0.
    @exclusivity(unchecked) @usableFromInline var first: Int32
    /// Per day: todos falling on it in the low 32 bits, untracked todos done on it (their
    /// `isCompleted`) in the high 32 bits.
    @exclusivity(unchecked) @usableFromInline var counts: [Int64]

    @inlinable init(first: Int32, counts: [Int64]) { self.first = first; self.counts = counts }

    /// The last day covered.
    @inlinable var last: Int32 { first &+ Int32(truncatingIfNeeded: counts.count &- 1) }

    /// Allocated bytes.
    @usableFromInline var byteCount: Int { counts.capacity * 8 }

    /// The entry for `day`, any day: outside the table, the edge entry of the same weekday.
    /// - Complexity: O(1)
    @inlinable @inline(__always)
    func entry(_ day: Int32) -> Int64 {
        let n = counts.count
        var t = Int(day) - Int(first)
        if t < 0 {
            t = ((t % 7) + 7) % 7
        } else if t >= n {
            t = n - 7 + (t - (n - 7)) % 7
        }
        return counts[t]
    }

    /// `entry(day)` read from the table's buffer (what a loop over many days uses).
    @inlinable @inline(__always)
    static func entry(_ day: Int32, _ c: UnsafeBufferPointer<Int64>, first: Int32) -> Int64 {
        let n = c.count
        var t = Int(day) &- Int(first)
        if t < 0 {
            t = ((t % 7) &+ 7) % 7
        } else if t >= n {
            t = n &- 7 &+ (t &- (n &- 7)) % 7
        }
        return c[t]
    }

    /// The widest table kept, in days: the set's whole dated span must fit, so for a set of a few
    /// todos with dates centuries apart each `dayCounts` call builds a table of just its own days
    /// instead of one of megabytes. 65,536 days (179 years) always; more in proportion to the
    /// set's size.
    @inlinable
    static func maxDays(todoCount n: Int) -> Int { Swift.max(1 << 16, 4 &* n &+ 4096) }

    /// The table for the todos of `kind` over the set's dated span, or nil when that is wider than
    /// `maxDays`. Every-day todos add to a plain difference array, others to a stride-7 one (one
    /// start and one stop per weekday of their repetition); prefix sums give the counts.
    /// - Complexity: O(N × 7 + span)
    @usableFromInline
    static func build(of set: TodoSet, kind: TodoKind) -> _DayTable? {
        var lo = Int32.max, hi = Int32.min
        set._columns.start.withUnsafeBufferPointer { st in
            set._columns.end.withUnsafeBufferPointer { en in
                for i in 0..<st.count {
                    let s = st[i], e = en[i]
                    if _DayKey.isDay(s) { lo = Swift.min(lo, s); hi = Swift.max(hi, s) }
                    if _DayKey.isDay(e) { lo = Swift.min(lo, e); hi = Swift.max(hi, e) }
                }
            }
        }
        if lo > hi { lo = 0; hi = 0 }
        let first = lo - 7, last = hi + 7
        guard Int(last) - Int(first) + 1 <= maxDays(todoCount: set.count) else { return nil }
        return build(of: set, kind: kind, first: first, last: last)
    }

    /// The table of exactly the days `first...last`, any width (`entry` is then valid for those
    /// days only): what `dayCounts` uses for one call when the set's span is too wide to keep.
    /// - Complexity: O(N × 7 + days)
    @usableFromInline
    static func build(of set: TodoSet, kind: TodoKind, first: Int32, last: Int32) -> _DayTable {
        let days = Int(last) - Int(first) + 1
        let kindMask = kind._flagMask, kindWant = kind._flagWant
        var plain = [Int64](repeating: 0, count: days + 1)
        var weekly = [Int64](repeating: 0, count: days + 7)
        set._columns.start.withUnsafeBufferPointer { st in
        set._columns.end.withUnsafeBufferPointer { en in
        set._columns.flags.withUnsafeBufferPointer { fl in
        set._columns.repetition.withUnsafeBufferPointer { rp in
        plain.withUnsafeMutableBufferPointer { p in
        weekly.withUnsafeMutableBufferPointer { w in
            for i in 0..<st.count {
                let f = fl[i]
                // Rows with a rule are added below, from the side table (`kindWant` has no `_ruled` bit).
                guard f & (kindMask | TodoSet._ruled) == kindWant else { continue }
                // Clamped to the table: open ends become its edges; undated todos (an empty
                // span, see `_DayKey`) come out empty.
                let s = Swift.max(st[i], first), e = Swift.min(en[i], last)
                guard s <= e else { continue }
                let v = _DayTable._value(f)
                let mask = rp[i]._bits
                let a = Int(s &- first), b = Int(e &- first)
                if mask == 0x7F {
                    p[a] &+= v
                    p[b &+ 1] &-= v
                    continue
                }
                let ws = _weekdayNumber(ofDay: Int(s)), we = _weekdayNumber(ofDay: Int(e))
                var m = mask
                while m != 0 {
                    let d = m.trailingZeroBitCount
                    m &= m &- 1
                    let from = a &+ (d &- ws &+ 7) % 7
                    let through = b &- (we &- d &+ 7) % 7
                    if from <= through {
                        w[from] &+= v
                        w[through &+ 7] &-= v
                    }
                }
            }
        } } } } } }
        if !set._rules.isEmpty { _addRuleRows(of: set, kindMask: kindMask, kindWant: kindWant, first: first, last: last, into: &plain) }
        let counts = [Int64](unsafeUninitializedCapacity: days) { out, initialized in
            plain.withUnsafeBufferPointer { p in
                weekly.withUnsafeMutableBufferPointer { w in
                    var run: Int64 = 0
                    for t in 0..<days {
                        if t >= 7 { w[t] &+= w[t &- 7] }
                        run &+= p[t]
                        out[t] = run &+ w[t]
                    }
                }
            }
            initialized = days
        }
        return _DayTable(first: first, counts: counts)
    }

    /// What a row with `flags` adds on each day it falls on: 1 to the total (the low half), and 1
    /// to the done count (the high half) when it is untracked and `isCompleted`, which counts it
    /// done on every day it falls on.
    @inlinable @inline(__always)
    static func _value(_ flags: UInt8) -> Int64 {
        flags & (TodoSet._tracked | TodoSet._completed) == TodoSet._completed ? 0x1_0000_0001 : 1
    }

}
