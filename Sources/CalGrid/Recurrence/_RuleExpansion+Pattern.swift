// A rule's pattern: what its days are once the start and the bounds are set aside, so that the
// per-day tables list each pattern's days once for every row that shares it (_DayTable+Rules.swift).
// Two rules with equal pattern words fall on the same days from their starts on, up to their bounds.

extension _RuleExpansion {
    /// The pattern in three words, or nil when they cannot hold it (BYSETPOS, BYYEARDAY, BYWEEKNO,
    /// an ordinal past ±5, INTERVAL past 4095): everything `days(inPeriod:)` reads, with DTSTART's
    /// defaults filled in, the INTERVAL and which periods modulo it are the rule's. Equal words,
    /// equal days: every part is packed without loss, and the parts derived from others are left out.
    /// Word 1 always has its top bit set, so a zero word 1 can mean "no pattern".
    var patternWords: (UInt64, UInt64, UInt64)? {
        guard setPositions.isEmpty, yearDays.isEmpty, weekNumbers.isEmpty, step < 4096 else { return nil }
        // ±1...limit as 2 × `bits` bits: the positive ones, then the negative ones.
        func signed(_ s: _SignedBits, _ bits: Int) -> UInt64? {
            guard !s.isEmpty else { return 0 }
            let mask: UInt64 = (1 &<< UInt64(bits)) &- 1
            let pos = s._words[0] &>> 1, neg = s._words[1] &>> 1
            guard pos & ~mask == 0, neg & ~mask == 0 else { return nil }
            return pos | neg &<< UInt64(bits)
        }
        guard let days = signed(monthDays, 31) else { return nil }
        var ordinals: UInt64 = 0, sunday: UInt64 = 0
        for w in nth.indices {
            guard let o = signed(nth[w], 5) else { return nil }
            if w == 6 { sunday = o } else { ordinals |= o &<< UInt64(10 &* w) }
        }
        // WKST places the weeks only when weeks are skipped; the phase matters only then too.
        let skips = step > 1
        let wkst = frequency == .weekly && skips ? UInt64(firstWeekday) : 0
        let phase = skips ? UInt64(p0 % step) : 0
        let w0 = days | UInt64(frequency.rawValue) &<< 62
        let w1 = UInt64(months &>> 1) | UInt64(weekdays) &<< 12 | wkst &<< 19 | UInt64(step) &<< 22
            | phase &<< 34 | sunday &<< 46 | 1 &<< 63
        return (w0, w1, ordinals)
    }

    /// Calls `body` with every day of `lo...hi` (supported days) the pattern holds, ascending,
    /// until it returns false: the days of each of the rule's periods there, whatever the start
    /// and the bounds.
    /// - Complexity: O(periods in the range × days per period), no allocation.
    func forEachPatternDay(_ lo: Int, _ hi: Int, _ body: (Int) -> Bool) {
        guard lo <= hi, !positionsUnreachable else { return }
        // The same rule started at `lo`, its periods counted from the first of the calendar's.
        var x = self
        x.p0 = p0 % step
        x.start = lo
        // Each period's days built once and walked: a search from the day after each one found
        // built its period again (a yearly pattern with a day in the table built three years).
        var n = x._periodNumber(atOrAfter: lo)
        let last = x.lastPeriodNumber
        while n <= last {
            let p = x.p0 &+ n &* step, first = x._firstDay(of: p)
            guard first <= hi else { return }
            let days = x.days(inPeriod: p)
            var at = days.first(from: Swift.max(0, lo &- first))
            while let b = at {
                guard first &+ b <= hi, body(first &+ b) else { return }
                at = days.first(from: b &+ 1)
            }
            n &+= 1
        }
    }
}
