// Output: the table on stdout, results/<date>.json, one SVG per scenario, and Benchmarks/README.md.
import Foundation
import CJSONCBench

struct ScenarioInfo {
    var id: String
    var title: String
    var xLabel: String
    var unit: String   // what one run is
}

let scenarioInfo: [ScenarioInfo] = [
    ScenarioInfo(id: "month-grids", title: "Month grids: N consecutive months built, every cell read", xLabel: "months", unit: "N grids"),
    ScenarioInfo(id: "day-aggregates", title: "Per-day aggregates over the app's 3-month window", xLabel: "todos", unit: "one window"),
    ScenarioInfo(id: "overlap-query", title: "Overlap query (1-day periods, k ≤ 1000 hits each)", xLabel: "todos", unit: "16 queries"),
    ScenarioInfo(id: "sort-deadline", title: "Sort: deadline imminent (end ascending, undated last)", xLabel: "todos", unit: "one sort"),
    ScenarioInfo(id: "sort-registered", title: "Sort: registration order (createdAt ascending)", xLabel: "todos", unit: "one sort"),
    ScenarioInfo(id: "sort-newest", title: "Sort: newest first (createdAt descending)", xLabel: "todos", unit: "one sort"),
    ScenarioInfo(id: "import", title: "JSON import, native format, each in its own process, wall clock from spawn to exit", xLabel: "records", unit: "whole file"),
    ScenarioInfo(id: "ical-import-file", title: "iCalendar import, N VTODOs in one .ics file, each in its own process, wall clock from spawn to exit", xLabel: "VTODOs", unit: "whole file"),
    ScenarioInfo(id: "ical-import-vdir", title: "iCalendar import, a vdir of N one-VTODO files, each in its own process, wall clock from spawn to exit", xLabel: "files", unit: "whole directory"),
    ScenarioInfo(id: "import-zone", title: "JSON import with RFC 3339 date-times: Europe/Berlin's rules at every instant vs a fixed offset, own process each", xLabel: "records", unit: "whole file"),
    ScenarioInfo(id: "capi-month-grid", title: "C API overhead: one month grid per call", xLabel: "calls", unit: "one grid"),
    ScenarioInfo(id: "capi-sort", title: "C API overhead: sort by deadline", xLabel: "todos", unit: "one sort"),
    ScenarioInfo(id: "cli-startup", title: "CLI start-up: spawn to exit", xLabel: "runs", unit: "one process"),
    ScenarioInfo(id: "vdir-export", title: "calgrid export --format vdir of N todos into a new directory, and again into it unchanged, spawn to exit", xLabel: "items", unit: "one process"),
    ScenarioInfo(id: "vdir-month", title: "calgrid month over a vdir of 10,000 one-VTODO files vs the same todos in one native store, spawn to exit", xLabel: "items", unit: "one process"),
    ScenarioInfo(id: "rule-counts-cached", title: "92-day counts, table built: 30% general rules vs the weekday-only set", xLabel: "todos", unit: "one window"),
    ScenarioInfo(id: "rule-counts-build", title: "92-day counts, table built from nothing: 30% general rules vs the weekday-only set", xLabel: "todos", unit: "copy + build + one window"),
    ScenarioInfo(id: "todo-memory", title: "TodoSet memory per todo", xLabel: "todos", unit: "build the set"),
    ScenarioInfo(id: "counts-cached", title: "92-day counts, table built (Swift core, C API, C API through today's library)", xLabel: "todos", unit: "one window"),
    ScenarioInfo(id: "counts-after-tick", title: "92-day counts after ticking a day of one todo (and back)", xLabel: "todos", unit: "two ticks + one window"),
    ScenarioInfo(id: "counts-after-isCompleted", title: "92-day counts after flipping one open-ended todo's isCompleted (and back)", xLabel: "todos", unit: "two flips + one window"),
    ScenarioInfo(id: "counts-after-new-dates", title: "92-day counts after moving one todo a day (and back)", xLabel: "todos", unit: "two updates + one window"),
    ScenarioInfo(id: "counts-after-insert", title: "92-day counts after inserting one todo", xLabel: "todos", unit: "one insert + one window"),
    ScenarioInfo(id: "counts-after-remove", title: "92-day counts after removing row 0 (every later row moves down)", xLabel: "todos", unit: "one removal + one window"),
    ScenarioInfo(id: "counts-after-batch-1000", title: "92-day counts after inserting 1,000 todos at once", xLabel: "todos", unit: "one batch + one window"),
    ScenarioInfo(id: "overlap-many", title: "Overlap query, one day of the app's window (k ≈ 4.6% of N)", xLabel: "todos", unit: "one query"),
    ScenarioInfo(id: "overlap-count", title: "Count of an overlap query, one day of the app's window", xLabel: "todos", unit: "one count"),
    ScenarioInfo(id: "overlap-few", title: "Overlap query with k ≤ 10 hits", xLabel: "todos", unit: "one query"),
]

