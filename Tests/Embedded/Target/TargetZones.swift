// Zone rules from the blob's TZif file and from a POSIX TZ string: offset, local day and second
// of day of instants around their DST changes.
import CalGrid

func checkZones(_ input: inout Input, _ out: inout Output) {
    let tzif = input.take(input.u32())
    let posix = input.take(input.u16())
    let rules: TimeZoneRules, footer: TimeZoneRules
    do throws(TimeZoneError) {
        rules = try TimeZoneRules(tzif: tzif, name: "Europe/Berlin")
        footer = try TimeZoneRules(posixTZ: String(decoding: posix, as: UTF8.self))
    } catch {
        out.text("zone error"); out.line()
        return
    }
    check(rules, "zone tzif instants=", &input, &out)
    check(footer, "zone posix instants=", &input, &out)
}

private func check(_ rules: TimeZoneRules, _ label: StaticString, _ input: inout Input, _ out: inout Output) {
    let n = input.u32()
    var d = Digest()
    for _ in 0..<n {
        let t = input.i64()
        guard let local = rules.localTime(at: t) else { d.fold(-1); continue }
        d.fold(Int(rules.utcOffset(at: t)))
        d.fold(Int(local.day.dayNumber))
        d.fold(Int(local.secondOfDay))
        if local.utcOffset != rules.utcOffset(at: t) { d.fold(-2) }
    }
    out.text(label); out.int(n); out.text(" "); out.hex(d); out.line()
}
