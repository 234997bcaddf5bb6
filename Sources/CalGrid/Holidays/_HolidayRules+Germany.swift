// Germany's national holidays (those every state keeps) as rows from 1991 on (German Unity Day since
// 1990's reunification), with the one-off nationwide Reformation Day of 2017 (its 500th anniversary,
// by every state's law). No substitute days. Names: python-holidays' English and the German ones.
// The rows are the cases of a switch, not an array: a global array is data, which the linker keeps
// in every program (Swift has no data sections), while a function it can drop when no one asks.
let _germanHolidayRuleCount = 10
/// Row `i` (0..<_germanHolidayRuleCount).
func _germanHolidayRule(_ i: Int) -> _HolidayRule {
    switch i {
    case 0: return _HolidayRule(kind: .fixed, month: 1, day: 1, firstYear: 1991, name: _Text(49, 14), localName: _Text(753, 7)) // New Year's Day / Neujahr
    case 1: return _HolidayRule(kind: .easter, month: 0, day: 0, offset: -2, firstYear: 1991, name: _Text(760, 11), localName: _Text(771, 10)) // Good Friday / Karfreitag
    case 2: return _HolidayRule(kind: .easter, month: 0, day: 0, offset: 1, firstYear: 1991, name: _Text(781, 13), localName: _Text(794, 11)) // Easter Monday / Ostermontag
    case 3: return _HolidayRule(kind: .fixed, month: 5, day: 1, firstYear: 1991, name: _Text(301, 9), localName: _Text(805, 10)) // Labor Day / Erster Mai
    case 4: return _HolidayRule(kind: .easter, month: 0, day: 0, offset: 39, firstYear: 1991, name: _Text(815, 13), localName: _Text(828, 19)) // Ascension Day / Christi Himmelfahrt
    case 5: return _HolidayRule(kind: .easter, month: 0, day: 0, offset: 50, firstYear: 1991, name: _Text(847, 16), localName: _Text(863, 13)) // Pentecost Monday / Pfingstmontag
    case 6: return _HolidayRule(kind: .fixed, month: 10, day: 3, firstYear: 1991, name: _Text(876, 16), localName: _Text(892, 25)) // German Unity Day / Tag der Deutschen Einheit
    case 7: return _HolidayRule(kind: .fixed, month: 10, day: 31, firstYear: 2017, lastYear: 2017, name: _Text(917, 15), localName: _Text(932, 15)) // Reformation Day / Reformationstag
    case 8: return _HolidayRule(kind: .fixed, month: 12, day: 25, firstYear: 1991, name: _Text(586, 13), localName: _Text(947, 20)) // Christmas Day / Erster Weihnachtstag
    default: return _HolidayRule(kind: .fixed, month: 12, day: 26, firstYear: 1991, name: _Text(967, 23), localName: _Text(990, 21)) // Second Day of Christmas / Zweiter Weihnachtstag
    }
}
