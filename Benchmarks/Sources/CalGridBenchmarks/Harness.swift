// The measuring core: warm-up, calibrated batches, interleaved repetitions, medians, pairwise ratios,
// checksums compared across implementations.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Keeps a value alive so the optimizer cannot delete the work that produced it.
@inline(never) public func blackHole<T>(_ x: T) { withExtendedLifetime(x) {} }
/// Hides a value's origin from the optimizer (inputs must not be constant-folded).
@inline(never) public func opaque<T>(_ x: T) -> T { x }

@inline(__always) func fold(_ h: UInt64, _ v: UInt64) -> UInt64 { (h ^ v) &* 0x100000001b3 }
let foldSeed: UInt64 = 0xcbf29ce484222325

/// Wall-clock time (CLOCK_MONOTONIC): what imports and process start-up are timed with.
@inline(__always) func nowNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

/// CPU time of the whole process, all threads (CLOCK_PROCESS_CPUTIME_ID): what in-process
/// scenarios are timed with. On a machine shared with other jobs it is far steadier than wall
/// time, and a multi-threaded implementation is charged for every thread it uses.
@inline(__always) func cpuNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

enum Role: String { case baseline, candidate, floor, reference }

/// One implementation of a scenario at one size. `body` does the whole unit of work once and
/// returns a checksum of what it computed.
struct Implementation {
    var name: String
    var role: Role
    /// Floors (a memory copy) compute something else on purpose; their checksum is not compared.
    var checked: Bool = true
    /// Per-run time budget hint: implementations slower than this get fewer repetitions.
    var body: () -> UInt64
}

struct Measurement {
    var scenario: String
    var n: Int
    var implementation: String
    var role: Role
    /// Nanoseconds per unit of work, one per repetition, in repetition order.
    var samples: [Double]
    var peakRSSBytes: Int? = nil
    var checksum: UInt64
    var checksumOK: Bool = true
    /// Extra figures (MB/s, bytes per todo, …) shown beside the time.
    var extra: [(String, Double)] = []
    /// Pairwise ratio: median over repetitions of baseline / this (so > 1 means faster than the baseline).
    var ratioToBaseline: Double? = nil
    var note: String? = nil

    var median: Double { samples.medianValue }
    var min: Double { samples.min() ?? .nan }
    var max: Double { samples.max() ?? .nan }
}

