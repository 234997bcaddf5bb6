/// Per-day aggregates of a todo set over a range of days: how many todos fall on each day and
/// how many of those are done that day, and apart from them how many events fall there (events
/// are never done, so two meetings leave "2 of 3 done" as it is). Day `first + t` is at offset `t`.
public struct TodoDayCounts: Hashable, Sendable {
    /// The first day of the range.
    public let first: CivilDate
    /// Todos falling on each day (never events).
    public let total: [Int32]
    /// Todos done on each day (a subset of `total`).
    public let completed: [Int32]
    /// Events falling on each day, or empty when none can (the set holds no events, or the kind
    /// asked for has none): empty costs a set without events nothing. Read it with `eventCount(at:)`.
    public let events: [Int32]

    @inlinable
    init(first: CivilDate, total: [Int32], completed: [Int32], events: [Int32] = []) {
        self.first = first; self.total = total; self.completed = completed; self.events = events
    }

    /// Events falling on the day at `offset` (0 when `events` is empty).
    /// - Complexity: O(1)
    @inlinable
    public func eventCount(at offset: Int) -> Int {
        precondition(offset >= 0 && offset < total.count, "TodoDayCounts offset out of range")
        return events.isEmpty ? 0 : Int(events[offset])
    }

    /// Equal when the days and every count agree (an empty `events` equals one of zeros).
    /// - Complexity: O(days)
    public static func == (a: TodoDayCounts, b: TodoDayCounts) -> Bool {
        guard a.first == b.first, a.total == b.total, a.completed == b.completed else { return false }
        if a.events.isEmpty && b.events.isEmpty { return true }
        for t in 0..<a.total.count where a.eventCount(at: t) != b.eventCount(at: t) { return false }
        return true
    }

    /// Hashes what `==` compares (the event counts as numbers, empty as zeros).
    /// - Complexity: O(days)
    public func hash(into h: inout Hasher) {
        h.combine(first); h.combine(total); h.combine(completed)
        for t in 0..<total.count { h.combine(eventCount(at: t)) }
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

    /// (total, completed) of `day`, nil outside the range (its events: `tally(at:)`).
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
    public func tally(at offset: Int) -> TodoTally {
        TodoTally(total: Int(total[offset]), completed: Int(completed[offset]), events: eventCount(at: offset))
    }

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
        var all: Int64 = 0, done: Int64 = 0, ev: Int64 = 0
        for k in 0..<total.count { all += Int64(total[k]); done += Int64(completed[k]) }
        for k in 0..<events.count { ev += Int64(events[k]) }
        // Where `Int` is 32 bits a long window of a huge set can pass `Int.max` todo-days: clamped.
        t.total = Int(clamping: all); t.completed = Int(clamping: done); t.events = Int(clamping: ev)
        return t
    }
}

/// How many todos fall on a day, or on the days of a range summed, and how many of those are
/// done there, with the events there apart: what a calendar cell or a week's summary shows.
public struct TodoTally: Hashable, Sendable {
    /// Todos falling on the day(s) (never events).
    public var total: Int
    /// Those done there (at most `total`).
    public var completed: Int
    /// Events falling on the day(s): not in `total`, never done, no part of `percentDone`.
    public var events: Int

    /// - Complexity: O(1)
    @inlinable
    public init(total: Int = 0, completed: Int = 0, events: Int = 0) {
        self.total = total; self.completed = completed; self.events = events
    }

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
    /// the todos of `kind` that fall on it (span, open ends and repetition respected — see
    /// `TodoSet`), how many of them are done that day (`isDone(on:at:)`), and apart, the events
    /// that fall on it when `kind` keeps events (`.all`, `.events`) and the set holds any.
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
    /// + 7 days) while some todo with a rule has no end is built for that call. Events have a
    /// table of their own, kept the same way, read only when the set holds events.
    /// - Complexity: O(days) with the table built; O(N + days) for the call that builds it or
    ///   without one (plus, with rules, their occurrences in the table), never O(N × days).
    public func dayCounts(from first: CivilDate, through last: CivilDate, kind: TodoKind = .all) -> TodoDayCounts {
        let a = first.dayNumber, b = last.dayNumber
        guard a <= b else { return TodoDayCounts(first: first, total: [], completed: []) }
        let days = Int(b) - Int(a) + 1
        let events = _eventCount > 0 && (kind == .all || kind == .events) ? _dayCountsOfEvents(a, b) : []
        var total = [Int32](repeating: 0, count: days)
        var completed = [Int32](repeating: 0, count: days)
        total.withUnsafeMutableBytes { tot in
            completed.withUnsafeMutableBytes { done in
                _writeCounts(a, b, kind, totals: tot.baseAddress!, completed: done.baseAddress!, stride: 4)
            }
        }
        return TodoDayCounts(first: first, total: total, completed: completed, events: events)
    }

    /// The table that counts `[a, b]` for a table kind: the kept one, or one of just these days.
    /// Past the table's end only open-ended items fall; the edge weeks repeat them unless one has
    /// a rule (its days there are not its last week's): then this call builds its own days.
    @inlinable
    func _countingTable(_ kind: TodoKind, _ a: Int32, _ b: Int32) -> _DayTable {
        let kept = _dayTable(kind).flatMap { t in _rules.openCount == 0 || b <= t.last ? t : nil }
        return kept ?? _DayTable.build(of: self, kind: kind, first: a, last: b)
    }

