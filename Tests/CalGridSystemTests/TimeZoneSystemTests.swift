import Testing
import Foundation
import CalGrid
@testable import CalGridSystem

/// Zones by name, the user's zone argument and the local zone (TZ, /etc/localtime), against the
/// system's tzdata files and glibc's documented rules. Environment variables are never changed here
/// (tests run in parallel): the decisions are driven through `_local(tz:localtime:directory:)` and
/// `named(_:in:)`; the CLI tests set TZ and TZDIR for real.
@Suite struct TimeZoneSystemTests {
    let system = "/usr/share/zoneinfo"

    /// A scratch directory holding a zone directory with one zone under an invented name.
    func scratch() throws -> (dir: String, zones: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tz-\(getpid())-\(UUID().uuidString)").path
        let zones = dir + "/zoneinfo"
        try FileManager.default.createDirectory(atPath: zones + "/Test", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: system + "/Asia/Kathmandu", toPath: zones + "/Test/Zone")
        try FileManager.default.createDirectory(atPath: zones + "/Europe", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: system + "/Europe/Berlin", toPath: zones + "/Europe/Berlin")
        return (dir, zones)
    }

    @Test(arguments: ["", "/etc/localtime", "../etc/passwd", "Europe/..//x", "a/../b", "Europe/../../etc/passwd", "Europe/..", "..",
                      "Europe/Berlin\u{0}x", "Europe/\nBerlin", "Europe/Berlin\u{7F}", "\t"])
    func invalidNames(name: String) {
        #expect(throws: TimeZoneError.invalidZoneName(name)) { try TimeZoneRules.named(name) }
        #expect(throws: TimeZoneError.invalidZoneName(name)) { try TimeZoneRules.parse(name) }
    }

    @Test func unknownNamesAreNamedInTheError() throws {
        for name in ["Mars/Olympus", "Europe", "Europe/", "..Berlin", "Europe/Berlin/x", "Europe/...", "./Mars"] {
            #expect(throws: TimeZoneError.unknownZone(name)) { try TimeZoneRules.named(name) }
        }
        do { _ = try TimeZoneRules.parse("Mars/Olympus"); Issue.record("no error") } catch {
            #expect(error.description.contains("'Mars/Olympus'"))
            #expect(!error.description.contains("\n"))
        }
        // A file that is not zone data: the core's TZif error, not a crash.
        #expect(throws: TimeZoneError.self) { try TimeZoneRules.named("zone1970.tab") }
    }

    @Test func namedReadsTheSystemFile() throws {
        let berlin = try TimeZoneRules.named("Europe/Berlin")
        #expect(berlin.name == "Europe/Berlin" && !berlin.isFixedOffset)
        // Central European (Summer) Time: facts of the 2026 calendar, not of this code.
        #expect(berlin.utcOffset(at: 1_767_225_600) == 3600)      // 2026-01-01T00:00:00Z
        #expect(berlin.utcOffset(at: 1_782_864_000) == 7200)      // 2026-07-01T00:00:00Z
        let seoul = try TimeZoneRules.named("Asia/Seoul")
        #expect(seoul.utcOffset(at: 1_782_864_000) == 9 * 3600)
    }

    @Test func namedInAnotherDirectory() throws {
        let (dir, zones) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let z = try TimeZoneRules.named("Test/Zone", in: zones)
        #expect(z.name == "Test/Zone")
        #expect(z.utcOffset(at: 1_782_864_000) == 5 * 3600 + 45 * 60)   // Nepal, +05:45
        #expect(throws: TimeZoneError.unknownZone("Asia/Seoul")) { try TimeZoneRules.named("Asia/Seoul", in: zones) }
    }

    @Test func parseForms() throws {
        #expect(try TimeZoneRules.parse("UTC").name == "UTC")
        #expect(try TimeZoneRules.parse("Z").utcOffset(at: 0) == 0)
        #expect(try TimeZoneRules.parse("+09:00").utcOffset(at: 0) == 32_400)
        #expect(try TimeZoneRules.parse("-0330").utcOffset(at: 0) == -12_600)
        #expect(try TimeZoneRules.parse("+05").utcOffset(at: 0) == 18_000)
        #expect(try TimeZoneRules.parse("+09:00").isFixedOffset)
        #expect(try TimeZoneRules.parse("America/New_York").name == "America/New_York")
        // POSIX strings when no file has the name.
        let posix = try TimeZoneRules.parse("EST5EDT,M3.2.0,M11.1.0")
        #expect(posix.utcOffset(at: 1_782_864_000) == -4 * 3600 && posix.utcOffset(at: 1_767_225_600) == -5 * 3600)
        #expect(try TimeZoneRules.parse("<+0330>-3:30").utcOffset(at: 0) == 12_600)
        #expect(try TimeZoneRules.parse("JST-9").utcOffset(at: 0) == 32_400)
        // Beyond ±25:59:59, and a malformed POSIX rule: the core's errors.
        #expect(throws: TimeZoneError.self) { try TimeZoneRules.parse("+26:00") }
        do { _ = try TimeZoneRules.parse("CET-1CEST,M3.5.0,M10.5.0/3x"); Issue.record("no error") } catch {
            #expect(error.description.contains("CET-1CEST,M3.5.0,M10.5.0/3x"))
        }
    }