func info(_ id: String) -> ScenarioInfo { scenarioInfo.first { $0.id == id } ?? ScenarioInfo(id: id, title: id, xLabel: "N", unit: "run") }

func orderedScenarios(_ ms: [Measurement]) -> [String] {
    var seen: [String] = []
    for m in ms where !seen.contains(m.scenario) { seen.append(m.scenario) }
    return seen
}

func extraText(_ m: Measurement) -> String {
    var parts = m.extra.filter { !$0.0.contains("wall") }.map { k, v -> String in
        if k.hasSuffix("bytes") { return "\(k.replacingOccurrences(of: " bytes", with: "")) \(formatBytes(v))" }
        if k == "CPU median ns" { return "CPU \(formatNs(v))" }
        return "\(k) \(v >= 100 ? String(format: "%.0f", v) : String(format: "%.1f", v))"
    }
    if let r = m.peakRSSBytes { parts.insert("peak RSS \(formatBytes(Double(r)))", at: 0) }
    if let w = m.extra.first(where: { $0.0 == "wall median ns" })?.1, w > m.median * 1.5 {
        parts.append("wall \(formatNs(w))")
    }
    if let n = m.note { parts.append(n) }
    return parts.joined(separator: ", ")
}

// MARK: stdout

func printTable(_ ms: [Measurement], _ results: [TargetResult]) {
    print("")
    print(pad("scenario", 16) + pad("N", 10) + pad("implementation", 40) + padLeft("median", 11) + "  " + pad("min – max", 25) + padLeft("vs baseline", 12) + "  extra")
    print(String(repeating: "-", count: 130))
    for s in orderedScenarios(ms) {
        for m in ms where m.scenario == s {
            let range = "\(formatNs(m.min)) – \(formatNs(m.max))"
            let ratio = m.ratioToBaseline.map { formatRatio($0) } ?? ""
            print(pad(s, 16) + pad(String(m.n), 10) + pad(m.implementation, 40) + padLeft(formatNs(m.median), 11) + "  " + pad(range, 25) + padLeft(ratio, 12) + "  " + (m.checksumOK ? "" : "CHECKSUM MISMATCH ") + extraText(m))
        }
    }
    print("")
    print("targets:")
    for r in results {
        let status = r.met == nil ? "NOT MEASURED" : (r.met! ? "met" : "MISSED")
        print("  [\(pad(status, 12))] issue \(r.target.issue): \(r.target.text) — measured: \(r.measured)")
    }
}

// MARK: JSON

func jsonString(_ s: String) -> String {
    var o = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": o += "\\\""
        case "\\": o += "\\\\"
        case "\n": o += "\\n"
        case "\t": o += "\\t"
        default:
            if u.value < 0x20 { o += String(format: "\\u%04x", u.value) } else { o.unicodeScalars.append(u) }
        }
    }
    return o + "\""
}
func jsonNumber(_ v: Double?) -> String {
    guard let v, v.isFinite else { return "null" }
    return v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(format: "%.6g", v)
}

