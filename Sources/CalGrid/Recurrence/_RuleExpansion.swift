/// A rule bound to its start day: the parts RFC 5545 takes from DTSTART filled in, periods numbered,
/// and one period's days built into a `_DayMask`. Periods are years (YEARLY), months (year * 12 +
/// month - 1), weeks that start on WKST, or days; the rule's periods are `p0 + n * step`.
///
/// The calendar repeats every 400 years (146,097 days: 20,871 weeks, 4,800 months), and every part
/// depends only on the calendar, so the rule's periods repeat after `cycle` of them (at most
/// 146,097): what a period holds is what the period `cycle` steps later holds. That bounds every
/// search (a rule that occurs at all does so within `cycle` periods of any day) and lets COUNT skip
/// whole cycles.
@usableFromInline
struct _RuleExpansion: Sendable {
    let frequency: RecurrenceRule.Frequency
    /// INTERVAL, capped at the number of periods in 0001...9999 (a longer one leaves only `p0`).
    let step: Int
    /// `var` for `forEachPatternDay`, which walks a copy from another day.
    var start: Int
    var p0: Int
    let lastPeriod: Int
    let cycle: Int
    let firstWeekday: Int
    /// The first day of week period 0: the week (starting on WKST) of 0001-01-01.
    let weekAnchor: Int
    let months: UInt16
    let monthDays: _SignedBits
    let yearDays: _SignedBits
    let weekNumbers: _SignedBits
    let weekdays: UInt8
    let nth: [_SignedBits]
    let setPositions: _SignedBits
    /// YEARLY ordinals count in the year, unless BYMONTH makes them count in each month.
    let nthInYear: Bool
    /// A YEARLY rule with BYWEEKNO: its periods are week-based years (weeks from WKST, week 1 with
    /// 4 days of January), so `BYWEEKNO=1` is all of week 1, days in the December before included,
    /// and INTERVAL counts week-years (docs/recurrence.md).
    let weekYears: Bool
    let hasDayFilter: Bool
    /// True when BYSETPOS asks only for positions beyond what a period can hold (`FREQ=DAILY;
    /// BYSETPOS=2`): the rule never occurs, known without a scan.
    let positionsUnreachable: Bool

    init(_ rule: RecurrenceRule, start: CivilDate) {
        let s = Int(start.dayNumber)
        let c = start.components
        frequency = rule.frequency
        self.start = s
        firstWeekday = Int(rule.firstWeekday.rawValue)
        let minDay = Int(CivilDate.minDayNumber)
        weekAnchor = minDay - (_weekdayNumber(ofDay: minDay) + 7 - firstWeekday) % 7
        var months = rule._months, monthDays = rule._monthDays, weekdays = rule._weekdays
        // RFC 5545 §3.3.10: what the rule leaves out comes from DTSTART.
        if rule._weekNumbers.isEmpty && rule._yearDays.isEmpty && rule._monthDays.isEmpty
            && rule._weekdays == 0 && rule._nthWeekdays.isEmpty {
            switch rule.frequency {
            case .yearly:
                if months == 0 { months = 1 &<< UInt16(truncatingIfNeeded: c.month) }
                monthDays.insert(c.day)
            case .monthly: monthDays.insert(c.day)
            case .weekly: weekdays = 1 &<< UInt8(truncatingIfNeeded: _weekdayNumber(ofDay: s))
            case .daily: break
            }
        }
        // Where RFC 5545 leaves it open, as libical and ical.js read it (docs/recurrence.md, The
        // calendar world's readings): a YEARLY rule's BYMONTHDAY alone takes DTSTART's month, and
        // its BYWEEKNO without a weekday takes DTSTART's weekday.
        if rule.frequency == .yearly && rule._weekdays == 0 && rule._nthWeekdays.isEmpty && rule._yearDays.isEmpty {
            if months == 0 && rule._weekNumbers.isEmpty && !rule._monthDays.isEmpty { months = 1 &<< UInt16(truncatingIfNeeded: c.month) }
            if !rule._weekNumbers.isEmpty && rule._monthDays.isEmpty { weekdays = 1 &<< UInt8(truncatingIfNeeded: _weekdayNumber(ofDay: s)) }
        }
        self.months = months
        self.monthDays = monthDays
        self.weekdays = weekdays
        yearDays = rule._yearDays
        weekNumbers = rule._weekNumbers
        nth = rule._nthWeekdays
        setPositions = rule._setPositions
        nthInYear = rule.frequency == .yearly && months == 0
        weekYears = rule.frequency == .yearly && !rule._weekNumbers.isEmpty
        hasDayFilter = weekdays != 0 || !rule._nthWeekdays.isEmpty
        let full: Int
        switch rule.frequency {
        case .yearly: full = 400
        case .monthly: full = 4_800
        case .weekly: full = 20_871
        case .daily: full = CivilDate._daysPerEra
        }
        // Computed after the stored properties it needs.
        var probe = 0
        switch rule.frequency {
        case .yearly:
            probe = weekYears ? CivilDate._weekBasedYearAndWeek(s, firstWeekday: firstWeekday).year : c.year
            lastPeriod = 9999
        case .monthly: probe = c.year * 12 + c.month - 1; lastPeriod = 9999 * 12 + 11
        case .weekly:
            probe = (s - (_weekdayNumber(ofDay: s) + 7 - firstWeekday) % 7 - weekAnchor) / 7
            lastPeriod = (Int(CivilDate.maxDayNumber) - weekAnchor) / 7
        case .daily: probe = s - minDay; lastPeriod = Int(CivilDate.maxDayNumber) - minDay
        }
        p0 = probe
        // At most this many days pass the filters in one period.
        var most: Int
        switch rule.frequency {
        case .daily: most = 1
        case .weekly: most = weekdays == 0 ? 7 : weekdays.nonzeroBitCount
        case .monthly: most = monthDays.isEmpty ? 31 : monthDays.count
        case .yearly:
            most = monthDays.isEmpty ? 366 : monthDays.count * (months == 0 ? 12 : months.nonzeroBitCount)
            if !rule._yearDays.isEmpty { most = Swift.min(most, rule._yearDays.count) }
        }
        if weekdays == 0 && !nth.isEmpty && rule.frequency != .weekly && rule.frequency != .daily {
            // Each ordinal weekday is one day of its month (or year).
            var items = 0
            for w in nth { items += w.count }
            most = Swift.min(most, items * (rule.frequency == .yearly && months != 0 ? months.nonzeroBitCount : 1))
        }
        var reachable = rule._setPositions.isEmpty
        for k in 1...most where rule._setPositions.containsPositive(k) || rule._setPositions.containsNegative(k) {
            reachable = true
            break
        }
        positionsUnreachable = !reachable
        step = Swift.min(rule.interval, lastPeriod + 1)
        var a = full, b = step
        while b != 0 { (a, b) = (b, a % b) }
        cycle = full / a
    }

