/// Labels for Korean lunar dates, in English or Korean.
///
/// | | Korean | English |
/// | --- | --- | --- |
/// | `date` | 음력 10월 27일, 음력 윤6월 3일 | Lunar 10/27, Lunar leap 6/3 |
/// | `month` | 10월, 윤6월 | 10, leap 6 |
/// | `cell` (under a solar day) | 10.27, 윤6.3 | 10/27, L6/3 |
public enum LunarLabels {
    /// "음력 10월 27일" / "Lunar 10/27"; in a leap month "음력 윤6월 3일" / "Lunar leap 6/3".
    /// - Complexity: O(1); allocates the returned string.
    public static func date(_ d: LunarDate, _ language: LabelLanguage = .english) -> String {
        switch language {
        case .korean: return "음력 " + month(d.month, isLeapMonth: d.isLeapMonth, .korean) + " \(d.day)일"
        case .english: return "Lunar " + (d.isLeapMonth ? "leap " : "") + "\(d.month)/\(d.day)"
        }
    }

    /// The month alone: "6월" / "윤6월" in Korean, "6" / "leap 6" in English.
    /// - Complexity: O(1); allocates the returned string.
    public static func month(_ month: Int, isLeapMonth: Bool, _ language: LabelLanguage = .english) -> String {
        switch language {
        case .korean: return (isLeapMonth ? "윤" : "") + "\(month)월"
        case .english: return (isLeapMonth ? "leap " : "") + "\(month)"
        }
    }

    /// The short form a month cell shows under the solar day, at most 6 columns wide:
    /// "10.27" / "윤6.3" in Korean, "10/27" / "L6/3" in English.
    /// - Complexity: O(1); allocates the returned string.
    public static func cell(_ d: LunarDate, _ language: LabelLanguage = .english) -> String {
        switch language {
        case .korean: return (d.isLeapMonth ? "윤" : "") + "\(d.month).\(d.day)"
        case .english: return (d.isLeapMonth ? "L" : "") + "\(d.month)/\(d.day)"
        }
    }
}
