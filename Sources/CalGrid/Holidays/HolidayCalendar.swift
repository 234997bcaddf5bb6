/// Public holidays computed from the countries' rows of data (`_HolidayRule`): each row's day in a
/// year, then the country's substitute days, in date order.
public enum HolidayCalendar {
    // @_alwaysEmitIntoClient (here and in what builds the list): a program that never asks for
    // holidays then carries no ContiguousArrayStorage<Holiday> metadata, which Swift would put in the
    // data section every firmware keeps whole (docs/lunar-and-holidays.md, Size).
    /// The holidays of `country` in `days`, by date (rows' order within a day; a substitute after
    /// the holidays of its day). Lunar holidays exist only within `LunarDate.civilRange`.
    /// - Complexity: O(years × rows log rows) for the years `days` touches; one array.
    @_alwaysEmitIntoClient
    public static func holidays(in days: ClosedRange<CivilDate>, country: HolidayCountry) -> [Holiday] {
        var out: [Holiday] = []
        let first = Swift.max(1, days.lowerBound.year - 1), last = Swift.min(9999, days.upperBound.year + 1)
        guard first <= last else { return out }
        for y in first...last {
            for h in _year(y, country) where days.contains(h.date) { out.append(h) }
        }
        out.sort { ($0.date, $0.isSubstitute ? 1 : 0, $0._row) < ($1.date, $1.isSubstitute ? 1 : 0, $1._row) }
        return out
    }

    /// The holidays on one day (usually none or one; Korea can have two).
    /// - Complexity: O(rows log rows) for three years.
    @_alwaysEmitIntoClient
    public static func holidays(on day: CivilDate, country: HolidayCountry) -> [Holiday] {
        holidays(in: day...day, country: country)
    }

    /// Working days in `days`: Monday to Friday, minus the days that hold a holiday.
    /// - Complexity: O(days / 7 + holidays in `days`).
    @_alwaysEmitIntoClient
    public static func workdays(in days: ClosedRange<CivilDate>, country: HolidayCountry) -> Int {
        var weekdays = weekdays(in: days)
        var previous: CivilDate? = nil
        for h in holidays(in: days, country: country) where h.date != previous {
            previous = h.date
            if !h.date.weekday.isWeekend { weekdays -= 1 }
        }
        return weekdays
    }

    /// Working days in `period` (a week, a month, a year, a range): Monday to Friday, minus the
    /// days that hold a holiday; what C's `calgrid_period_workdays` counts.
    /// - Complexity: O(days / 7 + holidays in `period`).
    @_alwaysEmitIntoClient
    public static func workdays(in period: Period, country: HolidayCountry) -> Int {
        workdays(in: period.first...period.last, country: country)
    }

    /// Monday to Friday in `days`: the working days of a calendar without holidays.
    /// - Complexity: O(1)
    @_alwaysEmitIntoClient
    public static func weekdays(in days: ClosedRange<CivilDate>) -> Int {
        let n = days.lowerBound.days(to: days.upperBound) + 1
        var count = n / 7 * 5
        var w = days.lowerBound.weekday.rawValue
        for _ in 0..<(n % 7) {
            if w != 0 && w != 6 { count += 1 }
            w = (w + 1) % 7
        }
        return count
    }

    /// Every holiday of solar year `year` with the substitute days its holidays give (which may fall
    /// in the next or, in the US, the previous year), sorted by date.
    @_alwaysEmitIntoClient @usableFromInline
    static func _year(_ year: Int, _ country: HolidayCountry) -> [Holiday] {
        // Rows by index, not copied into an array: an array of rows brings its type's metadata,
        // which Swift keeps in the shared data section of every program (docs/lunar-and-holidays.md).
        let rules = country._rule
        var list: [Holiday] = []
        for i in 0..<country._ruleCount where year >= Int(rules(i).firstYear) && year <= Int(rules(i).lastYear) {
            if let d = _day(rules(i), year) {
                list.append(Holiday(date: d, country: country, _row: Int16(i), isSubstitute: false))
            }
        }
        list.sort { ($0.date, $0._row) < ($1.date, $1._row) }
        func eligible(_ r: _HolidayRule) -> Bool { r.substituteSince != 0 && year >= Int(r.substituteSince) }
        switch country._substitution {
        case .none: break
        case .nearestWeekday:
            for h in list where eligible(rules(Int(h._row))) {
                let w = h.date.weekday
                guard w.isWeekend else { continue }
                let d = _civil(h.date.dayNumber + (w == .saturday ? -1 : 1))
                list.append(Holiday(date: d, country: country, _row: h._row, isSubstitute: true))
            }
        case .nextFreeWeekday:
            _addNextFreeWeekdays(&list, rules, eligible)
        }
        return list
    }

