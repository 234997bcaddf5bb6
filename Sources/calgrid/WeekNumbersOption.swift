import CalGrid

/// `--week-numbers iso|simple|none`: `simple` numbers weeks the way `strftime` `%U` / `%W` do,
/// for the view's first weekday (week 1 starts on the year's first such day, the days before
/// are week 0).
enum WeekNumberChoice: String {
    case iso, simple, none

    /// The core's numbering for a view whose weeks start on `firstWeekday`; nil for `none`.
    func numbering(firstWeekday: Weekday) -> WeekNumbering? {
        switch self {
        case .iso: return .iso8601
        case .simple: return .firstWeekday(firstWeekday)
        case .none: return nil
        }
    }
}

extension SelectionState {
    /// The `selection` string of the JSON output.
    var jsonName: String {
        switch self {
        case .none: return "none"
        case .single: return "single"
        case .first: return "first"
        case .middle: return "middle"
        case .last: return "last"
        }
    }
}
