// What is due: the first day, from a given day on, on which a todo falls and is not done; and
// what is overdue.
extension TodoSet {
    /// The first day on or after `day` on which the todo at `i` falls (inside its span and on its
    /// repetition) and is not done: for a tracked todo the first repeat day not ticked, for the
    /// others the first day they fall on unless they are completed. nil when there is none: an
    /// undated todo, a completed one, a span that ended before `day`, or every remaining repeat
    /// day done.
    /// - Complexity: O(days from `day` to the answer), at most O(span); O(1) for a todo without end;
    ///   for a todo with a rule, O(occurrences and periods from `day` to the answer).
    public func nextDueDay(onOrAfter day: CivilDate, at i: Int) -> CivilDate? {
        _check(i)
        let first = start(at: i), last = end(at: i)
        if first == nil && last == nil { return nil }
        if !isTracked(at: i) && isCompleted(at: i) { return nil }
        var d = Swift.max(day.dayNumber, first?.dayNumber ?? CivilDate.minDayNumber)
        let stop = last?.dayNumber ?? CivilDate.maxDayNumber
        if let rule = _rule(i) {
            // Its occurrences that end on `day` or later (one starting up to its extra days before
            // `day` still covers it): the first not done, from `day` on.
            var due: CivilDate? = nil
            let from = Swift.max(d &- _extra(i), first?.dayNumber ?? CivilDate.minDayNumber)
            rule.forEachOccurrence(from, Swift.min(stop, _lastOccurrenceStart(i))) { o in
                if _doneOccurrence(i, o, orCompleted: true) { return true }
                due = CivilDate(_unchecked: Swift.max(o, d))
                return false
            }
            return due
        }
        let repetition = repetition(at: i)
        guard !repetition.isEmpty else { return nil }
        while d <= stop {
            let date = CivilDate(_unchecked: d)
            if repetition.contains(date.weekday), !isDone(on: date, at: i) { return date }
            d += 1
        }
        return nil
    }

    /// True when the todo at `i`'s deadline (`deadline(at:)`) is before `day` and it is not done as
    /// a whole (`isDone(at:)`): the rule of `indices(.overdue, on:)`, for one todo. Todos without an
    /// end never are, nor events.
    /// - Complexity: O(1); for a todo with a rule ending on or after `day`, as `deadline(at:)`
    @inlinable
    public func isOverdue(on day: CivilDate, at i: Int) -> Bool {
        _check(i)
        return _isOverdue(i, day.dayNumber)
    }

    @inlinable @inline(__always)
    func _isOverdue(_ i: Int, _ day: Int32) -> Bool {
        let e = _columns.end[i]
        // A deadline is never after the end: only a rule's end at or after `day` needs its deadline.
        return (e < day || (_columns.flags[i] & TodoSet._ruled != 0 && _deadline(i) < day)) && e != _DayKey.undatedEnd
            && _columns.flags[i] & TodoSet._event == 0 && !_isDone(i)
    }

    /// The todo's deadline, what the deadline sort and `isOverdue` read: its end; for a todo with a
    /// rule, the last day of its last occurrence (docs/icalendar.md's shape table), which is before
    /// the end when the rule's last day, its UNTIL or COUNT, or an end given by hand is not an
    /// occurrence's last day (`FREQ=WEEKLY;BYDAY=MO` to a Friday is due on the last Monday). nil
    /// without an end.
    /// - Complexity: O(1) without a rule; with one, O(log R + periods from the end back to the last occurrence)
    public func deadline(at i: Int) -> CivilDate? {
        _check(i)
        let d = _deadline(i)
        return _DayKey.isDay(d) ? CivilDate(_unchecked: d) : nil
    }

    /// Row `i`'s deadline as a day key: `_columns.end[i]` (a sentinel without an end), or for a
    /// rule row the first day of its last occurrence that starts by `end - extra`, plus `extra`.
    /// A rule row with no occurrence at all keeps its end. Out of line: the sort and overdue share it.
    @usableFromInline @inline(never)
    func _deadline(_ i: Int) -> Int32 {
        guard _columns.flags[i] & TodoSet._ruled != 0, let k = _rules.slot(ofRow: i) else { return _columns.end[i] }
        return _ruleDeadline(slot: k)
    }

    /// The deadline of the row at rule slot `k` (`_deadline`).
    /// - Complexity: O(periods from the end back to the last occurrence)
    func _ruleDeadline(slot k: Int) -> Int32 {
        let i = Int(_rules.rows[k]), e = _columns.end[i]
        guard _DayKey.isDay(e) else { return e }
        let x = _rules.extra(k)
        guard let last = _rules.rules[k].last(onOrBefore: e &- x), last >= _columns.start[i] else { return e }
        return last &+ x
    }

    /// The end column with each rule row's end replaced by its deadline (the deadline sort's keys).
    /// Reached through a rule box (`_TodoRule._deadlines`), never by name from the sort.
    /// - Complexity: O(N + R × a deadline)
    func _deadlineColumn() -> [Int32] {
        var c = _columns.end
        for k in 0..<_rules.count { c[Int(_rules.rows[k])] = _ruleDeadline(slot: k) }
        return c
    }
}
