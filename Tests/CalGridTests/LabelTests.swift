import Testing
import CalGridTestSupport
@testable import CalGrid

private func text(_ s: StaticString) -> String { "\(s)" }

@Suite struct LabelTests {
    @Test func weekdayNames() {
        #expect(Weekday.allCases.map { text($0.name(.short, .korean)) } == ["일", "월", "화", "수", "목", "금", "토"])
        #expect(Weekday.allCases.map { text($0.name(.long, .korean)) } == ["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"])
        #expect(Weekday.allCases.map { text($0.name(.narrow, .korean)) } == ["일", "월", "화", "수", "목", "금", "토"])
        #expect(Weekday.allCases.map { text($0.name(.narrow, .english)) } == ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"])
        #expect(Weekday.allCases.map { text($0.name(.short, .english)) } == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        #expect(Weekday.allCases.map { text($0.name(.long, .english)) } == ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])
        #expect(text(Weekday.monday.name()) == "Mon")
    }

    @Test func monthNames() throws {
        #expect(try (1...12).map { text(try MonthLabels.name($0, .long, .english)) } ==
                ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"])
        #expect(try (1...12).map { text(try MonthLabels.name($0, .short, .english)) } ==
                ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
        for w in LabelWidth.allCases {
            #expect(try (1...12).map { text(try MonthLabels.name($0, w, .korean)) } == (1...12).map { "\($0)월" })
        }
        #expect(throws: DateError.invalidMonth(0)) { try MonthLabels.name(0) }
        #expect(throws: DateError.invalidMonth(13)) { try MonthLabels.name(13, .short, .korean) }
    }

    @Test func periodNames() {
        #expect(text(PeriodKind.month.name(.long, .korean)) == "월간")
        #expect(text(PeriodKind.week.name(.long, .korean)) == "주간")
        #expect(text(PeriodKind.day.name(.long, .korean)) == "일간")
        #expect(text(PeriodKind.month.name(.long, .english)) == "Monthly")
        #expect(text(PeriodKind.week.name(.long, .english)) == "Weekly")
        #expect(text(PeriodKind.day.name(.long, .english)) == "Daily")
        #expect(text(PeriodKind.month.name(.short, .english)) == "Month")
        #expect(text(PeriodKind.year.name()) == "Yearly")
        #expect(text(PeriodKind.range.name(.long, .korean)) == "기간")
    }

    @Test func sortOrderNames() {
        #expect(text(SortOrderLabel.deadlineImminent.name(.long, .korean)) == "기한임박")
        #expect(text(SortOrderLabel.registrationOrder.name(.long, .korean)) == "등록순")
        #expect(text(SortOrderLabel.newestFirst.name(.long, .korean)) == "최신순")
        #expect(text(SortOrderLabel.deadlineImminent.name()) == "Deadline imminent")
        #expect(text(SortOrderLabel.registrationOrder.name()) == "Registration order")
        #expect(text(SortOrderLabel.newestFirst.name()) == "Newest first")
        #expect(SortOrderLabel(rawValue: 2) == .newestFirst && SortOrderLabel(rawValue: 6) == .time && SortOrderLabel(rawValue: 7) == nil)
        // Every label of every kind is non-empty, and distinct within its kind, language and width.
        for lang in LabelLanguage.allCases {
            for w in LabelWidth.allCases {
                let sorts = SortOrderLabel.allCases.map { text($0.name(w, lang)) }
                #expect(Set(sorts).count == sorts.count && !sorts.contains(""))
                let days = Weekday.allCases.map { text($0.name(w, lang)) }
                #expect(Set(days).count == 7 && !days.contains(""))
            }
        }
    }

