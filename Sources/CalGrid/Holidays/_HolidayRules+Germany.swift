// Germany's national holidays (those every state keeps) as rows from 1991 on (German Unity Day since
// 1990's reunification), with the one-off nationwide Reformation Day of 2017 (its 500th anniversary,
// by every state's law). No substitute days. Names: python-holidays' English and the German ones.
// The rows are the cases of a switch, not an array: a global array is data, which the linker keeps
// in every program (Swift has no data sections), while a function it can drop when no one asks.
let _germanHolidayRuleCount = 10
/// Row `i` (0..<_germanHolidayRuleCount).
func _germanHolidayRule(_ i: Int) -> _HolidayRule {
    switch i {
    case 0: return _HolidayRule(kind: .fixed, month: 1, day: 1, firstYear: 1991, name: "New Year's Day", localName: "Neujahr")
    case 1: return _HolidayRule(kind: .easter, month: 0, day: 0, offset: -2, firstYear: 1991, name: "Good Friday", localName: "Karfreitag")
    case 2: return _HolidayRule(kind: .easter, month: 0, day: 0, offset: 1, firstYear: 1991, name: "Easter Monday", localName: "Ostermontag")
    case 3: return _HolidayRule(kind: .fixed, month: 5, day: 1, firstYear: 1991, name: "Labor Day", localName: "Erster Mai")
    case 4: return _HolidayRule(kind: .easter, month: 0, day: 0, offset: 39, firstYear: 1991, name: "Ascension Day", localName: "Christi Himmelfahrt")
    case 5: return _HolidayRule(kind: .easter, month: 0, day: 0, offset: 50, firstYear: 1991, name: "Pentecost Monday", localName: "Pfingstmontag")
    case 6: return _HolidayRule(kind: .fixed, month: 10, day: 3, firstYear: 1991, name: "German Unity Day", localName: "Tag der Deutschen Einheit")
    case 7: return _HolidayRule(kind: .fixed, month: 10, day: 31, firstYear: 2017, lastYear: 2017, name: "Reformation Day", localName: "Reformationstag")
    case 8: return _HolidayRule(kind: .fixed, month: 12, day: 25, firstYear: 1991, name: "Christmas Day", localName: "Erster Weihnachtstag")
    default: return _HolidayRule(kind: .fixed, month: 12, day: 26, firstYear: 1991, name: "Second Day of Christmas", localName: "Zweiter Weihnachtstag")
    }
}
