extension PeriodKind {
    /// The period picker's labels: "Monthly" / "Weekly" / "Daily" = "월간" / "주간" / "일간" (long),
    /// "Month" / "Week" / "Day" = "월" / "주" / "일" (short and narrow); years are "Yearly" / "연간",
    /// explicit ranges "Custom range" / "기간". A static UTF-8 literal; nothing is allocated.
    /// - Complexity: O(1)
    public func name(_ width: LabelWidth = .long, _ language: LabelLanguage = .english) -> StaticString {
        let names: _LabelNames
        switch self {
        case .day: names = _LabelNames("Daily", "Day", "일간", "일")
        case .week: names = _LabelNames("Weekly", "Week", "주간", "주")
        case .month: names = _LabelNames("Monthly", "Month", "월간", "월")
        case .year: names = _LabelNames("Yearly", "Year", "연간", "연")
        case .range: names = _LabelNames("Custom range", "Range", "기간", "기간")
        }
        return names.name(width, language)
    }
}
