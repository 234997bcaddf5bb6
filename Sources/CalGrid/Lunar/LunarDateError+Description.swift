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
            return "lunar year " + n(y) + " is outside " + n(LunarDate.firstYear) + "..." + n(LunarDate.lastYear)
                + ", the years the KASI table covers"
        case .invalidMonth(let m):
            return "lunar month " + n(m) + " is outside 1...12"
        case .noLeapMonth(let y, let m, let leap):
            return "lunar year " + n(y) + " has no leap month " + n(m)
                + (leap == 0 ? " (it has no leap month)" : " (its leap month is " + n(leap) + ")")
        case .invalidDay(let y, let m, let isLeap, let d, let length):
            return "day " + n(d) + " does not exist in lunar " + (isLeap ? "leap " : "") + "month " + n(m) + " of " + n(y)
                + ", which has " + n(length) + " days"
        case .afterLastDay(let y, let m, let d):
            let last = LunarDate.last
            return "lunar " + n(y) + "-" + n(m) + "-" + n(d) + " is after " + n(last.year) + "-" + n(last.month) + "-" + n(last.day)
                + ", the last day the KASI table covers"
        case .dayOutOfRange(let v):
            let r = LunarDate.civilRange
            let day = v >= CivilDate.minDayNumber && v <= CivilDate.maxDayNumber ? CivilDate(_unchecked: v).iso8601 : "day " + n(Int(v))
            return day + " is outside " + r.lowerBound.iso8601 + "..." + r.upperBound.iso8601 + ", the solar days the lunar table covers"
        }
    }
}
