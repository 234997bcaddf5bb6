import CalGrid

/// `--lang en|ko`.
enum Language: String {
    case en, ko

    var labels: LabelLanguage { self == .en ? .english : .korean }
}

/// The core's en/ko labels (Sources/CalGrid/Labels) as `String`s, plus the CLI's short date.
enum Labels {
    static func string(_ s: StaticString) -> String { s.description }

    static func monthName(_ month: Int, _ lang: Language) -> String {
        (try? MonthLabels.name(month, .long, lang.labels)).map(string) ?? String(month)
    }

    static func monthTitle(year: Int, month: Int, _ lang: Language) -> String {
        (try? DateTitles.month(year: year, month: month, lang.labels)) ?? "\(year)-\(month)"
    }

    /// Two-column weekday headers: "Su" … "Sa", or one Hangul syllable (two columns wide).
    static func weekdayShort(_ w: Weekday, _ lang: Language) -> String { string(w.name(.narrow, lang.labels)) }

    /// "Sunday, November 29, 2026" / "2026년 11월 29일 일요일".
    static func longDate(_ d: CivilDate, _ lang: Language) -> String { DateTitles.longDate(d, lang.labels) }

    /// "Nov 26" / "11월 26일", padded so a column of them lines up.
    static func shortDate(_ d: CivilDate, _ lang: Language) -> String {
        let c = d.components
        switch lang {
        case .en: return ((try? MonthLabels.name(c.month, .short, .english)).map(string) ?? "") + " " + TextWidth.padLeft(String(c.day), to: 2)
        case .ko: return TextWidth.padLeft("\(c.month)월", to: 4) + " " + TextWidth.padLeft("\(c.day)일", to: 4)
        }
    }
}
