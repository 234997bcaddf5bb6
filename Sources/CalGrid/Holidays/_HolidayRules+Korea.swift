// South Korea's public holidays (관공서의 공휴일에 관한 규정), as rows from 1990 on, with the law's
// changes: Jan 2 until 1998, 식목일 until 2005, 국군의 날 until 1990, 한글날 again from 2013, 제헌절
// until 2007 and again from 2026, 노동절 from 2026; the substitute days (대체공휴일) of the 2014 rule
// (Seollal and Chuseok on a Sunday or another holiday; Children's Day from 2015), of 2021 (national
// days: Liberation, Foundation and Hangul Day from 2021, 삼일절 from 2022) and of 2023 (Buddha's
// Birthday, Christmas), and of 2026 (노동절, 제헌절). Names: python-holidays' (docs/lunar-and-holidays.md).
// Election days and one-off decrees (임시공휴일) are not rows: the docs list them.
// The rows are the cases of a switch, not an array: a global array is data, which the linker keeps
// in every program (Swift has no data sections), while a function it can drop when no one asks.
let _koreanHolidayRuleCount = 23
/// Row `i` (0..<_koreanHolidayRuleCount).
func _koreanHolidayRule(_ i: Int) -> _HolidayRule {
    switch i {
    case 0: return _HolidayRule(kind: .fixed, month: 1, day: 1, firstYear: 1990, name: _Text(49, 14), localName: _Text(63, 12)) // New Year's Day / 신정연휴
    case 1: return _HolidayRule(kind: .fixed, month: 1, day: 2, firstYear: 1990, lastYear: 1998, name: _Text(49, 14), localName: _Text(63, 12)) // New Year's Day / 신정연휴
    case 2: return _HolidayRule(kind: .lunar, month: 1, day: 1, offset: -1, firstYear: 1990, substituteSince: 2014, substituteOnSaturday: false,
        substituteNameRow: 3, name: _Text(75, 33), localName: _Text(108, 13)) // The day preceding Korean New Year / 설날 전날
    case 3: return _HolidayRule(kind: .lunar, month: 1, day: 1, firstYear: 1990, substituteSince: 2014, substituteOnSaturday: false,
        name: _Text(121, 15), localName: _Text(136, 6)) // Korean New Year / 설날
    case 4: return _HolidayRule(kind: .lunar, month: 1, day: 1, offset: 1, firstYear: 1990, substituteSince: 2014, substituteOnSaturday: false,
        substituteNameRow: 3, name: _Text(142, 33), localName: _Text(175, 16)) // The second day of Korean New Year / 설날 다음날
    case 5: return _HolidayRule(kind: .fixed, month: 3, day: 1, firstYear: 1990, substituteSince: 2022, name: _Text(191, 25), localName: _Text(216, 9)) // Independence Movement Day / 삼일절
    case 6: return _HolidayRule(kind: .fixed, month: 4, day: 5, firstYear: 1990, lastYear: 2005, name: _Text(225, 17), localName: _Text(242, 9)) // Tree Planting Day / 식목일
    case 7: return _HolidayRule(kind: .lunar, month: 4, day: 8, firstYear: 1990, lastYear: 2016, name: _Text(251, 17), localName: _Text(268, 15)) // Buddha's Birthday / 석가탄신일
    case 8: return _HolidayRule(kind: .lunar, month: 4, day: 8, firstYear: 2017, substituteSince: 2023, name: _Text(251, 17), localName: _Text(283, 18)) // Buddha's Birthday / 부처님오신날
    case 9: return _HolidayRule(kind: .fixed, month: 5, day: 1, firstYear: 2026, substituteSince: 2026, name: _Text(301, 9), localName: _Text(310, 9)) // Labor Day / 노동절
    case 10: return _HolidayRule(kind: .fixed, month: 5, day: 5, firstYear: 1990, substituteSince: 2015, name: _Text(319, 14), localName: _Text(333, 12)) // Children's Day / 어린이날
    case 11: return _HolidayRule(kind: .fixed, month: 6, day: 6, firstYear: 1990, name: _Text(345, 12), localName: _Text(357, 9)) // Memorial Day / 현충일
    case 12: return _HolidayRule(kind: .fixed, month: 7, day: 17, firstYear: 1990, lastYear: 2007, name: _Text(366, 16), localName: _Text(382, 9)) // Constitution Day / 제헌절
    case 13: return _HolidayRule(kind: .fixed, month: 7, day: 17, firstYear: 2026, substituteSince: 2026, name: _Text(366, 16), localName: _Text(382, 9)) // Constitution Day / 제헌절
    case 14: return _HolidayRule(kind: .fixed, month: 8, day: 15, firstYear: 1990, substituteSince: 2021, name: _Text(391, 14), localName: _Text(405, 9)) // Liberation Day / 광복절
    case 15: return _HolidayRule(kind: .fixed, month: 10, day: 1, firstYear: 1990, lastYear: 1990, name: _Text(414, 16), localName: _Text(430, 13)) // Armed Forces Day / 국군의 날
    case 16: return _HolidayRule(kind: .fixed, month: 10, day: 3, firstYear: 1990, substituteSince: 2021, name: _Text(443, 23), localName: _Text(466, 9)) // National Foundation Day / 개천절
    case 17: return _HolidayRule(kind: .fixed, month: 10, day: 9, firstYear: 1990, lastYear: 1990, name: _Text(475, 10), localName: _Text(485, 9)) // Hangul Day / 한글날
    case 18: return _HolidayRule(kind: .fixed, month: 10, day: 9, firstYear: 2013, substituteSince: 2021, name: _Text(475, 10), localName: _Text(485, 9)) // Hangul Day / 한글날
    case 19: return _HolidayRule(kind: .lunar, month: 8, day: 15, offset: -1, firstYear: 1990, substituteSince: 2014, substituteOnSaturday: false,
        substituteNameRow: 20, name: _Text(494, 25), localName: _Text(519, 13)) // The day preceding Chuseok / 추석 전날
    case 20: return _HolidayRule(kind: .lunar, month: 8, day: 15, firstYear: 1990, substituteSince: 2014, substituteOnSaturday: false,
        name: _Text(532, 7), localName: _Text(539, 6)) // Chuseok / 추석
    case 21: return _HolidayRule(kind: .lunar, month: 8, day: 15, offset: 1, firstYear: 1990, substituteSince: 2014, substituteOnSaturday: false,
        substituteNameRow: 20, name: _Text(545, 25), localName: _Text(570, 16)) // The second day of Chuseok / 추석 다음날
    default: return _HolidayRule(kind: .fixed, month: 12, day: 25, firstYear: 1990, substituteSince: 2023, name: _Text(586, 13), localName: _Text(599, 15)) // Christmas Day / 기독탄신일
    }
}
