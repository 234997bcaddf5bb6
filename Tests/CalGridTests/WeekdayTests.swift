import Testing
@testable import CalGrid

@Suite struct WeekdayTests {
    @Test func dayCountMatchesCountingDayByDay() throws {
        // Every repetition against a walk over the days, for spans of 0...20 days starting on each
        // weekday, and a few long spans (the closed form counts whole weeks).
        let base = try CivilDate(year: 2026, month: 3, day: 1)
        for mask in UInt8(1)...127 {
            let days = WeekdaySet(rawValue: mask)
            for startOffset in 0..<7 {
                let first = try base.adding(days: startOffset)
                for length in [0, 1, 2, 3, 6, 7, 8, 13, 14, 15, 20, 400] {
                    let last = try first.adding(days: length - 1)   // length 0: last is before first
                    var walked = 0
                    var d = first
                    while d <= last {
                        if days.contains(d.weekday) { walked += 1 }
                        d = try d.adding(days: 1)
                    }
                    #expect(days.dayCount(from: first, through: last) == walked, "mask \(mask) from \(first) for \(length) days")
                }
            }
        }
        #expect(WeekdaySet.all.dayCount(from: CivilDate.min, through: CivilDate.max) == Int(CivilDate.maxDayNumber - CivilDate.minDayNumber) + 1)
    }

    @Test func weeksInYearRepeatsEvery400Years() {
        // The Gregorian calendar repeats every 400 years, so years outside 1...9999 follow suit.
        for y in 1...400 {
            let w = ISOWeek.weeksInYear(y)
            #expect(ISOWeek.weeksInYear(y - 400) == w && ISOWeek.weeksInYear(y - 4000) == w && ISOWeek.weeksInYear(y + 10_000) == w, "\(y)")
        }
    }
}
