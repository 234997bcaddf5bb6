import Testing
import CalGridTestSupport
import Foundation
import CalGrid
@testable import CalGridJSON
import CalGridSystem

final class ProgressLog { var calls: [(Int64, Int64)] = []; var stopAfter = Int.max }


func temporaryFile(_ bytes: [UInt8]) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-hostile-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).json").path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

@Suite struct HostileInputTests {
    @Test func progressReportsBytesAndCanCancel() throws {
        var g = SeededRandom(seed: 3)
        let set = try TodoSet((0..<3_000).map { randomDraft(&g, index: $0) })
        let bytes = set.exportJSONBytes()
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = ProgressLog()
        var o = ImportOptions()
        o.progress = { done, total in
            log.calls.append((done, total))
            return log.calls.count < log.stopAfter
        }
        var session = _ImportSession(options: o, sink: _TodoSetSink(set: TodoSet()))
        defer { session.release() }
        try session.run(file: try FileDescriptor.openForReading(path), window: 4096)
        #expect(log.calls.count > 10)
        #expect(log.calls.allSatisfy { $0.1 == Int64(bytes.count) })
        #expect(zip(log.calls, log.calls.dropFirst()).allSatisfy { $0.0.0 <= $0.1.0 })
        #expect(log.calls.last?.0 == Int64(bytes.count))
        // Cancelling leaves the set as it was.
        log.calls = []; log.stopAfter = 1
        var target = try TodoSet([TodoDraft(id: "keep", title: "k")])
        #expect(throws: ImportError.cancelled) { try target.importJSON(fileAt: path, options: o) }
        #expect(target.drafts.map(\.id) == ["keep"])
    }

    @Test func limits() throws {
        var o = ImportOptions()
        o.limits.maxInputBytes = 10
        #expect(issue(#"[{"id":"a","title":"t"}]"#, o)?.reason == .inputTooLarge)
        o = ImportOptions()
        o.limits.maxRecords = 2
        #expect(issue(#"[{"id":"a","title":"t"},{"id":"b","title":"t"},{"id":"c","title":"t"}]"#, o)?.reason == .tooManyRecords)
        o = ImportOptions()
        o.limits.maxSpanDays = 7
        #expect(issue(#"[{"id":"a","title":"t","startDate":"2024-01-01","endDate":"2024-01-07"}]"#, o) == nil)
        #expect(issue(#"[{"id":"a","title":"t","startDate":"2024-01-01","endDate":"2024-01-08"}]"#, o)?.reason == .spanTooLong)
        o = ImportOptions()
        o.limits.maxDepth = 2
        #expect(issue(#"[{"id":"a","title":"t","tags":["x"]}]"#, o) == nil)
        #expect(issue(#"[{"id":"a","title":"t","x":[[1]]}]"#, o)?.reason == .tooDeep)
    }

    @Test func recordLargerThanTheLimitInAFile() throws {
        let big = "[{\"id\":\"a\",\"title\":\"" + String(repeating: "x", count: 100_000) + "\"}]"
        let path = try temporaryFile(Array(big.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var o = ImportOptions()
        o.limits.maxRecordBytes = 50_000
        var session = _ImportSession(options: o, sink: _TodoSetSink(set: TodoSet()))
        defer { session.release() }
        #expect(throws: ImportError.self) { try session.run(file: try FileDescriptor.openForReading(path), window: 1024) }
        // With the default limit the window grows and the record is read whole.
        var set = TodoSet()
        var s2 = _ImportSession(options: ImportOptions(), sink: _TodoSetSink(set: TodoSet()))
        defer { s2.release() }
        try s2.run(file: try FileDescriptor.openForReading(path), window: 1024)
        set = s2.sink.set
        #expect(set.title(at: 0).utf8.count == 100_000)
    }

    @Test func systemErrors() {
        var set = TodoSet()
        #expect(throws: ImportError.system(Errno(.open, code: ENOENT, path: "/nonexistent/calgrid.json"))) {
            try set.importJSON(fileAt: "/nonexistent/calgrid.json")
        }
        #expect(throws: ImportError.system(Errno(.stat, code: EISDIR))) { try set.importJSON(fileAt: "/tmp") }
        let e = ImportError.system(Errno(.open, code: ENOENT))
        #expect(e.message.contains("No such file"))
    }

    @Test func garbageNeverCrashes() throws {
        var g = SeededRandom(seed: 99)
        let alphabet = Array("{}[]\",:0123456789.eE+-truefalsnl \n\t\\u'/".utf8) + [0, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        var o = ImportOptions()
        o.policy = .skipInvalid
        for _ in 0..<3_000 {
            let n = Int(g.next() % 64)
            var bytes = Array(#"[{"id":"a","title":"t"},"#.utf8)
            for _ in 0..<n { bytes.append(alphabet[Int(g.next() % UInt64(alphabet.count))]) }
            var set = TodoSet()
            do throws(ImportError) { _ = try set.importJSON(bytes: bytes, options: o) } catch {
                guard case .invalidInput(let i) = error else { Issue.record("unexpected error"); continue }
                #expect(i.byteOffset >= 0 && i.byteOffset <= Int64(bytes.count))
                #expect(set.isEmpty)
            }
        }
    }

    @Test func jsonLinesWithManyBadLines() throws {
        var text = ""
        for k in 0..<500 { text += k % 2 == 0 ? "{\"id\":\"\(k)\",\"title\":\"t\"}\n" : "{\"id\":\"\(k)\",\"title\":t}\n" }
        var o = ImportOptions()
        o.policy = .skipInvalid
        let (d, r) = try importText(text, o)
        #expect(d.count == 250 && r.skipped == 250 && r.issues.count == 100 && r.unreportedIssues == 150)
        #expect(r.issues[1].line == 4 && r.issues[1].recordIndex == 3)
    }

    /// The export validates against the published JSON Schema (Python's jsonschema, when installed).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func exportMatchesTheSchema() throws {
        var g = SeededRandom(seed: 11)
        let set = try TodoSet((0..<300).map { randomDraft(&g, index: $0) })
        let path = try temporaryFile(set.exportJSONBytes())
        defer { try? FileManager.default.removeItem(atPath: path) }
        let schema = fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/calgrid-todos.schema.json").path
        try runProgram("/usr/bin/python3", ["-c", """
            import json, sys
            try:
                import jsonschema
            except ImportError:
                sys.exit(0)
            jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))
            """, path, schema])
    }
}
