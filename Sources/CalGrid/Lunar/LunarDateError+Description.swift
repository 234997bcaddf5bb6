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
            return _Text(1011, 11).string + n(y) + _Text(1022, 12).string + n(LunarDate.firstYear) + "..." + n(LunarDate.lastYear)
                + _Text(1034, 33).string
        case .invalidMonth(let m):
            return _Text(1067, 12).string + n(m) + _Text(1079, 18).string
        case .noLeapMonth(let y, let m, let leap):
            return _Text(1011, 11).string + n(y) + _Text(1097, 19).string + n(m)
                + (leap == 0 ? _Text(1116, 23).string : _Text(1139, 20).string + n(leap) + ")")
        case .invalidDay(let y, let m, let isLeap, let d, let length):
            return _Text(1159, 4).string + n(d) + _Text(1163, 25).string + (isLeap ? _Text(1188, 5).string : "") + _Text(1193, 6).string + n(m) + _Text(1199, 4).string + n(y)
                + _Text(1203, 12).string + n(length) + _Text(1215, 5).string
        case .afterLastDay(let y, let m, let d):
            let last = LunarDate.last
            return _Text(1220, 6).string + n(y) + "-" + n(m) + "-" + n(d) + _Text(1226, 10).string + n(last.year) + "-" + n(last.month) + "-" + n(last.day)
                + _Text(1236, 36).string
        case .dayOutOfRange(let v):
            let r = LunarDate.civilRange
            let day = v >= CivilDate.minDayNumber && v <= CivilDate.maxDayNumber ? CivilDate(_unchecked: v).iso8601 : _Text(1159, 4).string + n(Int(v))
            return day + _Text(1022, 12).string + r.lowerBound.iso8601 + "..." + r.upperBound.iso8601 + _Text(1272, 39).string
        }
    }
}
