extension TodoSet {
    /// Checks that the columns agree with each other, with the id index and with the per-day
    /// histograms, and traps when they do not. A no-op unless the module is compiled with
    /// `CALGRID_INVARIANTS` (every debug build: Package.swift defines it), so mutations call it
    /// unconditionally.
    ///
    /// `changed` names the rows a mutation wrote (nil: any row may have moved). Those rows and
    /// the set's shape are checked every time; the whole set is checked when it is small (64 rows), after
    /// a removal, and when an append crosses a power of two in size, so that growing a set by
    /// many small batches (an import hands over 64 records at a time) costs O(1) checking per
    /// row amortized instead of O(N) per batch.
    /// - Complexity: O(1) without the checks compiled in
    @inline(__always)
    func _checkInvariants(changed: Range<Int>? = nil) {
        #if CALGRID_INVARIANTS
        _verifyInvariants(changed: changed)
        #endif
    }

    /// True when this build checks the invariants (a test holds debug builds to it).
    static var _checksInvariants: Bool {
        #if CALGRID_INVARIANTS
        return true
        #else
        return false
        #endif
    }

    #if CALGRID_INVARIANTS
    /// Sets up to this size are checked whole after every mutation.
    static var _wholeCheckLimit: Int { 64 }
    /// Sets up to this size have their day tables compared with a rebuild after every mutation.
    static var _dayTableCheckLimit: Int { 4096 }

    @inline(never)
    func _verifyInvariants(changed: Range<Int>?) {
        let n = count
        precondition(_columns.lengthsAgree, "TodoSet columns disagree in length")
        precondition(_ids.count == n, "TodoSet id index count")
        _ids._verifyNumbering(whole: false)
        precondition(zip(_rules.rows, _rules.rows.dropFirst()).allSatisfy { $0 < $1 }
                     && (_rules.rows.last.map { Int($0) < n } ?? true)
                     && _rules.rules.count == _rules.count && _rules.trackedCounts.count == _rules.count
                     && _rules.openCount == _rules.trackedCounts.filter { $0 < 0 }.count
                     && _rules.spanCount == _rules.rules.indices.filter { _rules.extra($0) != 0 }.count, "TodoSet rule side table")
        precondition(_rules.keys.count == 4 * _rules.count && _rules.rules.indices.allSatisfy { k in
            let key = _rules.rules[k]._key, w = _rules.keys[(4 * k)..<(4 * k + 4)]
            return w.elementsEqual([key.0, key.1, key.2, key.3 | UInt64(UInt32(truncatingIfNeeded: _rules.extra(k))) << 32])
        }, "TodoSet rule key column")
        if let changed, n > TodoSet._wholeCheckLimit {
            // Rows only, unless an append took the set across a power of two in size.
            let highestPowerOfTwo = 1 << (Int.bitWidth - 1 - n.leadingZeroBitCount)
            if changed.lowerBound >= highestPowerOfTwo || changed.upperBound < n {
                var unused = _DayHistogram(), unusedC = _DayHistogram()
                for i in changed { _verifyRow(i, collecting: false, &unused, &unusedC) }
                // The day tables, updated in place by every mutation, whole while that stays cheap.
                if n <= TodoSet._dayTableCheckLimit { _verifyDayTables() }
                return
            }
        }
        _ids._verifyNumbering(whole: true)
        var hist = _DayHistogram(), histC = _DayHistogram()
        for i in 0..<n { _verifyRow(i, collecting: true, &hist, &histC) }
        precondition(_columns.flags.reduce(0) { $0 + ($1 & TodoSet._event != 0 ? 1 : 0) } == _eventCount, "TodoSet event count")
        func same(_ a: _DayHistogram, _ b: _DayHistogram) {
            for h in [a, b] where !h.counts.isEmpty {
                for j in h.counts.indices {
                    let d = Int32(truncatingIfNeeded: Int(h.base) + j)
                    precondition(a.count(on: d) == b.count(on: d), "TodoSet done-by-day histogram")
                }
            }
        }
        same(hist, _doneByDay)
        same(histC, _doneByDayChallenges)
        _verifyDayTables()
    }

