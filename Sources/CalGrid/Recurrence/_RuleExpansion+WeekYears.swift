extension _RuleExpansion {
    /// Whether `day` (day `dayOfMonth` of month `month` of year `year`) passes the BY filters other
    /// than BYMONTH: the test of a YEARLY rule with BYWEEKNO, whose periods are week-based years
    /// (`weekYears`), a day at a time (such rules are rare; `addMonth` is the fast path of the
    /// others). BYYEARDAY and BYMONTHDAY count in the day's own calendar year and month.
    /// - Complexity: O(1)
    func passes(_ day: Int, year y: Int, month m: Int, dayOfMonth dm: Int) -> Bool {
        let length = CivilDate.daysInMonth(year: y, month: m)
        if !monthDays.isEmpty && !monthDays.contains(index: dm - 1, of: length) { return false }
        let yday = day - CivilDate._daysFromCivil(y, 1, 1), yearLength = CivilDate.daysInYear(y)
        if !yearDays.isEmpty && !yearDays.contains(index: yday, of: yearLength) { return false }
        // BYDAY beside BYWEEKNO has no ordinals (the parser refuses them): plain weekdays only.
        if weekdays != 0 && weekdays & (1 &<< UInt8(truncatingIfNeeded: _weekdayNumber(ofDay: day))) == 0 { return false }
        let (wy, w) = CivilDate._weekBasedYearAndWeek(day, firstWeekday: firstWeekday)
        return weekNumbers.containsPositive(w) || weekNumbers.containsNegative(weeks(inWeekYear: wy) - w + 1)
    }
}
