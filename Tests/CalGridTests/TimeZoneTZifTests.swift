// TZif reading beyond what the system files show: hand-built files of every version (layout from
// RFC 8536 §3), leap-second records and indicators that must be skipped by size, a version 1 block
// that version 2+ readers must ignore, and hostile bytes: every truncation of every fixture, random
// byte flips, and each header, table and footer violation with the exact error it must give.
import Testing
import CalGridTestSupport
@testable import CalGrid

/// Builds TZif bytes by hand, following RFC 8536 §3.
struct TZifBuilder {
    var version: UInt8 = 0x32              // 0 = version 1, "2", "3", "4"
    var times: [Int64] = []
    var indices: [UInt8] = []
    var offsets: [Int32] = [0]             // one local time type per offset (isdst 0, abbreviation 0)
    var leaps: [(Int64, Int32)] = []
    var indicators = false                 // write isstd and isut arrays (one byte per type)
    var footer: String = ""
    /// What the version 1 block says when it should be skipped (a v2+ file); nil = the same data.
    var v1Offsets: [Int32]? = nil

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
    static func be64(_ v: UInt64) -> [UInt8] { be32(UInt32(v >> 32)) + be32(UInt32(v & 0xFFFF_FFFF)) }

    func block(timeSize: Int, offsets: [Int32]) -> [UInt8] {
        let chars = Array("LMT\0".utf8)
        let ind = indicators ? offsets.count : 0
        var b = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
        for c in [ind, ind, leaps.count, times.count, offsets.count, chars.count] { b += TZifBuilder.be32(UInt32(c)) }
        for t in times { b += timeSize == 8 ? TZifBuilder.be64(UInt64(bitPattern: t)) : TZifBuilder.be32(UInt32(truncatingIfNeeded: t)) }
        b += indices
        for o in offsets { b += TZifBuilder.be32(UInt32(bitPattern: o)) + [0, 0] }
        b += chars
        for (t, c) in leaps {
            b += (timeSize == 8 ? TZifBuilder.be64(UInt64(bitPattern: t)) : TZifBuilder.be32(UInt32(truncatingIfNeeded: t)))
                + TZifBuilder.be32(UInt32(bitPattern: c))
        }
        b += [UInt8](repeating: 1, count: 2 * ind)
        return b
    }

    /// Byte offset of the version 2+ header.
    var v2HeaderAt: Int { block(timeSize: 4, offsets: v1Offsets ?? offsets).count }
    /// Byte offset of the version 2+ data block.
    var v2DataAt: Int { v2HeaderAt + 44 }

    var bytes: [UInt8] {
        guard version != 0 else { return block(timeSize: 4, offsets: offsets) }
        return block(timeSize: 4, offsets: v1Offsets ?? offsets) + block(timeSize: 8, offsets: offsets)
            + [0x0A] + Array(footer.utf8) + [0x0A]
    }
}

