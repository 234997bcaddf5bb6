/// The countries whose public holidays CalGrid carries as data (`_HolidayRule` rows).
// Not CaseIterable: its witness and `allCases` would sit in the data every firmware keeps whole.
public enum HolidayCountry: UInt8, Sendable {
    /// South Korea: 관공서의 공휴일에 관한 규정, with its substitute holidays (대체공휴일).
    case korea = 0
    /// The United States: federal holidays, with their observed days.
    case unitedStates = 1
    /// Germany: the national holidays (those of every state).
    case germany = 2

    /// The ISO 3166-1 alpha-2 code: "KR", "US", "DE".
    /// - Complexity: O(1); allocates the returned string.
    public var code: String {
        // Built from `_codeKey`, not string literals, which land in the string section every program keeps.
        let key = _codeKey
        return String(decoding: [UInt8(truncatingIfNeeded: key >> 8), UInt8(truncatingIfNeeded: key)], as: UTF8.self)
    }

    /// The code's two ASCII bytes as one number ("KR": 0x4B52).
    var _codeKey: Int {
        switch self {
        case .korea: return 0x4B52
        case .unitedStates: return 0x5553
        case .germany: return 0x4445
        }
    }

    /// The country of an ISO 3166-1 alpha-2 code, in either case ("KR", "kr"); nil for another.
    /// - Complexity: O(1)
    public init?(code: String) {
        // Two bytes as one number, not array patterns: array literals are data every program keeps.
        var key = 0, n = 0
        for b in code.utf8 { n += 1; key = key << 8 | Int(b >= 0x61 && b <= 0x7A ? b - 0x20 : b) }
        switch n == 2 ? key : 0 {
        case HolidayCountry.korea._codeKey: self = .korea
        case HolidayCountry.unitedStates._codeKey: self = .unitedStates
        case HolidayCountry.germany._codeKey: self = .germany
        default: return nil
        }
    }

    /// How many rows this country's holidays have.
    @usableFromInline
    var _ruleCount: Int {
        switch self {
        case .korea: return _koreanHolidayRuleCount
        case .unitedStates: return _usHolidayRuleCount
        case .germany: return _germanHolidayRuleCount
        }
    }

    /// Row `i` (0..<_ruleCount) of this country's holidays.
    @usableFromInline
    func _rule(_ i: Int) -> _HolidayRule {
        switch self {
        case .korea: return _koreanHolidayRule(i)
        case .unitedStates: return _usHolidayRule(i)
        case .germany: return _germanHolidayRule(i)
        }
    }

    /// How a holiday that falls on a weekend (or on another holiday) gives a day off.
    @usableFromInline
    var _substitution: _Substitution {
        switch self {
        case .korea: return .nextFreeWeekday
        case .unitedStates: return .nearestWeekday
        case .germany: return .none
        }
    }
}

/// The substitute-day schemes the rows can ask for.
@usableFromInline
enum _Substitution {
    /// No substitute days.
    case none
    /// US federal: a Saturday holiday is observed the Friday before, a Sunday one the Monday after.
    case nearestWeekday
    /// Korea: the first following day that is neither a weekend day nor a holiday.
    case nextFreeWeekday
}
