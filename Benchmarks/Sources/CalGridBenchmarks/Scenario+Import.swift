// JSON import of the app's todos in the native format, each import in a fresh child process so
// its peak RSS is its own.
import Foundation
import CalGrid
import CJSONCBench
#if canImport(Glibc)
import Glibc
#endif

/// A record as every importer must deliver it, in Swift values.
struct ImportedTodo {
    var id: String
    var title: String
    var memo: String?
    var start: Int32?
    var end: Int32?
    var createdAt: Int64?
    var isChallenge: Bool
    var isCompleted: Bool
    var completed: [Bool]
}

@inline(__always) func hashBytes(_ s: String) -> UInt64 {
    var h = foldSeed
    var s = s
    s.withUTF8 { for b in $0 { h = fold(h, UInt64(b)) } }
    return h
}

/// Fold of one record; every importer's output is folded the same way, in file order.
func recordFold(_ h0: UInt64, id: UInt64, title: UInt64, memo: UInt64, start: Int32?, end: Int32?, createdAt: Int64?,
                isChallenge: Bool, isCompleted: Bool, completedBits: UInt64, completedCount: Int) -> UInt64 {
    var h = fold(h0, id)
    h = fold(h, title); h = fold(h, memo)
    h = fold(h, start.map { UInt64(UInt32(bitPattern: $0)) } ?? 0xFFFF_FFFF_FFFF)
    h = fold(h, end.map { UInt64(UInt32(bitPattern: $0)) } ?? 0xFFFF_FFFF_FFFF)
    h = fold(h, createdAt.map { UInt64(bitPattern: $0) } ?? 0xFFFF_FFFF_FFFF)
    h = fold(h, (isChallenge ? 1 : 0) | (isCompleted ? 2 : 0))
    h = fold(h, completedBits ^ UInt64(completedCount) << 58)
    return h
}

func importedFold(_ todos: [ImportedTodo]) -> UInt64 {
    var h = foldSeed
    for t in todos {
        var bits: UInt64 = 0
        for (k, b) in t.completed.enumerated() where b { bits ^= 1 << UInt64(k % 58) }
        h = recordFold(h, id: hashBytes(t.id), title: hashBytes(t.title), memo: t.memo.map(hashBytes) ?? 0,
                       start: t.start, end: t.end, createdAt: t.createdAt, isChallenge: t.isChallenge,
                       isCompleted: t.isCompleted, completedBits: bits, completedCount: t.completed.count)
    }
    return h
}

// MARK: the file

/// `YYYY-MM-DD` → day number (what the baselines use; strict enough for generated data).
func parseDay(_ s: String) -> Int32? {
    var s = s
    return s.withUTF8 { b -> Int32? in
        guard b.count == 10, b[4] == 45, b[7] == 45 else { return nil }
        func d(_ i: Int) -> Int { Int(b[i]) - 48 }
        let y = d(0) * 1000 + d(1) * 100 + d(2) * 10 + d(3), m = d(5) * 10 + d(6), dd = d(8) * 10 + d(9)
        return (try? CivilDate(year: y, month: m, day: dd))?.dayNumber
    }
}
/// `YYYY-MM-DDTHH:MM:SSZ` → seconds.
func parseDateTime(_ s: String) -> Int64? {
    guard s.utf8.count == 20, let day = parseDay(String(s.prefix(10))) else { return nil }
    let b = Array(s.utf8)
    func d(_ i: Int) -> Int64 { Int64(b[i]) - 48 }
    return Int64(day) * 86_400 + (d(11) * 10 + d(12)) * 3600 + (d(14) * 10 + d(15)) * 60 + d(17) * 10 + d(18)
}
func formatDateTime(_ t: Int64) -> String {
    let day = CivilDate.epoch.advanced(by: Int(t / 86_400))
    let s = Int(t % 86_400)
    return day.iso8601 + String(format: "T%02d:%02d:%02dZ", s / 3600, s / 60 % 60, s % 60)
}

/// The app's todos as 30-day challenges (30-entry `completed` arrays), about 390 bytes a record.
func writeImportFile(records n: Int, to path: String) throws {
    try writeChallengeFile(records: n, seed: 7, to: path, varied: true) { $0.iso8601 }
}

