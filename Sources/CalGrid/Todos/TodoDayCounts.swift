/// Per-day aggregates of a todo set over a range of days: how many todos fall on each day and
/// how many of those are done that day. Day `first + t` is at offset `t`.
public struct TodoDayCounts: Hashable, Sendable {
    /// The first day of the range.
    public let first: CivilDate
    /// Todos falling on each day.
    public let total: [Int32]
    /// Todos done on each day (a subset of `total`).
    public let completed: [Int32]

    @inlinable
    init(first: CivilDate, total: [Int32], completed: [Int32]) {
        self.first = first; self.total = total; self.completed = completed
    }

    /// Number of days in the range.
    @inlinable public var dayCount: Int { total.count }

    /// The last day of the range (`first` for an empty range).
    @inlinable public var last: CivilDate { CivilDate(_unchecked: first.dayNumber + Int32(Swift.max(total.count - 1, 0))) }

    /// Done share of the day at `offset`, 0...1; 0 on a day without todos.
    /// - Complexity: O(1)
    @inlinable
    public func share(at offset: Int) -> Double {
        total[offset] == 0 ? 0 : Double(completed[offset]) / Double(total[offset])
    }

    /// `share(at:)` as a percentage, 0...100.
    /// - Complexity: O(1)
    @inlinable
    public func percentage(at offset: Int) -> Double { share(at: offset) * 100 }

    /// (total, completed) of `day`, nil outside the range.
    /// - Complexity: O(1)
    @inlinable
    public subscript(day: CivilDate) -> (total: Int, completed: Int)? {
        let t = Int(day.dayNumber) - Int(first.dayNumber)
        guard t >= 0, t < total.count else { return nil }
        return (Int(total[t]), Int(completed[t]))
    }
}

extension TodoSet {
    /// Per-day counts for every day of `[first, last]` (empty when `last < first`): on each day,
    /// the todos that fall on it (span, open ends and repetition respected — see `TodoSet`) and
    /// how many of them are done that day (`isDone(on:at:)`).
    ///
    /// The first call after a change builds a per-day table of the set's whole dated span for
    /// `kind` (O(N × 7 + span), 8 bytes per day; see `prepareDayCounts(kind:)`); every later call
    /// reads it. Tracked todos' done days come from a per-day histogram the set keeps current on
    /// every change, so toggling a day's completion keeps the table. When the span is wider than
    /// 65,536 days and 4 × N, each call makes one pass over the todos instead.
    /// - Complexity: O(days) with the table built; O(N + days) for the call that builds it or
    ///   without one, never O(N × days).
    public func dayCounts(from first: CivilDate, through last: CivilDate, kind: TodoKind = .all) -> TodoDayCounts {
        let a = first.dayNumber, b = last.dayNumber
        guard a <= b else { return TodoDayCounts(first: first, total: [], completed: []) }
        let days = Int(b) - Int(a) + 1
        guard let table = _dayTable(kind) else { return _dayCountsByPass(from: first, through: last, kind: kind) }
        var total = [Int32](repeating: 0, count: days)
        var completed = [Int32](repeating: 0, count: days)
        total.withUnsafeMutableBufferPointer { tot in
            completed.withUnsafeMutableBufferPointer { done in
                for t in 0..<days {
                    let day = a &+ Int32(truncatingIfNeeded: t)
                    let x = table.entry(day)
                    tot[t] = Int32(truncatingIfNeeded: x & 0xFFFF_FFFF)
                    done[t] = Int32(truncatingIfNeeded: x >> 32) &+ _doneTracked(on: day, kind)
                }
            }
        }
        return TodoDayCounts(first: first, total: total, completed: completed)
    }

    /// Builds the per-day table `dayCounts` reads for `kind` now, instead of on its first call
    /// after a change. A no-op when it is built, or when the dated span is too wide for one.
    /// - Complexity: O(N × 7 + span of the dates); O(1) when built.
    public func prepareDayCounts(kind: TodoKind = .all) { _ = _dayTable(kind) }

    @usableFromInline
    func _dayTable(_ kind: TodoKind) -> _DayTable? {
        let k = kind == .all ? 0 : (kind == .challenges ? 1 : 2)
        if let t = _cache.dayTables[k] { return t }
        if _cache.dayTablesTooWide { return nil }
        let t = _DayTable.build(start: _start, end: _end, flags: _flags, repetition: _repetition,
                                kindMask: kind == .all ? 0 : TodoSet._challenge,
                                kindWant: kind == .challenges ? TodoSet._challenge : 0,
                                untrackedDone: TodoSet._completed, doneMask: TodoSet._tracked | TodoSet._completed)
        if let t { _cache.dayTables[k] = t } else { _cache.dayTablesTooWide = true }
        return t
    }