func resultsJSON(_ ms: [Measurement], _ results: [TargetResult], machine: [(String, String)], mode: String, date: String) -> String {
    var o = "{\n  \"date\": \(jsonString(date)),\n  \"mode\": \(jsonString(mode)),\n"
    o += "  \"ratio_to_baseline\": \"pairwise median over interleaved repetitions of baseline time / this time (> 1 = faster than the scenario's baseline)\",\n"
    o += "  \"machine\": {" + machine.map { "\(jsonString($0.0)): \(jsonString($0.1))" }.joined(separator: ", ") + "},\n"
    o += "  \"results\": [\n"
    o += ms.map { m in
        var f = [
            "\"scenario\": \(jsonString(m.scenario))", "\"n\": \(m.n)", "\"implementation\": \(jsonString(m.implementation))",
            "\"role\": \(jsonString(m.role.rawValue))",
            "\"median_ns\": \(jsonNumber(m.median))", "\"min_ns\": \(jsonNumber(m.min))", "\"max_ns\": \(jsonNumber(m.max))",
            "\"runs\": \(m.samples.count)",
            "\"peak_rss_bytes\": \(m.peakRSSBytes.map { String($0) } ?? "null")",
            "\"ratio_to_baseline\": \(jsonNumber(m.ratioToBaseline))",
            "\"checksum\": \(jsonString(hex(m.checksum)))", "\"checksum_ok\": \(m.checksumOK)",
        ]
        if !m.extra.isEmpty { f.append("\"extra\": {" + m.extra.map { "\(jsonString($0.0)): \(jsonNumber($0.1))" }.joined(separator: ", ") + "}") }
        if let n = m.note { f.append("\"note\": \(jsonString(n))") }
        return "    {" + f.joined(separator: ", ") + "}"
    }.joined(separator: ",\n")
    o += "\n  ],\n  \"targets\": [\n"
    o += results.map { r in
        "    {\"issue\": \(r.target.issue), \"scenario\": \(jsonString(r.target.scenario)), \"n\": \(r.target.n), \"measured_n\": \(r.measuredN.map { String($0) } ?? "null"), \"candidate\": \(jsonString(r.target.candidate)), \"against\": \(r.target.against.map(jsonString) ?? "null"), \"target\": \(jsonString(r.target.text)), \"required\": \(jsonString(r.required)), \"measured\": \(jsonString(r.measured)), \"value\": \(jsonNumber(r.value)), \"met\": \(r.met.map { String($0) } ?? "null")}"
    }.joined(separator: ",\n")
    o += "\n  ]\n}\n"
    return o
}

// MARK: machine

