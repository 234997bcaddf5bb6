// The performance targets set in the issues, checked against the measurements of the same run.

struct Target {
    enum Kind {
        /// `candidate` at least `factor` times faster than `against` (pairwise ratio of the same run).
        case fasterBy(Double)
        /// `candidate` takes at most `factor` times as long as `against`.
        case within(Double)
        /// `candidate`'s peak RSS at most `fraction` of `against`'s.
        case rssAtMost(Double)
        /// The figure `extra` of `candidate` at most `limit`.
        case extraAtMost(String, Double)
        /// `candidate`'s median time at most this many nanoseconds.
        case medianAtMost(Double)
    }
    var issue: Int
    var scenario: String
    var n: Int
    var candidate: String
    var against: String?
    var kind: Kind
    var text: String
}

struct TargetResult {
    var target: Target
    var measuredN: Int?
    var value: Double?
    var met: Bool?
    var required: String
    var measured: String
}

let calgridGrid = "CalGrid MonthGrid"

let targets: [Target] = [
    Target(issue: 2, scenario: "month-grids", n: 1_200, candidate: calgridGrid, against: "Foundation Calendar (app's way)",
           kind: .fasterBy(1000), text: "1,200 month grids ≥ 1000× faster than Foundation Calendar"),
    Target(issue: 3, scenario: "day-aggregates", n: 10_000, candidate: "CalGrid TodoSet aggregates", against: "app port (Foundation, class Todo)",
           kind: .fasterBy(10_000), text: "per-day aggregates, 3-month window, N=10k: ≥ 10,000× faster than the app's port"),
    Target(issue: 3, scenario: "day-aggregates", n: 1_000_000, candidate: "CalGrid TodoSet aggregates", against: "copy start/end Int32 arrays (floor)",
           kind: .within(3), text: "per-day aggregates, N=1M: within 3× of copying the key arrays"),
    Target(issue: 3, scenario: "overlap-query", n: 1_000_000, candidate: "CalGrid TodoSet overlapping", against: "linear scan (SoA Int32)",
           kind: .fasterBy(50), text: "overlap query N=1M, k ≤ 1000: ≥ 50× faster than a linear scan"),
    Target(issue: 3, scenario: "sort-deadline", n: 1_000_000, candidate: "CalGrid TodoSet sort", against: "app sort on [Todo] classes",
           kind: .fasterBy(200), text: "sort 1M by deadline: ≥ 200× faster than the app's sort on [Todo]"),
    Target(issue: 3, scenario: "sort-deadline", n: 1_000_000, candidate: "CalGrid TodoSet sort", against: "stdlib sort of index array by Int32 key",
           kind: .fasterBy(8), text: "sort 1M by deadline: ≥ 8× faster than stdlib sorting an index array"),
    Target(issue: 3, scenario: "sort-deadline", n: 1_000_000, candidate: "CalGrid TodoSet sort", against: "C qsort",
           kind: .fasterBy(15), text: "sort 1M by deadline: ≥ 15× faster than C qsort"),
    Target(issue: 3, scenario: "todo-memory", n: 1_000_000, candidate: "CalGrid TodoSet", against: nil,
           kind: .extraAtMost("bytes/todo beyond text and day bits", 48), text: "TodoSet memory ≤ 48 B per todo + text + 1 bit per tracked day"),
    Target(issue: 4, scenario: "import", n: 1_000_000, candidate: "CalGridJSON import", against: "json-c whole file + DOM walk",
           kind: .fasterBy(4), text: "import 1M records: ≥ 4× faster than json-c whole-file (wall, spawn to exit)"),
    Target(issue: 4, scenario: "import", n: 1_000_000, candidate: "CalGridJSON import", against: "json-c whole file + DOM walk",
           kind: .rssAtMost(1.0 / 8), text: "import 1M records: peak RSS ≤ 1/8 of json-c whole-file"),
    Target(issue: 4, scenario: "import", n: 1_000_000, candidate: "CalGridJSON import", against: "Foundation JSONDecoder + Codable",
           kind: .fasterBy(3), text: "import 1M records: ≥ 3× faster than JSONDecoder + Codable (wall, spawn to exit)"),
    Target(issue: 11, scenario: "import-zone", n: 1_000_000, candidate: "CalGridJSON import, Europe/Berlin", against: "CalGridJSON import, fixed +01:00",
           kind: .within(1.05), text: "import 1M records with date-times in Europe/Berlin: ≤ 5% over a fixed offset (wall, spawn to exit)"),
    Target(issue: 5, scenario: "capi-month-grid", n: 1_200, candidate: "C API calgrid_month_grid_fill", against: "Swift MonthGrid (same cells)",
           kind: .within(1.05), text: "C API month grid per call: ≤ 5% over the Swift core"),
    Target(issue: 5, scenario: "capi-sort", n: 1_000_000, candidate: "C API calgrid_todo_set_sort", against: "Swift TodoSet sort",
           kind: .within(1.05), text: "C API sort 1M: ≤ 5% over the Swift core"),
    Target(issue: 19, scenario: "rrule-year", n: 240, candidate: "CalGrid Recurrence", against: "python-dateutil rrule",
           kind: .fasterBy(20), text: "expanding 240 rules over a year: ≥ 20× faster than python-dateutil's rrule"),
    Target(issue: 19, scenario: "rrule-year", n: 240, candidate: "CalGrid Recurrence", against: "libical icalrecur_iterator",
           kind: .fasterBy(1), text: "expanding 240 rules over a year: ≥ 1× libical's icalrecur_iterator"),
    Target(issue: 6, scenario: "cli-startup", n: 1, candidate: "calgrid month", against: "C hello",
           kind: .within(2), text: "calgrid start-up within 2× of a C hello"),
    Target(issue: 21, scenario: "vdir-month", n: 10_000, candidate: "calgrid month, vdir, cache in place", against: "calgrid month, native store",
           kind: .within(3), text: "calgrid month over a 10,000-item vdir, warm: within 3× of the same set in the native store"),
    Target(issue: 21, scenario: "vdir-month", n: 10_000, candidate: "calgrid month, vdir, no cache", against: nil,
           kind: .medianAtMost(500_000_000), text: "calgrid month over a 10,000-item vdir, cold (no cache): ≤ 0.5 s"),
] + changeTargets

