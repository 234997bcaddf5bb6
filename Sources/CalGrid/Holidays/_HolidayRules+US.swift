// United States federal holidays (5 U.S.C. 6103) as rows from 1971 (the Uniform Monday Holiday Act)
// on: Martin Luther King Jr. Day from 1986, Veterans Day back on November 11 from 1978, Juneteenth
// from 2021. A Saturday holiday is observed the Friday before, a Sunday one the Monday after
// (Executive Order 11582), so New Year's Day can be observed on December 31. Names: python-holidays'.
let _usHolidayRules: [_HolidayRule] = [
    _HolidayRule(kind: .fixed, month: 1, day: 1, firstYear: 1971, substituteSince: 1971, name: "New Year's Day", localName: "New Year's Day"),
    _HolidayRule(kind: .nthWeekday, month: 1, day: 3, weekday: 1, firstYear: 1986,
                 name: "Martin Luther King Jr. Day", localName: "Martin Luther King Jr. Day"),
    _HolidayRule(kind: .nthWeekday, month: 2, day: 3, weekday: 1, firstYear: 1971, name: "Washington's Birthday", localName: "Washington's Birthday"),
    _HolidayRule(kind: .nthWeekday, month: 5, day: -1, weekday: 1, firstYear: 1971, name: "Memorial Day", localName: "Memorial Day"),
    _HolidayRule(kind: .fixed, month: 6, day: 19, firstYear: 2021, substituteSince: 2021,
                 name: "Juneteenth National Independence Day", localName: "Juneteenth National Independence Day"),
    _HolidayRule(kind: .fixed, month: 7, day: 4, firstYear: 1971, substituteSince: 1971, name: "Independence Day", localName: "Independence Day"),
    _HolidayRule(kind: .nthWeekday, month: 9, day: 1, weekday: 1, firstYear: 1971, name: "Labor Day", localName: "Labor Day"),
    _HolidayRule(kind: .nthWeekday, month: 10, day: 2, weekday: 1, firstYear: 1971, name: "Columbus Day", localName: "Columbus Day"),
    _HolidayRule(kind: .nthWeekday, month: 10, day: 4, weekday: 1, firstYear: 1971, lastYear: 1977, name: "Veterans Day", localName: "Veterans Day"),
    _HolidayRule(kind: .fixed, month: 11, day: 11, firstYear: 1978, substituteSince: 1978, name: "Veterans Day", localName: "Veterans Day"),
    _HolidayRule(kind: .nthWeekday, month: 11, day: 4, weekday: 4, firstYear: 1971, name: "Thanksgiving Day", localName: "Thanksgiving Day"),
    _HolidayRule(kind: .fixed, month: 12, day: 25, firstYear: 1971, substituteSince: 1971, name: "Christmas Day", localName: "Christmas Day"),
]
