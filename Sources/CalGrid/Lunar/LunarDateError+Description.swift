extension LunarDateError: CustomStringConvertible {
    /// One English sentence naming the rejected value, e.g. "day 30 does not exist in lunar month 10
    /// of 2024, which has 29 days". The one wording of each case: the CLI and the C API show it.
    /// - Complexity: O(1); allocates the returned string.
    public var description: String {
        switch self {
        case .yearOutOfRange(let y):
            return "lunar year \(y) is outside \(LunarDate.firstYear)...\(LunarDate.lastYear), the years the KASI table covers"
        case .invalidMonth(let m):
            return "lunar month \(m) is outside 1...12"
        case .noLeapMonth(let y, let m, let leap):
            return "lunar year \(y) has no leap month \(m)" + (leap == 0 ? " (it has no leap month)" : " (its leap month is \(leap))")
        case .invalidDay(let y, let m, let isLeap, let d, let length):
            return "day \(d) does not exist in lunar \(isLeap ? "leap " : "")month \(m) of \(y), which has \(length) days"
        case .afterLastDay(let y, let m, let d):
            let last = LunarDate.last
            return "lunar \(y)-\(m)-\(d) is after \(last.year)-\(last.month)-\(last.day), the last day the KASI table covers"
        case .dayOutOfRange(let n):
            let r = LunarDate.civilRange
            let day = n >= CivilDate.minDayNumber && n <= CivilDate.maxDayNumber ? CivilDate(_unchecked: n).iso8601 : "day \(n)"
            return "\(day) is outside \(r.lowerBound.iso8601)...\(r.upperBound.iso8601), the solar days the lunar table covers"
        }
    }
}
