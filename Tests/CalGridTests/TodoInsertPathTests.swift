import Testing
import CalGridTestSupport
@testable import CalGrid

private func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { try! CivilDate(year: y, month: m, day: d) }

/// The one insert path: a draft's `fields` are its fixed-size fields, and `update(at:to:)` checks
/// and stores exactly what an insert does (same errors, at the updated index; the same row).
@Suite struct TodoInsertPathTests {
    @Test func aDraftsFieldsAreItsFixedFields() {
        var d = TodoDraft(id: "a", title: "t", start: day(2024, 6, 3), end: day(2024, 6, 9), createdAt: 7,
                          isChallenge: true, repetition: WeekdaySet([Weekday.monday, .friday]), reminderMinutes: 90)
        #expect(d.fields == TodoFields(start: day(2024, 6, 3), end: day(2024, 6, 9), createdAt: 7, isChallenge: true,
                                       repetition: WeekdaySet([Weekday.monday, .friday]), reminderMinutes: 90))
        #expect(d.fields.isTracked)
        d.end = nil
        d.isCompleted = true
        #expect(d.fields.end == nil && d.fields.isCompleted && !d.fields.isTracked)
        #expect(TodoDraft(id: "a", title: "t", fields: d.fields) == TodoDraft(id: "a", title: "t", start: day(2024, 6, 3),
                createdAt: 7, isChallenge: true, isCompleted: true, repetition: WeekdaySet([Weekday.monday, .friday]), reminderMinutes: 90))
    }

    /// Each invalid draft: the error an insert throws (at its position in the batch) is the error an
    /// update throws at the updated index, and neither changes the set.
    @Test func updateRefusesWhatInsertRefuses() throws {
        var g = SeededRandom(seed: 5)
        let base = try TodoSet((0..<6).map { TodoDraft.random($0, using: &g) })
        let s = day(2024, 6, 3), e = day(2024, 6, 9)
        let bad: [TodoDraft] = [
            TodoDraft(id: "", title: "t"),
            TodoDraft(id: String(repeating: "x", count: TodoDraft.maxIDBytes + 1), title: "t"),
            TodoDraft(id: "n", title: "t", start: e, end: s),
            TodoDraft(id: "n", title: "t", repetition: .none),
            TodoDraft(id: "n", title: "t", reminderMinutes: 1440),
            TodoDraft(id: "n", title: "t", start: s, completedDays: [true]),
            TodoDraft(id: "n", title: "t", start: s, end: e, completedDays: [true]),
            TodoDraft(id: base.drafts[1].id, title: "taken"),
        ]
        for d in bad {
            var inserted = base, updated = base
            var insertError: TodoError? = nil, updateError: TodoError? = nil
            do throws(TodoError) { try inserted.insert(contentsOf: [d]) } catch { insertError = error }
            do throws(TodoError) { try updated.update(at: 3, to: d) } catch { updateError = error }
            #expect(insertError != nil && updateError != nil, "\(d)")
            #expect(insertError?.position == 0 && updateError?.position == 3, "\(d)")
            #expect(insertError?.description == updateError?.description && insertError?.field == updateError?.field, "\(d)")
            #expect(inserted.drafts == base.drafts && updated.drafts == base.drafts)
        }
    }

    /// Updating every todo of a set to new drafts gives the set those drafts build when inserted.
    @Test func updatedRowsAreInsertedRows() throws {
        var g = SeededRandom(seed: 9)
        let old = (0..<300).map { TodoDraft.random($0, using: &g) }
        let new = (0..<300).map { TodoDraft.random($0 + 1000, using: &g) }
        var updated = try TodoSet(old)
        for i in new.indices { try updated.update(at: i, to: new[i]) }
        let inserted = try TodoSet(new)
        #expect(updated.drafts == inserted.drafts)
        let from = day(2022, 1, 1), through = day(2030, 12, 31)
        for kind in [TodoKind.all, .challenges] {
            let a = updated.dayCounts(from: from, through: through, kind: kind)
            let b = inserted.dayCounts(from: from, through: through, kind: kind)
            #expect(a == b)
        }
        for i in new.indices {
            #expect(updated.doneDayCount(at: i) == inserted.doneDayCount(at: i))
            #expect(updated.index(ofID: new[i].id) == i)
        }
    }
}
