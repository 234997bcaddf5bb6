// CLI start-up: wall time from posix_spawn to exit, output to /dev/null, many interleaved runs.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Compiles a tiny program once per run into the temporary directory; nil when the compiler is missing.
func buildHello(_ name: String, source: String, ext: String, compiler: [String]) -> String? {
    let dir = runDir
    let src = "\(dir)/\(name).\(ext)", bin = "\(dir)/\(name)"
    try? source.write(toFile: src, atomically: true, encoding: .utf8)
    guard let r = spawn(compiler[0], Array(compiler.dropFirst()) + ["-o", bin, src], capture: true), r.status == 0 else { return nil }
    return bin
}

func which(_ cmd: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let p = "\(dir)/\(cmd)"
        if access(p, X_OK) == 0 { return p }
    }
    return nil
}

/// The calgrid `make install` installs (`make bench` installs it into .build/bench-prefix: the static
/// executable, copied as users get it), else the one `make demo` runs, else a dynamically linked release build.
func calgridBinary() -> (path: String, note: String)? {
    let candidates = [(benchmarksDir + "/../.build/bench-prefix/bin/calgrid", "installed by `make install` (static executable)"),
                      (benchmarksDir + "/../.build/static/release/calgrid", "static executable, as `make demo` builds it"),
                      (benchmarksDir + "/.build/release/calgrid", "dynamically linked Swift runtime (no static build found)"),
                      (benchmarksDir + "/../.build/release/calgrid", "dynamically linked Swift runtime (no static build found)")]
    return candidates.first { access($0.0, X_OK) == 0 }
}

func runCLIStartup(_ s: Settings) -> [Measurement] {
    var programs: [(name: String, role: Role, argv: [String])] = []
    var calgridNote: String? = nil
    if let cc = which("cc"), let hello = buildHello("hello-c", source: "#include <stdio.h>\nint main(void) { puts(\"hello\"); return 0; }\n", ext: "c", compiler: [cc, "-O2"]) {
        programs.append(("C hello", .baseline, [hello]))
    }
    if let calgrid = calgridBinary() {
        calgridNote = calgrid.note
        programs.append(("calgrid month", .candidate, [calgrid.path, "month", "2026-11", "--today", "2026-11-15", "--color", "never"]))
    } else {
        print("  cli-startup: no calgrid binary (run `make bench`, which builds it)")
    }
    if let cal = which("cal") { programs.append(("cal (ncal)", .reference, [cal, "11", "2026"])) }
    if let swiftc = which("swiftc") {
        if let h = buildHello("hello-swift", source: "print(\"hello\")\n", ext: "swift", compiler: [swiftc, "-O"]) {
            programs.append(("Swift hello", .reference, [h]))
        }
        if let h = buildHello("hello-swift-foundation", source: "import Foundation\nprint(\"hello\")\n", ext: "swift", compiler: [swiftc, "-O"]) {
            programs.append(("Swift hello with Foundation", .reference, [h]))
        }
    }
    let runs = s.quick ? 40 : 300
    var samples = [[Double]](repeating: [], count: programs.count)
    var failed = [Bool](repeating: false, count: programs.count)
    for p in programs { _ = spawn(p.argv[0], Array(p.argv.dropFirst()), capture: false) }   // warm the page cache
    for _ in 0..<runs {
        for (i, p) in programs.enumerated() where !failed[i] {
            guard let r = spawn(p.argv[0], Array(p.argv.dropFirst()), capture: false), r.status == 0 else {
                failed[i] = true
                print("  cli-startup: \(p.name) failed to run")
                continue
            }
            samples[i].append(Double(r.wallNs))
        }
    }
    var out: [Measurement] = []
    let base = programs.firstIndex { $0.role == .baseline }
    for (i, p) in programs.enumerated() where !samples[i].isEmpty {
        var m = Measurement(scenario: "cli-startup", n: 1, implementation: p.name, role: p.role, samples: samples[i], checksum: 0)
        if let b = base { m.ratioToBaseline = pairwiseRatio(samples[b], samples[i]) }
        if p.name == "calgrid month" { m.note = calgridNote }
        print("  \(pad("cli-startup", 16)) \(pad(p.name, 34)) \(pad(formatNs(m.median), 10)) [\(formatNs(m.min)) – \(formatNs(m.max))] x\(m.samples.count)  \(formatRatio(m.ratioToBaseline ?? .nan))")
        out.append(m)
    }
    return out
}
