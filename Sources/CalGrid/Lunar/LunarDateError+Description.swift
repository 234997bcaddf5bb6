extension LunarDateError: CustomStringConvertible {
    /// One English sentence naming the rejected value, e.g. "day 30 does not exist in lunar month 10
    /// of 2024, which has 29 days". The one wording of each case: the CLI and the C API show it.
    /// Built by concatenation, not interpolation: in Embedded Swift each interpolated segment inlines
    /// its own code (6.1 KB for these sentences; concatenation shares `String(_:)`).
    /// - Complexity: O(1); allocates the returned string.
    public var description: String {
        func n(_ v: Int) -> String { String(v) }
        switch self {
        case .yearOutOfRange(let y):
            return _LunarText(0, 11).string + n(y) + _LunarText(11, 12).string + n(LunarDate.firstYear) + "..." + n(LunarDate.lastYear)
                + _LunarText(23, 33).string
        case .invalidMonth(let m):
            return _LunarText(56, 12).string + n(m) + _LunarText(68, 18).string
        case .noLeapMonth(let y, let m, let leap):
            return _LunarText(0, 11).string + n(y) + _LunarText(86, 19).string + n(m)
                + (leap == 0 ? _LunarText(105, 23).string : _LunarText(128, 20).string + n(leap) + ")")
        case .invalidDay(let y, let m, let isLeap, let d, let length):
            return _LunarText(148, 4).string + n(d) + _LunarText(152, 25).string + (isLeap ? _LunarText(177, 5).string : "") + _LunarText(182, 6).string + n(m) + _LunarText(188, 4).string + n(y)
                + _LunarText(192, 12).string + n(length) + _LunarText(204, 5).string
        case .afterLastDay(let y, let m, let d):
            let last = LunarDate.last
            return _LunarText(209, 6).string + n(y) + "-" + n(m) + "-" + n(d) + _LunarText(215, 10).string + n(last.year) + "-" + n(last.month) + "-" + n(last.day)
                + _LunarText(225, 36).string
        case .dayOutOfRange(let v):
            let r = LunarDate.civilRange
            let day = v >= CivilDate.minDayNumber && v <= CivilDate.maxDayNumber ? CivilDate(_unchecked: v).iso8601 : _LunarText(148, 4).string + n(Int(v))
            return day + _LunarText(11, 12).string + r.lowerBound.iso8601 + "..." + r.upperBound.iso8601 + _LunarText(261, 39).string
        }
    }
}
