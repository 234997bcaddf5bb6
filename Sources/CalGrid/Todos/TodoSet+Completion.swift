// Completion of one todo: per-day flags (tracked todos), shares and streaks.
//
// Only repeat days count: for a Mon/Wed/Fri todo, Tuesday is neither done nor missed, so a streak
// runs Mon → Wed → Fri; for a todo with a rule, its occurrences (a streak of a monthly rule runs
// from month to month). Todos without both a start and an end have no per-day flags; on the days
// they fall on, their completion is `isCompleted`.
extension TodoSet {
    /// The position of `day` among the todo's tracked days, nil when it is not one. O(1) on
    /// weekdays; for a rule, O(occurrences and periods from the start to `day`).
    @inlinable
    func _flagIndex(_ i: Int, _ day: Int32) -> Int? {
        guard _columns.flags[i] & TodoSet._tracked != 0, day >= _columns.start[i], day <= _columns.end[i] else { return nil }
        if let rule = _rule(i) {
            // The occurrences before it: O(occurrences and periods from the start).
            guard day <= _lastOccurrenceStart(i), rule.contains(day) else { return nil }
            return rule.count(_columns.start[i], day &- 1)
        }
        let days = _columns.repetition[i]
        guard days._contains(day: day) else { return nil }
        return _repeatDayCount(from: _columns.start[i], through: day &- 1, days: days)
    }

    /// True when the todo falls on `day`: inside its (possibly open) span and on its repetition,
    /// or, for a todo with a rule, on one of its occurrences. Undated todos fall on no day.
    /// - Complexity: O(1); with a rule, O(log R + log r + days in the rule's period of `day`).
    @inlinable
    public func fallsOn(_ day: CivilDate, at i: Int) -> Bool {
        _check(i)
        return _fallsOn(i, day.dayNumber)
    }

    /// True when the todo is done on `day`: its flag for that day (tracked todos) or `isCompleted`
    /// (the others). False on every day it does not fall on. For a todo whose occurrences cover
    /// several days (`occurrenceDays(at:)`), when every occurrence covering `day` is done.
    /// - Complexity: O(1)
    @inlinable
    public func isDone(on day: CivilDate, at i: Int) -> Bool {
        _done(i, day.dayNumber, orCompleted: true)
    }

    /// Whether row `i` is done on day `d`: its tracked flag, or, untracked, `isCompleted` (when
    /// `orCompleted`; rescheduling carries ticks alone) or an open-ended rule's tick.
    @usableFromInline
    func _done(_ i: Int, _ d: Int32, orCompleted: Bool) -> Bool {
        guard fallsOn(CivilDate(_unchecked: d), at: i) else { return false }
        if _extra(i) > 0, let rule = _rule(i) {
            var all = true
            _forEachCovering(i, rule, d) { o in all = _doneOccurrence(i, o, orCompleted: orCompleted); return all }
            return all
        }
        return _doneOccurrence(i, d, orCompleted: orCompleted)
    }

    /// `_done` for a day `d` row `i` falls on that is a repeat day or an occurrence's first day.
    /// As a tick names a day (`toggleDone`, rescheduling): on any other day it is false, or
    /// `isCompleted` when `orCompleted` (a tick there is refused whatever it would set), so for a
    /// todo whose occurrences cover several days it reads the occurrence that starts on `d`.
    /// One out-of-line copy for `_done` and the tick paths (Cortex-M4 flash).
    @usableFromInline
    func _doneOccurrence(_ i: Int, _ d: Int32, orCompleted: Bool) -> Bool {
        if let k = _flagIndex(i, d) { return _bits.bit(Int(_columns.bitOffset[i]) &+ k) }
        if orCompleted && _columns.flags[i] & TodoSet._completed != 0 { return true }
        guard let k = _openRuleSlot(i) else { return false }
        return _openTicked(i, slot: k, d)
    }

    /// True when the todo as a whole is done: every tracked day done (tracked todos with at least
    /// one repeat day), otherwise `isCompleted`.
    /// - Complexity: O(1)
    @inlinable
    public func isDone(at i: Int) -> Bool {
        _check(i)
        return _isDone(i)
    }

