// An occurrence's length: a todo with a rule whose occurrences cover more than one day
// (`TodoFields.occurrenceDays`, RFC 5545's DTSTART to DUE or DTEND applied to every occurrence).
// The rule side table keeps the days after an occurrence's first (`_TodoRules.extra(_:)`), so a todo
// without a rule pays no byte for it, and while no row spans (`_TodoRules.spanCount` 0) a length
// reads as 0 without a search; the span-only work sits in functions of its own. A row's `end` is the last day of its last occurrence, as a one-off todo's is its last day, so every
// query by span (the interval index, the day tables' extent, the deadline sort, overdue) needs
// nothing more. What changes is which occurrences there are and which days each covers: the
// occurrences are the rule's days in `[start, end - extra]`, and day `d` is covered by those in
// `[d - extra, d]`. A tick names an occurrence by its first day (RECURRENCE-ID) and marks it done
// on each of its days.
extension TodoSet {
    /// Checks a todo's `occurrenceDays` (not 1) against its other fields.
    @usableFromInline
    static func _validateOccurrenceDays(_ f: TodoFields, position p: Int, id: () -> String) throws(TodoError) {
        let n = f.occurrenceDays
        guard n >= 1, n <= TodoFields.maxOccurrenceDays else { throw .occurrenceDaysOutOfRange(position: p, id: id(), days: n) }
        guard f._rule != nil else { throw .occurrenceDaysWithoutRule(position: p, id: id(), days: n) }
        if let s = f.start, let e = f.end, Int(s.dayNumber) + Int(n) - 1 > Int(e.dayNumber) {
            throw .occurrenceBeyondEnd(position: p, id: id(), occurrenceEnd: CivilDate(_unchecked: Int32(truncatingIfNeeded: Swift.min(Int(s.dayNumber) + Int(n) - 1, Int(CivilDate.maxDayNumber)))), end: e)
        }
    }

    /// Days row `i`'s occurrences cover after their first (0: one day each, every row without a rule).
    /// Out of line: inlined, its search grew each tick path (Cortex-M4 flash).
    /// - Complexity: O(1) while no row spans or for a row without a rule, else O(log R)
    @usableFromInline @inline(never)
    func _extra(_ i: Int) -> Int32 {
        guard _rules.spanCount != 0, _columns.flags[i] & TodoSet._ruled != 0, let k = _rules.slot(ofRow: i) else { return 0 }
        return _rules.extra(k)
    }

    /// The last day an occurrence of row `i` may start on: its end less `_extra`, or its end's
    /// sentinel.
    @inlinable @inline(__always)
    func _lastOccurrenceStart(_ i: Int) -> Int32 {
        let e = _columns.end[i]
        return _DayKey.isDay(e) ? e &- _extra(i) : e
    }

    /// How many days each occurrence of the todo at `i` covers: `TodoFields.occurrenceDays`, 1
    /// for a todo without a rule.
    /// - Complexity: O(1)
    @inlinable
    public func occurrenceDays(at i: Int) -> Int32 {
        _check(i)
        return _extra(i) &+ 1
    }

    /// The occurrence of the todo at `i` that covers `day` and starts last (its first day), nil
    /// when none does. For a todo without a rule: `day` when it falls on it.
    /// - Complexity: as `fallsOn(_:at:)`; with a rule, O(periods in `occurrenceDays` days)
    public func occurrence(covering day: CivilDate, at i: Int) -> CivilDate? {
        _check(i)
        let d = day.dayNumber
        guard let rule = _rule(i), _extra(i) > 0 else { return _fallsOn(i, d) ? day : nil }
        var found: Int32? = nil
        _forEachCovering(i, rule, d) { o in found = o; return true }
        return found.map { CivilDate(_unchecked: $0) }
    }

    /// Calls `body` with the first day of each occurrence of row `i` (rule `rule`) that covers day
    /// `d`, ascending, until it returns false.
    /// - Complexity: O(periods in `_extra` + 1 days)
    @inlinable
    func _forEachCovering(_ i: Int, _ rule: _TodoRule, _ d: Int32, _ body: (Int32) -> Bool) {
        let lo = Swift.max(_columns.start[i], d &- _extra(i)), hi = Swift.min(d, _lastOccurrenceStart(i))
        guard lo <= hi else { return }
        rule.forEachOccurrence(lo, hi, body)
    }

    /// Adds `delta` to the per-day done histograms on each day of the occurrence that starts on
    /// `day` and covers `extra` days more. One out-of-line function for every tick path (its
    /// callers were each larger with the histogram adds inlined: Cortex-M4 flash).
    @usableFromInline @inline(never)
    mutating func _addDone(_ delta: Int32, occurrence day: Int32, extra: Int32, challenge: Bool) {
        var d = day
        while true {
            _doneByDay.add(delta, on: d)
            if challenge { _doneByDayChallenges.add(delta, on: d) }
            if d &- day >= extra || d >= CivilDate.maxDayNumber { break }
            d &+= 1
        }
    }
}
