// The reader's side of CalGrid's own fields (`_ICalNative`): after an item is read by the mapping,
// its X-CALGRID- properties restore what the native format held and RFC 5545 cannot say. Each one
// is read only while the item still says what it was written beside, so a client's change wins
// (meaning over syntax): a rule a client edited stays a rule, a todo a client completed is done.
import CLibical
import CalGrid

extension _ICalNative {
    /// The native fields an item's X-CALGRID- properties give, beyond `_ICalItem`'s.
    struct Fields {
        var isChallenge = false
        var repetition = WeekdaySet.all
        /// The flags to stage instead of the rule's (`_ICalRecurrence.flags`), when `ownFlags`.
        var flags: (count: Int, ticked: [Int])? = nil
        /// True when `flags` (nil: none) replace those of the item's rule.
        var ownFlags = false
        /// X-CALGRID-TIMEZONE's zone name, when the item has one.
        var timeZone: String? = nil
    }

    /// Reads the X-CALGRID- properties of `c` (read as `item`) and adjusts `item` by them.
    /// - Complexity: O(properties + the todo's tracked days)
    static func read(_ c: _Component, _ item: inout _ICalItem) -> Fields {
        var out = Fields()
        var values: [Property: (value: String, parameters: [String: String])] = [:]
        for p in c.all(ICAL_X_PROPERTY) {
            guard let n = icalproperty_get_x_name(p), let name = Property(rawValue: String(cString: n)),
                  let v = icalproperty_get_value_as_string(p) else { continue }
            var parameters: [String: String] = [:]
            var q = icalproperty_get_first_parameter(p, ICAL_X_PARAMETER)
            while let x = q {
                if let k = icalparameter_get_xname(x), let w = icalparameter_get_xvalue(x) { parameters[String(cString: k)] = String(cString: w) }
                q = icalproperty_get_next_parameter(p, ICAL_X_PARAMETER)
            }
            values[name] = (String(cString: v), parameters)
        }
        guard !values.isEmpty else { return out }
        out.timeZone = values[.timeZone]?.value
        let hasStart = c.has(ICAL_DTSTART_PROPERTY)
        if let v = values[.created]?.value, !c.has(ICAL_CREATED_PROPERTY) {
            if v == "NONE" { item.createdAt = nil } else if let s = Int64(v) { item.createdAt = s }
        }
        if let v = values[.reminder]?.value, item.reminder == nil, !hasStart, c.isEvent || !c.has(ICAL_DUE_PROPERTY),
           let m = Int16(v), TodoDraft.reminderMinutesRange.contains(m) {
            item.reminder = m
        }
        if c.isEvent {
            if let o = values[.open], o.value == "START", !hasStart, item.start == nil, item.end == nil,
               let last = o.parameters[lastParameter].flatMap(day) {
                item.end = last
            }
            if values[.open]?.value == "END", let r = item.recurrence, r.text == Array("FREQ=DAILY".utf8), r.rdates.isEmpty,
               r.exdates.isEmpty, r.last == nil {
                item.recurrence = nil
                item.end = nil
            }
        }
        if let own = values[.rule]?.value, let e = item.end, let text = item.recurrence?.text,
           let written = try? text.withUnsafeBufferPointer({ b throws(RecurrenceError) in try RecurrenceRule(parsingBytes: b) }),
           let withEnd = try? RecurrenceRule(parsing: own + ";UNTIL=" + e.basic), withEnd == written {
            item.recurrence?.text = Array(own.utf8)
        }
        if item.recurrence != nil {
            // A rule that ends by itself: the todo's own end, or none.
            if values[.end]?.value == "NONE" { item.keepAsRule() }
            if let e = values[.end].flatMap({ day($0.value) }), let s = item.start, s <= e { item.end = e }
        }
        if c.isEvent { return out }
        out.isChallenge = values[.challenge]?.value == "TRUE"
        let rule = item.recurrence
        if let v = values[.repetition]?.value, let days = weekdays(v) {
            if let r = rule {
                let flags = r.flags(allDone: item.isCompleted)
                // A repetition tracks days only between a start and an end: a rule without an end
                // whose occurrences a client ticked stays a rule.
                if isRepetition(r, days), r.last != nil || flags == nil {
                    // DTSTART is the first repeat day; the todo's own start, when before it, is
                    // X-CALGRID-START (kept only while it still leads to DTSTART).
                    var start = r.start
                    if let s = values[.start].flatMap({ day($0.value) }), s <= r.start, firstRepeatDay(days, onOrAfter: s) == r.start { start = s }
                    item.recurrence = nil
                    item.start = start
                    out.repetition = days
                    out.flags = flags
                    out.ownFlags = true
                }
            } else if !c.has(ICAL_RRULE_PROPERTY), !hasStart || item.start.map({ s in item.end.map { e in firstRepeatDay(days, onOrAfter: s).map { $0 > e } ?? true } ?? false }) ?? true {
                // Written without a rule: no DTSTART (the reader gives a DUE-only item its due day
                // as start until X-CALGRID-OPEN below takes it back), or no repeat day in its span. An item that had
                // its rule (todoman strips it from a series it completes) is a one-off now.
                out.repetition = days
            }
        }
        if item.recurrence == nil, let o = values[.open]?.value {
            if o == "START", !hasStart, item.end != nil { item.start = nil }
            if o == "END", item.start != nil, !c.has(ICAL_DUE_PROPERTY), !c.has(ICAL_DURATION_PROPERTY) { item.end = nil }
        }
        if let t = values[.ticked], (t.parameters[statusParameter] == "COMPLETED") == item.isCompleted,
           let flags = ownFlags(t.value, item: item, rule: rule, repetition: out.repetition) {
            out.flags = flags.count < 0 ? nil : flags
            out.ownFlags = true
        }
        return out
    }