    @inlinable @inline(__always)
    func _isDone(_ i: Int) -> Bool {
        let p = _progress(i)
        return p.done == p.total
    }

    /// How far the todo is, as done days of all its days: its done repeat days and all its repeat
    /// days in `[start, end]` when it is tracked and has at least one, otherwise (1, 1) or (0, 1)
    /// from `isCompleted`. `total` is never 0; `done == total` exactly when `isDone(at:)`, and
    /// `done / total` is `completionShare(at:)`. The CLI's "3/5" and challenge notes print this.
    /// - Complexity: O(1)
    @inlinable
    public func progress(at i: Int) -> (done: Int, total: Int) {
        _check(i)
        return _progress(i)
    }

    @inlinable @inline(__always)
    func _progress(_ i: Int) -> (done: Int, total: Int) {
        _progress(i, trackedDays: _trackedDays(i))
    }

    /// `_progress(i)` for a caller that has counted the todo's tracked days (`trackedDayCount(at:)`).
    @inlinable @inline(__always)
    func _progress(_ i: Int, trackedDays n: Int) -> (done: Int, total: Int) {
        n > 0 ? (Int(_columns.doneCount[i]), n) : (_columns.flags[i] & TodoSet._completed != 0 ? 1 : 0, 1)
    }

    /// Marks `day` done or not done for the tracked todo at `i`, or for a todo with a rule and
    /// no end (one tick per occurrence, kept as far as the last one ticked).
    /// - Throws: `eventNeverDone` for an event (it has no days to tick);
    ///   `dayNotTracked` when `day` is not one of its repeat days in `[start, end]`;
    ///   `notAnOccurrence` (naming the occurrences around it) for a day of the span of a todo with
    ///   a rule that is not one of its occurrences; `capacityExceeded` when an open-ended todo's
    ///   flags would pass `maxCompletionFlags`.
    /// - Complexity: O(1) amortized; with a rule, O(occurrences from the start to `day`).
    public mutating func setDone(_ done: Bool, on day: CivilDate, at i: Int) throws(TodoError) {
        _check(i)
        if let slot = _openRuleSlot(i) {
            try _setOpenDone(done, on: day, at: i, slot: slot)
            _checkInvariants(changed: i..<i + 1)
            return
        }
        guard let k = _flagIndex(i, day.dayNumber) else { throw _untrackedDayError(i, day) }
        let b = Int(_columns.bitOffset[i]) + k
        guard _bits.bit(b) != done else { return }
        _bits.setBit(b, done)
        _columns.doneCount[i] = done ? _columns.doneCount[i] + 1 : _columns.doneCount[i] - 1
        _addDone(done ? 1 : -1, occurrence: day.dayNumber, extra: _extra(i), challenge: _columns.flags[i] & TodoSet._challenge != 0)
        _columns.flags[i] |= TodoSet._explicitDays
        _checkInvariants(changed: i..<i + 1)
    }

    /// Flips the flag of `day` and returns the new state. For a todo whose occurrences cover
    /// several days, `day` names the occurrence that starts on it, and its state is flipped.
    /// - Throws: `eventNeverDone` for an event; `dayNotTracked` when `day` is not one of its repeat days in `[start, end]`.
    /// - Complexity: O(1) amortized
    @discardableResult
    public mutating func toggleDone(on day: CivilDate, at i: Int) throws(TodoError) -> Bool {
        _check(i)
        let now = !_doneOccurrence(i, day.dayNumber, orCompleted: true)
        try setDone(now, on: day, at: i)
        return now
    }

    /// Sets the stored `isCompleted` flag (per-day flags are left alone).
    /// - Throws: `eventNeverDone` for an event (it has no completion to set), the set unchanged.
    /// - Complexity: O(1) for a tracked todo; otherwise O(its days inside the built per-day tables)
    public mutating func setIsCompleted(_ value: Bool, at i: Int) throws(TodoError) {
        _check(i)
        let old = _columns.flags[i]
        if old & TodoSet._event != 0 { throw _eventNeverDone(i) }
        let new = value ? old | TodoSet._completed : old & ~TodoSet._completed
        if old != new, old & TodoSet._tracked == 0 {
            // Only an untracked todo counts as done by this flag: the tables take it out and back in.
            _willChangeRow(i, keepingIntervals: true)
            _columns.flags[i] = new
            _didChangeRow(i)
            _openCompletionChanged(i)
        } else {
            _columns.flags[i] = new
        }
        _checkInvariants(changed: i..<i + 1)
    }