@Suite struct TimeZoneTZifTests {
    func expectError(_ bytes: [UInt8], _ expected: TimeZoneError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) { try TimeZoneRules(tzif: bytes, name: "x") }
    }

    @Test func versionOne() throws {
        var b = TZifBuilder()
        b.version = 0
        b.times = [-100, 1000]
        b.indices = [1, 0]
        b.offsets = [3600, 7200]
        let z = try TimeZoneRules(tzif: b.bytes, name: "v1")
        #expect(z.name == "v1")
        #expect([-101, -100, 999, 1000, Int64.max].map(z.utcOffset(at:)) == [3600, 7200, 7200, 3600, 3600])
        // No footer: the last transition's type stays in force; before the first, type 0.
        #expect(z.utcOffset(at: Int64.min) == 3600)
    }

    @Test func versionTwoToFourSkipLeapSecondsIndicatorsAndTheVersionOneBlock() throws {
        for version: UInt8 in [0x32, 0x33, 0x34] {
            var b = TZifBuilder()
            b.version = version
            b.times = [-5_000_000_000, 0, 100_000]       // the first is outside 32 bits
            b.indices = [1, 2, 1]
            b.offsets = [-18_000, 3600, 7200]
            b.v1Offsets = [1, 2, 3]                      // must not be read
            b.leaps = [(78_796_800, 1), (94_694_401, 2), (126_230_402, 3)]
            b.indicators = true
            b.footer = version == 0x32 ? "CET-1CEST,M3.5.0,M10.5.0/3" : "CET-1CEST,M3.5.0/-1,M10.5.0/167"
            let z = try TimeZoneRules(tzif: b.bytes, name: "v\(version - 0x30)")
            #expect([Int64.min, -5_000_000_001, -5_000_000_000, -1, 0, 100_000].map(z.utcOffset(at:))
                    == [-18_000, -18_000, 3600, 3600, 7200, 3600])
            // After the last transition the footer governs: 2024-07-01 is summer time.
            #expect(z.utcOffset(at: 1_719_792_000) == 7200)
            #expect(z.utcOffset(at: 1_704_067_200) == 3600)
        }
    }

    @Test func footerAloneAndNoFooter() throws {
        var b = TZifBuilder()
        b.offsets = [-36_000]
        b.footer = "EST5EDT,M3.2.0,M11.1.0"
        let z = try TimeZoneRules(tzif: b.bytes, name: "rule only")
        #expect(!z.isFixedOffset)
        #expect(z.utcOffset(at: 1_710_054_000) == -14_400)    // 2024-03-10T07:00Z: the rule, not type 0
        #expect(z.utcOffset(at: 1_710_054_000 - 1) == -18_000)
        b.footer = ""
        let fixed = try TimeZoneRules(tzif: b.bytes, name: "type 0 only")
        #expect(fixed.isFixedOffset && fixed.utcOffset(at: 1_710_054_000) == -36_000)
    }

    @Test func headerErrors() {
        expectError([], .truncated(needed: 44, offset: 0, available: 0))
        var good = TZifBuilder()
        good.times = [0]
        good.indices = [0]
        var bytes = good.bytes
        bytes[3] = 0x58
        expectError(bytes, .badMagic(offset: 0))
        bytes = good.bytes
        bytes[good.v2HeaderAt + 1] = 0
        expectError(bytes, .badMagic(offset: good.v2HeaderAt))
        bytes = good.bytes
        bytes[4] = 0x31
        expectError(bytes, .unsupportedVersion(0x31, offset: 4))
        // typecnt 0, isutcnt and isstdcnt neither 0 nor typecnt (checked in the block that is read).
        var v1 = TZifBuilder()
        v1.version = 0
        bytes = v1.bytes
        bytes[39] = 0
        expectError(bytes, .invalidCount(field: .typecnt, value: 0, offset: 36))
        bytes = good.bytes
        bytes[good.v2HeaderAt + 23] = 2
        expectError(bytes, .invalidCount(field: .isutcnt, value: 2, offset: good.v2HeaderAt + 20))
        bytes = good.bytes
        bytes[good.v2HeaderAt + 27] = 5
        expectError(bytes, .invalidCount(field: .isstdcnt, value: 5, offset: good.v2HeaderAt + 24))
        // Huge counts: the data they announce is not there; nothing is allocated for them.
        bytes = v1.bytes
        bytes[32...35] = [0xFF, 0xFF, 0xFF, 0xFF]
        expectError(bytes, .truncated(needed: 0xFFFF_FFFF * 5 + 6 + 4, offset: 44, available: 10))
        bytes = good.bytes
        bytes[good.v2HeaderAt + 28 ..< good.v2HeaderAt + 32] = [0x7F, 0xFF, 0xFF, 0xFF]
        let available = bytes.count - good.v2DataAt
        expectError(bytes, .truncated(needed: 9 + 6 + 4 + 0x7FFF_FFFF * 12, offset: good.v2DataAt, available: available))
        #expect(TimeZoneError.truncated(needed: 44, offset: 1020, available: 12).description
                == "TZif data truncated: 44 bytes needed at offset 1020, 12 available")
    }

    @Test func tableErrors() {
        var b = TZifBuilder()
        b.times = [0, 10]
        b.indices = [0, 2]
        b.offsets = [0, 3600]
        // The type index of the second transition: after 2 times of 8 bytes, at data + 16 + 1.
        expectError(b.bytes, .typeIndexOutOfRange(2, typeCount: 2, offset: b.v2DataAt + 17))
        b.indices = [0, 1]
        b.times = [10, 10]
        expectError(b.bytes, .unsortedTransitions(offset: b.v2DataAt + 8))
        b.times = [10, 9]
        expectError(b.bytes, .unsortedTransitions(offset: b.v2DataAt + 8))
        b.times = [0, 10]
        b.offsets = [0, 93_600]
        expectError(b.bytes, .invalidUTCOffset(93_600, offset: b.v2DataAt + 18 + 6))
        b.offsets = [Int32.min, 0]
        expectError(b.bytes, .invalidUTCOffset(Int64(Int32.min), offset: b.v2DataAt + 18))
        b.offsets = [-93_599, 93_599]
        #expect(throws: Never.self) { try TimeZoneRules(tzif: b.bytes, name: "edges") }
    }

    @Test func footerErrors() throws {
        var b = TZifBuilder()
        b.footer = "EST5EDT,M3"
        let ruleAt = b.bytes.count - b.footer.utf8.count - 1
        expectError(b.bytes, .invalidFooter("EST5EDT,M3", offset: ruleAt + 10, expected: "'.' after the month"))
        do {
            _ = try TimeZoneRules(tzif: b.bytes, name: "x")
        } catch {
            #expect(error.description == "invalid TZif footer 'EST5EDT,M3': expected '.' after the month at offset \(ruleAt + 10)")
        }
        b.footer = "UTC0"
        var bytes = b.bytes
        bytes.removeLast()
        expectError(bytes, .invalidFooter("UTC0", offset: bytes.count, expected: "a newline after the rule"))
        bytes = b.bytes
        bytes[ruleAt - 1] = 0x20
        expectError(bytes, .invalidFooter("", offset: ruleAt - 1, expected: "a newline before the rule"))
    }

    /// Every strict prefix of every fixture is an error, never a crash and never a success.
    @Test(arguments: TZifFixtures.names)
    func everyTruncationThrows(_ name: String) throws {
        let full = try TZifFixtures.bytes(name)
        _ = try TimeZoneRules(tzif: full, name: name)
        for n in 0..<full.count {
            do {
                _ = try TimeZoneRules(tzif: Array(full[0..<n]), name: name)
                Issue.record("\(name) truncated to \(n) bytes parsed")
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }

    /// Random byte flips: parse or throw, and whatever parses answers every query without trapping.
    @Test(arguments: TZifFixtures.names)
    func randomByteFlips(_ name: String) throws {
        let full = try TZifFixtures.bytes(name)
        var rng = SeededRandom(seed: UInt64(full.count))
        let probes: [Int64] = [Int64.min, -1 << 40, -2_208_988_800, 0, 1_719_792_000, 4_102_444_800, 1 << 40, Int64.max]
        var parsed = 0
        for _ in 0..<400 {
            var bytes = full
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                bytes[Int(rng.next() % UInt64(bytes.count))] ^= UInt8(truncatingIfNeeded: rng.next() | 1)
            }
            guard let z = try? TimeZoneRules(tzif: bytes, name: name) else { continue }
            parsed += 1
            for t in probes {
                _ = z.utcOffset(at: t)
                if let l = z.localTime(at: t) {
                    switch z.instant(of: l.day, secondOfDay: l.secondOfDay) {
                    case .unique(let u): #expect(u == t)
                    case .ambiguous(let e, let later): #expect(e <= t && t <= later)
                    case .nonexistent: Issue.record("\(name): the local time of an instant is in a gap")
                    }
                }
            }
        }
        #expect(parsed > 0)
    }
}
