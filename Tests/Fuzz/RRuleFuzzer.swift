// libFuzzer target for RFC 5545 recurrence rules (`make fuzz-rrule`): the input's first two bytes
// pick a start day (1990 ... 2169), the rest is RRULE text. Whatever fails to parse says why; whatever
// parses prints canonical text that parses back to the same rule (and prints the same again), and
// its recurrence answers consistently over a window: occurrences ascending, inside the window,
// exactly the days `contains` accepts, and `next(after:)` / `previous(before:)` stepping through
// the same list.
import CalGrid

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRRule(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size >= 2, let data,
          let start = try? CivilDate(dayNumber: 7305 + Int64(data[0]) << 8 + Int64(data[1]))   // from 1990-01-01
    else { return 0 }
    let text = UnsafeBufferPointer(start: data + 2, count: size - 2)
    let rule: RecurrenceRule
    do throws(RecurrenceError) { rule = try RecurrenceRule(parsingBytes: text) } catch {
        check(!error.description.isEmpty, "a rule error says why")
        return 0
    }
    let canonical = rule.text
    do throws(RecurrenceError) {
        let again = try RecurrenceRule(parsing: canonical)
        check(again == rule, "canonical text parses back to the same rule")
        check(again.text == canonical, "canonical text is a fixed point")
    } catch {
        check(false, "canonical text parses")
    }
    let r = Recurrence(start: start, rule: rule)
    guard let last = try? start.adding(days: 120) else { return 0 }
    let window = start...last
    var days: [CivilDate] = []
    for d in r.occurrences(in: window) {
        check(window.contains(d), "an occurrence lies in the window")
        check(days.last.map { $0 < d } ?? true, "occurrences ascend")
        days.append(d)
    }
    var k = 0
    var d = start
    while d <= last {
        let listed = k < days.count && days[k] == d
        check(r.contains(d) == listed, "contains agrees with occurrences")
        if listed { k += 1 }
        guard let n = try? d.adding(days: 1) else { break }
        d = n
    }
    for (i, o) in days.enumerated() {
        if i + 1 < days.count { check(r.next(after: o) == days[i + 1], "next(after:) is the next occurrence") }
        if i > 0 { check(r.previous(before: o) == days[i - 1], "previous(before:) is the one before") }
    }
    return 0
}
