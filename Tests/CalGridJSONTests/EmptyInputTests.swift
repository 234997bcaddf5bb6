import Testing
import CalGridTestSupport
import Foundation
import CalGrid
import CalGridSystem
@testable import CalGridJSON

/// Every set round-trips in every format, under every policy, the empty set included (issue 24):
/// an input with no value at all is JSON Lines of no records, what the empty set exports as.
@Suite struct EmptyInputTests {
    /// Random sets of 0 to 60 todos (the empty set every time) × export formats × policies × the
    /// format asked for on import (automatic, or the export's own) × bytes, a file and a stream.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func everySetRoundTripsInEveryFormatAndPolicy(seed: UInt64) throws {
        var g = SeededRandom(seed: seed)
        let sizes = [0, 1, Int(g.next() % 60) + 2]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-empty-\(seed)-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for n in sizes {
            let set = try TodoSet((0..<n).map { randomDraft(&g, index: $0) })
            for format in ExportFormat.allCases {
                let bytes = set.exportJSONBytes(format: format)
                let path = dir.appendingPathComponent("set-\(n).\(format.name)").path
                try set.exportJSON(to: path, format: format)
                for policy in ImportPolicy.allCases {
                    for asked in [ImportFormat.automatic, format.importFormat] {
                        let o = ImportOptions(format: asked, policy: policy)
                        var viaBytes = TodoSet(), viaFile = TodoSet(), viaStream = TodoSet()
                        let r = try viaBytes.importJSON(bytes: bytes, options: o)
                        let rf = try viaFile.importJSON(fileAt: path, options: o)
                        let fd = try FileDescriptor.openForReading(path)
                        let rs = try viaStream.importJSON(reading: fd, options: o)
                        for (back, report) in [(viaBytes, r), (viaFile, rf), (viaStream, rs)] {
                            #expect(back.drafts == set.drafts, "n=\(n) \(format) \(policy) \(asked)")
                            #expect(report.records == n && report.imported == n && report.skipped == 0 && report.issues.isEmpty)
                            #expect(report.format == format.importFormat)
                        }
                    }
                }
            }
        }
    }

    @Test func noValueIsAnEmptySetUnlessALayoutNeedsOne() throws {
        for text in ["", " ", "\n\n", " \t\r\n", "\u{FEFF}", "\u{FEFF}\n"] {
            for asked in [ImportFormat.automatic, .jsonLines] {
                var set = try TodoSet([TodoDraft(id: "kept", title: "t")])
                let r = try set.importJSON(bytes: Array(text.utf8), options: ImportOptions(format: asked))
                #expect(r.format == .jsonLines && r.records == 0 && r.imported == 0 && r.bytes == Int64(text.utf8.count))
                #expect(set.count == 1)
            }
            for asked in [ImportFormat.native, .taskwarrior] {
                #expect(issue(text, ImportOptions(format: asked))?.reason == .emptyInput, "\(asked)")
            }
        }
    }

    /// A stream that is not a regular file (a FIFO, as standard input often is) is read to its end
    /// through the same windows as a file: more than one window of records, written by another thread.
    @Test func aStreamImportsLikeItsFile() throws {
        var g = SeededRandom(seed: 77)
        let set = try TodoSet((0..<40_000).map { randomDraft(&g, index: $0) })
        let bytes = set.exportJSONBytes(format: .jsonLines)
        #expect(bytes.count > 8 << 20)   // beyond the first window
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-fifo-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("in").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            let h = FileHandle(forWritingAtPath: fifo)!
            h.write(Data(bytes))
            h.closeFile()
        }
        writer.start()
        let fd = try FileDescriptor.openForReading(fifo)
        var back = TodoSet()
        let r = try back.importJSON(reading: fd, options: ImportOptions(policy: .skipInvalid))
        #expect(r.imported == set.count && r.bytes == Int64(bytes.count))
        #expect(back.drafts == set.drafts)
    }
}