extension Array where Element == Double {
    var medianValue: Double {
        guard !isEmpty else { return .nan }
        let s = sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
}

struct Settings {
    var quick: Bool
    /// `--huge`: also ten million todos (lean data, several GB and minutes more).
    var huge: Bool = false
    /// A sample should last at least this long (fast bodies are batched).
    var minSampleNs: Double { quick ? 2e6 : 1e7 }
    /// Wanted repetitions per implementation.
    var repetitions: Int { quick ? 5 : 7 }
    /// Time budget per implementation and size; slow baselines get fewer repetitions (at least 3, or 1 when one run exceeds it).
    var budgetNs: Double { quick ? 1.5e9 : 5e9 }
}

/// Pairwise ratio of two sample series taken in the same interleaved run: median of a[i] / b[i].
func pairwiseRatio(_ baseline: [Double], _ other: [Double]) -> Double? {
    let k = Swift.min(baseline.count, other.count)
    guard k > 0 else { return nil }
    return (0..<k).map { baseline[$0] / other[$0] }.medianValue
}

var checksumFailures: [String] = []

/// Runs every implementation of one (scenario, n): warm-up and checksum check, batch calibration,
/// then repetitions interleaved across implementations so drifting machine load hits all alike.
func measure(_ scenario: String, n: Int, _ impls: [Implementation], settings: Settings,
             log: Bool = true) -> [Measurement] {
    var batch = [Int](repeating: 1, count: impls.count)
    var reps = [Int](repeating: settings.repetitions, count: impls.count)
    var checksums = [UInt64](repeating: 0, count: impls.count)
    // Warm-up: one run each (also the checksum), then calibrate.
    for (i, impl) in impls.enumerated() {
        let t0 = cpuNanoseconds()
        checksums[i] = impl.body()
        let t = Double(cpuNanoseconds() - t0)
        if t < settings.minSampleNs {
            // A second warm-up at the batch size, so caches and branch predictors settle.
            batch[i] = Swift.max(1, Int((settings.minSampleNs / Swift.max(t, 1)).rounded(.up)))
            var h: UInt64 = 0
            let t1 = cpuNanoseconds()
            for _ in 0..<batch[i] { h ^= impl.body() }
            blackHole(h)
            let tb = Double(cpuNanoseconds() - t1) / Double(batch[i])
            batch[i] = Swift.max(1, Int((settings.minSampleNs / Swift.max(tb, 1)).rounded(.up)))
        }
        let per = t * Double(batch[i])
        let fit = Int(settings.budgetNs / Swift.max(per, 1))
        reps[i] = Swift.min(settings.repetitions, fit >= 3 ? fit : (per > settings.budgetNs ? 1 : 3))
    }
    // Checksums must agree among the checked implementations.
    var ok = [Bool](repeating: true, count: impls.count)
    if let ref = impls.indices.first(where: { impls[$0].checked }) {
        for i in impls.indices where impls[i].checked && checksums[i] != checksums[ref] {
            ok[i] = false
            let msg = "\(scenario) n=\(n): \(impls[i].name) checksum \(hex(checksums[i])) != \(impls[ref].name) \(hex(checksums[ref]))"
            checksumFailures.append(msg)
            print("CHECKSUM MISMATCH: \(msg)")
        }
    }
    var samples = [[Double]](repeating: [], count: impls.count)
    var wall = [[Double]](repeating: [], count: impls.count)
    let maxReps = reps.max() ?? 0
    for r in 0..<maxReps {
        for (i, impl) in impls.enumerated() where r < reps[i] {
            var h: UInt64 = 0
            let b = batch[i]
            let w0 = nowNanoseconds()
            let t0 = cpuNanoseconds()
            for _ in 0..<b { h ^= impl.body() }
            let t = cpuNanoseconds() - t0
            let w = nowNanoseconds() - w0
            blackHole(h)
            samples[i].append(Double(t) / Double(b))
            wall[i].append(Double(w) / Double(b))
        }
    }
    let baseIndex = impls.firstIndex(where: { $0.role == .baseline })
    var out: [Measurement] = []
    for (i, impl) in impls.enumerated() {
        var m = Measurement(scenario: scenario, n: n, implementation: impl.name, role: impl.role,
                            samples: samples[i], checksum: checksums[i], checksumOK: ok[i])
        m.extra.append(("wall median ns", wall[i].medianValue))
        if let b = baseIndex { m.ratioToBaseline = pairwiseRatio(samples[b], samples[i]) }
        out.append(m)
    }
    if log {
        for m in out {
            print("  \(pad(scenario, 16)) n=\(pad(String(n), 8)) \(pad(m.implementation, 34)) \(pad(formatNs(m.median), 10)) [\(formatNs(m.min)) – \(formatNs(m.max))] x\(m.samples.count)\(m.ratioToBaseline.map { "  " + formatRatio($0) } ?? "")\(m.checksumOK ? "" : "  CHECKSUM MISMATCH")")
        }
        fflush(stdout)
    }
    return out
}

func hex(_ v: UInt64) -> String { String(v, radix: 16) }

func pad(_ s: String, _ w: Int) -> String { s.count >= w ? s : s + String(repeating: " ", count: w - s.count) }
func padLeft(_ s: String, _ w: Int) -> String { s.count >= w ? s : String(repeating: " ", count: w - s.count) + s }

func formatNs(_ ns: Double) -> String {
    if ns.isNaN { return "—" }
    if ns < 1e3 { return String(format: "%.1f ns", ns) }
    if ns < 1e6 { return String(format: "%.2f µs", ns / 1e3) }
    if ns < 1e9 { return String(format: "%.2f ms", ns / 1e6) }
    return String(format: "%.2f s", ns / 1e9)
}

func formatRatio(_ r: Double) -> String {
    if r.isNaN || r.isInfinite { return "—" }
    if r >= 100 { return String(format: "%.0f×", r) }
    if r >= 10 { return String(format: "%.1f×", r) }
    return String(format: "%.2f×", r)
}

func formatBytes(_ b: Double) -> String {
    if b < 1024 { return String(format: "%.0f B", b) }
    if b < 1024 * 1024 { return String(format: "%.1f KiB", b / 1024) }
    if b < 1024 * 1024 * 1024 { return String(format: "%.1f MiB", b / 1048576) }
    return String(format: "%.2f GiB", b / 1073741824)
}