/// `n` challenge records from seed `seed`, each day written by `day`; `varied` gives some a memo
/// and some `iscompleted: true` (more draws, so another file than without).
func writeChallengeFile(records n: Int, seed: UInt64, to path: String, varied: Bool, day: (CivilDate) -> String) throws {
    var rng = SplitMix64(seed: seed &+ UInt64(n))
    FileManager.default.createFile(atPath: path, contents: nil)
    let fh = FileHandle(forWritingAtPath: path)!
    defer { try? fh.close() }
    var chunk = "[\n"
    for i in 0..<n {
        let start = windowFirst.dayNumber - 60 + Int32(rng.below(150))
        let s = CivilDate.epoch.advanced(by: Int(start)), e = s.advanced(by: 29)
        let created = Int64(start - 40 + Int32(rng.below(30))) * 86_400 + Int64(rng.below(86_400))
        var bits = rng.next()
        let flags = (0..<30).map { _ -> String in bits >>= 1; return bits & 1 == 1 ? "true" : "false" }
        let title = "\(titleWords[rng.below(titleWords.count)]) challenge \(i)"
        let memo = varied && rng.chance(40) ? "\"memo: keep going, day by day \(i)\"" : "null"
        let id = uuidString(&rng)
        let completed = varied && rng.chance(10)
        chunk += """
          {"id":"\(id)","title":"\(title)","memo":\(memo),"startDate":"\(day(s))","endDate":"\(day(e))","createdAt":"\(formatDateTime(created))","isChallenge":true,"iscompleted":\(completed),"completed":[\(flags.joined(separator: ","))]}
        """
        chunk += i == n - 1 ? "\n]\n" : ",\n"
        if chunk.utf8.count > 1 << 20 { fh.write(chunk.data(using: .utf8)!); chunk = "" }
    }
    fh.write(chunk.data(using: .utf8)!)
}

