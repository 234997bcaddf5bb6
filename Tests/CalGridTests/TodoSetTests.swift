import Testing
import CalGridTestSupport
@testable import CalGrid

private func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { try! CivilDate(year: y, month: m, day: d) }

@Suite struct TodoSetTests {
    /// `swift test` alone builds the core with its invariant checks, as `make test` does.
    #if DEBUG
    @Test func debugBuildsCheckInvariants() { #expect(TodoSet._checksInvariants) }
    #endif

    @Test func roundTripsEveryField() throws {
        var g = SeededRandom(seed: 1)
        let drafts = (0..<500).map { TodoDraft.random($0, using: &g) }
        let set = try TodoSet(drafts)
        #expect(set.count == 500)
        for (i, d) in drafts.enumerated() {
            #expect(set.draft(at: i) == d)
            #expect(set.index(ofID: d.id) == i)
            #expect(set.id(at: i) == d.id)
            #expect(set.title(at: i) == d.title)
            #expect(set.memo(at: i) == d.memo)
            #expect(set.tags(at: i) == d.tags)
            #expect(set.start(at: i) == d.start && set.end(at: i) == d.end)
            #expect(set.createdAt(at: i) == d.createdAt)
            #expect(set.repetition(at: i) == d.repetition)
            #expect(set.reminderMinutes(at: i) == d.reminderMinutes)
            #expect(set.trackedDayCount(at: i) == ReferenceTodos.repeatDays(d).count)
            #expect(set.tagCount(at: i) == d.tags.count && set.hasMemo(at: i) == (d.memo != nil))
            // The in-place bytes the C layer copies out, against the draft's own Strings.
            #expect(set.withIDBytes(at: i) { Array($0) } == Array(d.id.utf8))
            #expect(set.withMemoBytes(at: i) { Array($0) } == d.memo.map { Array($0.utf8) })
            #expect(d.tags.indices.map { k in set.withTagBytes(k, at: i) { Array($0) } } == d.tags.map { Array($0.utf8) })
            let flags = ReferenceTodos.flags(d)
            #expect((0..<set.trackedDayCount(at: i)).map { set.isTrackedDayDone($0, at: i) } == flags)
        }
        #expect(set.index(ofID: "nope") == nil)
        #expect(set.drafts == drafts)
    }

    /// The header-only text accessors on records whose counts take more than one varint byte,
    /// after updates (a new record) and the compaction that moves records; and the day flags after ticks.
    @Test func countAccessorsReadTheCurrentRecord() throws {
        let many = (0..<300).map { "t\($0)" }
        var set = try TodoSet([
            TodoDraft(id: String(repeating: "i", count: 200), title: String(repeating: "T", count: 500),
                      memo: String(repeating: "m", count: 1_000), tags: many),
            TodoDraft(id: "b", title: "", memo: ""),
            TodoDraft(id: "c", title: "c", start: day(2026, 11, 2), end: day(2026, 11, 8), repetition: WeekdaySet([.monday, .friday]),
                      completedDays: [true, false]),
        ])
        #expect(set.tagCount(at: 0) == 300 && set.hasMemo(at: 0))
        #expect(set.tagCount(at: 1) == 0 && set.hasMemo(at: 1))         // an empty memo is a memo
        #expect(set.tagCount(at: 2) == 0 && !set.hasMemo(at: 2))
        #expect(set.isTrackedDayDone(0, at: 2) && !set.isTrackedDayDone(1, at: 2))
        try set.setDone(true, on: day(2026, 11, 6), at: 2)
        try set.setDone(false, on: day(2026, 11, 2), at: 2)
        #expect(!set.isTrackedDayDone(0, at: 2) && set.isTrackedDayDone(1, at: 2))
        for round in 0..<40 {   // enough rewrites of the large record to force compactions
            var d = set.draft(at: 0)
            d.tags = Array(many.prefix(round % 2 == 0 ? 3 : 300)); d.memo = round % 3 == 0 ? nil : d.memo ?? "again"
            try set.update(at: 0, to: d)
            #expect(set.tagCount(at: 0) == d.tags.count && set.hasMemo(at: 0) == (d.memo != nil))
            #expect(set.tagCount(at: 1) == 0 && set.hasMemo(at: 1) && set.tags(at: 0) == d.tags)
            #expect(set.withTagBytes(d.tags.count - 1, at: 0) { String(decoding: $0, as: UTF8.self) } == d.tags.last)
            #expect(set.withMemoBytes(at: 0) { $0.count } == d.memo?.utf8.count && set.withMemoBytes(at: 1) { $0.count } == 0)
        }
    }

    @Test func reserveCapacityKeepsContentsAndLookups() throws {
        var g = SeededRandom(seed: 2)
        let drafts = (0..<600).map { TodoDraft.random($0, using: &g) }
        var set = try TodoSet(Array(drafts[..<100]))
        set.reserveCapacity(5_000, textBytes: 1 << 20)
        set.reserveCapacity(10)  // smaller than count: nothing happens
        #expect(set.count == 100 && set.drafts == Array(drafts[..<100]))
        for (i, d) in drafts[..<100].enumerated() { #expect(set.index(ofID: d.id) == i) }
        for k in stride(from: 100, to: 600, by: 50) { try set.insert(contentsOf: drafts[k..<(k + 50)]) }
        #expect(set.drafts == drafts)
        for (i, d) in drafts.enumerated() { #expect(set.index(ofID: d.id) == i) }
        #expect(throws: TodoError.self) { try set.append(drafts[3]) }
        // A copy reserved on its own leaves the original alone.
        var copy = set
        copy.reserveCapacity(20_000)
        try copy.append(TodoDraft(id: "new", title: "n"))
        #expect(set.count == 600 && copy.count == 601 && set.index(ofID: "new") == nil)
    }

    @Test func validationNamesTodoAndField() {
        let ok = TodoDraft(id: "ok", title: "fine")
        func rejects(_ d: TodoDraft, _ e: TodoError, field: TodoField) {
            var set = try! TodoSet([ok])
            #expect(throws: e) { try set.insert(contentsOf: [ok.with { $0.id = "ok2" }, d]) }
            #expect(e.field == field)
            #expect(set.count == 1)
        }
        rejects(TodoDraft(id: "", title: "x"), .emptyID(position: 1), field: .id)
        let long = String(repeating: "가", count: 86) // 258 bytes
        rejects(TodoDraft(id: long, title: "x"), .idTooLong(position: 1, byteCount: 258), field: .id)
        #expect((try? TodoSet([TodoDraft(id: String(repeating: "a", count: 256), title: "")]))?.count == 1)
        rejects(TodoDraft(id: "ok", title: "x"), .duplicateID(position: 1, id: "ok"), field: .id)
        rejects(TodoDraft(id: "ok2", title: "x"), .duplicateID(position: 1, id: "ok2"), field: .id)
        rejects(TodoDraft(id: "e", title: "", start: day(2024, 3, 2), end: day(2024, 3, 1)),
                .endBeforeStart(position: 1, id: "e", start: day(2024, 3, 2), end: day(2024, 3, 1)), field: .end)
        rejects(TodoDraft(id: "c", title: "", start: day(2024, 3, 1), end: day(2024, 3, 7), completedDays: [true]),
                .completedDaysCountMismatch(position: 1, id: "c", expected: 7, actual: 1), field: .completedDays)
        // Mon/Wed/Fri over 2024-03-01 (Fri) … 2024-03-10 (Sun): Fri 1, Mon 4, Wed 6, Fri 8.
        let mwf = WeekdaySet([.monday, .wednesday, .friday])
        rejects(TodoDraft(id: "m", title: "", start: day(2024, 3, 1), end: day(2024, 3, 10), repetition: mwf,
                          completedDays: [true, false, true]),
                .completedDaysCountMismatch(position: 1, id: "m", expected: 4, actual: 3), field: .completedDays)
        rejects(TodoDraft(id: "w", title: "", start: day(2024, 3, 1), completedDays: []),
                .completedDaysWithoutSpan(position: 1, id: "w"), field: .completedDays)
        rejects(TodoDraft(id: "r", title: "", repetition: .none), .emptyRepetition(position: 1, id: "r"), field: .repetition)
        rejects(TodoDraft(id: "t", title: "", reminderMinutes: 1440), .reminderOutOfRange(position: 1, id: "t", minutes: 1440),
                field: .reminderMinutes)
        rejects(TodoDraft(id: "t", title: "", reminderMinutes: -1), .reminderOutOfRange(position: 1, id: "t", minutes: -1),
                field: .reminderMinutes)
    }

    /// Ids are byte strings: "é" precomposed and "e" + U+0301 are two ids (String == would call
    /// them equal), within a batch as across batches, and lookups find each by its bytes.
    @Test func idsCompareByBytes() throws {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed)   // canonically equivalent, different bytes
        var set = try TodoSet([TodoDraft(id: composed, title: "a"), TodoDraft(id: decomposed, title: "b")])
        #expect(set.count == 2)
        #expect(set.index(ofID: composed) == 0 && set.index(ofID: decomposed) == 1)
        #expect(throws: TodoError.duplicateID(position: 1, id: decomposed)) {
            try set.insert(contentsOf: [TodoDraft(id: "x", title: ""), TodoDraft(id: decomposed, title: "")])
        }
        try set.append(TodoDraft(id: "cafe\u{301}\u{301}", title: "c"))
        #expect(set.count == 3)
    }

    @Test func batchIsAllOrNothing() throws {
        var g = SeededRandom(seed: 2)
        let first = (0..<50).map { TodoDraft.random($0, using: &g) }
        var set = try TodoSet(first)
        var batch = (50..<150).map { TodoDraft.random($0, using: &g) }
        batch[99].id = "t7" // duplicate of a todo already in the set, last in the batch
        #expect(throws: TodoError.duplicateID(position: 99, id: "t7")) { try set.insert(contentsOf: batch) }
        #expect(set.drafts == first)
        batch[99].id = "t60" // duplicate within the batch
        #expect(throws: TodoError.duplicateID(position: 99, id: "t60")) { try set.insert(contentsOf: batch) }
        #expect(set.drafts == first)
        batch[99].id = "t149"
        try set.insert(contentsOf: batch)
        #expect(set.drafts == first + batch)
    }

    @Test func removeAndUpdateKeepLookupsAndOrder() throws {
        var g = SeededRandom(seed: 3)
        var model = (0..<400).map { TodoDraft.random($0, using: &g) }
        var set = try TodoSet(model)
        for step in 0..<300 {
            switch Int.random(in: 0..<4, using: &g) {
            case 0 where !model.isEmpty:
                let i = Int.random(in: 0..<model.count, using: &g)
                let removed = set.remove(id: model[i].id)
                #expect(removed)
                model.remove(at: i)
            case 1 where !model.isEmpty:
                let i = Int.random(in: 0..<model.count, using: &g)
                var d = TodoDraft.random(1000 + step, using: &g)
                if Bool.random(using: &g) { d.id = model[i].id }
                try set.update(at: i, to: d)
                model[i] = d
            case 2 where model.count > 1:
                let i = Int.random(in: 1..<model.count, using: &g)
                let d = TodoDraft.random(2000 + step, using: &g).with { $0.id = model[0].id }
                #expect(throws: TodoError.duplicateID(position: i, id: model[0].id)) { try set.update(at: i, to: d) }
            default:
                let d = TodoDraft.random(3000 + step, using: &g)
                #expect(try set.append(d) == model.count)
                model.append(d)
            }
        }
        let cut = Set(model.indices.filter { $0 % 3 == 0 })
        set.removeAll { cut.contains($0) }
        model = model.indices.filter { !cut.contains($0) }.map { model[$0] }
        #expect(set.drafts == model)
        for (i, d) in model.enumerated() { #expect(set.index(ofID: d.id) == i) }
        let removedMissing = set.remove(id: "t0-missing")
        #expect(!removedMissing)
        #expect(throws: TodoError.unknownID("zz")) { try set.update(id: "zz", to: TodoDraft(id: "zz", title: "")) }
    }
}

extension TodoDraft {
    func with(_ change: (inout TodoDraft) -> Void) -> TodoDraft { var c = self; change(&c); return c }
}