    /// Share of the todo's days that are done, 0...1: `progress(at:)` as a fraction (done flags /
    /// tracked days for tracked todos with at least one repeat day, otherwise 1 or 0 from `isCompleted`).
    /// - Complexity: O(1)
    @inlinable
    public func completionShare(at i: Int) -> Double {
        let p = progress(at: i)
        return Double(p.done) / Double(p.total)
    }

    /// The app's "percentage to today": done flags among the tracked days up to and including
    /// `day`, over the number of those days. 0 when `day` is before the first tracked day; the
    /// whole share once `day` is past the end. Untracked todos: 1 or 0 from `isCompleted` once
    /// they have started (0 before their start).
    /// - Complexity: O(days up to `day` / 64); with a rule, plus its occurrences up to `day`.
    public func completionShare(upTo day: CivilDate, at i: Int) -> Double {
        _check(i)
        let d = day.dayNumber
        guard _columns.flags[i] & TodoSet._tracked != 0 else {
            if _columns.start[i] != _DayKey.noStart, d < _columns.start[i] { return 0 }
            return _columns.flags[i] & TodoSet._completed != 0 ? 1 : 0
        }
        let n = _trackedDays(i, through: d)
        guard n > 0 else { return 0 }
        return Double(_bits.popCount(from: Int(_columns.bitOffset[i]), count: n)) / Double(n)
    }

    /// Consecutive done repeat days ending at `day` — or, when `day` is a repeat day not done yet
    /// (the day is not over), ending at the repeat day before it. Past the end, the streak that
    /// ended the span. For a todo with a rule and no end, over its ticked occurrences. 0 for other
    /// untracked todos.
    /// - Complexity: O(streak / 64), read back from `day`; with a rule, plus its occurrences up to
    ///   `day` (a rule without an end: up to its last ticked one).
    public func currentStreak(on day: CivilDate, at i: Int) -> Int {
        _check(i)
        let o = Int(_columns.bitOffset[i])
        if let k = _openRuleSlot(i) {
            // Occurrences up to `day`; those past the horizon are not done, so no run reaches them.
            guard day.dayNumber >= _columns.start[i] else { return 0 }
            // Counted no further than one past the horizon: a rule started years ago and never
            // ticked since costs its kept flags, not every occurrence up to `day`.
            let h = _rules.horizon(k)
            var n = 0
            _rules.rules[k].forEachOccurrence(_columns.start[i], day.dayNumber) { _ in n += 1; return n <= h + 1 }
            if n > h + 1 { return 0 }
            if n > 0, _rules.rules[k].contains(day.dayNumber), !_openTicked(i, slot: k, day.dayNumber) { n -= 1 }
            return n > 0 && n <= h ? _bits.trailingRun(from: o, count: n) : 0
        }
        guard _columns.flags[i] & TodoSet._tracked != 0, day.dayNumber >= _columns.start[i] else { return 0 }
        var n = _trackedDays(i, through: day.dayNumber)
        if n > 0, day.dayNumber <= _columns.end[i], _flagIndex(i, day.dayNumber) == n - 1, !_bits.bit(o + n - 1) { n -= 1 }
        return n > 0 ? _bits.trailingRun(from: o, count: n) : 0
    }

    /// The longest run of consecutive done repeat days (ticked occurrences of a todo with a rule
    /// and no end). 0 for other untracked todos.
    /// - Complexity: O(span / 64)
    public func longestStreak(at i: Int) -> Int {
        _check(i)
        guard _columns.flags[i] & TodoSet._tracked != 0 || _openRuleSlot(i) != nil else { return 0 }
        return _bits.runs(from: Int(_columns.bitOffset[i]), count: _storedFlags(i)).longest
    }
}
