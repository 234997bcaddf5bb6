import Testing
import CalGrid

/// The README's "Todo sets" example, with its outcomes asserted.
@Suite struct TodoReadmeTests {
    @Test func readmeExample() throws {
        let mwf = WeekdaySet([.monday, .wednesday, .friday])
        var set = try TodoSet([
            TodoDraft(id: "gym", title: "Gym", start: try CivilDate(iso8601: "2026-11-02"),
                      end: try CivilDate(iso8601: "2026-11-30"), createdAt: 1_780_000_000,
                      isChallenge: true, repetition: mwf),
            TodoDraft(id: "tax", title: "File tax return", end: try CivilDate(iso8601: "2026-11-26")),
            TodoDraft(id: "read", title: "운동 일지 쓰기", start: try CivilDate(iso8601: "2026-11-20")),
        ])
        let today = try CivilDate(iso8601: "2026-11-30")
        #expect(try set.toggleDone(on: today, at: set.index(ofID: "gym")!))
        #expect(throws: TodoError.dayNotTracked(position: 0, day: try CivilDate(iso8601: "2026-11-24"))) {
            try set.toggleDone(on: try CivilDate(iso8601: "2026-11-24"), at: 0)
        }
        #expect(set.trackedDayCount(at: 0) == 13)
        #expect(set.completionShare(upTo: today, at: 0) == 1.0 / 13.0)
        #expect(set.currentStreak(on: today, at: 0) == 1 && set.longestStreak(at: 0) == 1)
        #expect(set.indices(overlapping: try Period.week(containing: today, firstWeekday: .monday)) == [0, 2])
        #expect(set.indices(.overdue, on: today) == [1])
        let counts = set.dayCounts(in: .month(containing: today))
        #expect(counts.dayCount == 30)
        #expect(counts[today]! == (total: 2, completed: 1))      // gym (done) and read; tax ended on the 26th
        #expect(set.sortedIndices(by: .deadlineImminent) == [1, 0, 2])
        #expect(set.sortedIndices(by: .newestFirst, offset: 0, limit: 20) == [0, 1, 2])
        #expect(set.indices(matchingTitle: "운동") == [2])
        #expect(set.draft(at: 0).completedDays?.filter { $0 }.count == 1)
    }
}
