/// An `RSCALE=DANGI` rule bound to its start day (RFC 7529 on the Korean lunar calendar): its
/// periods are lunar years (YEARLY) or lunar months, leap months included (MONTHLY), and it is
/// walked one real lunar month at a time through `_LunarYear`'s O(1) rows, each month's rule days
/// a 30-bit mask. `Recurrence` reaches it only for a lunar rule, so the Gregorian expansion
/// (`_RuleExpansion`) is untouched. Outside `LunarDate`'s table (lunar 1000...2050) it gives no
/// day: a start outside it gives none at all.
///
/// SKIP (docs/recurrence.md, "Lunar rules"): a missing leap month `mL` becomes month m (BACKWARD)
/// or the month after it (FORWARD), then a missing 30th becomes the 29th (BACKWARD) or the next
/// month's 1st (FORWARD); `-30` of a 29-day month becomes the month before's last day or the 1st.
struct _LunarExpansion: Sendable {
    let yearly: Bool
    let step: Int
    /// The start's day number and lunar year; for MONTHLY, the first day of its lunar month.
    let start: Int
    let startYear: Int
    let startMonthFirst: Int
    /// BYMONTH ordinary and leap months (bit m), DTSTART's month for a YEARLY rule without one.
    let months: UInt16
    let leapMonths: UInt16
    /// The rule days of a requested month of 29 and of 30 days (bit d - 1), SKIP inside the month
    /// applied; `spillNext` when a 29-day month's missing 30th moves to the next month's 1st
    /// (FORWARD), `spillBack` when its missing -30 moves to the month before's last day (BACKWARD).
    let mask29: UInt32
    let mask30: UInt32
    let spillNext: Bool
    let spillBack: Bool
    let skip: UInt8
    /// The table's first and last days.
    let firstDay: Int
    let lastDay: Int

    /// - Complexity: O(1)
    @inline(never)
    init(_ rule: RecurrenceRule, start: CivilDate) {
        firstDay = Int(LunarDate.first.civilDate.dayNumber)
        lastDay = Int(LunarDate.last.civilDate.dayNumber)
        yearly = rule.frequency == .yearly
        skip = rule._skip
        let s = Int(start.dayNumber)
        self.start = s
        // A start outside the table: no lunar date to fill the parts from, and no day (empty masks).
        guard let l = try? LunarDate(start) else {
            step = 1; startYear = 0; startMonthFirst = s; months = 0; leapMonths = 0
            mask29 = 0; mask30 = 0; spillNext = false; spillBack = false
            return
        }
        startYear = l.year
        startMonthFirst = s - l.day + 1
        step = Swift.min(rule.interval, 100_000)
        var months = rule._months, leaps = rule._leapMonths
        var days = rule._monthDays
        // RFC 5545 §3.3.10 on the lunar calendar: what the rule leaves out comes from DTSTART.
        if days.isEmpty { days.insert(l.day) }
        if rule.frequency == .yearly && months == 0 && leaps == 0 {
            if l.isLeapMonth { leaps = 1 &<< UInt16(truncatingIfNeeded: l.month) } else { months = 1 &<< UInt16(truncatingIfNeeded: l.month) }
        }
        self.months = months
        leapMonths = leaps
        func mask(_ length: Int) -> UInt32 {
            var m: UInt32 = 0
            for d in 1...length where days.contains(index: d - 1, of: length) { m |= 1 &<< UInt32(truncatingIfNeeded: d - 1) }
            return m
        }
        let missingPositive = days.containsPositive(30), missingNegative = days.containsNegative(30)
        mask30 = mask(30)
        var m29 = mask(29)
        if rule._skip == 1 && missingPositive { m29 |= 1 &<< 28 }
        if rule._skip == 2 && missingNegative { m29 |= 1 }
        mask29 = m29
        spillNext = rule._skip == 2 && missingPositive
        spillBack = rule._skip == 1 && missingNegative
    }

    /// Month `index` of lunar year `year`: its first day, length and (month, leap) label.
    @inline(__always)
    func month(_ row: _LunarYear, _ index: Int) -> (first: Int, length: Int, month: Int, leap: Bool) {
        let leap = row.leapMonth
        return (row.newYear + row.daysBefore(index: index), row.length(at: index),
                leap != 0 && index >= leap ? index : index + 1, leap != 0 && index == leap)
    }

    func asks(_ month: Int, leap: Bool) -> Bool {
        (leap ? leapMonths : months) & (1 &<< UInt16(truncatingIfNeeded: month)) != 0
    }

    func inYears(_ y: Int) -> Bool { y >= startYear && (y - startYear) % step == 0 }

