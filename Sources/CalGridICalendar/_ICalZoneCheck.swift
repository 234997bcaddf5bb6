// A file's own VTIMEZONE is measured before libical converts a time with it. libical works out a
// zone's offsets by expanding every STANDARD and DAYLIGHT rule from its DTSTART to a few years past
// the time asked for (2582 at most), and again from the start each time a later year is asked for,
// one step of its iterator (and of ICU's calendar) per period and per change. A rule no real zone
// has (FREQ=HOURLY; a daily rule since 1601; a rule that never falls) makes that millions of steps:
// an import that seems to hang (fuzz-icalendar's timeout). Real zones change twice a year at most,
// so the core's rule engine counts what libical would walk, and a zone past the budget is refused.
import CLibical
import CalGrid

enum _ICalZoneCheck {
    /// The periods and changes a zone's rules may take through libical's last year: about twice what
    /// a zone whose two yearly rules start in 1601 (Outlook's) takes.
    static var budget: Int { 4_096 }
    /// libical's last year of expansion on a 64-bit time_t (ICALTIMEZONE_MAX_YEAR).
    static var lastYear: Int { 2582 }

    /// Why libical may not expand `vtimezone` (a VTIMEZONE), or nil when it may.
    /// - Complexity: O(periods and changes counted), at most the budget plus one cycle of the rule
    ///   engine per observance.
    static func problem(_ vtimezone: _Component) -> String? {
        var cost = 0
        let horizon = try! CivilDate(year: lastYear, month: 12, day: 31)
        for part in vtimezone.children(ICAL_ANY_COMPONENT) where part.kind == ICAL_XSTANDARD_COMPONENT || part.kind == ICAL_XDAYLIGHT_COMPONENT {
            let rules = part.all(ICAL_RRULE_PROPERTY)
            guard !rules.isEmpty else { continue }
            // libical passes over a part without DTSTART.
            guard let start = try? part.time(ICAL_DTSTART_PROPERTY, "DTSTART") else { continue }
            for p in rules {
                // Lotus Notes writes the change's own hour and minute as BYHOUR and BYMINUTE (one
                // value each): parts of the time of day, which a rule of civil days has not. Each
                // value there multiplies libical's steps per day; the days are counted without them.
                let (text, times) = withoutTimeOfDay(_Property.valueText(p))
                let rule: RecurrenceRule
                do throws(RecurrenceError) {
                    rule = try text.withUnsafeBufferPointer { b throws(RecurrenceError) in try RecurrenceRule(parsingBytes: b) }
                } catch {
                    return _ICalText.zoneRule(part.kindName, String(decoding: _Property.valueText(p), as: UTF8.self), error.description)
                }
                cost += steps(rule, from: start.day, through: horizon, limit: (budget - cost) / times) * times
                if cost > budget { return _ICalText.zoneTooBusy(budget, lastYear) }
            }
        }
        return nil
    }

    /// `rule` without its BYHOUR, BYMINUTE and BYSECOND parts, and how many times of day they name
    /// (the product of their values' counts; 1 without them).
    /// - Complexity: O(rule)
    static func withoutTimeOfDay(_ rule: [UInt8]) -> (rule: [UInt8], times: Int) {
        var out: [UInt8] = [], times = 1
        for part in rule.split(separator: 0x3B, omittingEmptySubsequences: true) {
            let name = part.prefix { $0 != 0x3D }.map(_asciiUpper)
            if name == Array("BYHOUR".utf8) || name == Array("BYMINUTE".utf8) || name == Array("BYSECOND".utf8) {
                times = Swift.min(times * (part.filter { $0 == 0x2C }.count + 1), 1 << 20)
                continue
            }
            if !out.isEmpty { out.append(0x3B) }
            out += part
        }
        return (out, times)
    }

    /// Periods plus occurrences of `rule` from `start` through `horizon` (its UNTIL, its COUNT's last
    /// day, if sooner), counted to `limit` plus one at most.
    static func steps(_ rule: RecurrenceRule, from start: CivilDate, through horizon: CivilDate, limit: Int) -> Int {
        var end = horizon
        if let u = rule.until?.day(in: .utc), u < end { end = u }
        guard start <= end else { return 1 }
        var changes = 0
        var last = start
        for d in Recurrence(start: start, rule: rule).occurrences(in: start...end) {
            changes += 1
            last = d
            if changes > limit { return changes }
        }
        // With COUNT reached, libical stops at its last occurrence; else it walks to the end.
        if let n = rule.count, changes >= n { end = last }
        let s = Int(start.dayNumber), e = Int(end.dayNumber), step = Swift.max(rule.interval, 1)
        let (ys, ms, _) = start.components, (ye, me, _) = end.components
        let periods: Int
        switch rule.frequency {
        case .daily: periods = (e - s) / step + 1
        case .weekly: periods = (e - s) / 7 / step + 1
        case .monthly: periods = ((ye - ys) * 12 + me - ms) / step + 1
        case .yearly: periods = (ye - ys) / step + 1
        }
        return changes + periods
    }
}