    /// The flags of a X-CALGRID-TICKED value (`NONE`: none; count -1), when they still fit the
    /// item: as many as its tracked days, and for a recurring one ticking exactly the occurrences
    /// its RECURRENCE-ID instances complete. Nil when they do not (a client changed the item).
    static func ownFlags(_ value: String, item: _ICalItem, rule: _ICalRecurrence?, repetition: WeekdaySet) -> (count: Int, ticked: [Int])? {
        let bits = value == "EMPTY" ? [] : Array(value.utf8)
        if value == "NONE" {
            guard let r = rule else { return (-1, []) }
            return r.ticks.isEmpty ? (-1, []) : nil
        }
        guard !bits.isEmpty || value == "EMPTY", bits.allSatisfy({ $0 == 0x30 || $0 == 0x31 }) else { return nil }
        let ticked = bits.indices.filter { bits[$0] == 0x31 }
        if let r = rule {
            // The occurrences the flags are of: the rule's, from its start.
            var parsed: RecurrenceRule? = nil
            if let text = r.text { parsed = try? text.withUnsafeBufferPointer { b throws(RecurrenceError) in try RecurrenceRule(parsingBytes: b) } }
            let recurrence = Recurrence(start: r.start, rule: parsed, rdates: r.rdates, exdates: r.exdates)
            let days = Array(recurrence.occurrences(in: r.start...(r.last ?? .max)).prefix(bits.count))
            guard days.count == bits.count else { return nil }
            let instanceTicks = Set(r.ticks).intersection(days)
            guard Set(ticked.map { days[$0] }) == instanceTicks else { return nil }
            return (bits.count, ticked)
        }
        guard let s = item.start, let e = item.end, repetition.dayCount(from: s, through: e) == bits.count else { return nil }
        return (bits.count, ticked)
    }

    /// True when `r` is exactly `FREQ=WEEKLY;BYDAY=<days>` (with a DATE UNTIL or none), no RDATE
    /// or EXDATE: the rule a weekday repetition is written as.
    static func isRepetition(_ r: _ICalRecurrence, _ days: WeekdaySet) -> Bool {
        guard r.rdates.isEmpty, r.exdates.isEmpty, let text = r.text,
              let rule = try? text.withUnsafeBufferPointer({ b throws(RecurrenceError) in try RecurrenceRule(parsingBytes: b) }) else { return false }
        var want = RecurrenceRule(weekdays: days).text
        switch rule.until {
        case nil: break
        case .day(let d): want += ";UNTIL=" + d.basic
        default: return false
        }
        return (try? RecurrenceRule(parsing: want)) == rule
    }

    /// The weekdays of BYDAY words (`MO,WE,FR`); nil unless they are plain weekdays.
    static func weekdays(_ words: String) -> WeekdaySet? {
        guard let r = try? RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=" + words), !r.hasOrdinalWeekdays else { return nil }
        let days = r.weekdays
        return days.isEmpty ? nil : days
    }

    /// The day of a DATE value's text (`YYYYMMDD`).
    static func day(_ text: String) -> CivilDate? {
        let b = Array(text.utf8)
        guard b.count == 8, b.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        func n(_ r: Range<Int>) -> Int { b[r].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
        return try? CivilDate(year: n(0..<4), month: n(4..<6), day: n(6..<8))
    }
}
