import Testing
import CalGridTestSupport
@testable import CalGrid

/// `count(from:through:kind:)` and the grouped interval index against `ReferenceTodos`: every
/// repetition and kind, one-day to year-long ranges, around mutations; and the weekday snapping
/// the groups rely on, against a day-by-day walk.
@Suite struct TodoOverlapCountTests {
    @Test(arguments: [21, 22, 23] as [UInt64]) func countsMatchBruteForce(seed: UInt64) throws {
        var (set, model, g) = try TodoQueryTests.randomSet(seed: seed, count: 500)
        for q in 0..<150 {
            let a = 19_300 + Int.random(in: 0..<1700, using: &g)
            let len = [0, 1, 2, 3, 5, 6, 7, 8, 13, 30, 92, 400, 3_000][q % 13]
            let kind: TodoKind = [.all, .challenges, .plain][q % 3]
            let b = a + len
            let expected = model.indices.filter { i in
                TodoQueryTests.kindOK(model[i], kind) && (a...b).contains { ReferenceTodos.falls(model[i], $0) }
            }
            let first = CivilDate(_unchecked: Int32(a)), last = CivilDate(_unchecked: Int32(b))
            #expect(set.count(from: first, through: last, kind: kind) == expected.count, "seed \(seed) \(a)…\(b) \(kind)")
            #expect(set.indices(from: first, through: last, kind: kind) == expected, "seed \(seed) \(a)…\(b) \(kind)")
            if q % 7 == 0 {
                let d = TodoDraft.random(90_000 + q, using: &g)
                switch q % 3 {
                case 0: try set.append(d); model.append(d)
                case 1: let i = Int.random(in: 0..<model.count, using: &g); set.remove(at: i); model.remove(at: i)
                default: let i = Int.random(in: 0..<model.count, using: &g); try set.update(at: i, to: d); model[i] = d
                }
            }
        }
        #expect(set.count(from: CivilDate(_unchecked: 19_700), through: CivilDate(_unchecked: 19_699)) == 0)
        let week = try Period.week(containing: CivilDate(_unchecked: 19_800), firstWeekday: .monday)
        #expect(set.count(overlapping: week) == set.indices(overlapping: week).count)
        #expect(TodoSet().count(from: CivilDate(_unchecked: 0), through: CivilDate(_unchecked: 9)) == 0)
    }

    /// Many rows on one day: the answer comes back in order through the bitmap, not a sort.
    @Test func largeAnswersComeBackAscending() throws {
        var g = SeededRandom(seed: 7)
        var drafts: [TodoDraft] = []
        for i in 0..<3_000 {
            var d = TodoDraft(id: "r\(i)", title: "")
            let s = Int32(19_500) + Int32.random(in: 0..<40, using: &g)
            d.start = CivilDate(_unchecked: s)
            if i % 5 != 0 { d.end = CivilDate(_unchecked: s + Int32.random(in: 0..<40, using: &g)) }
            if i % 3 == 0 { d.repetition = WeekdaySet(rawValue: UInt8.random(in: 1...127, using: &g)) }
            d.isChallenge = i % 2 == 0
            drafts.append(d)
        }
        let set = try TodoSet(drafts)
        for day in stride(from: Int32(19_490), through: 19_600, by: 11) {
            for kind in [TodoKind.all, .challenges, .plain] {
                let expected = drafts.indices.filter {
                    TodoQueryTests.kindOK(drafts[$0], kind) && ReferenceTodos.falls(drafts[$0], Int(day))
                }
                let got = set.indices(on: CivilDate(_unchecked: day), kind: kind)
                #expect(got == expected, "day \(day) \(kind)")
                #expect(set.count(from: CivilDate(_unchecked: day), through: CivilDate(_unchecked: day), kind: kind) == expected.count)
                let upcoming = drafts.indices.filter {
                    TodoQueryTests.kindOK(drafts[$0], kind) && drafts[$0].start.map { $0.dayNumber > day } == true
                }
                #expect(set.indices(.upcoming, on: CivilDate(_unchecked: day), kind: kind) == upcoming)
            }
        }
    }

    @Test func repeatDaySnapping() {
        for mask in UInt8(1)...127 {
            let days = WeekdaySet(rawValue: mask)
            for day in Int32(-10)...Int32(20) {
                var up = day; while !days._contains(day: up) { up += 1 }
                var down = day; while !days._contains(day: down) { down -= 1 }
                #expect(_repeatDay(onOrAfter: day, days: days) == up, "mask \(mask) day \(day)")
                #expect(_repeatDay(onOrBefore: day, days: days) == down, "mask \(mask) day \(day)")
            }
        }
    }
}
