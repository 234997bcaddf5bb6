import Testing
import CalGridTestSupport
@testable import CalGrid

private func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { try! CivilDate(year: y, month: m, day: d) }

private func batch(_ drafts: [TodoDraft]) -> TodoBatch {
    var b = TodoBatch()
    for d in drafts { b.append(d) }
    return b
}

/// `TodoBatch` against the drafts it stages: the set a batch builds must be the set the same drafts
/// build (values, per-day counts), and a refused batch must throw the drafts' error.
@Suite struct TodoBatchTests {
    @Test func batchBuildsTheSetTheDraftsBuild() throws {
        var g = SeededRandom(seed: 11)
        let first = (0..<40).map { TodoDraft.random($0, using: &g) }
        let drafts = (40..<400).map { TodoDraft.random($0, using: &g) }
        let b = batch(drafts)
        #expect(b.count == drafts.count)
        #expect(b.tagCount == drafts.reduce(0) { $0 + $1.tags.count })
        #expect(b.textByteCount == drafts.reduce(0) {
            $0 + $1.id.utf8.count + $1.title.utf8.count + ($1.memo?.utf8.count ?? 0) + $1.tags.reduce(0) { $0 + $1.utf8.count }
        })
        for (i, d) in drafts.enumerated() { #expect(b.draft(at: i) == d) }

        var viaDrafts = try TodoSet(first), viaBatch = try TodoSet(first), viaRanges = try TodoSet(first)
        try viaDrafts.insert(contentsOf: drafts)
        try viaBatch.insert(contentsOf: b)
        try viaRanges.insert(contentsOf: b, range: 0..<7)
        try viaRanges.insert(contentsOf: b, range: 7..<7)
        try viaRanges.insert(contentsOf: b, range: 7..<drafts.count)
        for s in [viaBatch, viaRanges] {
            #expect(s.drafts == first + drafts)
            for k in first.indices + drafts.indices.map({ $0 + first.count }) {
                #expect(s.doneDayCount(at: k) == viaDrafts.doneDayCount(at: k))
                #expect(s.index(ofID: (first + drafts)[k].id) == k)
            }
            let from = CivilDate(_unchecked: 19_300), through = CivilDate(_unchecked: 21_000)
            for kind in [TodoKind.all, .challenges] {
                #expect(s.dayCounts(from: from, through: through, kind: kind) == viaDrafts.dayCounts(from: from, through: through, kind: kind))
            }
        }
    }

    @Test func refusalsMatchTheDrafts() throws {
        let ok = TodoDraft(id: "ok", title: "fine")
        let mwf = WeekdaySet([.monday, .wednesday, .friday])
        let bad = [
            TodoDraft(id: "", title: "x"),
            TodoDraft(id: String(repeating: "가", count: 86), title: "x"),
            TodoDraft(id: "ok", title: "x"),
            TodoDraft(id: "ok2", title: "x"),
            TodoDraft(id: "e", title: "", start: day(2024, 3, 2), end: day(2024, 3, 1)),
            TodoDraft(id: "c", title: "", start: day(2024, 3, 1), end: day(2024, 3, 7), completedDays: [true]),
            TodoDraft(id: "m", title: "", start: day(2024, 3, 1), end: day(2024, 3, 10), repetition: mwf, completedDays: [true, false, true]),
            TodoDraft(id: "w", title: "", start: day(2024, 3, 1), completedDays: []),
            TodoDraft(id: "r", title: "", repetition: .none),
            TodoDraft(id: "t", title: "", reminderMinutes: 1440),
            TodoDraft(id: "t", title: "", reminderMinutes: -1),
        ]
        for d in bad {
            let drafts = [TodoDraft(id: "x0", title: ""), ok.with { $0.id = "ok2" }, d]
            var viaDrafts = try TodoSet([ok]), viaBatch = try TodoSet([ok])
            var expected: TodoError? = nil
            do { try viaDrafts.insert(contentsOf: drafts[1...]) } catch { expected = error }
            #expect(expected != nil)
            // The drafts' slice counts from its start; the batch names the position in the batch.
            expected = expected.map { e in
                switch e {
                case .emptyID(let p): return .emptyID(position: p + 1)
                case .idTooLong(let p, let n): return .idTooLong(position: p + 1, byteCount: n)
                case .duplicateID(let p, let id): return .duplicateID(position: p + 1, id: id)
                case .endBeforeStart(let p, let id, let s, let e): return .endBeforeStart(position: p + 1, id: id, start: s, end: e)
                case .completedDaysCountMismatch(let p, let id, let x, let a):
                    return .completedDaysCountMismatch(position: p + 1, id: id, expected: x, actual: a)
                case .completedDaysWithoutSpan(let p, let id): return .completedDaysWithoutSpan(position: p + 1, id: id)
                case .emptyRepetition(let p, let id): return .emptyRepetition(position: p + 1, id: id)
                case .reminderOutOfRange(let p, let id, let m): return .reminderOutOfRange(position: p + 1, id: id, minutes: m)
                default: return e
                }
            }
            #expect(throws: expected!) { try viaBatch.insert(contentsOf: batch(drafts), range: 1..<3) }
            #expect(viaBatch.drafts == [ok])
        }
        // Within the batch, a duplicate is found by bytes; the batch's earlier todos are not in the set yet.
        var set = try TodoSet([ok])
        #expect(throws: TodoError.duplicateID(position: 2, id: "a")) {
            try set.insert(contentsOf: batch([TodoDraft(id: "a", title: ""), TodoDraft(id: "b", title: ""), TodoDraft(id: "a", title: "")]))
        }
        #expect(set.count == 1)
    }

    @Test func bytesInRemoveLastUndoes() throws {
        var b = TodoBatch()
        b.append(TodoDraft(id: "keep", title: "k", start: day(2024, 1, 1), end: day(2024, 1, 3), completedDays: [true, false, true]))
        let before = b.draft(at: 0)
        // A half-built todo whose flags share the first one's word, with a tag; then dropped.
        "gone".utf8CString.withUnsafeBytes { id in
            b.append(idBytes: UnsafeRawBufferPointer(rebasing: id.dropLast()), titleBytes: UnsafeRawBufferPointer(start: nil, count: 0),
                     memoBytes: nil, start: day(2024, 1, 1), end: day(2024, 1, 2), createdAt: nil, isChallenge: false,
                     isCompleted: false, repetition: .all, reminderMinutes: nil)
        }
        [UInt8](arrayLiteral: 0x74, 0x67).withUnsafeBytes { b.appendTag($0) }
        b.setCompletedDays(count: 2)
        b.setCompletedDay(0); b.setCompletedDay(1)
        #expect(b.count == 2 && b.tagCount == 1)
        b.removeLast()
        #expect(b.count == 1 && b.tagCount == 0 && b.textByteCount == 5)
        #expect(b.draft(at: 0) == before)
        // Flags appended after the removal start clear, and ill-formed UTF-8 is repaired as String(decoding:) does.
        let raw: [UInt8] = [0x61, 0xFF, 0x62, 0xE2, 0x82]
        raw.withUnsafeBytes { r in
            b.append(idBytes: r, titleBytes: r, memoBytes: r, start: day(2024, 1, 1), end: day(2024, 1, 2), createdAt: 5,
                     isChallenge: true, isCompleted: true, repetition: .all, reminderMinutes: 61)
        }
        b.setCompletedDays(count: 2)
        let repaired = String(decoding: raw, as: UTF8.self)
        let expected = TodoDraft(id: repaired, title: repaired, memo: repaired, start: day(2024, 1, 1), end: day(2024, 1, 2),
                                 createdAt: 5, isChallenge: true, isCompleted: true, completedDays: [false, false], reminderMinutes: 61)
        #expect(b.draft(at: 1) == expected)
        let set = try { var s = TodoSet(); try s.insert(contentsOf: b); return s }()
        #expect(set.drafts == [before, expected])
        b.removeAll()
        #expect(b.count == 0 && b.textByteCount == 0)
    }
}
