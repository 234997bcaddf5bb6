import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridJSON
import CalGridSystem
import CalGridTestSupport
import Foundation
import Testing

/// A random native todo: every field of the native format (challenge, weekday repetition, a rule
/// with RDATE and EXDATE days and occurrences of several days, per-day flags, open spans on either side, reminder, creation time
/// inside and outside DATE-TIME's years or none, events), with texts iCalendar holds as written
/// (libical drops the spaces at the end of a line and around a CATEGORIES value, and a CATEGORIES
/// value is split at commas: docs/icalendar.md).
func randomNativeDraft(_ g: inout SeededRandom, index: Int) -> TodoDraft {
    let pieces = ["plain", "a, b", "semi;colon", "back\\slash", "line\none", "할 일", "Größe", "🎉 party", "\"q\"", "colon: x"]
    func text() -> String { (0..<Int(g.next() % 3) + 1).map { _ in pieces[Int(g.next() % UInt64(pieces.count))] }.joined(separator: " ") }
    var d = TodoDraft(id: "n-\(index)@calgrid.test", title: g.next() % 8 == 0 ? "" : text())
    if g.next() % 2 == 0 { d.memo = text() }
    if g.next() % 2 == 0 { d.tags = [pieces[Int(g.next() % 4)].filter { $0 != "," && $0 != "\n" }] }
    let base = CivilDate(_unchecked: Int32(g.next() % 30_000))          // 1970...2052
    switch g.next() % 5 {
    case 0, 1: d.start = base; d.end = base.advanced(by: Int(g.next() % 70))
    case 2: d.end = base
    case 3: d.start = base
    default: break
    }
    switch g.next() % 4 {
    case 0: d.createdAt = nil
    case 1: d.createdAt = Int64(g.next() % 4_000_000_000)
    case 2: d.createdAt = -Int64(g.next() % 60_000_000_000)            // back to year 68: no DATE-TIME
    default: d.createdAt = Int64(g.next() % (1 << 40))                   // past year 9999
    }
    d.isChallenge = g.next() % 2 == 0
    d.isCompleted = g.next() % 3 == 0
    if g.next() % 3 == 0, let s = d.start {
        // A rule, its start always an occurrence (RFC 5545).
        let rules = ["FREQ=DAILY;INTERVAL=2", "FREQ=WEEKLY;BYDAY=TU,TH", "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=YEARLY;COUNT=4",
                     "FREQ=WEEKLY;UNTIL=\(s.advanced(by: 40).iso8601.filter { $0 != "-" })", "FREQ=DAILY;COUNT=5"]
        let rule = try! RecurrenceRule(parsing: rules[Int(g.next() % UInt64(rules.count))])
        // An added day past the todo's end is no day of it, and not written (docs/icalendar.md).
        let extra = g.next() % 3 == 0 && d.end.map({ s.advanced(by: 3) <= $0 }) ?? true ? [s.advanced(by: 3)] : []
        let gone = g.next() % 3 == 0 ? [s.advanced(by: 4)] : []
        d.recurrence = Recurrence(start: s, rule: rule, rdates: extra, exdates: gone)
        if g.next() % 3 == 0 {
            // Occurrences of 2 to 5 days (DTSTART to the first one's DUE or DTEND), each ending by the end.
            d.occurrenceDays = Int32(2 + g.next() % 4)
            if let e = d.end, e < s.advanced(by: Int(d.occurrenceDays) - 1) { d.end = s.advanced(by: Int(d.occurrenceDays) - 1) }
            // An added day after the last start an occurrence may have is no occurrence either.
            if let e = d.end, !extra.isEmpty, extra[0] > e.advanced(by: 1 - Int(d.occurrenceDays)) {
                d.recurrence = Recurrence(start: s, rule: rule, exdates: gone)
            }
        }
    } else if g.next() % 2 == 0 {
        var r = WeekdaySet(rawValue: UInt8(g.next() % 128))
        if r.isEmpty { r = .weekend }
        d.repetition = r
    }
    if g.next() % 3 != 0, let s = d.start {
        if let r = d.recurrence {
            let days = Array(r.occurrences(in: s...(d.end?.advanced(by: 1 - Int(d.occurrenceDays)) ?? s.advanced(by: 200))))
            let n = d.end == nil ? Int(g.next() % UInt64(min(days.count, 6) + 1)) : days.count
            var flags = (0..<n).map { _ in g.next() % 2 == 0 }
            // An open rule keeps its flags as far as its last ticked occurrence.
            if d.end == nil, n > 0 { flags[n - 1] = true }
            d.completedDays = flags.isEmpty ? nil : flags
        } else if let e = d.end {
            d.completedDays = (0..<d.repetition.dayCount(from: s, through: e)).map { _ in g.next() % 2 == 0 }
        }
    }
    if g.next() % 2 == 0 { d.reminderMinutes = Int16(g.next() % 1440) }
    if g.next() % 6 == 0 {
        // An event: never done, never a challenge, no flags, no repetition of its own.
        d.isEvent = true; d.isChallenge = false; d.isCompleted = false; d.completedDays = nil; d.repetition = .all
    }
    return d
}

