import CalGrid
import CalGridJSON

/// Writes compact JSON (RFC 8259) into a byte buffer, tracking commas itself.
/// Strings are escaped per RFC 8259 §7; everything else is written from integers and booleans,
/// so the output never depends on a locale or on reflection.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// One entry per open container: has it written an element yet?
    private var hasElement: [Bool] = []
    private var afterKey = false

    init() { bytes.reserveCapacity(4096) }

    private mutating func separate() {
        if afterKey { afterKey = false; return }
        if let last = hasElement.last {
            if last { bytes.append(44) }   // ,
            hasElement[hasElement.count - 1] = true
        }
    }

    mutating func beginObject() {
        // Objects inside arrays start on a new line: long documents stay readable and diffable.
        let inArray = !afterKey && !hasElement.isEmpty
        separate()
        if inArray { bytes.append(10) }
        bytes.append(123)
        hasElement.append(false)
    }
    mutating func endObject() { hasElement.removeLast(); bytes.append(125) }
    mutating func beginArray() { separate(); bytes.append(91); hasElement.append(false) }
    mutating func endArray() { hasElement.removeLast(); bytes.append(93) }

    mutating func key(_ name: String) {
        separate()
        appendJSONString(name, to: &bytes)
        bytes.append(58)   // :
        afterKey = true
    }

    mutating func string(_ s: String) { separate(); appendJSONString(s, to: &bytes) }
    mutating func int<I: BinaryInteger>(_ n: I) { separate(); bytes.append(contentsOf: String(n).utf8) }
    mutating func bool(_ b: Bool) { separate(); bytes.append(contentsOf: (b ? "true" : "false").utf8) }
    mutating func null() { separate(); bytes.append(contentsOf: "null".utf8) }
    mutating func date(_ d: CivilDate) {
        separate()
        bytes.append(34)
        let b = d.iso8601Bytes
        for i in 0..<10 { bytes.append(b[i]) }
        bytes.append(34)
    }
    mutating func date(_ d: CivilDate?) { if let d { date(d) } else { null() } }
    mutating func string(_ s: String?) { if let s { string(s) } else { null() } }

    // Convenience: "key": value
    mutating func field(_ k: String, _ v: String) { key(k); string(v) }
    mutating func field(_ k: String, _ v: String?) { key(k); string(v) }
    mutating func field<I: BinaryInteger>(_ k: String, _ v: I) { key(k); int(v) }
    mutating func field(_ k: String, _ v: Bool) { key(k); bool(v) }
    mutating func field(_ k: String, _ v: CivilDate?) { key(k); date(v) }
    /// Integer fields in the order given: a table of names and values, not a call a field.
    mutating func fields(_ pairs: KeyValuePairs<String, Int>) { for (k, v) in pairs { field(k, v) } }

    /// The fields every day object shares after its "date" (and a month cell's "inMonth"): the
    /// weekday, the today mark and the day's tally (`calgrid help json`).
    /// A lunar date as {"year", "month", "day", "leap"}, or null outside the lunar table's range.
    mutating func lunar(_ l: LunarDate?) {
        guard let l else { null(); return }
        beginObject(); field("year", l.year); field("month", l.month); field("day", l.day); field("leap", l.isLeapMonth); endObject()
    }

    mutating func dayFields(_ weekday: Weekday, isToday: Bool, _ tally: TodoTally) {
        field("weekday", weekday.rawValue)
        field("isToday", isToday)
        field("count", tally.total)
        field("completed", tally.completed)
        field("percentage", tally.percentDone)
        field("events", tally.events)
    }

    /// The finished document plus a newline, as a command's whole output.
    var document: Output {
        var out = Output()
        finish(into: &out)
        return out
    }

    /// The finished document plus a newline, into `out`.
    func finish(into out: inout Output) {
        precondition(hasElement.isEmpty, "JSONWriter: unclosed container")
        out.append(bytes)
        out.line()
    }
}
