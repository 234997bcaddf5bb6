import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem
import CalGridTestSupport
import Foundation
import Synchronization
import Testing

/// iCalendar from several threads at once (docs/icalendar.md, Threads). libical 3.0 races on a
/// cold zone cache and on globals of its own, so CalGrid takes one process-wide lock around its
/// libical calls; under ThreadSanitizer (`make test-tsan` runs this suite) CalGrid's side of it
/// must report nothing, and every thread must get the one-thread answers.
@Suite struct ICalendarThreadTests {
    /// What one thread makes of the corpus: every file imported in Seoul, the whole set exported
    /// and each item patched with a new title.
    static func work(_ files: [[UInt8]]) throws -> [UInt8] {
        let zone = try TimeZoneRules.named("Asia/Seoul")
        var set = TodoSet()
        var out: [UInt8] = []
        for bytes in files {
            var one = TodoSet()
            try one.importICalendar(bytes: bytes, options: ImportOptions(zone: zone))
            for i in one.indices {
                var d = one.draft(at: i)
                d.title += " (patched)"
                out += try ICalendarItem.patch(bytes, with: d, now: 1_780_000_000, zone: zone)
            }
            try set.importICalendar(bytes: bytes, options: ImportOptions(zone: zone))
        }
        return out + set.exportICalendarBytes(now: 1_780_000_000)
    }

    /// Eight threads start together on a cold process (the first libical calls of this suite's
    /// run race for the zone table unless CalGrid warms it under its lock): each gets the bytes
    /// one thread gets.
    @Test func threadsImportExportAndPatchAtOnce() throws {
        let files = ICalPaths.corpusFiles.map { [UInt8](FileManager.default.contents(atPath: $0)!) }
        let threads = 8
        let mismatches = Atomic<Int>(0)
        let failures = Atomic<Int>(0)
        let results = Mutex<[[UInt8]]>([])
        runTogether(threads: threads) { _ in
            do {
                let r = try Self.work(files)
                results.withLock { $0.append(r) }
            } catch {
                failures.add(1, ordering: .relaxed)
            }
        }
        let expected = try Self.work(files)
        for r in results.withLock({ $0 }) where r != expected { mismatches.add(1, ordering: .relaxed) }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(mismatches.load(ordering: .relaxed) == 0 && results.withLock { $0.count } == threads)
    }
}