    /// The period holding day number `day`.
    @inline(__always)
    func period(of day: Int) -> Int {
        switch frequency {
        case .yearly: return weekYears ? CivilDate._weekBasedYearAndWeek(day, firstWeekday: firstWeekday).year : CivilDate._civilFromDays(day).year
        case .monthly:
            let c = CivilDate._civilFromDays(day)
            return c.year * 12 + c.month - 1
        case .weekly: return (day - weekAnchor) / 7
        case .daily: return day - Int(CivilDate.minDayNumber)
        }
    }

    /// The first day of period `p`.
    @inline(__always)
    func firstDay(of p: Int) -> Int {
        switch frequency {
        case .yearly:
            guard weekYears else { return CivilDate._daysFromCivil(p, 1, 1) }
            // Week 1 holds January 4th: its first day is the WKST day on or before it.
            let jan4 = CivilDate._daysFromCivil(p, 1, 4)
            return jan4 - (_weekdayNumber(ofDay: jan4) + 7 - firstWeekday) % 7
        case .monthly: return CivilDate._daysFromCivil(p / 12, p % 12 + 1, 1)
        case .weekly: return weekAnchor + p * 7
        case .daily: return p + Int(CivilDate.minDayNumber)
        }
    }

    /// The rule's days in period `p` (before `start` and COUNT/UNTIL are applied), as offsets from
    /// `firstDay(of: p)`, BYSETPOS applied.
    /// - Complexity: O(days in the period), no allocation.
    func days(inPeriod p: Int) -> _DayMask {
        var mask = _DayMask()
        switch frequency {
        case .yearly where weekYears:
            // The week-year's days (364 or 371), each in its own calendar month and year.
            let first = firstDay(of: p), end = firstDay(of: p + 1)
            for day in Swift.max(first, Int(CivilDate.minDayNumber))..<Swift.min(end, Int(CivilDate.maxDayNumber) + 1) {
                let c = CivilDate._civilFromDays(day)
                guard months == 0 || months & (1 &<< UInt16(truncatingIfNeeded: c.month)) != 0 else { continue }
                if passes(day, year: c.year, month: c.month, dayOfMonth: c.day) { mask.insert(day - first) }
            }
        case .yearly:
            let first = CivilDate._daysFromCivil(p, 1, 1)
            var offset = 0
            for m in 1...12 {
                let length = CivilDate.daysInMonth(year: p, month: m)
                if months == 0 || months & (1 &<< UInt16(truncatingIfNeeded: m)) != 0 {
                    addMonth(&mask, year: p, month: m, first: first + offset, yearOffset: offset, length: length)
                }
                offset += length
            }
        case .monthly:
            let y = p / 12, m = p % 12 + 1
            if months == 0 || months & (1 &<< UInt16(truncatingIfNeeded: m)) != 0 {
                let first = CivilDate._daysFromCivil(y, m, 1)
                addMonth(&mask, year: y, month: m, first: first, yearOffset: -1, length: CivilDate.daysInMonth(year: y, month: m))
            }
        case .weekly, .daily:
            let first = firstDay(of: p)
            for i in 0..<(frequency == .weekly ? 7 : 1) {
                let day = first + i
                guard day >= Int(CivilDate.minDayNumber), day <= Int(CivilDate.maxDayNumber) else { continue }
                if weekdays != 0 && weekdays & (1 &<< UInt8(truncatingIfNeeded: _weekdayNumber(ofDay: day))) == 0 { continue }
                if months != 0 || !monthDays.isEmpty {
                    let c = CivilDate._civilFromDays(day)
                    if months != 0 && months & (1 &<< UInt16(truncatingIfNeeded: c.month)) == 0 { continue }
                    if !monthDays.isEmpty && !monthDays.contains(index: c.day - 1, of: CivilDate.daysInMonth(year: c.year, month: c.month)) { continue }
                }
                mask.insert(i)
            }
        }
        guard !setPositions.isEmpty else { return mask }
        let n = mask.count
        var kept = _DayMask()
        var i = 0, bit = mask.first(from: 0)
        while let b = bit {
            if setPositions.contains(index: i, of: n) { kept.insert(b) }
            i += 1
            bit = mask.first(from: b + 1)
        }
        return kept
    }

