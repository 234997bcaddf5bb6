/// Month names. Months are plain integers in CalGrid (1 = January), so the names live here.
public enum MonthLabels {
    /// "Jan" / "January"; Korean "1월" at every width. A static UTF-8 literal; nothing is allocated.
    /// - Throws: `DateError.invalidMonth` outside 1...12.
    /// - Complexity: O(1)
    public static func name(_ month: Int, _ width: LabelWidth = .long, _ language: LabelLanguage = .english) throws(DateError) -> StaticString {
        guard month >= 1, month <= 12 else { throw DateError.invalidMonth(month) }
        switch language {
        case .english:
            if width == .long {
                switch month {
                case 1: return "January"
                case 2: return "February"
                case 3: return "March"
                case 4: return "April"
                case 5: return "May"
                case 6: return "June"
                case 7: return "July"
                case 8: return "August"
                case 9: return "September"
                case 10: return "October"
                case 11: return "November"
                default: return "December"
                }
            }
            switch month {
            case 1: return "Jan"
            case 2: return "Feb"
            case 3: return "Mar"
            case 4: return "Apr"
            case 5: return "May"
            case 6: return "Jun"
            case 7: return "Jul"
            case 8: return "Aug"
            case 9: return "Sep"
            case 10: return "Oct"
            case 11: return "Nov"
            default: return "Dec"
            }
        case .korean:
            switch month {
            case 1: return "1월"
            case 2: return "2월"
            case 3: return "3월"
            case 4: return "4월"
            case 5: return "5월"
            case 6: return "6월"
            case 7: return "7월"
            case 8: return "8월"
            case 9: return "9월"
            case 10: return "10월"
            case 11: return "11월"
            default: return "12월"
            }
        }
    }
}
