// Taskwarrior's recurring parents (`status: recurring`): the template becomes one todo with the
// equivalent RFC 5545 rule; its generated children stay the separate todos they are.
import CJSONC
import CalGrid
import CalGridImport

extension _RecordDecoder {
    /// Taskwarrior's `recur` value as RRULE text: `daily`, `weekly`, `biweekly`, `monthly`,
    /// `quarterly`, `semiannual`, `yearly`/`annual`, `weekdays`, and counts of a unit (`2weeks`,
    /// `3d`, `6mo`, `1y`, `10days`); nil when it is none of them.
    @usableFromInline
    static func rruleText(recur b: UnsafeBufferPointer<UInt8>) -> String? {
        var digits = 0, n = 0
        while digits < b.count, b[digits] >= 0x30, b[digits] <= 0x39, n < 100_000 {
            n = n * 10 + Int(b[digits] - 0x30)
            digits += 1
        }
        if digits == 0 { n = 1 }
        guard n >= 1 else { return nil }
        // Byte for byte, lower-cased (a String switch compares by Unicode canonical equivalence,
        // which links the Unicode tables into the C library).
        var unit: [UInt8] = []
        for c in b[digits...] { unit.append(c >= 0x41 && c <= 0x5A ? c + 32 : c) }
        if digits == 0, _RecordDecoder.same(unit, "weekdays") { return "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" }
        let units: [(StaticString, StaticString, Int)] = [
            ("d", "DAILY", 1), ("day", "DAILY", 1), ("days", "DAILY", 1), ("daily", "DAILY", 1),
            ("w", "WEEKLY", 1), ("wk", "WEEKLY", 1), ("wks", "WEEKLY", 1), ("week", "WEEKLY", 1), ("weeks", "WEEKLY", 1),
            ("weekly", "WEEKLY", 1), ("biweekly", "WEEKLY", 2), ("fortnight", "WEEKLY", 2), ("fortnightly", "WEEKLY", 2),
            ("mo", "MONTHLY", 1), ("mos", "MONTHLY", 1), ("month", "MONTHLY", 1), ("months", "MONTHLY", 1),
            ("monthly", "MONTHLY", 1), ("bimonthly", "MONTHLY", 2), ("q", "MONTHLY", 3), ("qtr", "MONTHLY", 3),
            ("qtrs", "MONTHLY", 3), ("quarter", "MONTHLY", 3), ("quarters", "MONTHLY", 3), ("quarterly", "MONTHLY", 3),
            ("semiannual", "MONTHLY", 6), ("y", "YEARLY", 1), ("yr", "YEARLY", 1), ("yrs", "YEARLY", 1),
            ("year", "YEARLY", 1), ("years", "YEARLY", 1), ("yearly", "YEARLY", 1), ("annual", "YEARLY", 1),
            ("biannual", "YEARLY", 2), ("biyearly", "YEARLY", 2),
        ]
        guard let (_, f, factor) = units.first(where: { _RecordDecoder.same(unit, $0.0) }) else { return nil }
        let freq = _text(f)
        let interval = n * factor
        return "FREQ=" + freq + (interval == 1 ? "" : ";INTERVAL=\(interval)")
    }

    /// Whether `bytes` are exactly `s`'s.
    @usableFromInline
    static func same(_ bytes: [UInt8], _ s: StaticString) -> Bool {
        bytes.elementsEqual(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// A recurring parent as one todo: it starts on its `due` day (the first occurrence), ends on
    /// its `until` day (none: it goes on), repeats by `recur`, and keeps one flag per occurrence
    /// (without an end, as far as the last completed child), done where its `mask` says the child
    /// of that occurrence is completed (`+`).
    @inlinable
    mutating func recurringParent(uuid: OpaquePointer?, description: OpaquePointer?, entrySeconds: Int64?, dueSeconds: Int64?,
                                  untilSeconds: Int64?, recur: OpaquePointer?, mask: OpaquePointer?,
                                  into batch: inout TodoBatch) throws(_FieldFailure) -> _RecordOutcome {
        guard let text = _RecordDecoder.rruleText(recur: _RecordDecoder.bytes(recur)) else {
            throw _FieldFailure(.invalidRule, "recur", "not a Taskwarrior recurrence period (daily, weekly, biweekly, monthly, quarterly, yearly, weekdays, 2weeks, 3d, 6mo, 1y ...)")
        }
        guard let start = try taskwarriorDay(dueSeconds, "due") else {
            throw _FieldFailure(.missingField, "due", "a recurring task has no due date")
        }
        var end = try taskwarriorDay(untilSeconds, "until")
        if let e = end, e < start { end = start }
        if let e = end, start.days(to: e) >= maxSpanDays {
            throw _FieldFailure(.spanTooLong, "until", "the span is longer than the span limit (\(maxSpanDays) days)")
        }
        let fields = TodoFields(start: start, end: end, createdAt: entrySeconds)
        batch.append(idBytes: UnsafeRawBufferPointer(_RecordDecoder.bytes(uuid)),
                     titleBytes: UnsafeRawBufferPointer(_RecordDecoder.bytes(description)), memoBytes: nil, fields: fields)
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { batch.setRule(textBytes: UnsafeRawBufferPointer($0)) }
        // Completed children, by occurrence: with an end, one flag per occurrence; without one,
        // flags as far as the last completed child (an open-ended rule keeps no more).
        guard let mask, let rule = try? RecurrenceRule(parsing: text) else { return .staged }
        let m = _RecordDecoder.bytes(mask)
        guard let lastDone = m.lastIndex(of: 0x2B) else { return .staged }   // '+'
        let days = Recurrence(start: start, rule: rule).occurrences(in: start...(end ?? CivilDate.max))
        var n = 0
        for _ in days {
            if end == nil, n > lastDone { break }
            n += 1
        }
        batch.setCompletedDays(count: n)
        for k in 0..<Swift.min(n, m.count) where m[k] == 0x2B { batch.setCompletedDay(k) }
        return .staged
    }
}
