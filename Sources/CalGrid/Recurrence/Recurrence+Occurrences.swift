extension Recurrence {
    /// The occurrences in `window`, ascending, computed as they are read: the walk starts at the
    /// window (whole periods before it are skipped arithmetically, and COUNT was resolved when the
    /// value was made), and holds one period's days on the stack.
    /// - Complexity: O(1) to make; each step O(days per period) amortized, bounded by one cycle of
    ///   periods between occurrences; no allocation.
    public func occurrences(in window: ClosedRange<CivilDate>) -> Occurrences {
        Occurrences(self, Int(window.lowerBound.dayNumber), Int(window.upperBound.dayNumber))
    }

    /// The first occurrence after `day`, or nil.
    /// - Complexity: O(log r + cycle periods) at most; no allocation.
    public func next(after day: CivilDate) -> CivilDate? {
        guard day < .max else { return nil }
        var it = Occurrences(self, Int(day.dayNumber) + 1, Int(CivilDate.maxDayNumber))
        return it.next()
    }

    /// The last occurrence before `day`, or nil.
    /// - Complexity: O((e + 1) × (log r + cycle periods)) at most, e the EXDATE days passed over; no
    ///   allocation.
    public func previous(before day: CivilDate) -> CivilDate? {
        var hi = Int(day.dayNumber) - 1
        let startDay = Int(start.dayNumber)
        while hi >= Int(CivilDate.minDayNumber) {
            var best = startDay <= hi ? startDay : Int.min
            let i = Recurrence._lowerBound(rdates, CivilDate(_unchecked: Int32(truncatingIfNeeded: hi + 1)))
            if i > 0 { best = Swift.max(best, Int(rdates[i - 1].dayNumber)) }
            if let x = _expansion, _ruleFirst != nil,
               let d = x.last(onOrBefore: Swift.min(hi, _ruleLast), notBefore: Swift.max(startDay, best + 1)) {
                best = d
            } else if let l = _lunar, _ruleFirst != nil,
                      let d = l.last(onOrBefore: Swift.min(hi, _ruleLast), notBefore: Swift.max(startDay, best + 1)) {
                best = d
            }
            guard best != Int.min else { return nil }
            let found = CivilDate(_unchecked: Int32(truncatingIfNeeded: best))
            if !Recurrence._search(exdates, found) { return found }
            hi = best - 1
        }
        return nil
    }

    /// The occurrences of a `Recurrence` in a window, in order. A value type: copying it copies the
    /// walk's position.
    public struct Occurrences: Sequence, IteratorProtocol, Sendable {
        let recurrence: Recurrence
        let hi: Int
        /// The next rule day not yet returned (Int.max when none is left).
        var ruleDay = Int.max
        var period = 0
        var mask = _DayMask()
        var periodFirst = 0
        var rdate: Int
        var exdate: Int
        var startPending: Bool
        var ruleHi: Int
        var scanned = 0

        init(_ r: Recurrence, _ lo: Int, _ hi: Int) {
            recurrence = r
            self.hi = hi
            let loDay = CivilDate(_unchecked: Int32(truncatingIfNeeded: lo))
            rdate = Recurrence._lowerBound(r.rdates, loDay)
            exdate = Recurrence._lowerBound(r.exdates, loDay)
            let s = Int(r.start.dayNumber)
            startPending = s >= lo && s <= hi
            ruleHi = Swift.min(hi, r._ruleLast)
            guard let x = r._expansion, let first = r._ruleFirst, lo <= ruleHi else {
                if let l = r._lunar, let first = r._ruleFirst, lo <= ruleHi { ruleDay = l.first(onOrAfter: Swift.max(lo, first), through: ruleHi) ?? Int.max }
                return
            }
            let from = Swift.max(lo, first)
            period = x.periodNumber(atOrAfter: from)
            periodFirst = x.firstDay(of: x.p0 + period * x.step)
            mask = x.days(inPeriod: x.p0 + period * x.step)
            mask.removeBelow(Swift.max(0, Swift.min(384, from - periodFirst)))
            advanceRule(x)
        }

        /// Moves `ruleDay` to the next set bit, loading later periods while they are in range.
        mutating func advanceRule(_ x: _RuleExpansion) {
            let last = x.lastPeriodNumber
            while true {
                if let b = mask.first(from: 0) {
                    mask.removeBelow(b + 1)
                    let d = periodFirst + b
                    ruleDay = d <= ruleHi ? d : Int.max
                    scanned = 0
                    return
                }
                period += 1
                scanned += 1
                // A rule that occurs does so in every `cycle` periods; more empty ones mean none is left.
                guard period <= last, scanned <= x.cycle else { ruleDay = Int.max; return }
                periodFirst = x.firstDay(of: x.p0 + period * x.step)
                guard periodFirst <= ruleHi else { ruleDay = Int.max; return }
                mask = x.days(inPeriod: x.p0 + period * x.step)
            }
        }

        /// - Complexity: O(days per period) amortized; no allocation.
        public mutating func next() -> CivilDate? {
            let r = recurrence
            while true {
                var d = ruleDay
                let s = Int(r.start.dayNumber)
                if startPending && s < d { d = s }
                if rdate < r.rdates.count {
                    let a = Int(r.rdates[rdate].dayNumber)
                    if a <= hi && a < d { d = a }
                }
                guard d != Int.max else { return nil }
                if startPending && s == d { startPending = false }
                if rdate < r.rdates.count && Int(r.rdates[rdate].dayNumber) == d { rdate += 1 }
                if ruleDay == d {
                    if let x = r._expansion { advanceRule(x) } else if let l = r._lunar {
                        ruleDay = d < ruleHi ? l.first(onOrAfter: d + 1, through: ruleHi) ?? Int.max : Int.max
                    }
                }
                while exdate < r.exdates.count && Int(r.exdates[exdate].dayNumber) < d { exdate += 1 }
                if exdate < r.exdates.count && Int(r.exdates[exdate].dayNumber) == d { continue }
                return CivilDate(_unchecked: Int32(truncatingIfNeeded: d))
            }
        }
    }
}