    /// `dayCounts(from:through:kind:)`'s totals and completed counts (not its events) written to
    /// caller storage instead of arrays: day `t` of `first...last` as two `Int32`s, its total at
    /// `out + t * stride` and its completed count 4 bytes after (C's `calgrid_day_count` at
    /// `stride` 8). Nothing is allocated once the kind's table is built: the two result arrays of
    /// `dayCounts` each looked up the generic metadata of their storage (about 500 instructions
    /// apiece, callgrind, against about 2,800 for the counts themselves at 92 days). `.events`
    /// writes zeros, as its `total` and `completed` are. `out` must hold `days` elements.
    /// - Complexity: O(days) with the table built; as `dayCounts(from:through:kind:)` otherwise
    public func writeDayCounts(from first: CivilDate, through last: CivilDate, kind: TodoKind = .all,
                               into out: UnsafeMutableRawPointer, stride: Int) {
        let a = first.dayNumber, b = last.dayNumber
        guard a <= b else { return }
        _writeCounts(a, b, kind, totals: out, completed: out + 4, stride: stride)
    }

    /// The totals and completed counts of `[a, b]` (`a <= b`) for `kind`, day `t`'s as `Int32`s at
    /// `totals + t * stride` and `completed + t * stride`: the one loop of `dayCounts` and
    /// `writeDayCounts`. `.events` has no totals or completed counts: zeros.
    /// - Complexity: O(days) with the table built; as `dayCounts(from:through:kind:)` otherwise
    func _writeCounts(_ a: Int32, _ b: Int32, _ kind: TodoKind, totals: UnsafeMutableRawPointer,
                      completed: UnsafeMutableRawPointer, stride: Int) {
        let days = Int(b) - Int(a) + 1
        guard kind != .events else {
            for t in 0..<days {
                totals.storeBytes(of: Int32(0), toByteOffset: t &* stride, as: Int32.self)
                completed.storeBytes(of: Int32(0), toByteOffset: t &* stride, as: Int32.self)
            }
            return
        }
        let table = _countingTable(kind._tableKind, a, b)
        let from = table.first
        table.counts.withUnsafeBufferPointer { c in
            for t in 0..<days {
                let day = a &+ Int32(truncatingIfNeeded: t)
                let x = _DayTable.entry(day, c, first: from)
                totals.storeBytes(of: Int32(truncatingIfNeeded: x & 0xFFFF_FFFF), toByteOffset: t &* stride, as: Int32.self)
                completed.storeBytes(of: Int32(truncatingIfNeeded: x >> 32) &+ _doneTracked(on: day, kind),
                                     toByteOffset: t &* stride, as: Int32.self)
            }
        }
    }

    /// Events falling on each day of `[a, b]`, from the events' table.
    /// - Complexity: O(days) with the table built
    @usableFromInline
    func _dayCountsOfEvents(_ a: Int32, _ b: Int32) -> [Int32] {
        let table = _countingTable(.events, a, b), from = table.first
        let days = Int(b) - Int(a) + 1
        return table.counts.withUnsafeBufferPointer { c in
            [Int32](unsafeUninitializedCapacity: days) { out, n in
                for t in 0..<days {
                    // Events are never done: the high half (untracked done) stays 0.
                    out[t] = Int32(truncatingIfNeeded: _DayTable.entry(a &+ Int32(truncatingIfNeeded: t), c, first: from) & 0xFFFF_FFFF)
                }
                n = days
            }
        }
    }

    /// Builds the per-day table `dayCounts` reads for `kind` now, instead of on its first call
    /// after a change. A no-op when it is built, or when the dated span is too wide for one.
    /// - Complexity: O(N × 7 + span of the dates); O(1) when built.
    public func prepareDayCounts(kind: TodoKind = .all) {
        if kind != .events { _ = _dayTable(kind._tableKind) }
        if _eventCount > 0 && (kind == .all || kind == .events) { _ = _dayTable(.events) }
    }

    /// The kept table of a table kind (`TodoKind._tableKind`), built on first use.
    @usableFromInline
    func _dayTable(_ kind: TodoKind) -> _DayTable? {
        let kind = kind._tableKind
        if let table = _cache.dayTable(kind) { return table }
        return _cache.publish(_DayTable.build(of: self, kind: kind), for: kind)
    }

    /// Tracked todos of `kind` done on `day`.
    @inlinable @inline(__always)
    func _doneTracked(on day: Int32, _ kind: TodoKind) -> Int32 {
        switch kind {
        case .all, .todos: return _doneByDay.count(on: day)   // events are never done
        case .challenges: return _doneByDayChallenges.count(on: day)
        case .plain: return _doneByDay.count(on: day) &- _doneByDayChallenges.count(on: day)
        case .events: return 0
        }
    }

    /// Per-day counts for every day of `period`.
    /// - Complexity: as `dayCounts(from:through:kind:)`: O(days) once its table is built
    public func dayCounts(in period: Period, kind: TodoKind = .all) -> TodoDayCounts {
        dayCounts(from: period.first, through: period.last, kind: kind)
    }
}
