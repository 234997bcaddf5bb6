extension PeriodKind {
    /// The period picker's labels: "Monthly" / "Weekly" / "Daily" = "월간" / "주간" / "일간" (long),
    /// "Month" / "Week" / "Day" = "월" / "주" / "일" (short and narrow); years are "Yearly" / "연간",
    /// explicit ranges "Custom range" / "기간". A static UTF-8 literal; nothing is allocated.
    /// - Complexity: O(1)
    public func name(_ width: LabelWidth = .long, _ language: LabelLanguage = .english) -> StaticString {
        let long = width == .long
        switch (language, self) {
        case (.english, .day): return long ? "Daily" : "Day"
        case (.english, .week): return long ? "Weekly" : "Week"
        case (.english, .month): return long ? "Monthly" : "Month"
        case (.english, .year): return long ? "Yearly" : "Year"
        case (.english, .range): return long ? "Custom range" : "Range"
        case (.korean, .day): return long ? "일간" : "일"
        case (.korean, .week): return long ? "주간" : "주"
        case (.korean, .month): return long ? "월간" : "월"
        case (.korean, .year): return long ? "연간" : "연"
        case (.korean, .range): return long ? "기간" : "기간"
        }
    }
}