    /// Each dropdown entry's sort and machine name, written out from the app's meaning of the
    /// entries; every name parses back to its entry and nothing else parses.
    @Test func sortOrderEntriesAndMachineNames() throws {
        let want: [(SortOrderLabel, String, TodoSortKey, Bool)] = [
            (.deadlineImminent, "deadline", .deadline, false), (.registrationOrder, "registered", .registration, false),
            (.newestFirst, "newest", .registration, true), (.startDay, "start", .start, false),
            (.title, "title", .title, false), (.progress, "progress", .completionShare, true),
            (.time, "time", .time, false),
        ]
        #expect(want.map(\.0) == SortOrderLabel.allCases)
        for (label, name, key, descending) in want {
            #expect(label.machineNameText == name && text(label.machineName) == name)
            #expect(label.order == TodoOrder(key, descending: descending), "\(name)")
            #expect(SortOrderLabel(machineName: name) == label)
            #expect(SortOrderLabel(machineName: name.uppercased()) == nil)
            #expect(SortOrderLabel(machineName: name + " ") == nil && SortOrderLabel(machineName: String(name.dropLast())) == nil)
        }
        #expect(SortOrderLabel(machineName: "") == nil && SortOrderLabel(machineName: "priority") == nil)
        #expect(TodoOrder.progress == TodoOrder(.completionShare, descending: true))
        // Each entry sorts a set as its order does: the dropdown is only a name for the order.
        var g = SeededRandom(seed: 5)
        let model = (0..<300).map { TodoDraft.random($0, using: &g) }
        let set = try TodoSet(model)
        let fr = TodoSortTests.fractions(model)
        for label in SortOrderLabel.allCases {
            #expect(set.sortedIndices(by: label.order)
                    == model.indices.sorted { TodoSortTests.less(model, fr, label.order, $0, $1) }, "\(label)")
        }
    }

    @Test func staticStringsAreCStrings() {
        // C callers get a NUL-terminated UTF-8 pointer.
        let s = Weekday.friday.name(.long, .korean)
        #expect(s.hasPointerRepresentation && s.utf8CodeUnitCount == 9)
        #expect(s.utf8Start[9] == 0)
    }

    @Test func monthTitles() throws {
        #expect(try DateTitles.month(year: 2026, month: 11) == "November 2026")
        #expect(try DateTitles.month(year: 2026, month: 11, .korean) == "2026년 11월")
        #expect(try DateTitles.month(year: 1, month: 1) == "January 1")
        #expect(try DateTitles.month(year: 9999, month: 9) == "September 9999")
        #expect(try DateTitles.month(year: 305, month: 5, .korean) == "305년 5월")
        #expect(throws: DateError.invalidMonth(13)) { try DateTitles.month(year: 2026, month: 13) }
        #expect(throws: DateError.yearOutOfRange(0)) { try DateTitles.month(year: 0, month: 1, .korean) }
        #expect(throws: DateError.yearOutOfRange(10000)) { try DateTitles.month(year: 10000, month: 1) }
        var small = [UInt8](repeating: 0, count: 8)
        #expect(try small.withUnsafeMutableBufferPointer { try DateTitles.writeMonth(year: 2026, month: 11, into: $0) } == 0)
        var big = [UInt8](repeating: 0, count: DateTitles.monthTitleCapacity)
        let n = try big.withUnsafeMutableBufferPointer { try DateTitles.writeMonth(year: 2026, month: 11, .korean, into: $0) }
        #expect(String(decoding: big[..<n], as: UTF8.self) == "2026년 11월")
        // The capacity holds the longest title of each language.
        for lang in LabelLanguage.allCases {
            for m in 1...12 {
                #expect(try DateTitles.month(year: 9999, month: m, lang).utf8.count <= DateTitles.monthTitleCapacity)
            }
        }
    }

    @Test func longDates() throws {
        let d = try CivilDate(year: 2026, month: 11, day: 29)
        #expect(DateTitles.longDate(d) == "Sunday, November 29, 2026")
        #expect(DateTitles.longDate(d, .korean) == "2026년 11월 29일 일요일")
        #expect(DateTitles.longDate(CivilDate.min) == "Monday, January 1, 1")
        let longest = try CivilDate(year: 9999, month: 9, day: 29)   // a Wednesday in September
        #expect(DateTitles.longDate(longest) == "Wednesday, September 29, 9999")
        #expect(DateTitles.longDate(longest).utf8.count <= DateTitles.longDateCapacity)
        #expect(DateTitles.longDate(try CivilDate(year: 9999, month: 12, day: 29), .korean).utf8.count <= DateTitles.longDateCapacity)
        var buf = [UInt8](repeating: 0, count: 40)
        let n = buf.withUnsafeMutableBufferPointer { DateTitles.writeLongDate(d, .korean, into: $0) }
        #expect(String(decoding: buf[..<n], as: UTF8.self) == "2026년 11월 29일 일요일")
    }
}
