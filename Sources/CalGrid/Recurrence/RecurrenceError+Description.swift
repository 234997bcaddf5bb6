extension RecurrenceError: CustomStringConvertible {
    /// The one sentence for the error, `PART: why`, e.g. `BYDAY=9MO: ordinal 9 is outside -5...5 for
    /// MONTHLY`; every layer shows it.
    /// - Complexity: O(1); allocates the returned string.
    public var description: String {
        let why: String
        switch reason {
        case .ruleTooLong(let n): why = "the rule is \(n) bytes, over the \(RecurrenceRule.maxTextBytes)-byte limit"
        case .emptyRule: why = "the rule is empty"
        case .emptyPart: why = "empty part (two ';' in a row or a leading ';')"
        case .malformedPart: why = "not NAME=VALUE"
        case .unknownPart: why = "unknown rule part"
        case .timeOfDayPart: why = "time-of-day parts are not supported: CalGrid's days are civil days"
        case .duplicatePart: why = "the part appears twice"
        case .missingFrequency: why = "the rule has no FREQ part"
        case .unknownFrequency: why = "unknown frequency (DAILY, WEEKLY, MONTHLY or YEARLY)"
        case .subDayFrequency: why = "sub-day frequencies are not supported: CalGrid's days are civil days"
        case .notANumber: why = "not a number"
        case .outOfRange(let v, let r, let signed):
            why = signed ? "\(v) is outside -\(r.upperBound)...-\(r.lowerBound) and \(r.lowerBound)...\(r.upperBound)"
                         : "\(v) is outside \(r.lowerBound)...\(r.upperBound)"
        case .unknownWeekday: why = "unknown weekday (MO, TU, WE, TH, FR, SA or SU)"
        case .ordinalOutOfRange(let o, let limit, let f):
            why = o == 0 ? "ordinal 0 is not allowed" : "ordinal \(o) is outside -\(limit)...\(limit) for \(f.name)"
        case .ordinalNotAllowed(let f): why = "ordinals are allowed only in MONTHLY and YEARLY rules, not \(f.name)"
        case .ordinalWithWeekNumber: why = "ordinals are not allowed in a YEARLY rule with BYWEEKNO"
        case .partNotAllowed(let f): why = "not allowed in a \(f.name) rule"
        case .countWithUntil: why = "COUNT and UNTIL cannot both be given"
        case .malformedUntil: why = "not YYYYMMDD, YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ of a real day and time"
        case .unknownScale: why = "unsupported calendar scale (GREGORIAN or DANGI, the Korean lunar calendar)"
        case .unknownSkip: why = "unknown SKIP value (OMIT, BACKWARD or FORWARD)"
        case .needsLunarScale: why = "needs RSCALE=DANGI (leap months and SKIP belong to lunar rules)"
        case .notInLunarRule:
            why = "not supported in an RSCALE=DANGI rule (FREQ=YEARLY or MONTHLY with INTERVAL, COUNT, UNTIL, BYMONTH, BYMONTHDAY, SKIP, WKST)"
        }
        return part.isEmpty ? why : part + ": " + why
    }
}
