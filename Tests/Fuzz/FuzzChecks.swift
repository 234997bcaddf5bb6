// What every Swift fuzz target checks (compiled into each of them): `check`, and the zone
// invariants shared by the import target's zone routes and the TZif and POSIX TZ targets.
// Zones: whatever parses answers every query; offsets stay within ±25:59:59; the local time of an
// instant maps back to that instant; the next offset change is the first instant with another offset.
import CalGrid

@inline(never)
func check(_ condition: Bool, _ what: StaticString) {
    if !condition { fatalError("fuzz invariant: \(what)") }
}

func checkInstant(_ z: TimeZoneRules, _ t: Int64) {
    let o = z.utcOffset(at: t)
    check(o >= -93_599 && o <= 93_599, "offset within ±25:59:59")
    guard let l = z.localTime(at: t) else { return }
    check(l.utcOffset == o && l.secondOfDay >= 0 && l.secondOfDay < 86_400, "local time consistent")
    switch z.instant(of: l.day, secondOfDay: l.secondOfDay) {
    case .unique(let u): check(u == t, "unique local time maps back")
    case .ambiguous(let e, let later): check(e < later && e <= t && t <= later, "fold holds the instant")
    case .nonexistent: check(false, "an instant's local time is never in a gap")
    }
}

func checkZone(_ z: TimeZoneRules) {
    let probes: [Int64] = [Int64.min, -62_135_596_800, -2_208_988_800, -1, 0, 1_719_792_000, 2_147_483_648,
                           4_102_444_800, 253_402_300_799, Int64.max]
    for start in probes {
        // The probe, then a few offset changes after it and the seconds around each.
        var t = start
        for _ in 0..<4 {
            checkInstant(z, t)
            guard let next = z.nextOffsetChange(after: t) else { break }
            check(next > t && z.utcOffset(at: next) != z.utcOffset(at: t) && z.utcOffset(at: next - 1) == z.utcOffset(at: t),
                  "next offset change is the first instant with another offset")
            checkInstant(z, next - 1)
            t = next
        }
    }
}

func fuzzZone(_ selector: UInt8, _ bytes: UnsafeRawBufferPointer) {
    do throws(TimeZoneError) {
        let z = selector == 1 ? try TimeZoneRules(tzif: bytes, name: "fuzz")
                              : try TimeZoneRules(posixTZ: String(decoding: bytes, as: UTF8.self))
        checkZone(z)
    } catch {
        check(!error.description.isEmpty, "a zone error says why")
    }
}

