import Testing
@testable import CalGrid

private func day(_ s: String) -> CivilDate { try! CivilDate(iso8601: s) }

@Suite struct DatePickerTests {
    @Test func columnsAtTheBounds() throws {
        let p = try DatePicker(minimum: day("2024-03-15"), maximum: day("2026-10-10"), selection: day("2025-06-15"))
        #expect(p.years == 2024...2026)
        #expect(try p.months(inYear: 2024) == 3...12)
        #expect(try p.months(inYear: 2025) == 1...12)
        #expect(try p.months(inYear: 2026) == 1...10)
        #expect(try p.days(inYear: 2024, month: 3) == 15...31)
        #expect(try p.days(inYear: 2024, month: 4) == 1...30)
        #expect(try p.days(inYear: 2025, month: 2) == 1...28)
        #expect(try p.days(inYear: 2026, month: 10) == 1...10)
        #expect(throws: DateError.yearOutOfRange(2023)) { try p.months(inYear: 2023) }
        #expect(throws: DateError.invalidMonth(2)) { try p.days(inYear: 2024, month: 2) }
        #expect(throws: DateError.invalidMonth(11)) { try p.days(inYear: 2026, month: 11) }
        #expect(p.months == 1...12 && p.days == 1...30)
    }

    @Test func reclampingKeepsAValidSelection() throws {
        var p = try DatePicker(selection: day("2025-03-31"))
        try p.selectMonth(2)
        #expect(p.selection == day("2025-02-28"))
        try p.selectYear(2024)
        #expect(p.selection == day("2024-02-28"))      // the day stays 28, it is not re-grown
        try p.selectDay(29)
        try p.selectYear(2023)
        #expect(p.selection == day("2023-02-28"))      // Feb 29 → 28
        try p.selectYear(2000)
        try p.selectMonth(3)
        try p.selectDay(31)
        try p.selectMonth(4)
        #expect(p.selection == day("2000-04-30"))
        #expect(throws: DateError.invalidDay(year: 2000, month: 4, day: 31)) { try p.selectDay(31) }
        #expect(throws: DateError.invalidMonth(13)) { try p.selectMonth(13) }
        #expect(throws: DateError.yearOutOfRange(0)) { try p.selectYear(0) }
        #expect(p.selection == day("2000-04-30"))      // failed picks change nothing
    }

    @Test func clampingToMinAndMax() throws {
        var p = try DatePicker(minimum: day("2024-03-15"), maximum: day("2026-10-10"), selection: day("2025-03-10"))
        try p.selectYear(2024)
        #expect(p.selection == day("2024-03-15"))      // March 10 is before the minimum
        p.select(day("2025-01-31"))
        try p.selectYear(2024)
        #expect(p.selection == day("2024-03-31"))      // January is before the minimum's month
        p.select(day("2025-12-31"))
        try p.selectYear(2026)
        #expect(p.selection == day("2026-10-10"))      // December 31 → the maximum
        #expect(throws: DateError.yearOutOfRange(2027)) { try p.selectYear(2027) }
        #expect(throws: DateError.invalidMonth(11)) { try p.selectMonth(11) }
        #expect(throws: DateError.invalidDay(year: 2026, month: 10, day: 11)) { try p.selectDay(11) }
        p.select(day("1999-01-01"))
        #expect(p.selection == day("2024-03-15"))
        p.select(day("2099-01-01"))
        #expect(p.selection == day("2026-10-10"))
        #expect(try DatePicker(minimum: day("2024-03-15"), maximum: day("2026-10-10"), selection: CivilDate.max).selection == day("2026-10-10"))
        #expect(throws: DateError.invertedRange(first: day("2026-10-10").dayNumber, last: day("2024-03-15").dayNumber)) {
            try DatePicker(minimum: day("2026-10-10"), maximum: day("2024-03-15"), selection: day("2025-01-01"))
        }
        let one = try DatePicker(minimum: day("2024-02-29"), maximum: day("2024-02-29"), selection: day("2024-02-29"))
        #expect(one.years == 2024...2024 && one.months == 2...2 && one.days == 29...29)
    }

    /// Columns against brute force: a (year, month, day) is offered exactly when it is a real date
    /// within the bounds; every pick lands inside the bounds.
    @Test(arguments: [("2023-11-20", "2024-03-05"), ("0001-01-01", "0001-02-02"), ("9999-11-30", "9999-12-31"), ("2024-02-29", "2028-02-28")])
    func columnsMatchBruteForce(bounds: (String, String)) throws {
        let lo = day(bounds.0), hi = day(bounds.1)
        let p = try DatePicker(minimum: lo, maximum: hi, selection: lo)
        for y in p.years {
            let months = try p.months(inYear: y)
            for m in 1...12 {
                let real = (1...31).filter { (try? CivilDate(year: y, month: m, day: $0)).map { lo <= $0 && $0 <= hi } ?? false }
                #expect(months.contains(m) == !real.isEmpty, "\(y)-\(m)")
                if months.contains(m) { #expect(Array(try p.days(inYear: y, month: m)) == real, "\(y)-\(m)") }
            }
        }
        var q = p
        for y in p.years {
            for m in 1...12 {
                for d in [1, 15, 28, 31] {
                    q.select(lo)
                    try? q.selectYear(y)
                    try? q.selectMonth(m)
                    try? q.selectDay(d)
                    #expect(lo <= q.selection && q.selection <= hi)
                    #expect(q.days.contains(q.selection.day) && q.months.contains(q.selection.month))
                }
            }
        }
    }
}
