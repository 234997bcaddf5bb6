extension CivilDate {
    /// (calendar year, 0-based day of the year) in one conversion. Valid for every date from
    /// 0000-03-01 on, so also for the year-0 and year-10000 cells at the edges of a grid.
    @inlinable @inline(__always)
    static func _yearAndOrdinal(_ dayNumber: Int) -> (year: Int, ordinal: Int) {
        let (marchYear, doyMarch) = _marchYearAndDay(dayNumber)         // 0 = March 1st
        let january = _januaryInMarchYear
        let year = marchYear + (doyMarch >= january ? 1 : 0)
        // Jan/Feb close the March-based year; March…Dec follow Jan + Feb (59 or 60 days).
        let ordinal = doyMarch >= january ? doyMarch - january : doyMarch + 59 + (CivilDate.isLeapYear(year) ? 1 : 0)
        return (year, ordinal)
    }

    /// The week-based year and week (1...53) of day number `n` for weeks that start on weekday
    /// number `first` (0 = Sunday): ISO 8601's rule (and RFC 5545's BYWEEKNO with WKST) for any
    /// first weekday. Week 1 is the first week with at least four days in the year, so a week
    /// belongs to the year of its fourth day.
    @inlinable @inline(__always)
    static func _weekBasedYearAndWeek(_ n: Int, firstWeekday first: Int) -> (year: Int, week: Int) {
        // Count the weeks of the week's fourth day (Thursday for ISO) since Jan 1 of its year.
        let offset = (_weekdayNumber(ofDay: n) + 7 - first) % 7                // 0 = first day of the week
        let (year, ordinal) = CivilDate._yearAndOrdinal(n - offset + 3)
        return (year, ordinal / 7 + 1)
    }

    /// The ISO 8601 week-based year and week (1...53) of this day.
    /// - Complexity: O(1)
    @inlinable
    public var isoWeek: ISOWeek {
        let (year, week) = CivilDate._weekBasedYearAndWeek(Int(dayNumber), firstWeekday: 1)
        return ISOWeek(_unchecked: year, week)
    }

    /// The week of the calendar year (0...53) for weeks that start on `firstWeekday`, as C's
    /// `strftime` counts: the days before the year's first `firstWeekday` are week 0.
    /// `.sunday` gives `%U`, `.monday` gives `%W`.
    /// - Complexity: O(1)
    @inlinable
    public func weekOfYear(firstWeekday: Weekday) -> Int {
        let ordinal = CivilDate._yearAndOrdinal(Int(dayNumber)).ordinal
        return (ordinal + 7 - weekday.offset(from: firstWeekday)) / 7
    }

    /// The week number under `numbering`: ISO week (1...53, of the week-based year, see
    /// `isoWeek`) or `weekOfYear(firstWeekday:)` (0...53).
    /// - Complexity: O(1)
    @inlinable
    public func weekNumber(_ numbering: WeekNumbering) -> Int {
        switch numbering {
        case .iso8601: return isoWeek.week
        case .firstWeekday(let w): return weekOfYear(firstWeekday: w)
        }
    }

    /// The week of the month (1...6) for weeks that start on `firstWeekday`: the 1st is in week 1,
    /// and a new week begins on every `firstWeekday`. This is the row (plus one) of the day in its
    /// month's grid.
    /// - Complexity: O(1)
    @inlinable
    public func weekOfMonth(firstWeekday: Weekday) -> Int {
        let d = day
        // Column of the 1st in a row that starts on `firstWeekday`.
        let lead = ((weekday.offset(from: firstWeekday) - (d - 1)) % 7 + 7) % 7
        return (d - 1 + lead) / 7 + 1
    }

    /// `weekOfMonth(firstWeekday:)` with the policy's first weekday (Monday for ISO 8601).
    /// - Complexity: O(1)
    @inlinable
    public func weekOfMonth(_ numbering: WeekNumbering) -> Int { weekOfMonth(firstWeekday: numbering.firstWeekday) }

    /// The day of an ISO week: `weekday` is any day of the week (Monday starts it, Sunday ends it).
    /// Throws for a week that does not exist (2026-W53) or a day past 9999-12-31.
    /// - Complexity: O(1)
    @inlinable
    public init(isoWeek: ISOWeek, weekday: Weekday) throws(DateError) {
        try self.init(dayNumber: Int64(isoWeek.monday.dayNumber) + Int64(weekday.isoNumber - 1))
    }
}