    /// Checks row `i` on its own (its id index entry, tracked flag, done count); when `collecting`,
    /// adds its done days to the histograms.
    func _verifyRow(_ i: Int, collecting: Bool, _ histogram: inout _DayHistogram, _ challenges: inout _DayHistogram) {
        let found = _text.withUnsafeBufferPointer { text in
            let r = _idAndTitleRanges(text.baseAddress!, at: Int(_columns.textOffset[i]))
            return index(ofIDBytes: UnsafeRawBufferPointer(start: text.baseAddress! + r.idStart, count: r.idCount))
        }
        precondition(found == i, "TodoSet id index entry")
        let start = _columns.start[i], end = _columns.end[i], days = _columns.repetition[i]
        let flags = _columns.flags[i], done = Int(_columns.doneCount[i])
        precondition(!days.isEmpty, "TodoSet empty repetition")
        let ruled = flags & TodoSet._ruled != 0
        precondition(ruled == (_rules.slot(ofRow: i) != nil), "TodoSet rule flag and side table")
        precondition(!ruled || (days == .all && _DayKey.isDay(start)
                                && _rule(i)!.recurrence.start.dayNumber == start), "TodoSet rule row")
        precondition(!ruled || (_rules.trackedCounts[_rules.slot(ofRow: i)!] < 0) == !_DayKey.isDay(end), "TodoSet open rule")
        let tracked = flags & TodoSet._tracked != 0, event = flags & TodoSet._event != 0
        precondition(tracked == (_DayKey.isDay(start) && _DayKey.isDay(end) && !event), "TodoSet tracked flag")
        precondition(!event || (flags & (TodoSet._challenge | TodoSet._completed | TodoSet._explicitDays) == 0 && done == 0
                                && (_rules.slot(ofRow: i).map { [0, -1].contains(_rules.trackedCounts[$0]) } ?? true)),
                     "TodoSet event done, ticked or a challenge")
        if !tracked, let k = _openRuleSlot(i) {
            // Open-ended with a rule: flags for its first `h` occurrences, which the rule has.
            let h = _rules.horizon(k), o = Int(_columns.bitOffset[i])
            precondition(o + h <= _bits.count, "TodoSet open flags beyond the bit arena")
            precondition(_bits.popCount(from: o, count: h) == done, "TodoSet open done count")
            var b = 0
            if h > 0 {
                _rules.rules[k].forEachOccurrence(start, CivilDate.maxDayNumber) { day in
                    if collecting, _bits.bit(o + b), flags & TodoSet._completed == 0 {
                        for d in day...day + _extra(i) {
                            histogram.add(1, on: d)
                            if flags & TodoSet._challenge != 0 { challenges.add(1, on: d) }
                        }
                    }
                    b += 1
                    return b < h
                }
            }
            precondition(b == h, "TodoSet open flags past the rule")
            return
        }
        guard tracked else {
            precondition(done == 0, "TodoSet untracked done count")
            return
        }
        let rule = _rule(i)
        precondition(rule != nil || _extra(i) == 0, "TodoSet occurrence length without a rule")
        precondition(!_DayKey.isDay(end) || _lastOccurrenceStart(i) >= start, "TodoSet first occurrence past the end")
        let c = rule.map { $0.count(start, _lastOccurrenceStart(i)) } ?? _repeatDayCount(from: start, through: end, days: days)
        precondition(c == _trackedDays(i), "TodoSet stored occurrence count")
        let o = Int(_columns.bitOffset[i])
        precondition(o + c <= _bits.count, "TodoSet flags beyond the bit arena")
        precondition(_bits.popCount(from: o, count: c) == done, "TodoSet done count")
        guard collecting else { return }
        var k = 0
        let extra = _extra(i)
        func tally(_ day: Int32) {
            if _bits.bit(o + k) {
                for d in day...day + extra {
                    histogram.add(1, on: d)
                    if flags & TodoSet._challenge != 0 { challenges.add(1, on: d) }
                }
            }
            k += 1
        }
        if let rule {
            if c > 0 { rule.forEachOccurrence(start, _lastOccurrenceStart(i)) { day in tally(day); return k < c } }
            precondition(k == c, "TodoSet occurrences of a tracked rule")
        } else {
            while k < c { tally(_repeatDay(k, from: start, days: days)) }
        }
    }
    #endif
}
