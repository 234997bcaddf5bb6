// Offset lookup per instant (issue 11): `TimeZoneRules.utcOffset(at:)` against glibc's `localtime_r`
// with TZ=Europe/Berlin, over the same pseudo-random instants of 1900...2100 (the transition table,
// and after 2037 the footer rule). Both read /usr/share/zoneinfo/Europe/Berlin. The checksum folds
// every offset, so the two must agree on every instant.
import Foundation
import CalGrid
import CBaselines

/// `n` instants spread over 1900-01-01...2100-01-01, the same for every implementation.
func tzInstants(_ n: Int) -> [Int64] {
    let lo: Int64 = -2_208_988_800, span: UInt64 = 4_102_444_800 + 2_208_988_800
    var x: UInt64 = 0x2545F4914F6CDD1D
    return (0..<n).map { _ in
        x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return lo + Int64((x >> 11) % span)
    }
}

/// CalGrid: one query per instant, offsets folded.
func calgridOffsets(_ zone: TimeZoneRules, _ instants: [Int64]) -> UInt64 {
    var h = foldSeed
    for t in instants { h = fold(h, UInt64(bitPattern: Int64(zone.utcOffset(at: t)))) }
    return h
}

func runTimeZones(_ s: Settings) -> [Measurement] {
    let path = "/usr/share/zoneinfo/Europe/Berlin"
    guard let data = FileManager.default.contents(atPath: path),
          let berlin = try? TimeZoneRules(tzif: [UInt8](data), name: "Europe/Berlin") else {
        print("  tz: \(path) missing or unreadable (Debian package tzdata)")
        return []
    }
    var out: [Measurement] = []
    for n in s.quick ? [100_000] : [1_000_000] {
        let instants = tzInstants(n)
        out += measure("tz-offset", n: n, [
            Implementation(name: "glibc localtime_r (TZ=Europe/Berlin)", role: .baseline) {
                instants.withUnsafeBufferPointer { cb_localtime_offsets($0.baseAddress, $0.count, "Europe/Berlin") } },
            Implementation(name: "CalGrid TimeZoneRules.utcOffset", role: .candidate) {
                calgridOffsets(opaque(berlin), instants) },
        ], settings: s)
    }
    return out
}
