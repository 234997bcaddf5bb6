import Testing
import CalGridTestSupport
import Foundation
import CalGrid
@testable import CalGridJSON
import CalGridSystem


func randomText(_ g: inout SeededRandom) -> String {
    let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "한", "😀", "\u{2028}", "{", "]", ","]
    let n = Int(g.next() % 12)
    return (0..<n).map { _ in pieces[Int(g.next() % UInt64(pieces.count))] }.joined()
}

func randomDraft(_ g: inout SeededRandom, index: Int) -> TodoDraft {
    var d = TodoDraft(id: "id-\(index)-" + randomText(&g), title: randomText(&g))
    if g.next() % 2 == 0 { d.memo = randomText(&g) }
    if g.next() % 4 != 0 {
        let s = Int32(Int(g.next() % 40_000) - 10_000)
        d.start = CivilDate(_unchecked: s)
        if g.next() % 3 != 0 { d.end = CivilDate(_unchecked: s + Int32(g.next() % 60)) }
    } else if g.next() % 2 == 0 {
        d.end = CivilDate(_unchecked: Int32(g.next() % 20_000))
    }
    switch g.next() % 4 {
    case 0: d.createdAt = nil
    case 1: d.createdAt = Int64(g.next() % 4_000_000_000)
    case 2: d.createdAt = -Int64(g.next() % 70_000_000_000)
    default: d.createdAt = Int64(g.next() % (1 << 52)) * (g.next() % 2 == 0 ? 1 : -1)  // beyond year 9999: integer seconds
    }
    d.isChallenge = g.next() % 2 == 0
    d.isCompleted = g.next() % 3 == 0
    if g.next() % 2 == 0 {
        var r = WeekdaySet(rawValue: UInt8(g.next() % 128))
        if r.isEmpty { r = .weekend }
        d.repetition = r
    }
    if let s = d.start, let e = d.end, g.next() % 3 != 0 {
        let n = d.repetition.dayCount(from: s, through: e)
        d.completedDays = (0..<n).map { _ in g.next() % 2 == 0 }
    }
    if g.next() % 2 == 0 { d.reminderMinutes = Int16(g.next() % 1440) }
    d.tags = (0..<Int(g.next() % 4)).map { _ in randomText(&g) }
    if g.next() % 6 == 0 {
        // An event (`"kind": "event"`): never done, never a challenge.
        d.isEvent = true; d.isChallenge = false; d.isCompleted = false; d.completedDays = nil
    }
    return d
}

@Suite struct RoundTripTests {
    @Test(arguments: [ExportFormat.native, .jsonLines])
    func exportThenImportIsIdentity(format: ExportFormat) throws {
        var g = SeededRandom(seed: 42)
        let set = try TodoSet((0..<2_000).map { randomDraft(&g, index: $0) })
        let bytes = set.exportJSONBytes(format: format)
        var back = TodoSet()
        let r = try back.importJSON(bytes: bytes)
        #expect(r.imported == set.count && r.skipped == 0 && r.unknownFields == 0)
        #expect(r.format == (format == .native ? .native : .jsonLines))
        #expect(back.drafts == set.drafts)
        // And the export of the re-import is byte-identical.
        #expect(back.exportJSONBytes(format: format) == bytes)
        // Foundation agrees the output is JSON.
        if format == .native {
            #expect(throws: Never.self) { _ = try JSONSerialization.jsonObject(with: Data(bytes)) }
        }
    }

    @Test func emptySet() throws {
        let bytes = TodoSet().exportJSONBytes()
        #expect(String(decoding: bytes, as: UTF8.self) == "{\"format\":\"calgrid\",\"version\":1,\"todos\":[\n]}\n")
        var back = TodoSet()
        #expect(try back.importJSON(bytes: bytes).imported == 0)
    }

    @Test func fileExportIsAtomicAndReadable() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-json-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("todos.json").path
        var g = SeededRandom(seed: 7)
        let set = try TodoSet((0..<500).map { randomDraft(&g, index: $0) })
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        try set.exportJSON(to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["todos.json"])  // no temporary left
        var back = TodoSet()
        try back.importJSON(fileAt: path)
        #expect(back.drafts == set.drafts)
        // A failing export (the directory is gone) leaves nothing behind and throws a system error.
        #expect(throws: ExportError.self) { try set.exportJSON(to: dir.appendingPathComponent("missing/x.json").path) }
        // Small windows: records cross window boundaries everywhere.
        var small = TodoSet()
        var session = _ImportSession(options: ImportOptions(), sink: _TodoSetSink(set: TodoSet()))
        defer { session.release() }
        let fd = try FileDescriptor.openForReading(path)
        try session.run(file: fd, window: 64)
        small = session.sink.set
        #expect(small.drafts == set.drafts)
    }

    @Test func strictImportLeavesTheSetUnchanged() throws {
        var set = try TodoSet([TodoDraft(id: "x", title: "keep")])
        let before = set.drafts
        #expect(throws: ImportError.self) { try set.importJSON(bytes: Array(#"[{"id":"a","title":"t"},{"id":"x","title":"dup"}]"#.utf8)) }
        #expect(set.drafts == before)
        #expect(throws: ImportError.self) { try set.importJSON(bytes: Array(#"[{"id":"a","title":"t"},{"id":"b","title":"t"}"#.utf8)) }
        #expect(set.drafts == before)
        var o = ImportOptions(); o.policy = .skipInvalid
        let r = try set.importJSON(bytes: Array(#"[{"id":"a","title":"t"},{"id":"x","title":"dup"}]"#.utf8), options: o)
        #expect(r.imported == 1 && r.skipped == 1 && r.issues.first?.reason == .duplicateId && r.issues.first?.recordIndex == 1)
        #expect(set.drafts.map(\.id) == ["x", "a"])
    }
}
