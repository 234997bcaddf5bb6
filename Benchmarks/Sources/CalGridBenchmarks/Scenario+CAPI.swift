// C API overhead: a C program linked against libcalgrid (built by `make capi`) against the Swift core
// doing the same work in this process. Repetitions alternate: a Swift sample, then a C sample.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

let rootDir = benchmarksDir + "/.."

/// Compiles Benchmarks/CAPI/bench_capi.c against the root's Include/ and .build/capi/libcalgrid.so.
func buildCAPIBench() -> String? {
    let lib = rootDir + "/.build/capi"
    guard access(lib + "/libcalgrid.so", R_OK) == 0 else {
        print("  capi: \(lib)/libcalgrid.so missing (`make capi` builds it; `make bench` does so first)")
        return nil
    }
    guard let cc = which("cc") else { return nil }
    let bin = runDir + "/bench_capi"
    guard let r = spawn(cc, ["-O2", "-std=c99", "-I", rootDir + "/Include", benchmarksDir + "/CAPI/bench_capi.c",
                             "-o", bin, "-L", lib, "-lcalgrid", "-Wl,-rpath," + lib], capture: true), r.status == 0 else {
        print("  capi: bench_capi.c did not build against libcalgrid")
        return nil
    }
    return bin
}

/// Alternates in-process Swift samples with samples from a child C program that times itself.
func measureAgainstChild(_ scenario: String, n: Int, swiftName: String, cName: String, settings s: Settings,
                         swiftBody: () -> UInt64, child: (_ batch: Int) -> (ns: Double, checksum: UInt64)?) -> [Measurement] {
    let t0 = cpuNanoseconds()
    let swiftSum = swiftBody()
    let t = Double(cpuNanoseconds() - t0)
    let batch = Swift.max(1, Int((s.minSampleNs / Swift.max(t, 1)).rounded(.up)))
    var sw: [Double] = [], cs: [Double] = []
    var cSum: UInt64? = nil
    for _ in 0..<s.repetitions {
        var h: UInt64 = 0
        let a = cpuNanoseconds()
        for _ in 0..<batch { h ^= swiftBody() }
        sw.append(Double(cpuNanoseconds() - a) / Double(batch))
        blackHole(h)
        guard let c = child(batch) else { break }
        cs.append(c.ns)
        cSum = c.checksum
    }
    var a = Measurement(scenario: scenario, n: n, implementation: swiftName, role: .baseline, samples: sw, checksum: swiftSum)
    a.ratioToBaseline = 1
    var out = [a]
    if !cs.isEmpty {
        var b = Measurement(scenario: scenario, n: n, implementation: cName, role: .candidate, samples: cs, checksum: cSum ?? 0)
        b.checksumOK = cSum == swiftSum
        if !b.checksumOK {
            let msg = "\(scenario) n=\(n): \(cName) checksum \(hex(cSum ?? 0)) != \(swiftName) \(hex(swiftSum))"
            checksumFailures.append(msg)
            print("CHECKSUM MISMATCH: \(msg)")
        }
        b.ratioToBaseline = pairwiseRatio(sw, cs)
        out.append(b)
    }
    for m in out {
        print("  \(pad(scenario, 16)) n=\(pad(String(n), 8)) \(pad(m.implementation, 34)) \(pad(formatNs(m.median), 10)) [\(formatNs(m.min)) – \(formatNs(m.max))] x\(m.samples.count)  \(formatRatio(m.ratioToBaseline ?? .nan))")
    }
    return out
}

func runCAPI(_ s: Settings) -> [Measurement] {
    guard let bin = buildCAPIBench() else { return [] }
    var out: [Measurement] = []
    let months = 1_200
    out += measureAgainstChild("capi-month-grid", n: months, swiftName: "Swift MonthGrid (same cells)",
                               cName: "C API calgrid_month_grid_fill", settings: s,
                               swiftBody: { calgridMonthGrids(year: opaque(1950), month: opaque(1), count: months) },
                               child: { batch in
        guard let r = spawn(bin, ["grids", "1950", "1", String(months), String(batch), "1"], capture: true), r.status == 0 else { return nil }
        let f = r.output.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard f.count >= 2, let ns = Double(f[0]), let sum = UInt64(f[1], radix: 16) else { return nil }
        return (ns, sum)
    })
    out += calgridCAPISort(bin: bin, settings: s)
    return out
}