/// Issue 23: change, then redraw, through C as through Swift (Scenario+Changes.swift).
let changeTargets: [Target] = ["tick", "isCompleted", "new-dates", "insert"].flatMap { kind in [
    Target(issue: 23, scenario: "counts-after-\(kind)", n: 1_000_000, candidate: "C API", against: nil,
           kind: .medianAtMost(50_000), text: "92-day counts after a one-todo change through C (\(kind)), 1M: ≤ 50 µs"),
    Target(issue: 23, scenario: "counts-after-\(kind)", n: 1_000_000, candidate: "C API", against: "Swift core",
           kind: .within(1.2), text: "92-day counts after a change (\(kind)), 1M: C within 1.2× of Swift"),
] } + [
    Target(issue: 23, scenario: "counts-after-remove", n: 1_000_000, candidate: "C API", against: "memmove of the fixed columns (floor)",
           kind: .within(1.5), text: "92-day counts after removing row 0 through C, 1M: ≤ 1.5× a memmove of the fixed columns"),
    Target(issue: 23, scenario: "counts-after-batch-1000", n: 1_000_000, candidate: "C API", against: "C API, today",
           kind: .within(1), text: "92-day counts after a 1,000-todo batch through C, 1M: ≤ a full rebuild (today's library)"),
    Target(issue: 23, scenario: "overlap-many", n: 1_000_000, candidate: "Swift core", against: nil,
           kind: .extraAtMost("ns/result", 5), text: "overlap, one day, k ≈ 46k of 1M: ≤ 5 ns per result"),
    Target(issue: 23, scenario: "overlap-few", n: 1_000_000, candidate: "CalGrid TodoSet overlapping", against: nil,
           kind: .medianAtMost(2_000), text: "overlap, k ≤ 10 of 1M: ≤ 2 µs"),
    Target(issue: 23, scenario: "overlap-count", n: 1_000_000, candidate: "C API", against: nil,
           kind: .medianAtMost(1_000), text: "count of overlap through C, 1M: ≤ 1 µs"),
    Target(issue: 23, scenario: "counts-cached", n: 1_000_000, candidate: "C API", against: "C API, today",
           kind: .within(1.05), text: "cached 92-day counts through C, 1M: no regression (≤ 1.05× today's library)"),
] + [("ical-import-file", 100_000, "100k VTODOs in one file"), ("ical-import-vdir", 10_000, "a 10,000-file vdir")].flatMap { scenario, n, what in
    // Issue 20: CalGrid's iCalendar import against libical's own parse, python-icalendar, and its own JSON import's memory.
    [Target(issue: 20, scenario: scenario, n: n, candidate: "CalGridICalendar import", against: "libical icalparser_parse_string + walk",
            kind: .within(1.5), text: "iCalendar import, \(what): ≤ 1.5× libical's own parse and walk (wall, spawn to exit)"),
     Target(issue: 20, scenario: scenario, n: n, candidate: "CalGridICalendar import", against: "python-icalendar from_ical + walk",
            kind: .fasterBy(10), text: "iCalendar import, \(what): ≥ 10× faster than python-icalendar (wall, spawn to exit)"),
     Target(issue: 20, scenario: scenario, n: n, candidate: "CalGridICalendar import", against: "CalGridJSON import, same todos (memory reference)",
            kind: .rssAtMost(2), text: "iCalendar import, \(what): peak RSS ≤ 2× the native JSON import of the same todos")]
} + ["counts-cached", "counts-after-remove", "counts-after-batch-1000", "overlap-many", "overlap-count"].map { scenario in
    // The C layer only translates: every other scenario the changes group runs both ways.
    Target(issue: 23, scenario: scenario, n: 1_000_000, candidate: "C API", against: "Swift core",
           kind: .within(1.2), text: "\(scenario), 1M: C within 1.2× of Swift")
} + [
    Target(issue: 23, scenario: "import", n: 1_000_000, candidate: "C API calgrid_todo_set_import_file", against: nil,
           kind: .extraAtMost("C / Swift import", 1.2), text: "import 1M records through C: within 1.2× of the Swift import (wall, spawn to exit)"),
]

