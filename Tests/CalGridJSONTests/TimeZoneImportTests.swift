import Testing
import CalGridTestSupport
import Foundation
import CalGrid
@testable import CalGridJSON
import CalGridSystem

/// Checks a `task export` made with TZ=`zone` (by make-taskwarrior-dst-export.sh): imported in that
/// zone, every task lands on the day its description names, the day given to `task add`.
func checkDSTExport(_ data: Data, zone name: String) throws {
    var set = TodoSet()
    let report = try set.importJSON(bytes: [UInt8](data), options: ImportOptions(zone: try TimeZoneRules.named(name)))
    #expect(report.format == .taskwarrior && report.zoneName == name)
    #expect(set.count == 70)
    for d in set.drafts {
        let words = d.title.split(separator: " ")
        let given = try CivilDate(iso8601: String(words[1]))
        if words[0] == "due" { #expect(d.end == given, "\(name): \(d.title) became \(d.end?.iso8601 ?? "nil")") }
        else { #expect(d.start == given, "\(name): \(d.title) became \(d.start?.iso8601 ?? "nil")") }
    }
}

let dstZones = ["Europe/Berlin", "America/New_York", "Asia/Seoul"]

@Suite struct TimeZoneImportTests {
    @Test(arguments: dstZones)
    func committedDSTExports(zone: String) throws {
        let file = fixtures.appendingPathComponent("taskwarrior-2.6.2-dst-\(zone.replacingOccurrences(of: "/", with: "_")).json")
        try checkDSTExport(try Data(contentsOf: file), zone: zone)
    }

    /// The real `task`, run with TZ set, when it is installed.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/task")), arguments: dstZones)
    func liveDSTExports(zone: String) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("tw-dst-\(getpid())-\(zone.replacingOccurrences(of: "/", with: "_")).json")
        defer { try? FileManager.default.removeItem(at: out) }
        try runProgram(fixtures.appendingPathComponent("make-taskwarrior-dst-export.sh").path, [out.path, zone])
        try checkDSTExport(try Data(contentsOf: out), zone: zone)
    }

    /// RFC 3339 date-times around every Berlin and New York offset change of 1970...2100 (t − 1, t,
    /// t + 1) and at random instants, imported on several threads; Foundation's TimeZone (its own
    /// reader of the same tzdata) is the oracle.
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe"])
    func dateTimesUseTheRulesAtEachInstant(zone name: String) throws {
        let zone = try TimeZoneRules.named(name)
        let oracle = TimeZone(identifier: name)!
        var instants: [Int64] = []
        var t = Date(timeIntervalSince1970: 0)
        while t.timeIntervalSince1970 < 4_102_444_800, let next = oracle.nextDaylightSavingTimeTransition(after: t) {
            let s = Int64(next.timeIntervalSince1970)
            instants += [s - 1, s, s + 1]
            t = next
        }
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<3000 { instants.append(Int64.random(in: -2_000_000_000...4_102_444_800, using: &rng)) }
        instants.shuffle(using: &rng)
        var text = "[\n"
        for (i, s) in instants.enumerated() {
            text += #"{"id":"\#(i)","title":"t","startDate":"\#(rfc3339(s))"}"# + (i == instants.count - 1 ? "\n]" : ",\n")
        }
        var o = ImportOptions(zone: zone)
        o.threads = 2
        let (drafts, report) = try importText(text, o)
        #expect(report.zoneName == name && drafts.count == instants.count)
        for (d, s) in zip(drafts, instants) {
            let local = s + Int64(oracle.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(s))))
            let want = try CivilDate(dayNumber: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
            #expect(d.start == want, "\(rfc3339(s)) in \(name)")
        }
    }

    /// The per-thread cache gives what the zone gives, in any order of instants.
    @Test func clockMatchesTheZone() throws {
        for zone in [try TimeZoneRules.named("Europe/Berlin"), try TimeZoneRules.named("Pacific/Apia"),
                     try TimeZoneRules.parse("EST5EDT,M3.2.0,M11.1.0"), try TimeZoneRules.parse("+05:45"), .utc] {
            var clock = _ZoneClock(zone: zone)
            var rng = SystemRandomNumberGenerator()
            var instants = (0..<20_000).map { _ in Int64.random(in: -4_000_000_000...6_000_000_000, using: &rng) }
            instants += (0..<20_000).map { Int64($0) * 3_600 + 1_700_000_000 }   // in order, across changes
            instants += (0..<2_000).map { _ in Int64.random(in: 1_767_225_600...1_798_761_600, using: &rng) }   // one year, shuffled
            for s in instants {
                #expect(clock.civilDay(s) == zone.localTime(at: s)?.day, "\(s) in \(zone.name)")
            }
        }
    }

    @Test func fixedOffsetIsOneKindOfZone() throws {
        let o = ImportOptions(zone: try TimeZoneRules(utcOffsetSeconds: -3 * 3600))
        let (d, r) = try importText(#"[{"id":"a","title":"t","endDate":"2026-07-15T02:00:00Z"}]"#, o)
        #expect(d[0].end == day("2026-07-14") && r.zoneName == "-03:00")
        let (u, ru) = try importText(#"[{"id":"a","title":"t","endDate":"2026-07-15T02:00:00Z"}]"#)
        #expect(u[0].end == day("2026-07-15") && ru.zoneName == "UTC")
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` of an instant.
func rfc3339(_ s: Int64) -> String {
    let d = s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
    let r = Int(s - d * 86_400)
    return CivilDate(_unchecked: Int32(d)).iso8601 + String(format: "T%02d:%02d:%02dZ", r / 3600, r / 60 % 60, r % 60)
}
