/// The countries whose public holidays CalGrid carries as data (`_HolidayRule` rows).
public enum HolidayCountry: UInt8, CaseIterable, Sendable {
    /// South Korea: 관공서의 공휴일에 관한 규정, with its substitute holidays (대체공휴일).
    case korea = 0
    /// The United States: federal holidays, with their observed days.
    case unitedStates = 1
    /// Germany: the national holidays (those of every state).
    case germany = 2

    /// The ISO 3166-1 alpha-2 code: "KR", "US", "DE".
    /// - Complexity: O(1)
    public var code: StaticString {
        switch self {
        case .korea: return "KR"
        case .unitedStates: return "US"
        case .germany: return "DE"
        }
    }

    /// The country of an ISO 3166-1 alpha-2 code, in either case ("KR", "kr"); nil for another.
    /// - Complexity: O(1)
    public init?(code: String) {
        // Two bytes as one number, not array patterns: array literals are data every program keeps.
        var key = 0, n = 0
        for b in code.utf8 { n += 1; key = key << 8 | Int(b >= 0x61 && b <= 0x7A ? b - 0x20 : b) }
        switch n == 2 ? key : 0 {
        case 0x4B52: self = .korea
        case 0x5553: self = .unitedStates
        case 0x4445: self = .germany
        default: return nil
        }
    }

    /// How many rows this country's holidays have.
    var _ruleCount: Int {
        switch self {
        case .korea: return _koreanHolidayRuleCount
        case .unitedStates: return _usHolidayRuleCount
        case .germany: return _germanHolidayRuleCount
        }
    }

    /// Row `i` (0..<_ruleCount) of this country's holidays.
    func _rule(_ i: Int) -> _HolidayRule {
        switch self {
        case .korea: return _koreanHolidayRule(i)
        case .unitedStates: return _usHolidayRule(i)
        case .germany: return _germanHolidayRule(i)
        }
    }

    /// How a holiday that falls on a weekend (or on another holiday) gives a day off.
    var _substitution: _Substitution {
        switch self {
        case .korea: return .nextFreeWeekday
        case .unitedStates: return .nearestWeekday
        case .germany: return .none
        }
    }
}

/// The substitute-day schemes the rows can ask for.
enum _Substitution {
    /// No substitute days.
    case none
    /// US federal: a Saturday holiday is observed the Friday before, a Sunday one the Monday after.
    case nearestWeekday
    /// Korea: the first following day that is neither a weekend day nor a holiday.
    case nextFreeWeekday
}
