import CalGrid

/// `--lang en|ko`.
enum Language: String {
    case en, ko
}

// TODO(core Labels): replace with the core's en/ko labels (Sources/CalGrid/Labels) once on main.
// Local stand-in so the views can be written now; it holds names only, no calendar logic.
enum LocalLabels {
    static func monthName(_ month: Int, _ lang: Language) -> String {
        switch lang {
        case .en:
            return ["January", "February", "March", "April", "May", "June", "July", "August",
                    "September", "October", "November", "December"][month - 1]
        case .ko: return "\(month)월"
        }
    }

    static func monthTitle(year: Int, month: Int, _ lang: Language) -> String {
        switch lang {
        case .en: return "\(monthName(month, .en)) \(year)"
        case .ko: return "\(year)년 \(month)월"
        }
    }

    /// Two-column weekday headers: "Su" … "Sa", or one Hangul syllable (two columns wide).
    static func weekdayShort(_ w: Weekday, _ lang: Language) -> String {
        switch lang {
        case .en: return ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"][Int(w.rawValue)]
        case .ko: return ["일", "월", "화", "수", "목", "금", "토"][Int(w.rawValue)]
        }
    }

    static func weekdayName(_ w: Weekday, _ lang: Language) -> String {
        switch lang {
        case .en: return ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][Int(w.rawValue)]
        case .ko: return ["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"][Int(w.rawValue)]
        }
    }

    /// "Sunday, November 29, 2026" / "2026년 11월 29일 일요일".
    static func longDate(_ d: CivilDate, _ lang: Language) -> String {
        let c = d.components
        switch lang {
        case .en: return "\(weekdayName(d.weekday, .en)), \(monthName(c.month, .en)) \(c.day), \(c.year)"
        case .ko: return "\(c.year)년 \(c.month)월 \(c.day)일 \(weekdayName(d.weekday, .ko))"
        }
    }
}

extension LocalLabels {
    static func monthShort(_ month: Int, _ lang: Language) -> String {
        switch lang {
        case .en: return ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
        case .ko: return "\(month)월"
        }
    }

    /// "Nov 26" / "11월 26일", padded so a column of them lines up.
    static func shortDate(_ d: CivilDate, _ lang: Language) -> String {
        let c = d.components
        switch lang {
        case .en: return monthShort(c.month, .en) + " " + TextWidth.padLeft(String(c.day), to: 2)
        case .ko: return TextWidth.padLeft("\(c.month)월", to: 4) + " " + TextWidth.padLeft("\(c.day)일", to: 4)
        }
    }
}
