// Keeping a day table current: one todo's days added or taken away, the table grown to cover new
// dates. The per-todo contribution is one type so that another way of falling on days (a
// recurrence rule) is one more case of it.

/// The days one todo adds to the per-day tables and by how much: every day of `[start, end]`
/// (open ends as `_DayKey` sentinels) whose weekday is in `days` — or, for a todo with a rule,
/// each of its occurrences there — `value` each (1 in the low 32 bits for "falls on it", plus 1
/// in the high 32 bits when an untracked todo is done there).
@usableFromInline
struct _DayContribution {
    @usableFromInline var start: Int32
    @usableFromInline var end: Int32
    @usableFromInline var days: WeekdaySet
    @usableFromInline var value: Int64
    /// The rule whose occurrences it falls on (then `days` is unused), nil for weekdays.
    @usableFromInline var rule: _TodoRule?
    /// Days each occurrence of `rule` covers after its first (`TodoSet._extra`).
    @usableFromInline var extra: Int32

    @inlinable
    init(start: Int32, end: Int32, days: WeekdaySet, value: Int64, rule: _TodoRule? = nil, extra: Int32 = 0) {
        self.start = start; self.end = end; self.days = days; self.value = value; self.rule = rule; self.extra = extra
    }

    /// The row's contribution to the table of `kind`, nil when it counts there on no day (another
    /// kind, or undated). The one place that says which days a todo adds; `_DayTable.build`
    /// adds the same days in bulk.
    @inlinable
    init?(start: Int32, end: Int32, days: WeekdaySet, flags: UInt8, kind: TodoKind, rule: _TodoRule? = nil, extra: Int32 = 0) {
        guard kind._matches(flags), start <= end else { return nil }
        self.init(start: start, end: end, days: days, value: _DayTable._value(flags), rule: rule, extra: extra)
    }

    /// The finite days among its start and end, whose neighbourhood a table must hold.
    @inlinable
    var finiteRange: (Int32, Int32)? {
        let s = _DayKey.isDay(start), e = _DayKey.isDay(end)
        if s && e { return (start, end) }
        if s { return (start, start) }
        if e { return (end, end) }
        return nil
    }

    /// Days it touches in a table over `[first, last]` (its span clamped to the table).
    @inlinable
    func touchedDays(first: Int32, last: Int32) -> Int {
        let a = Swift.max(start, first), b = Swift.min(end, last)
        return a <= b ? Int(b) &- Int(a) &+ 1 : 0
    }
}

extension _DayTable {
    /// Whether every finite day of `c` lies inside `[first + 7, last - 7]`.
    @inlinable
    func covers(_ c: _DayContribution) -> Bool {
        guard let (lo, hi) = c.finiteRange else { return true }
        return Int(lo) - 7 >= Int(first) && Int(hi) + 7 <= Int(last)
    }

    /// Widens the table to cover `lo...hi` with a margin (half the current width again on the
    /// side that grows, so a run of inserts moving outward costs O(1) amortized per day), filling
    /// the new days with the edge pattern they stood for. False, and the table unchanged, when it
    /// would be wider than `maxDays` days.
    /// - Complexity: O(new width)
    @usableFromInline
    func grow(toCover lo: Int32, _ hi: Int32, maxDays: Int) -> Bool {
        let width = counts.count
        let slack = Swift.max(64, width / 2)
        var newFirst = Int(first), newLast = Int(last)
        if Int(lo) - 7 < newFirst { newFirst = Int(lo) - 7 - slack }
        if Int(hi) + 7 > newLast { newLast = Int(hi) + 7 + slack }
        // The margin never reaches past the supported days' neighbourhood.
        newFirst = Swift.max(newFirst, Swift.min(Int(CivilDate.minDayNumber) - 7, Int(lo) - 7))
        newLast = Swift.min(newLast, Swift.max(Int(CivilDate.maxDayNumber) + 7, Int(hi) + 7))
        let days = newLast - newFirst + 1
        guard days <= maxDays else { return false }
        let old = Int(first)
        let fresh = counts.withUnsafeBufferPointer { c in
            [Int64](unsafeUninitializedCapacity: days) { out, n in
                for t in 0..<days {
                    let d = newFirst + t
                    out[t] = _DayTable.entry(Int32(truncatingIfNeeded: d), c, first: Int32(truncatingIfNeeded: old))
                }
                n = days
            }
        }
        first = Int32(truncatingIfNeeded: newFirst)
        counts = fresh
        return true
    }

    /// Adds `sign × c.value` on every day of the table `c` falls on (the table covers `c`).
    /// - Complexity: O(days of `c` inside the table); for a rule, O(its occurrences and periods there)
    @usableFromInline
    func apply(_ c: _DayContribution, sign: Int64) {
        let a = Swift.max(c.start, first), b = Swift.min(c.end, last)
        guard a <= b else { return }
        let v = sign &* c.value
        let from = Int(a) &- Int(first), through = Int(b) &- Int(first)
        if let rule = c.rule {
            // Its occurrences in the table's part of its span: O(those and the rule's periods there),
            // times the days each covers; one that starts up to `extra` days before the table
            // still covers its first days. One walk for every length (a second for one-day
            // occurrences cost the firmware's flash more than the loop costs them).
            let base = Int(first), x = c.extra
            counts.withUnsafeMutableBufferPointer { t in
                rule.forEachOccurrence(Swift.max(c.start, a &- x), Swift.min(c.end &- x, b)) { d in
                    for k in (Int(Swift.max(d, a)) &- base)...(Int(Swift.min(d &+ x, b)) &- base) { t[k] &+= v }
                    return true
                }
            }
            return
        }
        counts.withUnsafeMutableBufferPointer { t in
            if c.days._bits == 0x7F {
                for k in from...through { t[k] &+= v }
                return
            }
            // Each repeat weekday: its first day in the span, then every 7th.
            var m = c.days._bits
            let w = _weekdayNumber(ofDay: Int(a))
            while m != 0 {
                let d = Int(m.trailingZeroBitCount)
                m &= m &- 1
                var k = from &+ (d &- w &+ 7) % 7
                while k <= through { t[k] &+= v; k &+= 7 }
            }
        }
    }
}
