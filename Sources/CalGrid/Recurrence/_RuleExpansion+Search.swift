extension _RuleExpansion {
    /// The number of the first of the rule's periods that ends on or after `day` (0 = the start's).
    @inline(__always)
    func periodNumber(atOrAfter day: Int) -> Int {
        let p = period(of: day)
        return p <= p0 ? 0 : (p - p0 + step - 1) / step
    }

    /// The largest number `n` whose period starts on or before `day`; nil before the start's period.
    @inline(__always)
    func periodNumber(atOrBefore day: Int) -> Int? {
        let p = period(of: day)
        return p < p0 ? nil : (p - p0) / step
    }

    /// `periodNumber(atOrAfter:)` and `firstDay(of:)` out of line, for the search below and the
    /// pattern walk (`forEachPatternDay`): one copy of their calendar arithmetic, which inlined
    /// took some 1.5 KB in each.
    @inline(never)
    func _periodNumber(atOrAfter day: Int) -> Int { periodNumber(atOrAfter: day) }
    @inline(never)
    func _firstDay(of p: Int) -> Int { firstDay(of: p) }

    /// The number of the rule's last period inside 0001...9999.
    var lastPeriodNumber: Int { (lastPeriod - p0) / step }

    /// The first rule day in `[max(lo, start), hi]`, or nil. Scans at most `cycle + 1` periods: a
    /// rule that occurs at all occurs in every `cycle` consecutive periods.
    /// - Complexity: O(min(periods in the range, cycle) × days per period), no allocation.
    func first(onOrAfter lo: Int, through hi: Int) -> Int? {
        let lo = Swift.max(lo, start)
        guard lo <= hi, !positionsUnreachable else { return nil }
        var n = _periodNumber(atOrAfter: lo)
        let last = lastPeriodNumber
        var scanned = 0
        while n <= last && scanned <= cycle {
            let p = p0 + n * step
            let first = _firstDay(of: p)
            guard first <= hi else { return nil }
            if let b = days(inPeriod: p).first(from: Swift.max(0, lo - first)) {
                return first + b <= hi ? first + b : nil
            }
            n += 1
            scanned += 1
        }
        return nil
    }

    /// The last rule day in `[max(lo, start), hi]`, or nil; scans at most `cycle + 1` periods.
    /// - Complexity: O(min(periods in the range, cycle) × days per period), no allocation.
    func last(onOrBefore hi: Int, notBefore lo: Int) -> Int? {
        let lo = Swift.max(lo, start)
        guard lo <= hi, var n = periodNumber(atOrBefore: hi) else { return nil }
        n = Swift.min(n, lastPeriodNumber)
        var scanned = 0
        while n >= 0 && scanned <= cycle {
            let p = p0 + n * step
            let first = firstDay(of: p)
            if let b = days(inPeriod: p).last(through: Swift.min(383, hi - first)) {
                return first + b >= lo ? first + b : nil
            }
            guard first > lo else { return nil }
            n -= 1
            scanned += 1
        }
        return nil
    }

    /// The `k`-th (1-based) rule day from the start on, if it comes by `hi`: what COUNT=k bounds.
    /// After one cycle of periods, whole cycles are skipped by their count.
    /// - Complexity: O(min(k, cycle) periods × days per period), no allocation.
    func day(number k: Int, through hi: Int) -> Int? {
        guard k > 0, !positionsUnreachable else { return nil }
        var remaining = k
        var n = 0
        let last = lastPeriodNumber
        var perCycle = 0, missedInFirst = 0
        while n <= last {
            let p = p0 + n * step
            let first = firstDay(of: p)
            guard first <= hi else { return nil }
            var mask = days(inPeriod: p)
            if n == 0 {
                let all = mask.count
                mask.removeBelow(start - first)
                missedInFirst = all - mask.count
            }
            let here = mask.count
            if here >= remaining {
                let d = first + mask.select(remaining - 1)
                return d <= hi ? d : nil
            }
            remaining -= here
            perCycle += here
            n += 1
            if n == cycle {
                // Periods cycle...2*cycle-1 hold what 0...cycle-1 hold (the first one in full).
                let full = perCycle + missedInFirst
                guard full > 0 else { return nil }
                let skip = (remaining - 1) / full
                guard skip <= (last - n) / cycle else { return nil }
                n += skip * cycle
                remaining -= skip * full
            }
        }
        return nil
    }

    /// Whether `day` (on or after `start`) is a rule day.
    /// - Complexity: O(days in its period), no allocation.
    func contains(_ day: Int) -> Bool {
        guard day >= start, let n = periodNumber(atOrBefore: day), n <= lastPeriodNumber else { return false }
        let p = p0 + n * step
        let offset = day - firstDay(of: p)
        return offset < 384 && days(inPeriod: p).contains(offset)
    }
}
