/// One holiday as a row of data: where its day comes from, the years it holds, its names and
/// whether (and since when) it has a substitute day. A country is an array of these
/// (`_HolidayRules+COUNTRY.swift`); `HolidayCalendar` is the one interpreter.
@usableFromInline
struct _HolidayRule {
    @usableFromInline
    enum Kind: UInt8 {
        /// `month`/`day` of the solar year.
        case fixed
        /// The `day`-th (1...5, or -1 = last) `weekday` (0 = Sunday) of `month`.
        case nthWeekday
        /// `offset` days from Easter Sunday (Gregorian computus).
        case easter
        /// The lunar `month`/`day` of the lunar year numbered as the solar one, plus `offset` days
        /// (the day before Seollal is lunar 1/1 - 1: the 12th month may have 29 or 30 days).
        case lunar
    }
    var kind: Kind
    var month: Int8
    var day: Int8
    var weekday: Int8 = 0
    var offset: Int16 = 0
    /// The first and last years (solar) the row holds.
    @usableFromInline var firstYear: Int16
    @usableFromInline var lastYear: Int16 = 9999
    /// From this year on, the row has a substitute day (0: never).
    @usableFromInline var substituteSince: Int16 = 0
    /// Korea: whether a Saturday also calls for a substitute (Seollal and Chuseok: only Sunday).
    @usableFromInline var substituteOnSaturday = true
    /// The row whose name a substitute day carries (Seollal's three days: Seollal's), or -1 = this one.
    @usableFromInline var substituteNameRow: Int8 = -1
    /// The English name (its bytes in `_textBytes`).
    var name: _Text
    /// The name in the country's language (Korean, German; English for the US).
    var localName: _Text
}