    /// Tracked todos of `kind` done on `day`.
    @inlinable @inline(__always)
    func _doneTracked(on day: Int32, _ kind: TodoKind) -> Int32 {
        switch kind {
        case .all: return _doneByDay.count(on: day)
        case .challenges: return _doneByDayChallenges.count(on: day)
        case .plain: return _doneByDay.count(on: day) &- _doneByDayChallenges.count(on: day)
        }
    }

    /// `dayCounts` without a table: one branch-free pass over the todos writes difference
    /// arrays, one per repetition mask (128 of them); prefix sums turn each into counts that are
    /// added to the days whose weekday is in that mask.
    /// - Complexity: O(N + days); O(days) extra memory (4 × 128 × days Int64s).
    @usableFromInline
    func _dayCountsByPass(from first: CivilDate, through last: CivilDate, kind: TodoKind) -> TodoDayCounts {
        let a = first.dayNumber, b = last.dayNumber
        let days = Int(b) - Int(a) + 1
        let stride = days + 1
        // One Int64 per (mask, day): todo count in the low 32 bits, done count above. A todo adds
        // `1 + done << 32` where it starts and subtracts it after it ends; the prefix sums are
        // exact, so each running total is `count + done << 32` with both parts non-negative.
        // Todos outside the range add and subtract in one of 64 scratch slots past the end
        // (spread so the scratch updates do not form one long dependency chain): no branch.
        // Four copies ("lanes", row i uses lane i % 4) split the update chains on hot slots —
        // every todo starting before the range adds at offset 0 — so they overlap in the CPU.
        let laneSize = 128 * stride
        let scratchBase = 4 * laneSize
        var diff = [Int64](repeating: 0, count: scratchBase + 64)
        let kindMask: UInt8 = kind == .all ? 0 : TodoSet._challenge
        let kindWant: UInt8 = kind == .challenges ? TodoSet._challenge : 0
        let doneMask = TodoSet._tracked | TodoSet._completed
        _start.withUnsafeBufferPointer { lo in
        _end.withUnsafeBufferPointer { hi in
        _repetition.withUnsafeBufferPointer { rep in
        _flags.withUnsafeBufferPointer { flags in
        diff.withUnsafeMutableBufferPointer { df in
            for i in 0..<lo.count {
                let s = Swift.max(lo[i], a), e = Swift.min(hi[i], b)
                let f = flags[i]
                let ok = s <= e && f & kindMask == kindWant
                let o = (i & 3) &* laneSize &+ Int(rep[i]) &* stride
                let sink = scratchBase &+ (i & 63)
                let x = ok ? o &+ Int(s &- a) : sink
                let y = ok ? o &+ Int(e &- a) &+ 1 : sink
                // Untracked todos count as done on every day they fall on when `isCompleted`.
                let v: Int64 = f & doneMask == TodoSet._completed ? 0x1_0000_0001 : 1
                df[x] &+= v
                df[y] &-= v
            }
        } } } } }
        var total = [Int32](repeating: 0, count: days)
        var completed = [Int32](repeating: 0, count: days)
        var weekday = [UInt8](repeating: 0, count: days)
        var w = _weekdayIndex(a)
        for t in 0..<days { weekday[t] = UInt8(1 << w); w = w == 6 ? 0 : w + 1 }
        for m in 1..<128 {
            var run: Int64 = 0
            let o = m * stride, mask = UInt8(m)
            for t in 0..<days {
                run &+= diff[o + t] &+ diff[laneSize + o + t] &+ diff[2 * laneSize + o + t] &+ diff[3 * laneSize + o + t]
                if weekday[t] & mask != 0 {
                    total[t] &+= Int32(truncatingIfNeeded: run & 0xFFFF_FFFF)
                    completed[t] &+= Int32(truncatingIfNeeded: run >> 32)
                }
            }
        }
        for t in 0..<days { completed[t] &+= _doneTracked(on: a + Int32(t), kind) }
        return TodoDayCounts(first: first, total: total, completed: completed)
    }

    /// Per-day counts for every day of `period`.
    /// - Complexity: as `dayCounts(from:through:kind:)`: O(days) once its table is built
    public func dayCounts(in period: Period, kind: TodoKind = .all) -> TodoDayCounts {
        dayCounts(from: period.first, through: period.last, kind: kind)
    }
}
