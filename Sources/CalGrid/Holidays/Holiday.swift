/// One holiday on one day: a row's own day or its substitute (대체공휴일, "observed").
public struct Holiday: Hashable, Sendable {
    /// The day off.
    public let date: CivilDate
    public let country: HolidayCountry
    /// The row it comes from (its names), in the country's table.
    @usableFromInline let _row: Int16
    /// A substitute day (its name is "Alternative holiday for …" / "… 대체 휴일", or "… (observed)").
    public let isSubstitute: Bool

    /// - Complexity: O(1)
    @usableFromInline
    init(date: CivilDate, country: HolidayCountry, _row: Int16, isSubstitute: Bool) {
        self.date = date; self.country = country; self._row = _row; self.isSubstitute = isSubstitute
    }

    /// The holiday of row `row` of `country`'s table on `date`, for a caller that kept the three
    /// numbers (the C layer's `calgrid_holiday`); nil for a row the table does not have.
    /// - Complexity: O(1)
    package init?(date: CivilDate, country: HolidayCountry, row: Int, isSubstitute: Bool) {
        guard row >= 0, row < country._ruleCount else { return nil }
        self.init(date: date, country: country, _row: Int16(truncatingIfNeeded: row), isSubstitute: isSubstitute)
    }

    /// The row of the country's table it comes from (what `init?(date:country:row:isSubstitute:)` takes).
    /// - Complexity: O(1)
    package var row: Int { Int(_row) }

    /// The English name: "Chuseok", "Alternative holiday for Liberation Day", "Christmas Day (observed)".
    /// - Complexity: O(1); allocates the returned string.
    public var name: String {
        let base = country._rule(Int(_row)).name.string
        guard isSubstitute else { return base }
        return country == .korea ? _Text.alternativeFor.string + base : base + _Text.observed.string
    }

    /// The name in the country's language: Korean ("추석", "광복절 대체 휴일"), German
    /// ("Tag der Deutschen Einheit"); for the US, `name`.
    /// - Complexity: O(1); allocates the returned string.
    public var localName: String {
        let base = country._rule(Int(_row)).localName.string
        switch country {
        case .korea: return isSubstitute ? base + _Text.substituteKo.string : base
        case .germany: return base
        case .unitedStates: return name
        }
    }

    /// The Korean name of a Korean holiday; nil in other countries.
    /// - Complexity: O(1); allocates the returned string.
    public var nameKo: String? { country == .korea ? localName : nil }

    /// - Complexity: O(1)
    public static func == (a: Holiday, b: Holiday) -> Bool {
        a.date == b.date && a.country == b.country && a._row == b._row && a.isSubstitute == b.isSubstitute
    }
    /// - Complexity: O(1)
    public func hash(into h: inout Hasher) { h.combine(date); h.combine(_row); h.combine(isSubstitute) }
}
