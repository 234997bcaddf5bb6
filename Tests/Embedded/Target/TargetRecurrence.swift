// Recurrence rules (RFC 5545 RRULE on days) from Tests/oracle/rrule_oracle.py's cases: each rule
// parsed from its bytes, bound to its start with its RDATE and EXDATE days, and its occurrences
// in the case's window.
import CalGrid

func checkRecurrence(_ input: inout Input, _ out: inout Output) {
    func day(_ n: Int32) -> CivilDate {
        do throws(DateError) { return try CivilDate(dayNumber: Int64(n)) } catch { return .min }
    }
    let cases = input.u16()
    var d = Digest(), days = 0
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
    }
    out.text("recurrence cases="); out.int(cases); out.text(" days="); out.int(days); out.text(" "); out.hex(d); out.line()
}
