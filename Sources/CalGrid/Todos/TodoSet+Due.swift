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

    /// True when the todo at `i` ended before `day` and is not done as a whole (`isDone(at:)`):
    /// the rule of `indices(.overdue, on:)`, for one todo. Todos without an end never are, nor events.
    /// - Complexity: O(1)
    @inlinable
    public func isOverdue(on day: CivilDate, at i: Int) -> Bool {
        _check(i)
        return _isOverdue(i, day.dayNumber)
    }

    @inlinable @inline(__always)
    func _isOverdue(_ i: Int, _ day: Int32) -> Bool {
        let e = _columns.end[i]
        return e < day && e != _DayKey.undatedEnd && _columns.flags[i] & TodoSet._event == 0 && !_isDone(i)
    }
}