    /// Whether the rule asks for the month at `index` of `year`: directly, or (YEARLY) as where
    /// SKIP moves a leap month the year lacks.
    @inline(never)
    func requested(_ year: Int, _ row: _LunarYear, _ index: Int) -> Bool {
        let m = month(row, index)
        guard yearly else {
            // Lunar months since the start's: month starts lie within a day or two of the mean
            // new moons, so rounding the day difference by the mean month (29.530589 days) is exact.
            let diff = m.first - startMonthFirst
            guard diff >= 0 else { return false }
            let n = Int((Int64(diff) * 1_000_000 + 14_765_294) / 29_530_589)
            guard n % step == 0 else { return false }
            return (months == 0 && leapMonths == 0) || asks(m.month, leap: m.leap)
        }
        if inYears(year) && asks(m.month, leap: m.leap) { return true }
        guard !m.leap, skip != 0 else { return false }
        if skip == 1 { return inYears(year) && asks(m.month, leap: true) && row.leapMonth != m.month }
        if m.month > 1 { return inYears(year) && asks(m.month - 1, leap: true) && row.leapMonth != m.month - 1 }
        return year > _lunarFirstYear && inYears(year - 1) && asks(12, leap: true) && _LunarYear(year - 1).leapMonth != 12
    }

    /// The rule days of the month at `index` of `year` (bit d - 1 for day d), spills from its
    /// neighbours included.
    @inline(never)
    func days(_ year: Int, _ row: _LunarYear, _ index: Int) -> UInt32 {
        let length = row.length(at: index)
        var out: UInt32 = requested(year, row, index) ? (length == 30 ? mask30 : mask29) : 0
        if spillNext, let (py, pr, pi) = previous(year, row, index), pr.length(at: pi) == 29, requested(py, pr, pi) { out |= 1 }
        if spillBack, let (ny, nr, ni) = next(year, row, index), nr.length(at: ni) == 29, requested(ny, nr, ni) {
            out |= 1 &<< UInt32(truncatingIfNeeded: length - 1)
        }
        return out
    }

    func next(_ year: Int, _ row: _LunarYear, _ index: Int) -> (Int, _LunarYear, Int)? {
        if index + 1 < row.monthCount { return (year, row, index + 1) }
        return year < _lunarLastYear ? (year + 1, _LunarYear(year + 1), 0) : nil
    }

    func previous(_ year: Int, _ row: _LunarYear, _ index: Int) -> (Int, _LunarYear, Int)? {
        if index > 0 { return (year, row, index - 1) }
        guard year > _lunarFirstYear else { return nil }
        let r = _LunarYear(year - 1)
        return (year - 1, r, r.monthCount - 1)
    }

    /// The lunar month holding day `day` (inside the table).
    @inline(never)
    func position(_ day: Int) -> (Int, _LunarYear, Int) {
        let l = try! LunarDate(CivilDate(_unchecked: Int32(truncatingIfNeeded: day)))
        let row = _LunarYear(l.year)
        return (l.year, row, row.index(month: l.month, isLeap: l.isLeapMonth))
    }

    /// The first rule day in `[max(lo, start), hi]`, or nil.
    /// - Complexity: O(lunar months in the range), at most the table's (about 13,000); no allocation.
    func first(onOrAfter lo: Int, through hi: Int) -> Int? { nearest(lo, hi, forward: true) }

    /// The last rule day in `[max(lo, start), hi]`, or nil.
    /// - Complexity: O(lunar months in the range); no allocation.
    func last(onOrBefore hi: Int, notBefore lo: Int) -> Int? { nearest(lo, hi, forward: false) }

    /// The first (`forward`) or last rule day in `[max(lo, start), hi]`, or nil: month by month from
    /// the end it starts at, each month's days (bit k: its day k) cut to the range.
    func nearest(_ lo: Int, _ hi: Int, forward: Bool) -> Int? {
        let lo = Swift.max(lo, start, firstDay), hi = Swift.min(hi, lastDay)
        guard lo <= hi else { return nil }
        var (y, row, i) = position(forward ? lo : hi)
        while true {
            let first = row.newYear + row.daysBefore(index: i)
            if forward {
                guard first <= hi else { return nil }
                var m = days(y, row, i)
                if lo > first { m &= ~0 &<< UInt32(truncatingIfNeeded: lo - first) }
                if m != 0 {
                    let d = first + m.trailingZeroBitCount
                    return d <= hi ? d : nil
                }
            } else {
                var m = days(y, row, i)
                if hi - first < 31 { m &= UInt32.max &>> UInt32(truncatingIfNeeded: 31 - (hi - first)) }
                if m != 0 {
                    let d = first + 31 - m.leadingZeroBitCount
                    return d >= lo ? d : nil
                }
                guard first > lo else { return nil }
            }
            guard let n = forward ? next(y, row, i) : previous(y, row, i) else { return nil }
            (y, row, i) = n
        }
    }

    /// The `k`-th (1-based) rule day from the start on, if it comes by `hi`: what COUNT=k bounds.
    /// - Complexity: O(lunar months walked); no allocation.
    func day(number k: Int, through hi: Int) -> Int? {
        var remaining = k
        var lo = start
        while remaining > 0 {
            guard let d = first(onOrAfter: lo, through: hi) else { return nil }
            remaining -= 1
            if remaining == 0 { return d }
            lo = d + 1
        }
        return nil
    }

    /// Whether `day` (on or after `start`) is a rule day.
    /// - Complexity: O(1)
    func contains(_ day: Int) -> Bool {
        guard day >= start, day >= firstDay, day <= lastDay else { return false }
        let (y, row, i) = position(day)
        let first = row.newYear + row.daysBefore(index: i)
        return days(y, row, i) & (1 &<< UInt32(truncatingIfNeeded: day - first)) != 0
    }
}