func readFile(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

func commandOutput(_ path: String, _ args: [String]) -> String? {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = args
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = Pipe()
    do { try p.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines)
}

func machineInfo() -> [(String, String)] {
    var m: [(String, String)] = []
    let cpu = readFile("/proc/cpuinfo")?.split(separator: "\n").first { $0.hasPrefix("model name") }
        .map { String($0.split(separator: ":", maxSplits: 1).last ?? "").trimmingCharacters(in: .whitespaces) } ?? "unknown"
    m.append(("cpu", cpu))
    m.append(("cores", String(ProcessInfo.processInfo.activeProcessorCount)))
    m.append(("memory", formatBytes(Double(ProcessInfo.processInfo.physicalMemory))))
    let os = readFile("/etc/os-release")?.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
        .map { $0.dropFirst("PRETTY_NAME=".count).replacingOccurrences(of: "\"", with: "") } ?? "Linux"
    m.append(("os", os))
    m.append(("kernel", readFile("/proc/sys/kernel/osrelease")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"))
    let swiftPath = ["/opt/swift/usr/bin/swift", "/usr/bin/swift"].first { FileManager.default.fileExists(atPath: $0) }
    m.append(("swift", swiftPath.flatMap { commandOutput($0, ["--version"])?.split(separator: "\n").first.map(String.init) } ?? "?"))
    m.append(("json-c", String(cString: json_c_version())))
    m.append(("load average at start", readFile("/proc/loadavg").map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "?"))
    return m
}

// MARK: plots

func writePlots(_ ms: [Measurement], dir: String) -> [(String, String)] {
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    var written: [(String, String)] = []
    for s in orderedScenarios(ms) {
        let rows = ms.filter { $0.scenario == s && !$0.samples.isEmpty }
        var names: [String] = []
        for m in rows where !names.contains(m.implementation) { names.append(m.implementation) }
        let sizes = Set(rows.map { $0.n })
        let svg: String
        if sizes.count > 1 {
            svg = plotScenario(title: info(s).title, xLabel: info(s).xLabel, series: names.map { name in
                (name, rows.filter { $0.implementation == name }.map { (Double($0.n), $0.median, $0.min, $0.max) })
            })
        } else {
            svg = plotBars(title: info(s).title, bars: rows.map { ($0.implementation, $0.median, $0.min, $0.max) })
        }
        let file = "\(s).svg"
        try? svg.write(toFile: dir + "/" + file, atomically: true, encoding: .utf8)
        written.append((s, file))
    }
    // Issue 23: every change kind's counts-after-change through C against N, in one plot
    // (counts-after-change.svg, beside the per-kind ones).
    let kinds = ["tick", "isCompleted", "new-dates", "insert", "remove", "batch-1000"]
    let series = kinds.compactMap { k -> (name: String, points: [(n: Double, median: Double, lo: Double, hi: Double)])? in
        let rows = ms.filter { $0.scenario == "counts-after-\(k)" && $0.implementation == "C API" && !$0.samples.isEmpty }
        return Set(rows.map { $0.n }).count > 1 ? (k, rows.map { (Double($0.n), $0.median, $0.min, $0.max) }) : nil
    }
    if !series.isEmpty {
        let svg = plotScenario(title: "92-day counts right after a one-todo change, through C (libcalgrid.so)", xLabel: "todos", series: series)
        try? svg.write(toFile: dir + "/counts-after-change.svg", atomically: true, encoding: .utf8)
    }
    return written
}

// MARK: README

func readme(_ ms: [Measurement], _ results: [TargetResult], machine: [(String, String)], date: String, jsonFile: String, plots: [(String, String)], plotDir: String) -> String {
    var o = """
    # CalGrid benchmarks

    Generated by `make bench` on \(date) (this file, `results/\(jsonFile)` and the plots under `\(plotDir)/` are rewritten by every full run).
    Each scenario runs CalGrid beside what a user would otherwise use — the origin app's Foundation code ported faithfully,
    the Swift standard library, plain C on libc, json-c, Foundation's `JSONDecoder` — in the same process and the same run.

    ## Reproduce

    ```sh
    make bench         # everything, N up to 1,000,000; writes results/, results/plots/ and this README
    cd Benchmarks && swift run -c release CalGridBenchmarks --huge   # also 10,000,000 todos (lean data, several GB)
    make bench-quick   # small N only, under 2 minutes; writes to Benchmarks/.build/bench-quick/ and leaves this README alone
    cd Benchmarks && swift run -c release CalGridBenchmarks --only sorts,grids   # a subset (results/README.md); --help lists the groups
    ```

    ## Method

    - Every implementation first runs once as warm-up; its checksum (a fold of everything it computed: every grid cell,
      every per-day count, every index of a sort in order, every field of every imported record) must equal the
      baseline's, or the run reports `CHECKSUM MISMATCH` and exits non-zero. The only exception is a marked *floor*
      (a plain memory copy), which computes nothing comparable on purpose.
    - **Time**: in-process scenarios are timed in CPU time of the benchmark process (all threads,
      `CLOCK_PROCESS_CPUTIME_ID`): the machine is shared with other jobs, and CPU time does not count
      the time the scheduler gave to them; a multi-threaded implementation pays for every thread. The
      wall-clock median is kept in the JSON (`extra`) and shown when it exceeds CPU time by half.
    - **Imports** are timed end to end in the child process's **wall-clock time**, from `posix_spawn` to
      exit (start, read, parse, build, exit), which is what a user waits for and what the issue's targets
      ask for: medians and *vs baseline* ratios use it. The child's CPU time (user + system of all its
      threads, from `wait4`) is kept in the JSON (`extra`, `CPU median ns`) and shown beside it; a
      multi-threaded import uses more CPU than wall time. Wall time counts other jobs' use of the cores,
      so import runs are meant for a quiet machine (the load average at start is in *Machine*).
      CLI start-up is timed in wall-clock time from `posix_spawn` to exit too.
    - Fast bodies are batched so one sample lasts at least 10 ms; repetitions of all implementations of a scenario are
      **interleaved** (A B C A B C …), so a change in machine load hits all of them alike.
    - Reported: median, min and max per run; *vs baseline* is the **pairwise** ratio — the median over repetitions
      of (baseline time ÷ this time) within the same run — so > 1 means faster than the baseline.
    - Results are folded into checksums that are returned and kept alive (`blackHole`), inputs pass through an
      opaque function, so nothing is optimized away.
    - Imports run each in a fresh child process (the benchmark binary re-spawned with a sub-command), so peak
      RSS is the import's own: the child reports its `VmHWM` (the `ru_maxrss` a parent reads from `wait4` would
      also count the parent's pages, shared with the child between `posix_spawn`'s clone and exec).
    - The machine is shared (2 cores, other jobs running): absolute times move between runs, ratios much less.

    ## Machine

    | | |
    | --- | --- |

    """
    for (k, v) in machine { o += "| \(k) | \(v) |\n" }
    o += "\n## Targets from the issues\n\n| issue | target | required | measured | status |\n| --- | --- | --- | --- | --- |\n"
    for r in results {
        let status = r.met == nil ? "not measured" : (r.met! ? "**met**" : "**missed**")
        o += "| #\(r.target.issue) | \(r.target.text) | \(r.required) | \(r.measured) | \(status) |\n"
    }
    let missed = results.filter { $0.met == false }
    let unmeasured = results.filter { $0.met == nil }
    o += "\n"
    if !missed.isEmpty {
        o += "**Missed:** " + missed.map { "\($0.target.text) (measured \($0.measured))" }.joined(separator: "; ") + ".\n\n"
    }
    if !unmeasured.isEmpty {
        o += "**Not measured in this run:** " + unmeasured.map { $0.target.text }.joined(separator: "; ") + ".\n\n"
    }
    o += "## Results\n\n"
    for s in orderedScenarios(ms) {
        let i = info(s)
        o += "### \(i.title)\n\nOne run = \(i.unit).\n\n"
        if let p = plots.first(where: { $0.0 == s }) { o += "![\(i.title)](\(plotDir)/\(p.1))\n\n" }
        o += "| N | implementation | median | min – max | vs baseline | notes |\n| ---: | --- | ---: | --- | ---: | --- |\n"
        for m in ms where m.scenario == s {
            let ratio = m.ratioToBaseline.map { formatRatio($0) } ?? ""
            o += "| \(m.n) | \(m.implementation)\(m.role == .baseline ? " (baseline)" : m.role == .floor ? " (floor)" : "") | \(formatNs(m.median)) | \(formatNs(m.min)) – \(formatNs(m.max)) | \(ratio) | \(m.checksumOK ? "" : "CHECKSUM MISMATCH ")\(extraText(m)) |\n"
        }
        o += "\n"
    }
    o += scenarioNotes
    o += historyNotes
    return o
}
