// Recurrence rules (RFC 5545 RRULE on days) from Tests/oracle/rrule_oracle.py's cases: each rule
// parsed from its bytes, bound to its start with its RDATE and EXDATE days, and its occurrences
// in the case's window. Then the same rules as rule todos: each staged as text in a batch
// (`TodoBatch.setRule`), inserted into a set of its own, and the days of its window on which the
// set's per-day counts have it, which must be the occurrences from its start on: the paths a
// firmware with a rule links (the set reaches the engine through references made where a rule
// is made, _TodoRule.swift).
import CalGrid

func checkRecurrence(_ input: inout Input, _ out: inout Output) {
    func day(_ n: Int32) -> CivilDate {
        do throws(DateError) { return try CivilDate(dayNumber: Int64(n)) } catch { return .min }
    }
    let cases = input.u16()
    var d = Digest(), days = 0
    var todoDigest = Digest(), todoDays = 0
    for _ in 0..<cases {
        let text = input.take(input.u16())
        let start = day(input.i32())
        var rdates: [CivilDate] = [], exdates: [CivilDate] = []
        for _ in 0..<input.u8() { rdates.append(day(input.i32())) }
        for _ in 0..<input.u8() { exdates.append(day(input.i32())) }
        let lo = day(input.i32()), hi = day(input.i32())
        do throws(RecurrenceError) {
            let rule = try RecurrenceRule(parsingBytes: text.bindMemory(to: UInt8.self))
            let recurrence = Recurrence(start: start, rule: rule, rdates: rdates, exdates: exdates)
            for x in recurrence.occurrences(in: lo...hi) { d.fold(Int(x.dayNumber)); days += 1 }
        } catch {
            d.fold(-2)   // the oracle's rules all parse
        }
        d.fold(-1)
        let n = ruleTodoDays(text, start: start, rdates: rdates, exdates: exdates, lo...hi, &todoDigest)
        if n < 0 { todoDigest.fold(-2) } else { todoDays += n }
        todoDigest.fold(-1)
    }
    out.text("recurrence cases="); out.int(cases); out.text(" days="); out.int(days); out.text(" "); out.hex(d); out.line()
    out.text("recurrence todos cases="); out.int(cases); out.text(" days="); out.int(todoDays); out.text(" ")
    out.hex(todoDigest); out.line()
}

/// Stages one rule todo over `[start, max(start, window's end)]`, inserts it into a new set and
/// folds the window's days on which the set's counts have it; -1 when the set refuses it.
func ruleTodoDays(_ text: UnsafeRawBufferPointer, start: CivilDate, rdates: [CivilDate], exdates: [CivilDate],
                  _ window: ClosedRange<CivilDate>, _ digest: inout Digest) -> Int {
    var batch = TodoBatch()
    var id: (UInt8, UInt8) = (114, 49)
    let end = Swift.max(start, window.upperBound)
    withUnsafeBytes(of: &id) { i in
        batch.append(idBytes: i, titleBytes: i, memoBytes: nil, fields: TodoFields(start: start, end: end))
    }
    batch.setRule(textBytes: text, rdates: rdates, exdates: exdates)
    var set = TodoSet()
    do throws(TodoError) { try set.insert(contentsOf: batch) } catch { return -1 }
    let counts = set.dayCounts(from: window.lowerBound, through: window.upperBound)
    var n = 0
    for t in 0..<counts.dayCount where counts.total[t] > 0 {
        digest.fold(Int(window.lowerBound.dayNumber) + t)
        n += 1
    }
    return n
}
