// Changing a todo's dates without losing what was ticked: the flags of days that are tracked both
// before and after the change travel with their dates, not with their positions.
extension TodoSet {
    /// The per-day flags `draft` would carry if it replaced the todo at `i` and every day tracked
    /// both now and by `draft` kept its flag: one flag per repeat day of `draft`'s span, in date
    /// order, true where the todo is done on that day now. Days new to the span start not done.
    /// nil when `draft` has no start or no end or is an event (it keeps no per-day flags), and all false when the
    /// todo at `i` keeps none now (its `isCompleted` is a whole-todo flag, not a day's).
    /// With a rule in `draft`, its occurrences in the span are the days; with a rule and no end,
    /// its occurrences as far as the last one ticked now (nil when none is).
    /// - Complexity: O(days of `draft`'s span)
    public func completedDays(at i: Int, carriedTo draft: TodoDraft) -> [Bool]? {
        _check(i)
        // An event keeps no flags: it is never done.
        if draft.isEvent { return nil }
        if let s = draft.start, draft.end == nil, let r = draft.recurrence {
            // Open-ended: its occurrences as far as the last one ticked now.
            guard let last = tickedDays(at: i).last, s <= last else { return nil }
            var flags = r.occurrences(in: s...last).map { _doneOccurrence(i, $0.dayNumber, orCompleted: false) }
            while flags.last == false { flags.removeLast() }
            return flags.isEmpty ? nil : flags
        }
        guard let s = draft.start, let e = draft.end, s <= e else { return nil }
        var flags: [Bool] = []
        if let r = draft.recurrence {
            // The draft's occurrences in its span (each ending by its end), each keeping the tick
            // of the occurrence that starts on the same day now.
            let lastStart = CivilDate(_unchecked: e.dayNumber &- (draft.occurrenceDays &- 1))
            guard s <= lastStart else { return flags }
            for d in r.occurrences(in: s...lastStart) { flags.append(_doneOccurrence(i, d.dayNumber, orCompleted: false)) }
            return flags
        }
        var d = s.dayNumber
        var weekday = s.weekday
        while true {
            if draft.repetition.contains(weekday) {
                flags.append(_done(i, d, orCompleted: false))
            }
            if d == e.dayNumber { break }
            d += 1
            weekday = weekday.advanced(by: 1)
        }
        return flags
    }

    /// Replaces the todo at `i` with `draft` like `update(at:to:)`, except that the per-day flags
    /// are not taken from `draft`: a day tracked both before and after keeps its flag, a day new to
    /// the span starts not done, and days that leave the span or the repetition are dropped.
    /// `draft.completedDays` is ignored. The index, and so the insertion order, is kept.
    /// - Throws: what `update(at:to:)` throws (`endBeforeStart`, `duplicateID`, …); the set is untouched.
    /// - Complexity: O(text + days of the old and new span)
    public mutating func reschedule(at i: Int, to draft: TodoDraft) throws(TodoError) {
        _check(i)
        var d = draft
        d.completedDays = completedDays(at: i, carriedTo: draft)
        try update(at: i, to: d)
    }
}
