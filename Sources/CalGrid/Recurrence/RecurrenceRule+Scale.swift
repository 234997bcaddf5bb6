extension RecurrenceRule {
    /// The calendar a rule counts its years, months and month days in: RFC 7529's `RSCALE`.
    /// CalGrid knows the Gregorian calendar (no `RSCALE`, or `RSCALE=GREGORIAN`) and the Korean
    /// lunisolar one (`RSCALE=DANGI`, over `LunarDate`'s table); any other scale is a
    /// `RecurrenceError` naming it.
    public enum Scale: UInt8, CaseIterable, Hashable, Sendable {
        case gregorian, dangi

        /// The RFC 7529 name: `GREGORIAN`, `DANGI`.
        /// - Complexity: O(1)
        public var name: String { self == .gregorian ? "GREGORIAN" : "DANGI" }
    }

    /// What a lunar rule does in a year its month day or leap month does not occur in (day 30 of a
    /// 29-day month, `BYMONTH=6L` in a year without a leap 6th month): RFC 7529's `SKIP`.
    public enum Skip: UInt8, CaseIterable, Hashable, Sendable {
        /// No occurrence that year (the default).
        case omit
        /// The day before: day 29 for a missing 30th, the ordinary month for a missing leap month.
        case backward
        /// The day after: the next month's 1st for a missing 30th, the next month for a missing
        /// leap month.
        case forward

        /// The RFC 7529 name: `OMIT`, `BACKWARD`, `FORWARD`.
        /// - Complexity: O(1)
        public var name: String {
            switch self {
            case .omit: return "OMIT"
            case .backward: return "BACKWARD"
            case .forward: return "FORWARD"
            }
        }
    }

    /// `RSCALE`: `.gregorian` unless the rule says `RSCALE=DANGI`.
    /// - Complexity: O(1)
    public var scale: Scale { Scale(rawValue: _scale) ?? .gregorian }

    /// `SKIP`: `.omit` unless the rule says otherwise.
    /// - Complexity: O(1)
    public var skip: Skip { Skip(rawValue: _skip) ?? .omit }
}
