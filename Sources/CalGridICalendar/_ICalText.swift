// Every sentence the iCalendar import and export say, written once. The issues and errors take
// their `detail` from here; docs/icalendar.md quotes them.
import CalGrid

enum _ICalText {
    static let notICalendar = "expected iCalendar: the input does not begin with BEGIN:VCALENDAR"
    static let empty = "no VCALENDAR in the input"
    static func unwritable(_ name: String) -> String {
        "libical cannot write \(name) of this item as it reads it (it would write an X-LIC-ERROR in its place); the file is left as it is"
    }
    static let nulByte = "a NUL byte in iCalendar text"
    static func lineTooLong(_ limit: Int) -> String { "a content line longer than \(limit) bytes (the string size limit)" }
    static func unclosed(_ name: String, line: Int) -> String {
        "BEGIN:\(name) of line \(line) has no END:\(name) (the input ends first)"
    }
    static func mismatchedEnd(_ end: String, open: String, line: Int) -> String {
        "END:\(end) does not close BEGIN:\(open) of line \(line)"
    }
    static func strayEnd(_ end: String) -> String { "END:\(end) without a BEGIN:\(end)" }
    static let outside = "a content line outside any VCALENDAR"
    static func notOneComponent(line: Int) -> String { "libical does not read the lines from the BEGIN of line \(line) to its END as one component" }
    static func notInCalendar(_ name: String) -> String { "a top-level \(name): items must be inside a VCALENDAR" }
    static func libical(_ text: String) -> String { "libical: " + text }
    static func missingUID(_ kind: String) -> String { "a \(kind) without a UID" }
    static func invalidDate(_ property: String, _ y: Int32, _ m: Int32, _ d: Int32) -> String {
        "\(property) \(y)-\(m)-\(d) is not a date between 0001-01-01 and 9999-12-31"
    }
    static func invalidTime(_ property: String, _ h: Int32, _ m: Int32, _ s: Int32) -> String {
        "\(property) has the time \(h):\(m):\(s), which does not exist"
    }
    static func notADate(_ property: String) -> String { "\(property) is not a DATE or DATE-TIME value" }
    static func unknownZone(_ property: String, _ tzid: String) -> String {
        "\(property) names TZID=\(tzid), which no VTIMEZONE in the file defines and tzdata does not know"
    }
    static func zoneRefused(_ property: String, _ tzid: String, _ why: String) -> String {
        "\(property) names TZID=\(tzid), whose VTIMEZONE CalGrid does not use: \(why)"
    }
    static func zoneWithoutRules(_ property: String, _ tzid: String) -> String {
        "\(property) names TZID=\(tzid), whose VTIMEZONE gives no offsets CalGrid can keep (no TZOFFSETTO, or over 256 offsets): each occurrence keeps the first one's times"
    }
    static func zoneRule(_ part: String, _ rule: String, _ why: String) -> String { "its \(part) rule \(rule) is not one of civil days (\(why))" }
    static func zoneTooBusy(_ budget: Int, _ year: Int) -> String {
        "its rules change the offset more often than any zone does (over \(budget) periods and changes through \(year))"
    }
    static func outOfRange(_ property: String) -> String { "\(property) falls outside 0001-01-01...9999-12-31 in the import zone" }
    static func badDuration(_ property: String) -> String { "\(property) is not a valid duration" }
    static let alarmWithoutTrigger = "a VALARM without a TRIGGER never rings: it is kept as written and left out of the alarms"
    static func alarmWithoutAnchor(_ anchor: String) -> String { "TRIGGER is relative to \(anchor), which the item does not have: the alarm never rings (kept as written)" }
    static func negativeRepeat(_ n: Int) -> String { "REPEAT:\(n) is negative: the alarm rings once" }
    static func repeatWithoutInterval(_ n: Int) -> String { "REPEAT:\(n) needs a DURATION greater than zero between rings: the alarm rings once" }
    static func wrongFormat(_ name: String) -> String { "importICalendar reads iCalendar, not \(name)" }
    static let prodid = "-//CalGrid//CalGrid " + CalGridVersion.text + "//EN"
    static func noSuchItem(_ uid: String) -> String { "no VTODO or VEVENT with UID \(uid) in the item's text" }
    static let tooManyRecords = "more items than the record limit"
    static let moreThanOneItem = "a second UID in one vdir file: a vdir holds one item per file (its overrides beside it)"
    static func unreadable(_ e: String) -> String { "cannot be read: " + e }
    static func notRegularFile(_ kind: String) -> String { kind + ", not a regular file; passed over" }
    static let noItem = "no VTODO or VEVENT in the item file"
    static let twoRules = "more than one RRULE in one item (RFC 5545: at most one)"
    static func badRule(_ why: String) -> String { "RRULE " + why }
    static func ruleExpanded(_ rule: String, _ zone: String, _ through: String) -> String {
        "RRULE:\(rule): its occurrences' days in \(zone) follow no rule of days (they move by different days, or by a day the rule cannot say), so it is read as its days, through \(through)"
    }
    static func dueBeforeStart(_ property: String, due: CivilDate, start: CivilDate) -> String {
        "\(property) \(due.iso8601) is before DTSTART \(start.iso8601): the todo falls on its due day"
    }
    static func derivedUID(_ kind: String, _ id: String) -> String { "a \(kind) without a UID: read as UID \(id), derived from its text" }
    static func takenUID(_ uid: String, _ id: String) -> String {
        "UID \(uid) is an earlier item's (and this one has no RECURRENCE-ID): read as UID \(id), derived from its text"
    }
    static func sameItemAgain(_ uid: String) -> String { "the item with UID \(uid) again, byte for byte: read once" }
    static func repaired(_ text: String) -> String { "libical repaired a property CalGrid does not read: " + text }
    static func bare(_ kind: String) -> String { "a \(kind) outside any VCALENDAR: read as if inside one" }
    /// The DESCRIPTION of a reminder VALARM written for a todo without a title (RFC 5545 requires one).
    static let reminder = "Reminder"
    static let inputTooLarge = "the input is larger than the input size limit"
    static func controlCharacter(_ property: String, _ byte: UInt8) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        let code = String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
        return "\(property) holds the control character U+00\(code), which iCalendar text cannot carry (RFC 5545 3.3.11)"
    }
}
