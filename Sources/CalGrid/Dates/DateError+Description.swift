extension DateError: CustomStringConvertible {
    /// An English sentence naming the rejected value, e.g. "day 29 does not exist in month 2 of year 2023".
    /// The one wording of each case: the JSON layer, the C API and the CLI all show it.
    /// - Complexity: O(1); allocates the returned string.
    public var description: String {
        switch self {
        case .yearOutOfRange(let y): return "year \(y) is outside 1...9999"
        case .invalidMonth(let m): return "month \(m) is outside 1...12"
        case .invalidDay(let y, let m, let d): return "day \(d) does not exist in month \(m) of year \(y)"
        case .dayNumberOutOfRange(let n): return "day number \(n) is outside 0001-01-01...9999-12-31"
        case .invalidWeekday(let w): return "weekday \(w) is outside 0...6 (0 = Sunday)"
        case .malformedDate(let offset): return "not a YYYY-MM-DD date: unexpected byte at offset \(offset)"
        case .invertedRange(let f, let l):
            // Day numbers of supported dates read as dates; any other is shown as the number it is.
            func day(_ n: Int32) -> String {
                n >= CivilDate.minDayNumber && n <= CivilDate.maxDayNumber ? CivilDate(_unchecked: n).iso8601 : "day \(n)"
            }
            return "the range ends on " + day(l) + ", before it starts on " + day(f)
        case .invalidWeek(let y, let w): return "ISO week \(w) does not exist in \(y) (it has \(ISOWeek.weeksInYear(y)) weeks)"
        case .countOutOfRange(let n): return "count \(n) is out of range"
        }
    }
}