    @Test func tzVariableForms() throws {
        let (dir, zones) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let none = dir + "/no-localtime"
        func local(_ tz: String?, localtime: String? = nil) -> TimeZoneRules {
            TimeZoneRules._local(tz: tz, localtime: localtime ?? none, directory: zones)
        }
        #expect(local("").name == "UTC")                           // glibc: empty TZ is UTC
        #expect(local(":").name == "UTC")
        #expect(local("Test/Zone").name == "Test/Zone")
        #expect(local(":Test/Zone").name == "Test/Zone")
        #expect(local(":Test/Zone").utcOffset(at: 1_782_864_000) == 20_700)   // +05:45 since 1986
        // An absolute path is taken from TZ itself, named after the zone when it is in the directory.
        #expect(local(zones + "/Test/Zone").name == "Test/Zone")
        #expect(local(":" + zones + "/./Test/../Test/Zone").name == "Test/Zone")
        try FileManager.default.copyItem(atPath: zones + "/Test/Zone", toPath: dir + "/elsewhere")
        #expect(local(dir + "/elsewhere").name == dir + "/elsewhere")
        #expect(local(dir + "/elsewhere").utcOffset(at: 1_782_864_000) == 20_700)
        // No such file: a POSIX string, else UTC (as glibc).
        #expect(local("EST5EDT,M3.2.0,M11.1.0").name == "EST5EDT,M3.2.0,M11.1.0")
        #expect(local("Mars/Olympus").name == "UTC")
        #expect(local("../../etc/passwd").name == "UTC")
        #expect(local("/dev/null").name == "UTC")
        #expect(local(dir).name == "UTC")                         // a directory
        // TZ unset: /etc/localtime, else UTC.
        #expect(local(nil).name == "UTC")
    }

    @Test func localtimeLinkGivesTheName() throws {
        let (dir, zones) = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fm = FileManager.default
        // Absolute link into the zone directory (what Debian's tzdata writes).
        try fm.createSymbolicLink(atPath: dir + "/abs", withDestinationPath: zones + "/Europe/Berlin")
        var z = TimeZoneRules._local(tz: nil, localtime: dir + "/abs", directory: zones)
        #expect(z.name == "Europe/Berlin" && z.utcOffset(at: 1_782_864_000) == 7200)
        // Relative link (what systemd's timedatectl writes: ../usr/share/zoneinfo/...).
        try fm.createDirectory(atPath: dir + "/etc", withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: dir + "/etc/localtime", withDestinationPath: "../zoneinfo/Test/Zone")
        z = TimeZoneRules._local(tz: nil, localtime: dir + "/etc/localtime", directory: zones)
        #expect(z.name == "Test/Zone" && z.utcOffset(at: 1_782_864_000) == 20_700)
        // A copied file has no name to find: it is named by its path, with its rules.
        try fm.copyItem(atPath: zones + "/Europe/Berlin", toPath: dir + "/copied")
        z = TimeZoneRules._local(tz: nil, localtime: dir + "/copied", directory: zones)
        #expect(z.name == dir + "/copied" && z.utcOffset(at: 1_782_864_000) == 7200)
        // A link out of the zone directory is named by its own path; a dangling one is UTC.
        try fm.createSymbolicLink(atPath: dir + "/outside", withDestinationPath: dir + "/copied")
        #expect(TimeZoneRules._local(tz: nil, localtime: dir + "/outside", directory: zones).name == dir + "/outside")
        try fm.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: zones + "/Nope/Nothing")
        #expect(TimeZoneRules._local(tz: nil, localtime: dir + "/dangling", directory: zones).name == "UTC")
        // TZ wins over /etc/localtime.
        #expect(TimeZoneRules._local(tz: "Test/Zone", localtime: dir + "/abs", directory: zones).name == "Test/Zone")
    }

    @Test func thisMachinesLocalZoneMatchesGlibc() throws {
        // Whatever TZ and /etc/localtime say here, the offsets must be the ones the C library uses.
        let zone = TimeZoneRules.local()
        for t in stride(from: Int64(1_700_000_000), to: 1_900_000_000, by: 3_888_000) {
            var tt = time_t(t)
            var parts = tm()
            #expect(localtime_r(&tt, &parts) != nil)
            #expect(Int(zone.utcOffset(at: t)) == parts.tm_gmtoff, "at \(t) in \(zone.name)")
        }
    }

    @Test func pathHelpers() {
        #expect(_normalizedPath(Array("/etc/../usr/./share//zoneinfo/".utf8)) == Array("/usr/share/zoneinfo".utf8))
        #expect(_normalizedPath(Array("/..".utf8)) == Array("/".utf8))
        #expect(_zoneName(ofPath: "/usr/share/zoneinfo/Europe/Berlin", directory: "/usr/share/zoneinfo/") == "Europe/Berlin")
        #expect(_zoneName(ofPath: "/usr/share/zoneinfo", directory: "/usr/share/zoneinfo") == nil)
        #expect(_zoneName(ofPath: "/usr/share/zoneinfoX/Berlin", directory: "/usr/share/zoneinfo") == nil)
        #expect(_zoneName(ofPath: "/Europe/Berlin", directory: "/") == "Europe/Berlin")
        #expect(_parentDirectory("/etc/localtime") == "/etc" && _parentDirectory("/x") == "/" && _parentDirectory("x") == ".")
    }
}
