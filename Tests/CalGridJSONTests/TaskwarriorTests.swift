import Testing
import CalGridTestSupport
import Foundation
import CalGrid
@testable import CalGridJSON

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// Checks an import of a `task export` against Foundation's reading of the same bytes (an independent
/// oracle) and the documented mapping.
func checkTaskwarrior(_ data: Data, utcOffset: Int32 = 0) throws {
    var options = ImportOptions()
    options.zone = try TimeZoneRules(utcOffsetSeconds: utcOffset)
    var set = TodoSet()
    let report = try set.importJSON(bytes: [UInt8](data), options: options)
    #expect(report.format == .taskwarrior)

    let text = String(decoding: data, as: UTF8.self)
    let tasks: [[String: Any]]
    if text.first == "[" {
        tasks = try JSONSerialization.jsonObject(with: data) as! [[String: Any]]
    } else {
        tasks = try text.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }
    func day(_ tw: Any?) -> CivilDate? {
        guard let s = tw as? String else { return nil }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(secondsFromGMT: Int(utcOffset))
        f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        f.timeZone = TimeZone(identifier: "UTC")
        let date = f.date(from: s)!
        let local = Int64(date.timeIntervalSince1970) + Int64(utcOffset)
        return try? CivilDate(dayNumber: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    }
    var expectedIDs: [String] = []
    var deleted = 0, recurring = 0, unknown = 0
    let known: Set<String> = ["id", "uuid", "description", "entry", "modified", "due", "scheduled", "start", "end", "wait", "until",
                              "status", "tags", "project", "annotations", "urgency", "mask", "imask", "parent", "recur", "depends", "rtype"]
    for t in tasks {
        let status = t["status"] as! String
        if status == "deleted" { deleted += 1; continue }
        if status == "recurring" { recurring += 1; continue }
        unknown += t.keys.filter { !known.contains($0) }.count
        let uuid = t["uuid"] as! String
        expectedIDs.append(uuid)
        let d = set.draft(at: set.index(ofID: uuid)!)
        #expect(Array(d.title.utf8) == Array((t["description"] as! String).utf8))
        #expect(d.isCompleted == (status == "completed"))
        #expect(d.createdAt != nil)
        #expect(d.end == day(t["due"]))
        var start = day(t["scheduled"]) ?? day(t["entry"])
        if let s = start, let e = d.end, e < s { start = e }
        #expect(d.start == start)
        let notes = (t["annotations"] as? [[String: Any]])?.map { $0["description"] as! String }
        #expect(d.memo == notes?.joined(separator: "\n"))
        var tags = t["tags"] as? [String] ?? []
        if let p = t["project"] as? String { tags.append("project:" + p) }
        #expect(d.tags == tags)
        #expect(d.repetition == .all && d.completedDays == nil && !d.isChallenge)
    }
    #expect(set.drafts.map(\.id) == expectedIDs)
    #expect(report.deletedSkipped == deleted && report.recurringSkipped == recurring)
    #expect(report.unknownFields == unknown)
    #expect(report.records == tasks.count)
}

@Suite struct TaskwarriorTests {
    @Test(arguments: ["taskwarrior-2.6.2.json", "taskwarrior-2.6.2-lines.json"])
    func committedExports(name: String) throws {
        let data = try Data(contentsOf: fixtures.appendingPathComponent(name))
        try checkTaskwarrior(data)
        try checkTaskwarrior(data, utcOffset: 9 * 3600)
        try checkTaskwarrior(data, utcOffset: -10 * 3600)
    }

    @Test func fixtureHasEveryStatus() throws {
        var set = TodoSet()
        let r = try set.importJSON(bytes: [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("taskwarrior-2.6.2.json"))))
        #expect(r.deletedSkipped == 1 && r.recurringSkipped == 1)
        #expect(set.drafts.contains { $0.isCompleted })
        #expect(set.drafts.contains { $0.title == "한국어 할일 😀 emoji" })
        #expect(set.drafts.contains { $0.title == #"Write "report" with / slashes and \ backslash"# })
        #expect(r.unknownFields == 3)  // estimate, area, priority: user-defined attributes
        var o = ImportOptions()
        o.includeDeletedTasks = true
        o.includeRecurringParents = true
        var all = TodoSet()
        let r2 = try all.importJSON(bytes: [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("taskwarrior-2.6.2.json"))), options: o)
        #expect(r2.imported == r.imported + 2 && r2.deletedSkipped == 0)
    }

    /// Runs the real `task` program, when it is installed, and imports what it exports.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/task")), arguments: ["array", "lines"])
    func liveExport(layout: String) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tw-\(getpid())-\(layout).json")
        defer { try? FileManager.default.removeItem(at: out) }
        try runProgram(fixtures.appendingPathComponent("make-taskwarrior-export.sh").path, [out.path] + (layout == "lines" ? ["lines"] : []))
        try checkTaskwarrior(try Data(contentsOf: out))
    }

    @Test func invalidTaskIsReportedNotFatal() throws {
        // Taskwarrior 2.6.2 itself segfaults on an import holding one invalid date and loses the rest.
        let text = #"""
        [{"uuid":"u1","description":"ok","entry":"20240101T000000Z","status":"pending"},
         {"uuid":"u2","description":"bad","entry":"2024-13-45T00:00:00Z","status":"pending"},
         {"uuid":"u3","description":"ok too","entry":"20240101T000000Z","status":"waiting","due":"20240102T000000Z"}]
        """#
        var o = ImportOptions(); o.policy = .skipInvalid
        var set = TodoSet()
        let r = try set.importJSON(bytes: Array(text.utf8), options: o)
        #expect(set.drafts.map(\.id) == ["u1", "u3"])
        #expect(r.issues.first?.field == "entry" && r.issues.first?.reason == .invalidDateTime && r.issues.first?.line == 2)
        var strict = TodoSet()
        #expect(throws: ImportError.self) { try strict.importJSON(bytes: Array(text.utf8)) }
        #expect(strict.isEmpty)
    }
}
