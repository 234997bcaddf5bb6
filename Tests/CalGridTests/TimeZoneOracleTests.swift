// Cross-checks TimeZoneRules against Python's zoneinfo (Tests/oracle/tz_oracle.py) on every zone of
// the system tzdata in /usr/share/zoneinfo (Debian's tzdata package, a `make deps` package): every
// offset change from 1900 to 2100 (t - 1, t, t + 1), random instants from year 1 to 9999 (footer
// rules far after 2037, instants before the first transition), and the local times at the edges
// of every gap and fold, against zoneinfo's fold=0 / fold=1 answers.
import Foundation
import Testing
import CalGridTestSupport
@testable import CalGrid

@Suite struct TimeZoneOracleTests {
    static let zoneinfo = "/usr/share/zoneinfo"

    static func runOracle(_ zones: [String] = []) throws -> [UInt8] {
        try runPython(TestPaths.oracle("tz_oracle.py"), zones)
    }

    /// A little-endian reader over the oracle's stream.
    struct Reader {
        let b: [UInt8]
        var i = 0
        var atEnd: Bool { i >= b.count }
        /// A signed integer of 4 or 8 bytes.
        mutating func int(_ size: Int) -> Int64 {
            var v: UInt64 = 0
            for k in 0..<size { v |= UInt64(b[i + k]) << (8 * k) }
            i += size
            return size == 8 ? Int64(bitPattern: v) : Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: v)))
        }
        mutating func unsigned(_ size: Int) -> Int {
            var v = 0
            for k in 0..<size { v |= Int(b[i + k]) << (8 * k) }
            i += size
            return v
        }
    }

    /// The zone file of `name` in the system tzdata, read as the oracle reads it.
    static func systemRules(_ name: String) throws -> TimeZoneRules {
        try TimeZoneRules(tzif: [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(zoneinfo)/\(name)"))), name: name)
    }

    struct Comparison { var problems: [String] = []; var zones = 0, instants = 0, probes = 0 }

    /// Compares the oracle's stream with the rules `rules(name)` gives for each zone it names.
    static func compare(_ stream: [UInt8], rules: (String) throws -> TimeZoneRules) -> Comparison {
        var r = Reader(b: stream)
        var c = Comparison()
        var total = 0
        func fail(_ s: @autoclosure () -> String) { total += 1; if c.problems.count < 12 { c.problems.append(s()) } }
        while !r.atEnd {
            var names: [String] = []
            for _ in 0..<r.unsigned(2) {
                let n = r.unsigned(2)
                names.append(String(decoding: r.b[r.i..<r.i + n], as: UTF8.self))
                r.i += n
            }
            var zones: [TimeZoneRules] = []
            for name in names {
                do { zones.append(try rules(name)) } catch { fail("\(name): \(error)") }
            }
            c.zones += zones.count
            let z = zones.first
            for _ in 0..<r.unsigned(4) {
                let t = r.int(8), offset = Int32(r.int(4)), day = Int32(r.int(4)), second = Int32(r.int(4))
                c.instants += 1
                guard let z else { continue }
                let expected = LocalTime(day: CivilDate(_unchecked: day), secondOfDay: second, utcOffset: offset)
                for zone in zones where zone.localTime(at: t) != expected {
                    fail("\(zone.name) at \(t): \(String(describing: zone.localTime(at: t))), zoneinfo \(expected)")
                }
                if z.utcOffset(at: t) != offset { fail("\(z.name) utcOffset at \(t): \(z.utcOffset(at: t)), zoneinfo \(offset)") }
            }
            for _ in 0..<r.unsigned(4) {
                let local = r.int(8), kind = r.unsigned(1), fold0 = r.int(8), fold1 = r.int(8), transition = r.int(8)
                c.probes += 1
                guard let z else { continue }
                let day = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
                let got = z.instant(of: CivilDate(_unchecked: Int32(day)), secondOfDay: Int32(local - day * 86_400))
                let expected: LocalInstant = switch kind {
                case 0: .unique(fold0)
                case 1: .ambiguous(earlier: fold0, later: fold1)
                default: .nonexistent(gapStart: transition)
                }
                if got != expected { fail("\(z.name) local \(local) (transition \(transition)): \(got), zoneinfo \(expected)") }
                if let next = z.nextOffsetChange(after: transition - 1), next == transition {} else {
                    fail("\(z.name) next offset change after \(transition - 1): \(String(describing: z.nextOffsetChange(after: transition - 1)))")
                }
            }
        }
        if total > c.problems.count { c.problems.append("… \(total) mismatches in all") }
        return c
    }

    @Test func everyZoneMatchesZoneinfo() throws {
        let c = Self.compare(try Self.runOracle(), rules: Self.systemRules)
        #expect(c.zones > 500, "zones checked: \(c.zones)")
        #expect(c.instants > 100_000 && c.probes > 10_000, "instants \(c.instants), probes \(c.probes)")
        #expect(c.problems.isEmpty, "\(c.problems.joined(separator: "\n"))")
    }

    /// The comparison can fail: Berlin's oracle stream against New York's rules, and against
    /// Berlin's rules with the footer replaced by a rule one week off.
    @Test func theComparisonCatchesWrongRules() throws {
        let stream = try Self.runOracle(["Europe/Berlin"])
        #expect(!Self.compare(stream, rules: { _ in try Self.systemRules("America/New_York") }).problems.isEmpty)
        #expect(Self.compare(stream, rules: Self.systemRules).problems.isEmpty)
        let wrongFooter = try TimeZoneRules(posixTZ: "CET-1CEST,M3.4.0,M10.5.0/3")
        var tables = try Self.systemRules("Europe/Berlin")
        tables = TimeZoneRules(name: tables.name, _times: tables._times, _typeIndices: tables._typeIndices,
                               _offsets: tables._offsets, _initialOffset: tables._initialOffset, _rule: wrongFooter._rule)
        let c = Self.compare(stream, rules: { [tables] _ in tables })
        #expect(c.problems.contains { $0.contains("Europe/Berlin") })
    }
}