    /// Korea's rule (관공서의 공휴일에 관한 규정 §3): a holiday on a weekend (Seollal's and Chuseok's
    /// days: on a Sunday) or on the day of another holiday gives the first following day that is
    /// neither a weekend day nor a holiday; one substitute per day, named after the holidays of that
    /// day (after Seollal or Chuseok alone when the day is one of theirs). Days in date order, each
    /// seeing the substitutes before it.
    @_alwaysEmitIntoClient @usableFromInline
    static func _addNextFreeWeekdays(_ list: inout [Holiday], _ rules: (Int) -> _HolidayRule, _ eligible: (_HolidayRule) -> Bool) {
        let original = list
        var i = 0
        while i < original.count {
            var j = i
            while j < original.count, original[j].date == original[i].date { j += 1 }
            let day = original[i].date, rows = original[i..<j].map { Int($0._row) }
            i = j
            guard rows.contains(where: { eligible(rules($0)) }) else { continue }
            let seasonal = rows.first { !rules($0).substituteOnSaturday }
            let w = day.weekday
            let weekend = seasonal != nil ? w == .sunday : w.isWeekend
            guard weekend || rows.count > 1 else { continue }
            var target = day.dayNumber + 1
            while _civil(target).weekday.isWeekend || list.contains(where: { $0.date.dayNumber == target }) {
                target += 1
            }
            let names = seasonal.map { s in [rules(s).substituteNameRow < 0 ? s : Int(rules(s).substituteNameRow)] } ?? rows
            for n in names {
                list.append(Holiday(date: _civil(target), country: list[0].country, _row: Int16(n), isSubstitute: true))
            }
        }
    }

    /// A row's day in `year`, or nil (a lunar day outside the table, or a 5th weekday the month lacks).
    @usableFromInline
    static func _day(_ r: _HolidayRule, _ year: Int) -> CivilDate? {
        let n: Int
        switch r.kind {
        case .fixed:
            n = CivilDate._daysFromCivil(year, Int(r.month), Int(r.day))
        case .nthWeekday:
            let length = CivilDate.daysInMonth(year: year, month: Int(r.month))
            let first = CivilDate._daysFromCivil(year, Int(r.month), 1)
            let firstWeekday = Int(_civil(Int32(truncatingIfNeeded: first)).weekday.rawValue)
            let lead = (Int(r.weekday) - firstWeekday + 7) % 7
            if r.day > 0 {
                let d = lead + 7 * (Int(r.day) - 1)
                guard d < length else { return nil }
                n = first + d
            } else {
                n = first + lead + (length - 1 - lead) / 7 * 7
            }
        case .easter:
            n = _easter(year) + Int(r.offset)
        case .lunar:
            guard let l = try? LunarDate(year: year, month: Int(r.month), day: Int(r.day)) else { return nil }
            n = Int(l.civilDate.dayNumber) + Int(r.offset)
        }
        guard n >= Int(CivilDate.minDayNumber), n <= Int(CivilDate.maxDayNumber) else { return nil }
        return _civil(Int32(truncatingIfNeeded: n))
    }

    /// `CivilDate(_unchecked:)` for the inlinable functions above (that initializer is `package`).
    /// - Complexity: O(1)
    @usableFromInline
    static func _civil(_ n: Int32) -> CivilDate { CivilDate(_unchecked: n) }

    /// Day number of Easter Sunday, Gregorian computus (the anonymous algorithm: Meeus/Jones/Butcher).
    static func _easter(_ y: Int) -> Int {
        let a = y % 19, b = y / 100, c = y % 100, d = b / 4, e = b % 4
        let f = (b + 8) / 25, g = (b - f + 1) / 3, h = (19 * a + b - d - g + 15) % 30
        let i = c / 4, k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7, m = (a + 11 * h + 22 * l) / 451
        let month = (h + l - 7 * m + 114) / 31, day = (h + l - 7 * m + 114) % 31 + 1
        return CivilDate._daysFromCivil(y, month, day)
    }
}
