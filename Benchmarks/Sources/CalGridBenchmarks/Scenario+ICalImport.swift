// iCalendar import (issue 20's speed): N VTODOs in one .ics file, and one VTODO per file in a vdir,
// each import in a fresh child process (wall clock from spawn to exit, CPU and peak RSS beside it):
// libical's own parse of the same bytes (icalparser_parse_string and a walk of the components,
// CICalBench/ical_parse.c; the baseline), CalGrid's import (CalGridICalendar, the set built),
// python-icalendar (Calendar.from_ical and a walk, Scripts/icalendar_import.py, the .build/ical-venv
// `make ical-venv` installs), and CalGrid's native JSON import of the same todos (the memory
// target's reference). Every importer folds each VTODO's UID, SUMMARY, start and due day in file
// order (a vdir's in the byte order of its names), so the checksums compare.
import Foundation
import CalGrid
import CalGridICalendar
import CalGridJSON
import CICalBench

/// The todos of the iCalendar scenario, written three ways: one VCALENDAR, a vdir, native JSON.
func writeICalData(records n: Int, ics: String, vdir: String?, json: String) throws {
    var rng = SplitMix64(seed: 20 &+ UInt64(n))
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//CalGrid//benchmark//EN\r\n"
    var records: [String] = []
    var jsonText = "[\n"
    if let vdir { try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true) }
    func compact(_ d: CivilDate) -> String { d.iso8601.replacingOccurrences(of: "-", with: "") }
    for i in 0..<n {
        let start = CivilDate.epoch.advanced(by: Int(windowFirst.dayNumber) - 60 + rng.below(150))
        let due = start.advanced(by: rng.below(30))
        let uid = uuidString(&rng) + "@bench.calgrid"
        let title = "\(titleWords[rng.below(titleWords.count)]) task \(i)"
        let memo = rng.chance(40) ? "memo: keep going, day by day \(i)" : nil
        let done = rng.chance(10)
        var v = "BEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20261101T120000Z\r\nCREATED:20261001T093000Z\r\n"
        v += "SUMMARY:\(title)\r\nDTSTART;VALUE=DATE:\(compact(start))\r\nDUE;VALUE=DATE:\(compact(due))\r\n"
        if let memo { v += "DESCRIPTION:\(memo)\r\n" }
        if done { v += "STATUS:COMPLETED\r\n" }
        v += "END:VTODO\r\n"
        text += v
        if vdir != nil { records.append(v) }
        jsonText += "  {\"id\":\"\(uid)\",\"title\":\"\(title)\",\"memo\":\(memo.map { "\"\($0)\"" } ?? "null"),"
            + "\"startDate\":\"\(start.iso8601)\",\"endDate\":\"\(due.iso8601)\",\"createdAt\":\"2026-10-01T09:30:00Z\","
            + "\"iscompleted\":\(done)}" + (i == n - 1 ? "\n]\n" : ",\n")
    }
    text += "END:VCALENDAR\r\n"
    try text.write(toFile: ics, atomically: true, encoding: .utf8)
    try jsonText.write(toFile: json, atomically: true, encoding: .utf8)
    if let vdir {
        for (k, v) in records.enumerated() {
            let file = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//CalGrid//benchmark//EN\r\n" + v + "END:VCALENDAR\r\n"
            try file.write(toFile: vdir + "/" + String(format: "item-%06d.ics", k), atomically: false, encoding: .utf8)
        }
    }
}

/// The fold of a set as the libical walk folds its VTODOs.
func icalSetFold(_ set: TodoSet) -> UInt64 {
    var h = foldSeed
    func day(_ d: CivilDate?) -> UInt64 { d.map { UInt64(UInt32(bitPattern: $0.dayNumber)) } ?? 0xFFFF_FFFF_FFFF }
    for i in set.indices {
        h = fold(h, hashBytes(set.id(at: i)))
        h = fold(h, hashBytes(set.title(at: i)))
        h = fold(h, day(set.start(at: i)))
        h = fold(h, day(set.end(at: i)))
    }
    return h
}

/// The `*.ics` files of a directory in the byte order of their names.
func icsFiles(_ dir: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    return names.filter { $0.hasSuffix(".ics") }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        .map { dir + "/" + $0 }
}

/// `ics-child IMPL PATH`: one import, printing "<ns> <checksum hex> <todos> <peak RSS bytes>".
func icalChildMain(_ args: [String]) -> Int32 {
    guard args.count == 2 else { return 2 }
    let path = args[1]
    var isDir: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
    let t0 = nowNanoseconds()
    var h = foldSeed, count = 0
    switch args[0] {
    case "libical":
        for file in isDir.boolValue ? icsFiles(path) : [path] {
            guard let data = FileManager.default.contents(atPath: file) else { return 1 }
            var bytes = [UInt8](data)
            bytes.append(0)
            bytes.withUnsafeBufferPointer { b in
                b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { h = cb_ical_parse_walk($0, h, &count) }
            }
        }
    case "calgrid":
        var set = TodoSet()
        do {
            if isDir.boolValue { _ = try set.importICalendar(directoryAt: path) } else { _ = try set.importICalendar(fileAt: path) }
        } catch { return 3 }
        h = icalSetFold(set); count = set.count
    case "json":
        var set = TodoSet()
        do { try set.importJSON(fileAt: path) } catch { return 3 }
        h = icalSetFold(set); count = set.count
    default:
        return 2
    }
    print("\(nowNanoseconds() - t0) \(hex(h)) \(count) \(peakRSSOfThisImage())")
    return 0
}

