import Testing
import CalGridTestSupport
import Foundation
import Synchronization
@testable import CalGrid

/// Any number of threads may read one set at once: many threads × many rounds of "change the set,
/// then read it from every thread at the same moment", each answer compared with the answer of a set
/// rebuilt from the same drafts and read by one thread. The first reads after a change race to build
/// the interval index and the per-day tables; `make test-tsan` runs this under ThreadSanitizer.
@Suite struct ConcurrentReadTests {
    /// Every answer a reader compares, from one set.
    struct Answers: Equatable {
        var ranges: [[Int]] = []
        var counts: [TodoDayCounts] = []
        var splits: [[Int]] = []
        var sorts: [[Int]] = []
        var search: [Int] = []
        var lookups: [Int?] = []
    }

    static let ranges: [(Int32, Int32)] = [(19_358, 19_388), (19_700, 19_701), (18_000, 22_000), (19_500, 19_870)]
    static let kinds: [TodoKind] = [.all, .challenges, .plain]
    static let orders: [TodoOrder] = [.deadlineImminent, .registrationOrder, .newestFirst,
                                      TodoOrder(.title), TodoOrder(.completionShare, descending: true)]

    /// The answers, computed in an order that depends on `rotation`, so that concurrent readers
    /// start on different caches (interval index, day tables of each kind, sorts).
    static func answers(_ set: TodoSet, rotation: Int) -> Answers {
        var a = Answers()
        let steps = 5
        for s in 0..<steps {
            switch (s + rotation) % steps {
            case 0:
                a.ranges = ranges.flatMap { r in kinds.map { k in
                    set.indices(from: CivilDate(_unchecked: r.0), through: CivilDate(_unchecked: r.1), kind: k) } }
            case 1:
                a.counts = ranges.flatMap { r in kinds.map { k in
                    set.dayCounts(from: CivilDate(_unchecked: r.0), through: CivilDate(_unchecked: r.1), kind: k) } }
            case 2:
                let day = CivilDate(_unchecked: 19_720)
                a.splits = [TodoSplit.completed, .incomplete, .upcoming, .noDeadline, .overdue].map { set.indices($0, on: day) }
                    + [set.indices(on: day, kind: .challenges)]
            case 3:
                a.sorts = orders.map { set.sortedIndices(by: $0) } + [set.sortedIndices(by: .deadlineImminent, limit: 10)]
            default:
                a.search = set.indices(matchingTitle: "read")
                a.lookups = ["t1", "t77", "t1999", "missing"].map { set.index(ofID: $0) }
            }
        }
        return a
    }

    /// Applies change number `round` to `set`: appends, date updates, removals, completion toggles.
    static func change(_ set: inout TodoSet, round: Int, using g: inout SeededRandom) throws {
        let i = Int.random(in: 0..<set.count, using: &g)
        switch round % 5 {
        case 0: try set.append(TodoDraft.random(50_000 + round, using: &g))
        case 1: try set.update(at: i, to: TodoDraft.random(60_000 + round, using: &g).with { $0.id = set.id(at: i) })
        case 2: set.remove(at: i)
        case 3: set.setIsCompleted(!set.isDone(at: i), at: i)
        default:
            if let s = set.start(at: i), let e = set.end(at: i) {
                for d in s.dayNumber...e.dayNumber where set.fallsOn(CivilDate(_unchecked: d), at: i) {
                    _ = try set.toggleDone(on: CivilDate(_unchecked: d), at: i)
                    break
                }
            }
            set.setIsCompleted(true, at: (i + 1) % set.count)
        }
    }

    @Test func manyThreadsReadOneSetRightAfterEachChange() throws {
        let threads = 6, rounds = 12
        var g = SeededRandom(seed: 42)
        var set = try TodoSet((0..<800).map { TodoDraft.random($0, using: &g) })
        let mismatches = Atomic<Int>(0)
        for round in 0..<rounds {
            try Self.change(&set, round: round, using: &g)
            // The reference: the same todos in a set of its own (its own caches), read by one thread.
            let expected = Self.answers(try TodoSet(set.drafts), rotation: 0)
            let shared = set  // shares the changed set's fresh, unbuilt caches
            let arrived = Atomic<Int>(0)
            let done = DispatchGroup()
            for t in 0..<threads {
                done.enter()
                let thread = Thread {
                    // Start together: the first reads race to build the caches.
                    arrived.add(1, ordering: .acquiringAndReleasing)
                    while arrived.load(ordering: .acquiring) < threads { sched_yield() }
                    if Self.answers(shared, rotation: t + round) != expected { mismatches.add(1, ordering: .relaxed) }
                    done.leave()
                }
                thread.start()
            }
            done.wait()
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }

    @Test func todoSetIsSendable() async throws {
        var g = SeededRandom(seed: 43)
        let set = try TodoSet((0..<500).map { TodoDraft.random($0, using: &g) })
        let expected = Self.answers(try TodoSet(set.drafts), rotation: 0)
        // Crossing into child tasks needs `Sendable`; this compiles only because TodoSet is.
        let results = await withTaskGroup(of: Bool.self) { group in
            for t in 0..<6 { group.addTask { Self.answers(set, rotation: t) == expected } }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 6))
    }
}
