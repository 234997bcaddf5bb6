// Recurrence expansion (issue 19): RFC 5545 rules walked over one year's window, each rule parsed
// and bound to its start inside the timed work, by CalGrid (RecurrenceRule + Recurrence), libical's
// icalrecur_iterator (C) and python-dateutil's rrule (its own process, timed there in CPU time; its
// repetitions follow the in-process ones instead of interleaving with them). The rules mix the
// everyday shapes: daily, every n days, every 2 weeks on two days, weekdays, the 3rd Thursday, the
// last Friday, the last day, the last weekday (BYSETPOS), yearly, Thanksgiving, and COUNT-bounded
// ones. Every start is an occurrence of its rule (the three agree on the start day then; they
// differ when it is not, see docs/recurrence.md), so the checksums of all three must be equal.
import Foundation
import CalGrid
import CICalBench

let recurrenceTemplates = [
    "FREQ=DAILY", "FREQ=DAILY;INTERVAL=3", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
    "FREQ=MONTHLY;BYDAY=3TH", "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=MONTHLY;BYMONTHDAY=-1",
    "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "FREQ=YEARLY", "FREQ=YEARLY;BYMONTH=11;BYDAY=4TH",
    "FREQ=WEEKLY;COUNT=100", "FREQ=MONTHLY;BYMONTHDAY=15;COUNT=40",
]

/// `perTemplate` rules of each template, started on the first occurrence on or after a
/// pseudo-random day of 2024-01-01...2026-06-30.
func recurrenceRules(perTemplate: Int) -> [(text: String, start: CivilDate)] {
    var x: UInt64 = 0x9E3779B97F4A7C15
    var out: [(String, CivilDate)] = []
    let lo = try! CivilDate(year: 2024, month: 1, day: 1)
    for k in 0..<perTemplate {
        for t in recurrenceTemplates {
            x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let s0 = try! CivilDate(dayNumber: Int64(lo.dayNumber) + Int64((x >> 33) % 912))
            let rule = try! RecurrenceRule(parsing: t)
            // The first rule day after the day before s0 (the rule's own, since s0 - 1 is the start).
            let before = try! s0.adding(days: -1 - k % 2)
            let start = Recurrence(start: before, rule: rule).next(after: before)!
            out.append((t, start))
        }
    }
    return out
}

/// CalGrid: parse, bind, walk the window; fold every day.
func calgridRecurrences(_ rules: [(text: String, start: CivilDate)], _ window: ClosedRange<CivilDate>) -> UInt64 {
    var h = foldSeed
    for (text, start) in rules {
        guard let rule = try? RecurrenceRule(parsing: text) else { continue }
        for d in Recurrence(start: start, rule: rule).occurrences(in: window) {
            h = fold(h, UInt64(Int64(d.dayNumber) + 1_000_000))
        }
    }
    return h
}

func runRecurrence(_ s: Settings) -> [Measurement] {
    let rules = recurrenceRules(perTemplate: s.quick ? 5 : 20)
    let window = try! CivilDate(year: 2026, month: 1, day: 1)...CivilDate(year: 2026, month: 12, day: 31)
    let n = rules.count
    let cRules = rules.map { strdup($0.text)! }
    defer { cRules.forEach { free($0) } }
    let cStarts = rules.map { $0.start.dayNumber }
    var out = measure("rrule-year", n: n, [
        Implementation(name: "libical icalrecur_iterator", role: .baseline) {
            cRules.map { UnsafePointer($0) as UnsafePointer<CChar>? }.withUnsafeBufferPointer { r in
                cStarts.withUnsafeBufferPointer { st in
                    cb_ical_expand(r.baseAddress, st.baseAddress, n, window.lowerBound.dayNumber, window.upperBound.dayNumber)
                }
            }
        },
        Implementation(name: "CalGrid Recurrence", role: .candidate) { calgridRecurrences(opaque(rules), window) },
    ], settings: s)

    // python-dateutil, in its own process.
    let file = NSTemporaryDirectory() + "calgrid-rrule-\(getpid()).txt"
    try? rules.map { "\($0.start.dayNumber) \($0.text)" }.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let script = benchmarksDir + "/Scripts/dateutil_rrule.py"
    guard let r = spawn("/usr/bin/env", ["python3", script, file, "\(window.lowerBound.dayNumber)", "\(window.upperBound.dayNumber)",
                                         "\(s.repetitions)"], capture: true), r.status == 0 else {
        print("  rrule-year: python3 with dateutil failed (Debian python3-dateutil)")
        return out
    }
    let lines = r.output.split(separator: "\n").map(String.init)
    let checksum = UInt64(lines.first ?? "") ?? 0
    var m = Measurement(scenario: "rrule-year", n: n, implementation: "python-dateutil rrule", role: .reference,
                        samples: lines.dropFirst().compactMap(Double.init), checksum: checksum, checksumOK: true)
    if let c = out.first(where: { $0.role == .candidate }), checksum != c.checksum {
        m.checksumOK = false
        let msg = "rrule-year n=\(n): python-dateutil rrule checksum \(hex(checksum)) != CalGrid Recurrence \(hex(c.checksum))"
        checksumFailures.append(msg)
        print("CHECKSUM MISMATCH: \(msg)")
    }
    m.note = "timed in its own process (CPU time), after the in-process runs"
    if let c = out.first(where: { $0.role == .candidate }), let ratio = pairwiseRatio(m.samples, c.samples) {
        print("  \(pad("rrule-year", 16)) n=\(pad(String(n), 8)) \(pad(m.implementation, 34)) \(pad(formatNs(m.median), 10)) x\(m.samples.count)  CalGrid \(formatRatio(ratio)) faster")
    }
    out.append(m)
    return out
}
