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
        // Taskwarrior's period words, each with its code below: the frequency (0 DAILY, 1 WEEKLY,
        // 2 MONTHLY, 3 YEARLY) times 8 plus the interval factor. One text and one byte table rather
        // than an array of (StaticString, StaticString, Int): that array was 2 KB of libcalgrid.a, twice.
        let words: StaticString = """
            d day days daily w wk wks week weeks weekly biweekly fortnight fortnightly
            mo mos month months monthly bimonthly q qtr qtrs quarter quarters quarterly semiannual
            y yr yrs year years yearly annual biannual biyearly
            """
        let codes: [UInt8] = [1, 1, 1, 1, 9, 9, 9, 9, 9, 9, 10, 10, 10,
                              17, 17, 17, 17, 17, 18, 19, 19, 19, 19, 19, 19, 22,
                              25, 25, 25, 25, 25, 25, 25, 26, 26]
        let text = UnsafeBufferPointer(start: words.utf8Start, count: words.utf8CodeUnitCount)
        var code: UInt8?, word = 0, from = 0
        for i in 0...text.count where i == text.count || text[i] <= 0x20 {   // a space or a line break
            if code == nil, text[from..<i].elementsEqual(unit) { code = codes[word] }
            word += 1
            from = i + 1
        }
        guard let code else { return nil }
        let freq: StaticString = switch code >> 3 { case 0: "DAILY"; case 1: "WEEKLY"; case 2: "MONTHLY"; default: "YEARLY" }
        let interval = n * Int(code & 7)
        let freqText = _text(freq)
        return "FREQ=" + freqText + (interval == 1 ? "" : ";INTERVAL=\(interval)")
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
        guard var text = _RecordDecoder.rruleText(recur: _RecordDecoder.bytes(recur)) else {
            throw _FieldFailure(.invalidRule, "recur", "not a Taskwarrior recurrence period (daily, weekly, biweekly, monthly, quarterly, yearly, weekdays, 2weeks, 3d, 6mo, 1y ...)")
        }
        guard let start = try taskwarriorDay(dueSeconds, "due") else {
            throw _FieldFailure(.missingField, "due", "a recurring task has no due date")
        }
        var end = try taskwarriorDay(untilSeconds, "until")
        if let e = end, e < start { end = start }
        if let e = end, start.days(to: e) >= maxSpanDays {
            // Occurrences past the span limit: kept as a rule that its UNTIL ends, with no stored
            // end (one flag per day of such a span is what the store's reader refuses; issue 41).
            let (y, m, d) = e.components
            var basic = "\(y * 10_000 + m * 100 + d)"
            while basic.utf8.count < 8 { basic = "0" + basic }
            text += ";UNTIL=" + basic
            end = nil
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
