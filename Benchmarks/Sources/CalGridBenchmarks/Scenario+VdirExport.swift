// Writing a vdir (issue 41): `calgrid export --format vdir` of N todos into a new directory, and
// the same export again into it (an unchanged set: no file may be written), each its own process,
// spawn to exit. Scripts/vdir_export.py writes the store, checks the file counts and that the second
// export rewrote nothing, and times both; this reads its JSON. Linear writes: the time per item
// stays within 1.5x from the smallest N to the largest (every write used to scan the directory).
import Foundation

func runVdirExport(_ s: Settings) -> [Measurement] {
    guard let calgrid = calgridBinary() else {
        print("  vdir-export: no calgrid binary (run `make bench`, which builds it)")
        return []
    }
    let sizes = s.quick ? [2_500, 10_000] : [2_500, 10_000, 100_000]
    let runs = s.quick ? 1 : 3
    let json = NSTemporaryDirectory() + "calgrid-vdir-export-\(getpid()).json"
    defer { try? FileManager.default.removeItem(atPath: json) }
    guard let r = spawn("/usr/bin/env", ["python3", benchmarksDir + "/Scripts/vdir_export.py", calgrid.path,
                                         "--items", sizes.map(String.init).joined(separator: ","), "--runs", "\(runs)", "--json", json],
                        capture: true), r.status == 0,
          let data = FileManager.default.contents(atPath: json),
          let result = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let bySize = result["sizes"] as? [String: [String: [String: [Double]]]] else {
        print("  vdir-export: Scripts/vdir_export.py failed")
        return []
    }
    var out: [Measurement] = []
    for n in sizes {
        guard let sz = bySize[String(n)], let wall = sz["samples_seconds"], let cpu = sz["samples_cpu_seconds"] else { continue }
        for (key, name) in [("first", "calgrid export --format vdir, new directory"), ("again", "the same export again (0 files written)")] {
            guard let w = wall[key], !w.isEmpty else { continue }
            var m = Measurement(scenario: "vdir-export", n: n, implementation: name, role: key == "first" ? .baseline : .candidate,
                                samples: w.map { $0 * 1e9 }, checksum: 0)
            m.extra.append(("µs per item", w.medianValue * 1e6 / Double(n)))
            if let c = cpu[key] { m.extra.append(("ms CPU", c.medianValue * 1e3)) }
            m.note = "\(calgrid.note); wall from spawn to exit; the second export leaves every file's inode as it was"
            print("  \(pad("vdir-export", 16)) n=\(pad(String(n), 8)) \(pad(name, 44)) \(pad(formatNs(m.median), 10)) x\(m.samples.count)"
                  + String(format: "  %.1f µs/item", w.medianValue * 1e6 / Double(n)))
            out.append(m)
        }
    }
    return out
}
