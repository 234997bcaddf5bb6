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

    /// The day at `offset` as a tally.
    /// - Complexity: O(1)
    @inlinable
    public func tally(at offset: Int) -> TodoTally { TodoTally(total: Int(total[offset]), completed: Int(completed[offset])) }

    /// `tally(at:).percentDone`: the day's done share as a whole percentage, 0 on a day without todos.
    /// - Complexity: O(1)
    @inlinable
    public func percentDone(at offset: Int) -> Int { tally(at: offset).percentDone }

    /// `tally(at:).isComplete`: the day has todos and all of them are done.
    /// - Complexity: O(1)
    @inlinable
    public func isComplete(at offset: Int) -> Bool { tally(at: offset).isComplete }

    /// The whole range's tally: the days' totals and completions summed (a week's or a month's
    /// "12 of 20 done"; a todo on three days counts three times, as on the grid). Clamped to
    /// `Int.max` where `Int` is 32 bits.
    /// - Complexity: O(days)
    public var sum: TodoTally {
        var t = TodoTally()
        var all: Int64 = 0, done: Int64 = 0
        for k in 0..<total.count { all += Int64(total[k]); done += Int64(completed[k]) }
        // Where `Int` is 32 bits a long window of a huge set can pass `Int.max` todo-days: clamped.
        t.total = Int(clamping: all); t.completed = Int(clamping: done)
        return t
    }
}

/// How many todos fall on a day, or on the days of a range summed, and how many of those are
/// done there: what a calendar cell or a week's summary shows.
public struct TodoTally: Hashable, Sendable {
    /// Todos falling on the day(s).
    public var total: Int
    /// Those done there (at most `total`).
    public var completed: Int

    /// - Complexity: O(1)
    @inlinable
    public init(total: Int = 0, completed: Int = 0) { self.total = total; self.completed = completed }

    /// `completed` of `total` as a whole percentage rounded half up (1 of 8 is 13, 2 of 3 is 67);
    /// 0 without todos. Integer arithmetic, so every layer shows the same number.
    /// - Complexity: O(1)
    @inlinable
    public var percentDone: Int {
        // In Int64: `completed * 200` overflows a 32-bit `Int` from 10.7 million todo-days on.
        total == 0 ? 0 : Int((Int64(completed) * 200 + Int64(total)) / (2 * Int64(total)))
    }

    /// True when there are todos and all of them are done (a cell's check mark).
    /// - Complexity: O(1)
    @inlinable
    public var isComplete: Bool { total > 0 && completed == total }
}

extension TodoSet {
    /// Per-day counts for every day of `[first, last]` (empty when `last < first`): on each day,
    /// the todos that fall on it (span, open ends and repetition respected — see `TodoSet`) and
    /// how many of them are done that day (`isDone(on:at:)`).
    ///
    /// The first call builds a per-day table of the set's whole dated span for `kind`
    /// (O(N × 7 + span), 8 bytes per day; see `prepareDayCounts(kind:)`); every later call reads
    /// it, and every change to the set updates it in place in time proportional to the days of the
    /// todos changed (a todo open on one side touches the days up to the table's edge), so the
    /// first call after a change is as fast as any other. A batch large enough that updating
    /// costs more than a rebuild drops the table instead. Tracked todos' done days come from a
    /// per-day histogram the set keeps current on every change. When the span is wider than
    /// 65,536 days and 4 × N, each call builds a table of just its own days and drops it. Todos
    /// with a rule count on their occurrences; a range past the table's end (the set's last date
    /// + 7 days) while some todo with a rule has no end is built for that call.
    /// - Complexity: O(days) with the table built; O(N + days) for the call that builds it or
    ///   without one (plus, with rules, their occurrences in the table), never O(N × days).
    public func dayCounts(from first: CivilDate, through last: CivilDate, kind: TodoKind = .all) -> TodoDayCounts {
        let a = first.dayNumber, b = last.dayNumber
        guard a <= b else { return TodoDayCounts(first: first, total: [], completed: []) }
        let days = Int(b) - Int(a) + 1
        // Past the table's end only open-ended todos fall; the edge weeks repeat them unless one
        // has a rule (its days there are not its last week's): then this call builds its own days.
        let kept = _dayTable(kind).flatMap { t in _rules.openCount == 0 || b <= t.last ? t : nil }
        let table = kept ?? _DayTable.build(of: self, kind: kind, first: a, last: b)
        var total = [Int32](repeating: 0, count: days)
        var completed = [Int32](repeating: 0, count: days)
        let from = table.first
        table.counts.withUnsafeBufferPointer { c in
        total.withUnsafeMutableBufferPointer { tot in
            completed.withUnsafeMutableBufferPointer { done in
                for t in 0..<days {
                    let day = a &+ Int32(truncatingIfNeeded: t)
                    let x = _DayTable.entry(day, c, first: from)
                    tot[t] = Int32(truncatingIfNeeded: x & 0xFFFF_FFFF)
                    done[t] = Int32(truncatingIfNeeded: x >> 32) &+ _doneTracked(on: day, kind)
                }
            }
        } }
        return TodoDayCounts(first: first, total: total, completed: completed)
    }

    /// Builds the per-day table `dayCounts` reads for `kind` now, instead of on its first call
    /// after a change. A no-op when it is built, or when the dated span is too wide for one.
    /// - Complexity: O(N × 7 + span of the dates); O(1) when built.
    public func prepareDayCounts(kind: TodoKind = .all) { _ = _dayTable(kind) }

    @usableFromInline
    func _dayTable(_ kind: TodoKind) -> _DayTable? {
        if let table = _cache.dayTable(kind) { return table }
        return _cache.publish(_DayTable.build(of: self, kind: kind), for: kind)
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

    /// Per-day counts for every day of `period`.
    /// - Complexity: as `dayCounts(from:through:kind:)`: O(days) once its table is built
    public func dayCounts(in period: Period, kind: TodoKind = .all) -> TodoDayCounts {
        dayCounts(from: period.first, through: period.last, kind: kind)
    }
}
