extension Weekday {
    /// The weekday's name: "Su" / "Sun" / "Sunday", "일" / "일" / "일요일".
    /// A static UTF-8 literal (NUL-terminated, usable from C); nothing is allocated.
    /// - Complexity: O(1)
    public func name(_ width: LabelWidth = .short, _ language: LabelLanguage = .english) -> StaticString {
        switch (language, width) {
        case (.english, .narrow):
            switch self {
            case .sunday: return "Su"
            case .monday: return "Mo"
            case .tuesday: return "Tu"
            case .wednesday: return "We"
            case .thursday: return "Th"
            case .friday: return "Fr"
            case .saturday: return "Sa"
            }
        case (.english, .short):
            switch self {
            case .sunday: return "Sun"
            case .monday: return "Mon"
            case .tuesday: return "Tue"
            case .wednesday: return "Wed"
            case .thursday: return "Thu"
            case .friday: return "Fri"
            case .saturday: return "Sat"
            }
        case (.english, .long):
            switch self {
            case .sunday: return "Sunday"
            case .monday: return "Monday"
            case .tuesday: return "Tuesday"
            case .wednesday: return "Wednesday"
            case .thursday: return "Thursday"
            case .friday: return "Friday"
            case .saturday: return "Saturday"
            }
        case (.korean, .narrow), (.korean, .short):
            switch self {
            case .sunday: return "일"
            case .monday: return "월"
            case .tuesday: return "화"
            case .wednesday: return "수"
            case .thursday: return "목"
            case .friday: return "금"
            case .saturday: return "토"
            }
        case (.korean, .long):
            switch self {
            case .sunday: return "일요일"
            case .monday: return "월요일"
            case .tuesday: return "화요일"
            case .wednesday: return "수요일"
            case .thursday: return "목요일"
            case .friday: return "금요일"
            case .saturday: return "토요일"
            }
        }
    }
}
