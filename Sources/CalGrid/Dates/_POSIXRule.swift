/// A POSIX TZ rule (`std offset [dst [offset] [,start[/time],end[/time]]]`), the form of a TZif
/// footer and of the `TZ` variable, evaluated arithmetically: no table, no allocation per query.
///
/// Rules repeat with the Gregorian calendar, every 400 years (146_097 days, exactly), so an instant is
/// first reduced into one 400-year cycle; every Int64 instant gets an answer without overflow.
struct _POSIXRule: Hashable, Sendable {
    /// Seconds east of UTC (POSIX writes west as positive; the parser flips the sign).
    var standardOffset: Int32
    var daylightOffset: Int32
    /// False for a rule such as `<+0330>-3:30` or `UTC0`: the standard offset always.
    var hasDaylight: Bool
    /// Daylight time starts (in local standard time) and ends (in local daylight time).
    var start: _RuleDate
    var end: _RuleDate

    /// 400 Gregorian years in seconds.
    static var _cycle: Int64 { Int64(CivilDate._daysPerEra) * LocalTime.secondsPerDay }   // computed: folds to a constant, no lazy global

    /// `t` moved by whole 400-year cycles into 0..<_cycle (1970...2369): same rule, same answer.
    @inline(__always)
    static func _reduce(_ t: Int64) -> Int64 {
        let r = t % _cycle
        return r < 0 ? r + _cycle : r
    }

    /// The year, in local standard time, of a reduced instant (or one a few days outside the cycle).
    @inline(__always)
    func _year(_ r: Int64) -> Int {
        let local = r + Int64(standardOffset)
        let perDay = LocalTime.secondsPerDay
        let day = local >= 0 ? local / perDay : (local - (perDay - 1)) / perDay
        return CivilDate._civilFromDays(Int(day)).year
    }

    /// The instants (UTC) at which daylight time starts and ends in `year`.
    @inline(__always)
    func _transitions(_ year: Int) -> (start: Int64, end: Int64) {
        let s = Int64(start.dayNumber(year: year)) * LocalTime.secondsPerDay + Int64(start.time) - Int64(standardOffset)
        let e = Int64(end.dayNumber(year: year)) * LocalTime.secondsPerDay + Int64(end.time) - Int64(daylightOffset)
        return (s, e)
    }

    /// True when daylight time is in force at the reduced instant `r`: the state set by the latest
    /// start or end at or before `r`. Rule times reach ±167 h, so a year's transitions may fall in
    /// the next or previous year; the neighbouring years are looked at too.
    ///
    /// Each year's pair is ordered by that year alone, so every instant sees the same sequence of
    /// transitions (deciding the order from `r`'s year made the state after a year flip at New
    /// Year, a change `nextChange` never reports). A year whose start and end coincide has no
    /// transition, as in tzcode; with weekday dates that can hold for several years in a row, so
    /// when the neighbouring years have none the search goes back year by year, up to one cycle.
    /// Where a year's end and the next year's start coincide (`EST5EDT,0/0,J365/25`, "always
    /// daylight time"), the start, which logically follows, wins.
    func _isDaylight(_ r: Int64) -> Bool {
        let y = _year(r)
        var best = Int64.min
        var daylight = false
        @inline(__always) func consider(_ t: Int64, _ state: Bool) {
            if t <= r && t >= best { best = t; daylight = state }
        }
        for yy in (y - 2)...(y + 1) {
            let tr = _transitions(yy)
            if tr.start < tr.end { consider(tr.start, true); consider(tr.end, false) }
            else if tr.end < tr.start { consider(tr.end, false); consider(tr.start, true) }
        }
        guard best == Int64.min else { return daylight }
        // Years this far back end before `r`: the later transition of the first year with any is the state.
        for yy in stride(from: y - 3, through: y - _POSIXRule._yearsPerCycle, by: -1) {
            let tr = _transitions(yy)
            if tr.start != tr.end { return tr.start > tr.end }
        }
        return false
    }

