// Import with date-times in a zone with daylight saving time (issue 11): the app's 1M challenges
// with `startDate`/`endDate` as RFC 3339 date-times, imported in Europe/Berlin and, as the
// baseline, at a fixed +01:00, each import in a fresh child process. The date-times are local
// noon in Berlin, so both zones give the same days (the checksums must agree) while the Berlin
// import looks up the offset in force at every instant.
import Foundation
import CalGrid
import CalGridJSON
import CalGridSystem
#if canImport(Glibc)
import Glibc
#endif

let zoneImporters: [(key: String, zone: String, name: String, role: Role)] = [
    ("fixed", "+01:00", "CalGridJSON import, fixed +01:00", .baseline),
    ("berlin", "Europe/Berlin", "CalGridJSON import, Europe/Berlin", .candidate),
]

/// Challenge records as `writeImportFile` writes them (another seed, no memo, none completed), each
/// day written as the instant of its local noon in Berlin.
func writeZoneImportFile(records n: Int, to path: String) throws {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    func noon(_ d: CivilDate) -> String {
        let utcNoon = Int64(d.dayNumber) * 86_400 + 43_200
        let offset = berlin.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(utcNoon)))
        return formatDateTime(utcNoon - Int64(offset))
    }
    try writeChallengeFile(records: n, seed: 11, to: path, varied: false, day: noon)
}

func zoneImportFile(records n: Int) -> String {
    importDataFile("todos-berlin-v1-\(n).json") { try writeZoneImportFile(records: n, to: $0) }
}

/// `import-zone-child ZONE FILE`: one import in that zone; prints what `import-child` prints.
func importZoneChildMain(_ args: [String]) -> Int32 {
    guard args.count == 2, let zone = try? TimeZoneRules.parse(args[0]) else { return 2 }
    let t0 = nowNanoseconds()
    var set = TodoSet()
    do { try set.importJSON(fileAt: args[1], options: ImportOptions(zone: zone)) } catch { return 3 }
    let t = nowNanoseconds() - t0
    print("\(t) \(hex(todoSetImportFold(set))) \(set.count) \(peakRSSOfThisImage())")
    return 0
}

func runImportZone(_ s: Settings) -> [Measurement] {
    let sizes = s.quick ? [100_000] : [100_000, 1_000_000]
    let exe = selfExecutable()
    var out: [Measurement] = []
    for n in sizes {
        let path = zoneImportFile(records: n)
        let reps = s.quick ? 5 : 7
        var samples = [[Double]](repeating: [], count: zoneImporters.count)
        var inner = [[Double]](repeating: [], count: zoneImporters.count)
        var sums = [UInt64?](repeating: nil, count: zoneImporters.count)
        for _ in 0..<reps {   // interleaved: fixed, Berlin, fixed, Berlin, …
            for (i, imp) in zoneImporters.enumerated() {
                guard let r = spawn(exe, ["import-zone-child", imp.zone, path], capture: true), r.status == 0 else { continue }
                let f = r.output.split(separator: " ")
                guard f.count == 4, let ns = Double(f[0]), let sum = UInt64(f[1], radix: 16) else { continue }
                samples[i].append(Double(r.wallNs))
                inner[i].append(ns)
                sums[i] = sum
            }
        }
        for (i, imp) in zoneImporters.enumerated() where !samples[i].isEmpty {
            var m = Measurement(scenario: "import-zone", n: n, implementation: imp.name, role: imp.role, samples: samples[i],
                                checksum: sums[i] ?? 0)
            m.checksumOK = sums[0] == nil || sums[i] == sums[0]
            if !m.checksumOK {
                let msg = "import-zone n=\(n): \(imp.name) checksum \(hex(sums[i] ?? 0)) != \(hex(sums[0] ?? 0))"
                checksumFailures.append(msg)
                print("CHECKSUM MISMATCH: \(msg)")
            }
            m.ratioToBaseline = pairwiseRatio(samples[0], samples[i])
            m.extra = [("import-only wall median ns", inner[i].medianValue),
                       ("import-only ratio to fixed", inner[i].medianValue / inner[0].medianValue)]
            print("  \(pad("import-zone", 16)) n=\(pad(String(n), 8)) \(pad(imp.name, 34)) wall \(pad(formatNs(m.median), 10)) [\(formatNs(m.min)) – \(formatNs(m.max))] x\(m.samples.count)  import-only \(formatNs(inner[i].medianValue))  \(formatRatio(m.ratioToBaseline ?? .nan))")
            fflush(stdout)
            out.append(m)
        }
    }
    return out
}
