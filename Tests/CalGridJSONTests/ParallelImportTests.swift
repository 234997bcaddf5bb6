import Testing
import Foundation
import CalGrid
@testable import CalGridJSON
import CalGridSystem

/// Inputs big enough for the decoding threads and for several batches, with bad records placed
/// around chunk and batch edges: every thread count must give the same report, issues and set.
@Suite struct ParallelImportTests {
    static let count = 20_000

    /// JSON Lines of `count` records; `bad` replaces record i's line.
    static func lines(_ bad: [Int: String]) -> [UInt8] {
        var s = ""
        for i in 0..<count {
            if let b = bad[i] { s += b + "\n"; continue }
            s += #"{"id":"r\#(i)","title":"todo number \#(i)","startDate":"2024-01-01","endDate":"2024-01-10","note":1}"# + "\n"
        }
        return Array(s.utf8)
    }

    static let bad: [Int: String] = [
        63: #"{"id":"r63","title":5}"#,                                   // last record of the first chunk
        64: #"{"id":"r5","title":"taken"}"#,                              // first of the second: an id already imported
        2_001: #"{"id":"r2001","title":'t'}"#,                           // malformed line
        16_384: #"{"id":"r16384","title":"t","startDate":"2024-02-01","endDate":"2024-01-01"}"#,  // first of the second batch
        19_999: #"{"id":"r19999","title":"t","completed":[true]}"#,
    ]

    func run(_ bytes: [UInt8], threads: Int, policy: ImportPolicy) -> (Result<ImportReport, ImportError>, [TodoDraft]) {
        var o = ImportOptions()
        o.threads = threads
        o.policy = policy
        var set = try! TodoSet([TodoDraft(id: "before", title: "b")])
        do throws(ImportError) {
            let r = try set.importJSON(bytes: bytes, options: o)
            return (.success(r), set.drafts)
        } catch {
            return (.failure(error), set.drafts)
        }
    }

    @Test func skipInvalidIsTheSameOnEveryThreadCount() throws {
        let bytes = ParallelImportTests.lines(ParallelImportTests.bad)
        #expect(bytes.count > 1 << 20)
        let (r1, d1) = run(bytes, threads: 1, policy: .skipInvalid)
        let report = try r1.get()
        #expect(report.issues.map(\.recordIndex) == [63, 64, 2_001, 16_384, 19_999])
        #expect(report.issues.map(\.line) == [64, 65, 2_002, 16_385, 20_000])
        #expect(report.issues.map(\.reason) == [.wrongType, .duplicateId, .singleQuotedString, .endBeforeStart, .completedWithoutSpan])
        #expect(report.imported == ParallelImportTests.count - 5)
        #expect(report.unknownFields == ParallelImportTests.count - 5)
        #expect(d1.count == 1 + ParallelImportTests.count - 5)
        #expect(d1[1].id == "r0" && d1.last?.id == "r19998")
        for threads in [2, 3] {
            let (r, d) = run(bytes, threads: threads, policy: .skipInvalid)
            #expect(try r.get() == report)
            #expect(d == d1)
        }
    }

    @Test func strictReportsTheFirstBadRecordOnEveryThreadCount() {
        // A taken id just before a bad record of the same chunk: the taken id is the first.
        for (bad, first) in [(ParallelImportTests.bad, 63), ([3_000: #"{"id":"r1","title":"again"}"#, 3_010: #"{"id":"x","title":[]}"#], 3_000),
                             ([16_383: #"{"id":"r16383"}"#], 16_383), ([19_999: #"{"id":"r0","title":"t"}"#], 19_999)] {
            let bytes = ParallelImportTests.lines(bad)
            var issues: [ImportIssue] = []
            for threads in [1, 2, 3] {
                let (r, d) = run(bytes, threads: threads, policy: .strict)
                #expect(d.map(\.id) == ["before"])
                guard case .failure(.invalidInput(let i)) = r else { Issue.record("expected a failure"); continue }
                #expect(i.recordIndex == first)
                #expect(i.line == first + 1)
                issues.append(i)
            }
            #expect(Set(issues).count == 1)
        }
    }

    @Test func theCallersLocaleIsKept() throws {
        // Decoding switches to the C locale for json-c and back, on every thread.
        let before = uselocale(nil)
        let (r, _) = run(ParallelImportTests.lines([:]), threads: 1, policy: .strict)
        #expect(try r.get().imported == ParallelImportTests.count)
        #expect(uselocale(nil) == before)
    }

    @Test func fileImportInSeveralWindowsAndBatches() throws {
        // The array layout from a file, read through small windows: batches end inside records.
        var set = try TodoSet((0..<ParallelImportTests.count).map { TodoDraft(id: "t\($0)", title: String(repeating: "x", count: $0 % 50)) })
        let bytes = set.exportJSONBytes()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-parallel-\(getpid()).json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for threads in [1, 2] {
            var o = ImportOptions()
            o.threads = threads
            var session = _ImportSession(options: o, sink: _TodoSetSink(set: TodoSet()))
            defer { session.release() }
            try session.run(file: try FileDescriptor.openForReading(path), window: 100_000)
            #expect(session.report.imported == ParallelImportTests.count)
            #expect(session.sink.set.drafts == set.drafts)
        }
        set = TodoSet()
        try set.importJSON(fileAt: path)
        #expect(set.count == ParallelImportTests.count)
    }
}