/// The generated inputs, shared by every run of this user: each is written under a name of its own
/// run, then renamed, and the generators are deterministic, so concurrent runs agree on them.
func importDataDir() -> String {
    let dir = NSTemporaryDirectory() + "calgrid-bench-\(getuid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// This run's own files: the C programs it compiles (against its own checkout's library) and the
/// key files it hands them. Two runs from two worktrees at once must not run each other's programs.
let runDir: String = {
    let dir = importDataDir() + "/run-\(getpid())"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    atexit(removeRunDir)
    return dir
}()

private func removeRunDir() { try? FileManager.default.removeItem(atPath: importDataDir() + "/run-\(getpid())") }

func importFile(records n: Int) -> String {
    importDataFile("todos-v2-\(n).json") { try writeImportFile(records: n, to: $0) }
}

/// `name` in the data folder, written by `write` (to a temporary name, then renamed) when missing.
func importDataFile(_ name: String, write: (String) throws -> Void) -> String {
    let path = importDataDir() + "/" + name
    if !FileManager.default.fileExists(atPath: path) {
        print("  generating \(path)…"); fflush(stdout)
        let temporary = path + ".\(getpid()).tmp"
        try! write(temporary)
        _ = rename(temporary, path)
    }
    return path
}

// MARK: importers (run inside the child)

/// json-c, the way its documentation shows: the whole file into one DOM, then walked.
func importJSONCWholeFile(_ path: String) -> [ImportedTodo]? {
    guard let root = json_object_from_file(path) else { return nil }
    defer { json_object_put(root) }
    let n = json_object_array_length(root)
    var out: [ImportedTodo] = []
    out.reserveCapacity(n)
    func field(_ o: OpaquePointer?, _ k: String) -> OpaquePointer? {
        var v: OpaquePointer? = nil
        return json_object_object_get_ex(o, k, &v) != 0 ? v : nil
    }
    func string(_ o: OpaquePointer?) -> String? {
        guard let o, json_object_get_type(o) == json_type_string, let c = json_object_get_string(o) else { return nil }
        return String(cString: c)
    }
    for i in 0..<n {
        let o = json_object_array_get_idx(root, i)
        var completed: [Bool] = []
        if let c = field(o, "completed"), json_object_get_type(c) == json_type_array {
            let k = json_object_array_length(c)
            completed.reserveCapacity(k)
            for j in 0..<k { completed.append(json_object_get_boolean(json_object_array_get_idx(c, j)) != 0) }
        }
        out.append(ImportedTodo(
            id: string(field(o, "id")) ?? "", title: string(field(o, "title")) ?? "", memo: string(field(o, "memo")),
            start: string(field(o, "startDate")).flatMap(parseDay), end: string(field(o, "endDate")).flatMap(parseDay),
            createdAt: string(field(o, "createdAt")).flatMap(parseDateTime),
            isChallenge: field(o, "isChallenge").map { json_object_get_boolean($0) != 0 } ?? false,
            isCompleted: field(o, "iscompleted").map { json_object_get_boolean($0) != 0 } ?? false,
            completed: completed))
    }
    return out
}

struct CodableTodo: Codable {
    var id: String
    var title: String
    var memo: String?
    var startDate: String?
    var endDate: String?
    var createdAt: Date?
    var isChallenge: Bool?
    var iscompleted: Bool?
    var completed: [Bool]?
}

/// Foundation: `Data(contentsOf:)` and `JSONDecoder` with `Codable`, ISO 8601 date-times.
func importJSONDecoder(_ path: String) -> [ImportedTodo]? {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    guard let todos = try? decoder.decode([CodableTodo].self, from: data) else { return nil }
    return todos.map { t in
        ImportedTodo(id: t.id, title: t.title, memo: t.memo, start: t.startDate.flatMap(parseDay),
                     end: t.endDate.flatMap(parseDay), createdAt: t.createdAt.map { Int64($0.timeIntervalSince1970) },
                     isChallenge: t.isChallenge ?? false, isCompleted: t.iscompleted ?? false, completed: t.completed ?? [])
    }
}

let importerNames: [(key: String, name: String, role: Role)] = [
    ("jsonc", "json-c whole file + DOM walk", .baseline),
    ("jsondecoder", "Foundation JSONDecoder + Codable", .reference),
    ("calgrid", "CalGridJSON import", .candidate),
    // The same import through the C API: Benchmarks/CAPI/bench_capi.c through the freshly built
    // libcalgrid.so, folding the set read back through C calls (its ratio to the Swift import is
    // in the notes: "C / Swift import").
    ("capi", "C API calgrid_todo_set_import_file", .candidate),
]

/// Peak resident set of this process image (VmHWM). Read by the child itself: the rusage a parent
/// gets from wait4 also counts the parent's own pages the child shared before exec (posix_spawn
/// clones the parent's address space), so it overstates a small child spawned by a big parent.
func peakRSSOfThisImage() -> Int {
    guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
    let kb = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
    return kb * 1024
}

/// `import-child IMPL FILE`: one import, prints "<ns> <checksum hex> <records> <peak RSS bytes>" (ns: wall
/// time of the import itself, without process start and exit; the parent times the whole child end to end,
/// wall clock from spawn to exit, and reads its CPU time from `wait4`).
func importChildMain(_ args: [String]) -> Int32 {
    guard args.count == 2 else { return 2 }
    let path = args[1]
    let t0 = nowNanoseconds()
    switch args[0] {
    case "jsonc":
        guard let todos = importJSONCWholeFile(path) else { return 1 }
        let t = nowNanoseconds() - t0
        print("\(t) \(hex(importedFold(todos))) \(todos.count) \(peakRSSOfThisImage())")
    case "jsondecoder":
        guard let todos = importJSONDecoder(path) else { return 1 }
        let t = nowNanoseconds() - t0
        print("\(t) \(hex(importedFold(todos))) \(todos.count) \(peakRSSOfThisImage())")
    case "calgrid":
        guard let r = calgridImport(path) else { return 3 }
        let t = nowNanoseconds() - t0
        print("\(t) \(hex(r.checksum)) \(r.count) \(peakRSSOfThisImage())")
    default:
        return 2
    }
    return 0
}

func runImport(_ s: Settings) -> [Measurement] {
    let sizes = s.quick ? [10_000] : [10_000, 100_000, 1_000_000]
    let exe = selfExecutable()
    let capiBin = buildCAPIBench()
    var out: [Measurement] = []
    for n in sizes {
        let path = importFile(records: n)
        let bytes = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        let reps = s.quick ? 3 : (n >= 1_000_000 ? 3 : 5)
        // A slow baseline stops repeating once it has used this much (it always runs once).
        let budget = s.quick ? 20e9 : 40e9
        // samples: the child's wall-clock time from spawn to exit (end to end), the ranked figure;
        // cpus: its user + system CPU time (all threads), kept beside it.
        var samples = [[Double]](repeating: [], count: importerNames.count)
        var cpus = [[Double]](repeating: [], count: importerNames.count)
        var inner = [[Double]](repeating: [], count: importerNames.count)
        var rss = [[Int]](repeating: [], count: importerNames.count)
        var sums = [UInt64?](repeating: nil, count: importerNames.count)
        var available = [Bool](repeating: true, count: importerNames.count)
        // CALGRID_BENCH_IMPORTERS=calgrid,capi runs only those (json-c's and Foundation's 1M
        // imports take minutes on a loaded machine; C ÷ Swift needs only the two).
        if let only = ProcessInfo.processInfo.environment["CALGRID_BENCH_IMPORTERS"]?.split(separator: ",") {
            for (i, imp) in importerNames.enumerated() where !only.contains(Substring(imp.key)) { available[i] = false }
        }
        for r in 0..<reps {   // interleaved: A B C A B C …
            for (i, imp) in importerNames.enumerated() where available[i] {
                if r >= 1 && samples[i].reduce(0, +) > budget { continue }
                let child: (String, [String])? = imp.key == "capi" ? capiBin.map { ($0, ["import", path]) }
                    : (exe, ["import-child", imp.key, path])
                guard let child, let r = spawn(child.0, child.1, capture: true), r.status == 0 else {
                    available[i] = false
                    continue
                }
                let f = r.output.split(separator: " ")
                guard f.count == 4, let ns = Double(f[0]), let sum = UInt64(f[1], radix: 16),
                      let peak = Int(f[3].trimmingCharacters(in: .whitespacesAndNewlines)) else { available[i] = false; continue }
                samples[i].append(Double(r.wallNs))
                cpus[i].append(Double(r.cpuNs))
                inner[i].append(ns)
                rss[i].append(peak > 0 ? peak : r.maxRSSBytes)
                sums[i] = sum
            }
        }
        let base = sums[0]
        for (i, imp) in importerNames.enumerated() where !samples[i].isEmpty {
            var m = Measurement(scenario: "import", n: n, implementation: imp.name, role: imp.role, samples: samples[i],
                                checksum: sums[i] ?? 0)
            m.peakRSSBytes = rss[i].max()
            m.checksumOK = base == nil || sums[i] == base
            if !m.checksumOK {
                let msg = "import n=\(n): \(imp.name) checksum \(hex(sums[i] ?? 0)) != \(hex(base ?? 0))"
                checksumFailures.append(msg)
                print("CHECKSUM MISMATCH: \(msg)")
            }
            m.ratioToBaseline = pairwiseRatio(samples[0], samples[i])
            m.extra = [("MB/s", bytes / 1e6 / (m.median / 1e9)), ("file bytes", bytes),
                       ("CPU median ns", cpus[i].medianValue), ("import-only wall median ns", inner[i].medianValue)]
            if imp.key == "capi", let swift = importerNames.firstIndex(where: { $0.key == "calgrid" }), !samples[swift].isEmpty {
                // C time over Swift time, pairwise (wall, spawn to exit): below 1.2 is the issue's target.
                if let r = pairwiseRatio(samples[swift], samples[i]) { m.extra.append(("C / Swift import", 1 / r)) }
                // The same in CPU time: on a loaded machine wall time is mostly the other jobs'.
                if let r = pairwiseRatio(cpus[swift], cpus[i]) { m.extra.append(("C / Swift import CPU", 1 / r)) }
            }
            print("  \(pad("import", 16)) n=\(pad(String(n), 8)) \(pad(imp.name, 34)) wall \(pad(formatNs(m.median), 10)) [\(formatNs(m.min)) – \(formatNs(m.max))] x\(m.samples.count)  CPU \(pad(formatNs(cpus[i].medianValue), 10)) \(formatRatio(m.ratioToBaseline ?? .nan))  RSS \(formatBytes(Double(m.peakRSSBytes ?? 0)))  \(String(format: "%.0f", bytes / 1e6 / (m.median / 1e9))) MB/s")
            fflush(stdout)
            out.append(m)
        }
    }
    return out
}
