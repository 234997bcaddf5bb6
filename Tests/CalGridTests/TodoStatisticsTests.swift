import Testing
import CalGridTestSupport
@testable import CalGrid

/// `TodoSet.statistics(on:)` against `ReferenceTodos`' plain model, on random sets with a history.
@Suite struct TodoStatisticsTests {
    /// The model's answer, todo by todo, from the drafts alone.
    static func reference(_ model: [TodoDraft], today: CivilDate) -> TodoSetStatistics {
        var r = TodoSetStatistics()
        r.count = model.count
        for (i, d) in model.enumerated() {
            if d.isChallenge { r.challenges += 1 }
            if d.isEvent { r.events += 1 }
            switch (d.start, d.end) {
            case (.some, .some): r.dated += 1
            case (nil, nil): r.undated += 1
            default: r.openEnded += 1
            }
            let done = ReferenceTodos.isDone(d)
            if done { r.done += 1 }
            if ReferenceTodos.overdue(d, Int(today.dayNumber)) { r.overdue += 1 }
            if ReferenceTodos.tracked(d) {
                let f = ReferenceTodos.flags(d)
                r.trackedDays += f.count
                r.doneDays += f.filter { $0 }.count
            }
            if let s = d.start { r.earliestStart = min(r.earliestStart ?? s, s) }
            if let e = d.end { r.latestEnd = max(r.latestEnd ?? e, e) }
            if let s = d.start, let e = d.end, s.days(to: e) + 1 > r.longestDays {
                r.longestDays = s.days(to: e) + 1
                r.longestIndex = i
            }
        }
        return r
    }

    @Test(arguments: [21, 22, 23] as [UInt64])
    func matchesTheModel(seed: UInt64) throws {
        let (set, model, _) = try TodoQueryTests.randomSet(seed: seed, count: 400)
        for today in ["2023-01-01", "2025-06-15", "2030-01-01"] {
            let day = try CivilDate(iso8601: today)
            let s = set.statistics(on: day)
            #expect(s == Self.reference(model, today: day))
            #expect(s.dated + s.openEnded + s.undated == set.count)
        }
    }

    @Test func emptyAndSmallSets() throws {
        #expect(TodoSet().statistics(on: .epoch) == TodoSetStatistics())
        let a = try CivilDate(iso8601: "2026-11-02"), b = try CivilDate(iso8601: "2026-11-08")
        let set = try TodoSet([
            TodoDraft(id: "w", title: "week", start: a, end: b, isChallenge: true,
                      completedDays: [true, true, false, false, false, false, false]),
            TodoDraft(id: "d", title: "deadline", end: a),
            TodoDraft(id: "u", title: "someday", isCompleted: true),
        ])
        let s = set.statistics(on: b)
        #expect(s.count == 3 && s.challenges == 1 && s.dated == 1 && s.openEnded == 1 && s.undated == 1)
        #expect(s.done == 1 && s.overdue == 1 && s.trackedDays == 7 && s.doneDays == 2)
        #expect(s.earliestStart == a && s.latestEnd == b && s.longestIndex == 0 && s.longestDays == 7)
    }
}
