import Testing
import CalGridTestSupport
@testable import CalGrid

@Suite struct TodoSortTests {
    /// The reference comparator: key, then "missing last", then index — written out plainly.
    /// Each todo's completion share as a fraction (done, days), computed once per model.
    static func fractions(_ model: [TodoDraft]) -> [(Int, Int)] {
        model.map { d in
            let f = ReferenceTodos.flags(d)
            if ReferenceTodos.tracked(d), !f.isEmpty { return (f.filter { $0 }.count, f.count) }
            return (d.isCompleted ? 1 : 0, 1)
        }
    }

    static func less(_ model: [TodoDraft], _ fr: [(Int, Int)], _ order: TodoOrder, _ i: Int, _ j: Int) -> Bool {
        let a = model[i], b = model[j]
        func cmp<T: Comparable>(_ x: T?, _ y: T?) -> Int {
            switch (x, y) {
            case (nil, nil): return 0
            case (nil, _): return 1
            case (_, nil): return -1
            case let (x?, y?): return x == y ? 0 : ((x < y) != order.descending ? -1 : 1)
            }
        }
        var c: Int
        switch order.key {
        case .deadline: c = cmp(ReferenceTodos.deadline(a), ReferenceTodos.deadline(b))
        case .start: c = cmp(a.start, b.start)
        case .registration: c = cmp(a.createdAt, b.createdAt)
        case .title:
            let x = Array(a.title.utf8), y = Array(b.title.utf8)
            c = x == y ? 0 : (x.lexicographicallyPrecedes(y) != order.descending ? -1 : 1)
        case .completionShare:
            let (p, q) = fr[i], (r, s) = fr[j]
            c = p * s == r * q ? 0 : ((p * s < r * q) != order.descending ? -1 : 1)
        case .time:
            // Start day (none last), then all-day first and start time (both reversed when
            // descending), then title bytes ascending.
            c = cmp(a.start, b.start)
            if c == 0, a.start != nil {
                let x = a.times.map { Int($0.start) + 1 } ?? 0, y = b.times.map { Int($0.start) + 1 } ?? 0
                c = x == y ? 0 : ((x < y) != order.descending ? -1 : 1)
            }
            if c == 0 {
                let x = Array(a.title.utf8), y = Array(b.title.utf8)
                c = x == y ? 0 : (x.lexicographicallyPrecedes(y) ? -1 : 1)
            }
        }
        return c != 0 ? c < 0 : i < j
    }

    static let orders: [TodoOrder] = [
        .deadlineImminent, .registrationOrder, .newestFirst, TodoOrder(.deadline, descending: true),
        TodoOrder(.start), TodoOrder(.start, descending: true), TodoOrder(.title), TodoOrder(.title, descending: true),
        TodoOrder(.completionShare), TodoOrder(.completionShare, descending: true),
        TodoOrder(.time), TodoOrder(.time, descending: true),
    ]

    @Test(arguments: [31, 32] as [UInt64]) func sortsMatchStableReference(seed: UInt64) throws {
        var g = SeededRandom(seed: seed)
        var model = (0..<700).map { TodoDraft.random($0, using: &g) }
        // Long titles sharing an 8-byte prefix, and titles differing only after a NUL-free prefix.
        for k in 0..<40 { model[k * 7].title = ["Workout A", "Workout B", "Workout", "Workout AB", "Workouts"][k % 5] }
        let set = try TodoSet(model)
        let fr = Self.fractions(model)
        for order in Self.orders {
            let expected = model.indices.sorted { Self.less(model, fr, order, $0, $1) }
            #expect(set.sortedIndices(by: order) == expected, "\(order)")
            let subset = model.indices.filter { _ in Bool.random(using: &g) }.shuffled(using: &g)
            #expect(set.sorted(subset, by: order) == subset.sorted { Self.less(model, fr, order, $0, $1) }, "\(order) subset")
            for (offset, limit) in [(0, 10), (0, 1), (5, 20), (690, 50), (0, 700), (700, 3), (3, 0)] {
                let page = Array(expected.dropFirst(offset).prefix(limit))
                #expect(set.sortedIndices(by: order, offset: offset, limit: limit) == page, "\(order) page \(offset) \(limit)")
            }
            let sub = set.indices(from: CivilDate(_unchecked: 19_500), through: CivilDate(_unchecked: 19_600))
            #expect(set.sorted(sub, by: order, offset: 2, limit: 5)
                    == Array(sub.sorted { Self.less(model, fr, order, $0, $1) }.dropFirst(2).prefix(5)))
        }
    }

    /// Sets around `_insertionSortLimit` (32 values): below it the rows are insertion-sorted,
    /// above it radix-sorted; both must give the stable reference order, ties included.
    @Test func smallSetsMatchStableReference() throws {
        var g = SeededRandom(seed: 41)
        for n in [0, 1, 2, 3, 7, 16, 31, 32, 33, 40] {
            var model = (0..<n).map { TodoDraft.random($0, using: &g) }
            // Every third todo copies the dates (and so the keys) of the first: ties on every key.
            for k in stride(from: 3, to: n, by: 3) {
                model[k].start = model[0].start; model[k].end = model[0].end
                model[k].repetition = model[0].repetition; model[k].completedDays = model[0].completedDays
                model[k].createdAt = model[0].createdAt; model[k].title = model[0].title
            }
            let set = try TodoSet(model)
            let fr = Self.fractions(model)
            for order in Self.orders {
                #expect(set.sortedIndices(by: order) == model.indices.sorted { Self.less(model, fr, order, $0, $1) },
                        "n \(n) \(order)")
                let subset = model.indices.filter { _ in Bool.random(using: &g) }.shuffled(using: &g)
                #expect(set.sorted(subset, by: order) == subset.sorted { Self.less(model, fr, order, $0, $1) },
                        "n \(n) \(order) subset")
            }
        }
    }

    @Test func extremeKeysAndTies() throws {
        var model: [TodoDraft] = []
        for k in 0..<300 {
            var d = TodoDraft(id: "x\(k)", title: "same")
            switch k % 5 {
            case 0: d.createdAt = Int64.min
            case 1: d.createdAt = Int64.max
            case 2: d.createdAt = nil
            default: d.createdAt = Int64(k % 3)
            }
            if k == 0 || k == 4 || k == 8 { d.start = CivilDate.min; d.end = try CivilDate(year: 300, month: 12, day: 31); d.repetition = WeekdaySet([.monday]) }
            else if k % 4 == 0 { d.start = CivilDate(_unchecked: Int32(k)); d.end = CivilDate(_unchecked: Int32(k * 3)) }
            if k % 4 == 1 { d.start = CivilDate.max; d.end = CivilDate.max }
            model.append(d)
        }
        // Large spans: completion shares with huge denominators must still compare exactly.
        model[0].completedDays = (0..<ReferenceTodos.repeatDays(model[0]).count).map { $0 % 3 == 0 }
        model[4].completedDays = (0..<ReferenceTodos.repeatDays(model[4]).count).map { $0 % 3 != 2 }
        let set = try TodoSet(model)
        let fr = Self.fractions(model)
        for order in Self.orders {
            #expect(set.sortedIndices(by: order) == model.indices.sorted { Self.less(model, fr, order, $0, $1) }, "\(order)")
            #expect(set.sortedIndices(by: order, offset: 7, limit: 9)
                    == Array(model.indices.sorted { Self.less(model, fr, order, $0, $1) }.dropFirst(7).prefix(9)))
        }
        #expect(TodoSet().sortedIndices(by: .deadlineImminent) == [])
    }
}