    /// Adds the days of month `m` of year `y` that pass the BY filters. `first` is the 1st's day
    /// number; the mask's bit is `yearOffset + day - 1` in a YEARLY period, `day - 1` in a month.
    @inline(__always)
    private func addMonth(_ mask: inout _DayMask, year y: Int, month m: Int, first: Int, yearOffset: Int, length: Int) {
        let yearLength = CivilDate.daysInYear(y)
        let yearStart = yearOffset >= 0 ? yearOffset : CivilDate._daysFromCivil(y, m, 1) - CivilDate._daysFromCivil(y, 1, 1)
        var weekday = _weekdayNumber(ofDay: first)
        var weeksHere = 0, weeksBefore = 0, weeksAfter = 0
        if !weekNumbers.isEmpty {
            weeksBefore = weeks(inWeekYear: y - 1)
            weeksHere = weeks(inWeekYear: y)
            weeksAfter = weeks(inWeekYear: y + 1)
        }
        for d in 0..<length {
            defer { weekday = weekday == 6 ? 0 : weekday + 1 }
            if !monthDays.isEmpty && !monthDays.contains(index: d, of: length) { continue }
            let yday = yearStart + d
            if !yearDays.isEmpty && !yearDays.contains(index: yday, of: yearLength) { continue }
            if hasDayFilter {
                var ok = weekdays & (1 &<< UInt8(truncatingIfNeeded: weekday)) != 0
                if !ok && !nth.isEmpty {
                    let index = nthInYear ? yday : d, span = nthInYear ? yearLength : length
                    // The k-th such weekday from the start of the month (or year), or from its end.
                    ok = nth[weekday].containsPositive(index / 7 + 1) || nth[weekday].containsNegative((span - 1 - index) / 7 + 1)
                }
                if !ok { continue }
            }
            if !weekNumbers.isEmpty {
                let (wy, w) = CivilDate._weekBasedYearAndWeek(first + d, firstWeekday: firstWeekday)
                let total = wy < y ? weeksBefore : wy > y ? weeksAfter : weeksHere
                if !weekNumbers.containsPositive(w) && !weekNumbers.containsNegative(total - w + 1) { continue }
            }
            mask.insert(yearOffset >= 0 ? yearOffset + d : d)
        }
    }

    /// Weeks (52 or 53) of week-based year `y` for weeks starting on WKST: the week of Dec 28,
    /// which always lies in the year's last week.
    func weeks(inWeekYear y: Int) -> Int {
        CivilDate._weekBasedYearAndWeek(CivilDate._daysFromCivil(Swift.max(y, 0), 12, 28), firstWeekday: firstWeekday).week
    }
}