func runICalImport(_ s: Settings) -> [Measurement] {
    let n = s.quick ? 10_000 : 100_000, files = s.quick ? 1_000 : 10_000
    let dir = importDataDir()
    let ics = dir + "/ical-\(n).ics", json = dir + "/ical-\(n).json"
    let vdir = dir + "/ical-vdir-\(files)", vdirICS = vdir + "-all.ics", vdirJSON = vdir + "-all.json"
    if !FileManager.default.fileExists(atPath: json) {
        print("  generating \(ics)…"); fflush(stdout)
        try! writeICalData(records: n, ics: ics, vdir: nil, json: json)
    }
    if !FileManager.default.fileExists(atPath: vdirJSON) {
        print("  generating \(vdir)…"); fflush(stdout)
        try? FileManager.default.removeItem(atPath: vdir)
        try! writeICalData(records: files, ics: vdirICS, vdir: vdir, json: vdirJSON)
    }
    let python = rootDir + "/.build/ical-venv/bin/python"
    let script = benchmarksDir + "/Scripts/icalendar_import.py"
    let exe = selfExecutable()
    var out: [Measurement] = []
    for (scenario, size, path, jsonPath) in [("ical-import-file", n, ics, json), ("ical-import-vdir", files, vdir, vdirJSON)] {
        let importers: [(name: String, role: Role, cmd: (String, [String]))] = [
            ("libical icalparser_parse_string + walk", .baseline, (exe, ["ics-child", "libical", path])),
            ("CalGridICalendar import", .candidate, (exe, ["ics-child", "calgrid", path])),
            ("python-icalendar from_ical + walk", .reference, (python, [script, path])),
            ("CalGridJSON import, same todos (memory reference)", .reference, (exe, ["ics-child", "json", jsonPath])),
        ]
        let reps = s.quick ? 3 : 5, budget = 30e9
        var samples = [[Double]](repeating: [], count: importers.count), cpus = samples
        var rss = [Int](repeating: 0, count: importers.count), sums = [UInt64?](repeating: nil, count: importers.count)
        var available = [Bool](repeating: true, count: importers.count)
        available[2] = access(python, X_OK) == 0
        if !available[2] { print("  \(scenario): \(python) missing (make ical-venv)") }
        for r in 0..<reps {   // interleaved: A B C D A B C D …
            for (i, imp) in importers.enumerated() where available[i] {
                if r >= 1 && samples[i].reduce(0, +) > budget { continue }
                guard let res = spawn(imp.cmd.0, imp.cmd.1, capture: true), res.status == 0 else {
                    print("  \(scenario): \(imp.name) failed"); available[i] = false; continue
                }
                let f = res.output.split(separator: " ")
                guard f.count == 4, let sum = UInt64(f[1], radix: 16),
                      let peak = Int(f[3].trimmingCharacters(in: .whitespacesAndNewlines)) else { available[i] = false; continue }
                samples[i].append(Double(res.wallNs)); cpus[i].append(Double(res.cpuNs))
                rss[i] = Swift.max(rss[i], peak > 0 ? peak : res.maxRSSBytes)
                sums[i] = sum
            }
        }
        let jsonRSS = Double(rss[3])
        for (i, imp) in importers.enumerated() where !samples[i].isEmpty {
            var m = Measurement(scenario: scenario, n: size, implementation: imp.name, role: imp.role, samples: samples[i],
                                checksum: sums[i] ?? 0)
            m.peakRSSBytes = rss[i]
            m.checksumOK = sums[0] == nil || sums[i] == sums[0]
            if !m.checksumOK {
                let msg = "\(scenario) n=\(size): \(imp.name) checksum \(hex(sums[i] ?? 0)) != \(hex(sums[0] ?? 0))"
                checksumFailures.append(msg)
                print("CHECKSUM MISMATCH: \(msg)")
            }
            m.ratioToBaseline = pairwiseRatio(samples[0], samples[i])
            // On a loaded machine wall time is mostly the other jobs': the ratio in CPU time beside it.
            m.extra = [("CPU median ns", cpus[i].medianValue)]
            if let r = pairwiseRatio(cpus[0], cpus[i]) { m.extra.append(("vs baseline, CPU", r)) }
            if jsonRSS > 0 { m.extra.append(("peak RSS / native JSON import's", Double(rss[i]) / jsonRSS)) }
            print("  \(pad(scenario, 18)) n=\(pad(String(size), 7)) \(pad(imp.name, 50)) wall \(pad(formatNs(m.median), 10)) CPU \(pad(formatNs(cpus[i].medianValue), 10)) x\(m.samples.count) \(formatRatio(m.ratioToBaseline ?? .nan))  RSS \(formatBytes(Double(rss[i])))")
            fflush(stdout)
            out.append(m)
        }
    }
    return out
}