    /// Years in one cycle of the Gregorian calendar.
    static var _yearsPerCycle: Int { 400 }

    /// Seconds east of UTC at `t`.
    /// - Complexity: O(1)
    @inline(__always)
    func offset(at t: Int64) -> Int32 {
        guard hasDaylight else { return standardOffset }
        return _isDaylight(_POSIXRule._reduce(t)) ? daylightOffset : standardOffset
    }

    /// The first start or end after `t` (and at most `limit`) after which the offset is not `current`,
    /// or nil.
    /// - Complexity: O(1): at most a few transitions, and one cycle of years for a rule whose start and
    ///   end coincide in most years.
    func nextChange(after t: Int64, from current: Int32, through limit: Int64) -> Int64? {
        guard hasDaylight else { return nil }
        let r = _POSIXRule._reduce(t)
        let (shift, o) = t.subtractingReportingOverflow(r)
        guard !o else { return nil }
        var cursor = r
        var changesSeen = 0, yearsSearched = 0
        // Each pass moves to the next start or end; a change of offset is among the next few. A
        // window of years with none (start and end coincide) is skipped whole.
        while changesSeen < 8 && yearsSearched <= _POSIXRule._yearsPerCycle {
            let y = _year(cursor)
            var next = Int64.max
            for yy in (y - 1)...(y + 2) {
                let tr = _transitions(yy)
                guard tr.start != tr.end else { continue }
                if tr.start > cursor && tr.start < next { next = tr.start }
                if tr.end > cursor && tr.end < next { next = tr.end }
            }
            if next == Int64.max {
                // Nothing in y-1...y+2 follows the cursor; y+3's transitions come after y+2's New Year.
                let newYear = Int64(CivilDate._daysFromCivil(y + 2, 1, 1)) * LocalTime.secondsPerDay - Int64(standardOffset)
                cursor = max(cursor, newYear)
                yearsSearched += 2
                continue
            }
            let (real, o2) = next.addingReportingOverflow(shift)
            guard !o2, real <= limit else { return nil }
            if (_isDaylight(next) ? daylightOffset : standardOffset) != current { return real }
            cursor = next
            changesSeen += 1
        }
        return nil
    }
}

/// One end of daylight time in a POSIX rule: a day of the year and a time of that day.
struct _RuleDate: Hashable, Sendable {
    enum Form: UInt8, Hashable, Sendable {
        /// `Jn`: day n of 1...365, February 29 never counted (J60 is always March 1).
        case julian
        /// `n`: zero-based day 0...365, February 29 counted.
        case zeroBased
        /// `Mm.w.d`: weekday d (0 = Sunday) of week w (1...5, 5 = last) of month m.
        case monthWeekDay
    }
    var form: Form
    /// n for `Jn` and `n`; the weekday d for `Mm.w.d`.
    var day: Int16
    var month: UInt8
    var week: UInt8
    /// Seconds after local midnight, -167 h...+167 h (RFC 8536 §3.3.1); default 02:00.
    var time: Int32

    /// Days since 1970-01-01 of this date in `year` (a year near 1970...2370).
    @inline(__always)
    func dayNumber(year: Int) -> Int {
        switch form {
        case .julian:
            let n = Int(day)
            return CivilDate._daysFromCivil(year, 1, 1) + n - 1 + (n >= 60 && CivilDate.isLeapYear(year) ? 1 : 0)
        case .zeroBased:
            return CivilDate._daysFromCivil(year, 1, 1) + Int(day)
        case .monthWeekDay:
            let m = Int(month)
            let first = CivilDate._daysFromCivil(year, m, 1)
            let w = Int(CivilDate(_unchecked: Int32(truncatingIfNeeded: first)).weekday.rawValue)
            var d = first + (Int(day) - w + 7) % 7 + (Int(week) - 1) * 7
            // Week 5 means the last such weekday: at most one week too far.
            if d >= first + CivilDate.daysInMonth(year: year, month: m) { d -= 7 }
            return d
        }
    }
}