func evaluate(_ ms: [Measurement]) -> [TargetResult] {
    targets.map { t in
        let cands = ms.filter { $0.scenario == t.scenario && $0.implementation == t.candidate }
        let required: String
        switch t.kind {
        case .fasterBy(let f): required = "≥ \(formatRatio(f)) faster than \(t.against ?? "")"
        case .within(let f): required = "≤ \(formatRatio(f)) the time of \(t.against ?? "")"
        case .rssAtMost(let f): required = "peak RSS ≤ \(String(format: "%.3g", f)) of \(t.against ?? "")"
        case .extraAtMost(let k, let v): required = "\(k) ≤ \(String(format: "%g", v))"
        case .medianAtMost(let v): required = "median ≤ \(formatNs(v))"
        }
        // At the target's N, or the largest N measured below it (quick mode).
        let ns = Set(cands.map { $0.n }).sorted()
        guard let n = ns.contains(t.n) ? t.n : ns.last(where: { $0 < t.n }) ?? ns.first,
              let c = cands.first(where: { $0.n == n }) else {
            return TargetResult(target: t, measuredN: nil, value: nil, met: nil, required: required, measured: "not measured")
        }
        let a = t.against.flatMap { name in ms.first { $0.scenario == t.scenario && $0.n == n && $0.implementation == name } }
        let at = n == t.n ? "" : " (at N=\(n), not \(t.n))"
        switch t.kind {
        case .fasterBy(let f):
            guard let a, let r = pairwiseRatio(a.samples, c.samples) else {
                return TargetResult(target: t, measuredN: n, value: nil, met: nil, required: required, measured: "baseline not measured")
            }
            return TargetResult(target: t, measuredN: n, value: r, met: r >= f && c.checksumOK, required: required, measured: formatRatio(r) + " faster" + at)
        case .within(let f):
            guard let a, let r = pairwiseRatio(c.samples, a.samples) else {
                return TargetResult(target: t, measuredN: n, value: nil, met: nil, required: required, measured: "baseline not measured")
            }
            return TargetResult(target: t, measuredN: n, value: r, met: r <= f && c.checksumOK, required: required, measured: formatRatio(r) + " the time" + at)
        case .rssAtMost(let f):
            guard let a, let ra = a.peakRSSBytes, let rc = c.peakRSSBytes else {
                return TargetResult(target: t, measuredN: n, value: nil, met: nil, required: required, measured: "RSS not measured")
            }
            let r = Double(rc) / Double(ra)
            return TargetResult(target: t, measuredN: n, value: r, met: r <= f, required: required,
                                measured: "\(formatBytes(Double(rc))) vs \(formatBytes(Double(ra))) = \(String(format: "%.3f", r))" + at)
        case .extraAtMost(let k, let v):
            guard let x = c.extra.first(where: { $0.0 == k })?.1 else {
                return TargetResult(target: t, measuredN: n, value: nil, met: nil, required: required, measured: "not measured")
            }
            return TargetResult(target: t, measuredN: n, value: x, met: x <= v, required: required,
                                measured: String(format: v < 10 ? "%.2f" : "%.1f", x) + at)
        case .medianAtMost(let v):
            return TargetResult(target: t, measuredN: n, value: c.median, met: c.median <= v && c.checksumOK, required: required,
                                measured: formatNs(c.median) + at)
        }
    }
}