/// The todos of `n` random drafts the set takes (a draft it refuses is left out: the generator
/// is broader than the set's rules).
func randomNativeSet(_ n: Int, seed: UInt64) -> TodoSet {
    var g = SeededRandom(seed: seed)
    var set = TodoSet()
    for k in 0..<n { _ = try? set.append(randomNativeDraft(&g, index: k)) }
    return set
}

/// The set's native export with its todos in id order (a vdir reads files in name order).
func nativeBytes(_ set: TodoSet) throws -> [UInt8] {
    try TodoSet(set.drafts.sorted { $0.id < $1.id }).exportJSONBytes(format: .native)
}

@Suite struct ICalendarNativeRoundTripTests {
    /// native → ics → native: the native export byte for byte, in two zones (dates are DATEs). The
    /// reminder's VALARM comes back as an alarm too, beside `reminderTime` (what rings is checked by
    /// alarms_check.py): the sets are compared as their drafts, which hold no alarms.
    @Test(arguments: [7 as UInt64, 8, 9])
    func throughICalendar(seed: UInt64) throws {
        let set = randomNativeSet(400, seed: seed)
        #expect(set.count > 300)
        let ics = set.exportICalendarBytes(now: 1_780_000_000)
        for zone in [TimeZoneRules.utc, try TimeZoneRules.named("Pacific/Auckland")] {
            var back = TodoSet()
            let r = try back.importICalendar(bytes: ics, options: ImportOptions(zone: zone))
            #expect(r.imported == set.count)
            for (b, w) in zip(back.drafts, set.drafts) where b != w { Issue.record("wrote \(w)\nread \(b)"); break }
            #expect(try TodoSet(back.drafts).exportJSONBytes(format: .native) == set.exportJSONBytes(format: .native))
        }
    }

    /// native → vdir → native, then every todo changed to another random one (same id) and
    /// written back over its file (the patch path), then read: the native export byte for byte.
    @Test(arguments: [11 as UInt64, 12])
    func throughAVdir(seed: UInt64) throws {
        let dir = try ScratchDirectory("native-vdir")
        defer { dir.remove() }
        let set = randomNativeSet(300, seed: seed)
        try set.exportVdir(to: dir.path, now: 1_780_000_000)
        var back = TodoSet()
        var files: [String: ICalendarItemFile] = [:]
        try back.importICalendar(directoryAt: dir.path, options: ImportOptions(), files: &files)
        #expect(try nativeBytes(back) == nativeBytes(set))
        // Unchanged todos keep their files' bytes.
        #expect(try back.exportVdir(to: dir.path, files: files, now: 1_790_000_000).written == 0)
        var g = SeededRandom(seed: seed &+ 100)
        var changed = back
        var patched = 0
        for i in changed.indices {
            var d = randomNativeDraft(&g, index: 0)
            d.id = changed.id(at: i)
            // A patch keeps the item's component: a VTODO stays a todo, a VEVENT an event.
            let wasEvent = changed.draft(at: i).isEvent
            if d.isEvent != wasEvent { continue }
            if (try? changed.update(at: i, to: d)) != nil { patched += 1 }
        }
        #expect(patched > 200)
        let w = try changed.exportVdir(to: dir.path, files: files, now: 1_790_000_000)
        #expect(w.written > 0)
        var again = TodoSet()
        try again.importICalendar(directoryAt: dir.path, options: ImportOptions(), files: &files)
        let want = changed.drafts.sorted { $0.id < $1.id }, got = again.drafts.sorted { $0.id < $1.id }
        for (b, w) in zip(got, want) where b != w { Issue.record("patched to \(w)\nread \(b)"); break }
        #expect(try nativeBytes(again) == nativeBytes(changed))
    }
}




