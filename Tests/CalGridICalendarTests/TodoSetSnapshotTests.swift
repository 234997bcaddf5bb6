import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// A set's snapshot (`TodoSet._snapshot()`, the vdir view cache's form of the set, issue 41) reads
/// back as the set it was: every row's fields and alarms, the per-day counts, and a set that takes
/// further changes as the original does. The oracle is the set itself as the import built it.
@Suite struct TodoSetSnapshotTests {
    static let folders = ["CalGridICalendarTests/Corpus", "CalGridICalendarTests/Phones"]

    static func zone(_ name: String) -> TimeZoneRules? { try? TimeZoneRules.parse(name) }

    static func readBack(_ set: TodoSet) -> TodoSet? {
        set._snapshot().withUnsafeBytes { TodoSet(_snapshot: $0, zone: zone) }
    }

    func expectSame(_ a: TodoSet, _ b: TodoSet, _ what: String) {
        #expect(a.count == b.count, "\(what)")
        for i in a.indices where i < b.count {
            #expect(a.draft(at: i) == b.draft(at: i), "\(what) row \(i)")
            #expect(a.alarms(at: i) == b.alarms(at: i), "\(what) row \(i)")
            #expect(a.index(ofID: a.id(at: i)) == b.index(ofID: a.id(at: i)), "\(what) row \(i)")
        }
        let first = CivilDate(_unchecked: 20_000), last = CivilDate(_unchecked: 21_500)   // 2024-10 ... 2028-11
        for kind in [TodoKind.all, .challenges, .plain, .events, .todos] {
            let x = a.dayCounts(from: first, through: last, kind: kind), y = b.dayCounts(from: first, through: last, kind: kind)
            var day = first
            while day <= last {
                #expect(x[day]?.total == y[day]?.total && x[day]?.completed == y[day]?.completed, "\(what) \(kind) \(day)")
                day = day.advanced(by: 1)
            }
        }
    }

    /// Every file of the iCalendar and phone corpora: the set read back is the set, a prefix of its
    /// snapshot is no set, and the two take the same changes alike.
    @Test func corpusSetsReadBack() throws {
        var files = 0
        for folder in TodoSetSnapshotTests.folders {
            let dir = TestPaths.tests.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".ics") {
                var set = TodoSet()
                guard (try? set.importICalendar(fileAt: dir.appendingPathComponent(name).path,
                                                options: ImportOptions(zone: try TimeZoneRules.named("Europe/Berlin")))) != nil else { continue }
                files += 1
                let bytes = set._snapshot()
                guard var back = TodoSetSnapshotTests.readBack(set) else {
                    Issue.record("\(name): the snapshot does not read back")
                    continue
                }
                expectSame(set, back, name)
                for n in Set(stride(from: 0, to: bytes.count, by: Swift.max(1, bytes.count / 97)).map { $0 } + [bytes.count - 1]) {
                    #expect(Array(bytes[..<n]).withUnsafeBytes { TodoSet(_snapshot: $0, zone: TodoSetSnapshotTests.zone) } == nil,
                            "\(name): a snapshot cut at \(n) of \(bytes.count) bytes read")
                }
                #expect((bytes + [0, 0, 0, 0, 0, 0, 0, 0]).withUnsafeBytes { TodoSet(_snapshot: $0, zone: TodoSetSnapshotTests.zone) } == nil)
                var original = set
                let extra = TodoDraft(id: "snapshot-extra", title: "Added after", start: CivilDate(_unchecked: 20_800))
                _ = try original.append(extra)
                _ = try back.append(extra)
                if original.count > 1 { original.remove(at: 0); back.remove(at: 0) }
                expectSame(original, back, name + " changed")
            }
        }
        #expect(files >= 16)
    }

    /// Random native todos (rules with RDATE and EXDATE days, spans, flags, open ends, events).
    @Test func randomSetsReadBack() throws {
        for seed in 1...4 as ClosedRange<UInt64> {
            let set = randomNativeSet(400, seed: seed)
            let back = try #require(TodoSetSnapshotTests.readBack(set))
            expectSame(set, back, "seed \(seed)")
        }
        let empty = try #require(TodoSetSnapshotTests.readBack(TodoSet()))
        #expect(empty.count == 0)
    }
}
