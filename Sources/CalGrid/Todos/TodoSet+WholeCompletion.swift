// Marking a todo done or not done as a whole, whatever kind of completion it keeps.
extension TodoSet {
    /// Marks the todo at `i` done (or not done) as a whole: every tracked day's flag for a todo with
    /// a start, an end and at least one repeat day, else its `isCompleted`. Afterwards
    /// `isDone(at: i) == done`. Returns whether anything changed.
    /// - Throws: `eventNeverDone` for an event, the set unchanged.
    /// - Complexity: O(span of the todo) for a tracked todo, else O(1)
    @discardableResult
    public mutating func setDone(_ done: Bool, at i: Int) throws(TodoError) -> Bool {
        _check(i)
        guard isTracked(at: i), trackedDayCount(at: i) > 0, let s = start(at: i), let e = end(at: i) else {
            let changed = isCompleted(at: i) != done
            try setIsCompleted(done, at: i)
            return changed
        }
        let before = doneDayCount(at: i)
        var d = s.dayNumber
        while d <= e.dayNumber {
            let day = CivilDate(_unchecked: d)
            // Only tracked days get here (inside the span, on the repetition): setDone cannot throw.
            if fallsOn(day, at: i) { try? setDone(done, on: day, at: i) }
            d += 1
        }
        return doneDayCount(at: i) != before
    }
}
