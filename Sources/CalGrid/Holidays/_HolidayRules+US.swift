// United States federal holidays (5 U.S.C. 6103) as rows from 1971 (the Uniform Monday Holiday Act)
// on: Martin Luther King Jr. Day from 1986, Veterans Day back on November 11 from 1978, Juneteenth
// from 2021. A Saturday holiday is observed the Friday before, a Sunday one the Monday after
// (Executive Order 11582), so New Year's Day can be observed on December 31. Names: python-holidays'.
// The rows are the cases of a switch, not an array: a global array is data, which the linker keeps
// in every program (Swift has no data sections), while a function it can drop when no one asks.
let _usHolidayRuleCount = 12
/// Row `i` (0..<_usHolidayRuleCount).
func _usHolidayRule(_ i: Int) -> _HolidayRule {
    switch i {
    case 0: return _HolidayRule(kind: .fixed, month: 1, day: 1, firstYear: 1971, substituteSince: 1971, name: _Text(49, 14), localName: _Text(49, 14)) // New Year's Day / New Year's Day
    case 1: return _HolidayRule(kind: .nthWeekday, month: 1, day: 3, weekday: 1, firstYear: 1986,
        name: _Text(614, 26), localName: _Text(614, 26)) // Martin Luther King Jr. Day / Martin Luther King Jr. Day
    case 2: return _HolidayRule(kind: .nthWeekday, month: 2, day: 3, weekday: 1, firstYear: 1971, name: _Text(640, 21), localName: _Text(640, 21)) // Washington's Birthday / Washington's Birthday
    case 3: return _HolidayRule(kind: .nthWeekday, month: 5, day: -1, weekday: 1, firstYear: 1971, name: _Text(345, 12), localName: _Text(345, 12)) // Memorial Day / Memorial Day
    case 4: return _HolidayRule(kind: .fixed, month: 6, day: 19, firstYear: 2021, substituteSince: 2021,
        name: _Text(661, 36), localName: _Text(661, 36)) // Juneteenth National Independence Day / Juneteenth National Independence Day
    case 5: return _HolidayRule(kind: .fixed, month: 7, day: 4, firstYear: 1971, substituteSince: 1971, name: _Text(697, 16), localName: _Text(697, 16)) // Independence Day / Independence Day
    case 6: return _HolidayRule(kind: .nthWeekday, month: 9, day: 1, weekday: 1, firstYear: 1971, name: _Text(301, 9), localName: _Text(301, 9)) // Labor Day / Labor Day
    case 7: return _HolidayRule(kind: .nthWeekday, month: 10, day: 2, weekday: 1, firstYear: 1971, name: _Text(713, 12), localName: _Text(713, 12)) // Columbus Day / Columbus Day
    case 8: return _HolidayRule(kind: .nthWeekday, month: 10, day: 4, weekday: 1, firstYear: 1971, lastYear: 1977, name: _Text(725, 12), localName: _Text(725, 12)) // Veterans Day / Veterans Day
    case 9: return _HolidayRule(kind: .fixed, month: 11, day: 11, firstYear: 1978, substituteSince: 1978, name: _Text(725, 12), localName: _Text(725, 12)) // Veterans Day / Veterans Day
    case 10: return _HolidayRule(kind: .nthWeekday, month: 11, day: 4, weekday: 4, firstYear: 1971, name: _Text(737, 16), localName: _Text(737, 16)) // Thanksgiving Day / Thanksgiving Day
    default: return _HolidayRule(kind: .fixed, month: 12, day: 25, firstYear: 1971, substituteSince: 1971, name: _Text(586, 13), localName: _Text(586, 13)) // Christmas Day / Christmas Day
    }
}
