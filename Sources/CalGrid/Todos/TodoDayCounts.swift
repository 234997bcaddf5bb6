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
    /// One branch-free pass over the todos writes difference arrays, one per repetition mask
    /// (128 of them); prefix sums turn each into counts that are added to the days whose weekday
    /// is in that mask. Tracked todos' done days come from a per-day histogram the set keeps
    /// current on every change.
    /// - Complexity: O(N + days), never O(N × days); O(days) extra memory (4 × 128 × days Int64s).
    public func dayCounts(from first: CivilDate, through last: CivilDate, kind: TodoKind = .all) -> TodoDayCounts {
        let a = first.dayNumber, b = last.dayNumber
        guard a <= b else { return TodoDayCounts(first: first, total: [], completed: []) }
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
        for t in 0..<days {
            let day = a + Int32(t)
            switch kind {
            case .all: completed[t] &+= _doneByDay.count(on: day)
            case .challenges: completed[t] &+= _doneByDayChallenges.count(on: day)
            case .plain: completed[t] &+= _doneByDay.count(on: day) - _doneByDayChallenges.count(on: day)
            }
        }
        return TodoDayCounts(first: first, total: total, completed: completed)
    }

    /// Per-day counts for every day of `period`.
    /// - Complexity: O(N + days)
    public func dayCounts(in period: Period, kind: TodoKind = .all) -> TodoDayCounts {
        dayCounts(from: period.first, through: period.last, kind: kind)
    }
}
