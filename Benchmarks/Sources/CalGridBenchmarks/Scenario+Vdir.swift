// The vdir store (issue 21): `calgrid month` over 10,000 one-VTODO files against the same todos in
// one native store, each run its own process, spawn to exit. Scripts/vdir_month.py writes both
// stores, checks that the three print the same month, and times them interleaved (native, vdir
// with the view cache in place, vdir with it removed); this reads its JSON.
import Foundation

func runVdir(_ s: Settings) -> [Measurement] {
    guard let calgrid = calgridBinary() else {
        print("  vdir-month: no calgrid binary (run `make bench`, which builds it)")
        return []
    }
    let items = 10_000
    let runs = s.quick ? 5 : 15
    let json = NSTemporaryDirectory() + "calgrid-vdir-month-\(getpid()).json"
    defer { try? FileManager.default.removeItem(atPath: json) }
    guard let r = spawn("/usr/bin/env", ["python3", benchmarksDir + "/Scripts/vdir_month.py", calgrid.path, "--items", "\(items)",
                                         "--runs", "\(runs)", "--json", json], capture: true), r.status == 0,
          let data = FileManager.default.contents(atPath: json),
          let result = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let wall = result["samples_seconds"] as? [String: [Double]],
          let cpu = result["samples_cpu_seconds"] as? [String: [Double]] else {
        print("  vdir-month: Scripts/vdir_month.py failed")
        return []
    }
    let stores: [(key: String, name: String, role: Role)] = [
        ("native", "calgrid month, native store", .baseline),
        ("vdir-warm", "calgrid month, vdir, cache in place", .candidate),
        ("vdir-cold", "calgrid month, vdir, no cache", .candidate),
    ]
    var out: [Measurement] = []
    let base = (wall["native"] ?? []).map { $0 * 1e9 }
    for st in stores {
        guard let w = wall[st.key], !w.isEmpty else { continue }
        var m = Measurement(scenario: "vdir-month", n: items, implementation: st.name, role: st.role, samples: w.map { $0 * 1e9 }, checksum: 0)
        if let c = cpu[st.key] { m.extra.append(("ms CPU", c.medianValue * 1e3)) }
        if st.role != .baseline { m.ratioToBaseline = pairwiseRatio(base, m.samples) }
        m.note = "\(calgrid.note); wall from spawn to exit, CPU time of the process beside it; the three print the same month"
        print("  \(pad("vdir-month", 16)) n=\(pad(String(items), 8)) \(pad(st.name, 36)) \(pad(formatNs(m.median), 10)) x\(m.samples.count)"
              + "  CPU \(String(format: "%.1f", (cpu[st.key] ?? []).medianValue * 1e3)) ms")
        out.append(m)
    }
    return out
}
