// One alarm of an item (an iCalendar VALARM, or the person's own reminder) and one instant it
// rings at. The set keeps alarms in a side table by row (`_TodoAlarms`); a set without alarms
// stores nothing for them.

/// When an alarm rings, relative to each occurrence of its item (or once, at an absolute instant),
/// how often it repeats and what it does.
///
/// A relative alarm's first ring for an occurrence whose first day is `o` is `second` seconds after
/// the midnight of day `o + day`, on the wall clock of `zone` when it has one (the anchor's TZID:
/// a Berlin meeting's alarm keeps Berlin's time across daylight saving changes, read anywhere),
/// else of the zone the query is asked in (`.local`: the import zone's, as an item's days are) or of UTC (`.utc`: an alarm on a UTC DTSTART keeps its
/// UTC time across daylight saving changes). An `.absolute` alarm rings once, `second` seconds
/// after the UTC midnight of day number `day`. A `.reminder` rings on day `o + day` at the item's
/// reminder time (`TodoSet.reminderMinutes(at:)`, the one source of that time); it does not ring
/// while the item has none. Each ring is followed by `repeatCount` more, `repeatInterval` seconds
/// apart (RFC 5545 REPEAT and DURATION).
public struct TodoAlarm: Sendable, Equatable {
    /// Which clock `day` and `second` are read on.
    public enum Clock: UInt8, Sendable {
        /// The query zone's wall clock, days after the occurrence's first day.
        case local = 0
        /// UTC's wall clock, days after the occurrence's first day.
        case utc = 1
        /// A UTC instant, once for the item: `day` is a day number.
        case absolute = 2
        /// The item's reminder time on the query zone's wall clock, days after the occurrence's first day.
        case reminder = 3
        /// Never rings: it marks `occurrence` as one with alarms of its own only (a RECURRENCE-ID
        /// override's, none when it has no VALARM): the item's alarms for every occurrence do not ring for it.
        case silent = 4
    }

    /// What the alarm does (RFC 5545 ACTION); an action CalGrid does not know is `.other`.
    public enum Action: UInt8, Sendable {
        case display = 0, audio = 1, email = 2, other = 3

        /// The ACTION word (`DISPLAY`, `AUDIO`, `EMAIL`; `.other` is `OTHER`): the one spelling,
        /// lowercased by the CLI's JSON.
        /// - Complexity: O(1)
        public var name: String {
            switch self {
            case .display: "DISPLAY"
            case .audio: "AUDIO"
            case .email: "EMAIL"
            case .other: "OTHER"
            }
        }
    }

    public var clock: Clock
    /// Days after the occurrence's first day; for `.absolute`, the UTC day number.
    public var day: Int32
    /// Seconds after that day's midnight, 0..<86,400 (unused by `.reminder`).
    public var second: Int32
    /// Rings after the first (REPEAT), 0 or more.
    public var repeatCount: Int32
    /// Seconds between rings (DURATION), more than 0 when `repeatCount` is.
    public var repeatInterval: Int32
    public var action: Action
    /// The zone whose wall clock a `.local` alarm is on; nil: the query's zone.
    public var zone: TimeZoneRules?
    /// Set on the VALARM an item's reminder time was read from: that time (minutes after
    /// midnight). While the item's reminder is still this, the alarm rings on its own clock; once
    /// changed it rings at the new time on day `day` of the query zone's clock, and not at all
    /// while the item has no reminder (`TodoSet.reminderMinutes(at:)` is the one source).
    public var reminder: Int16?
    /// The one occurrence (its first day) the alarm belongs to: a RECURRENCE-ID override's own
    /// alarm. Nil: every occurrence. An override replaces its occurrence whole (RFC 5545), as
    /// recurring-ical-events reads it: the import marks its day `.silent` too, unless the rule's own
    /// occurrence of that day (another one, moved onto it) keeps the item's alarms.
    public var occurrence: CivilDate?
    /// The VALARM's DESCRIPTION (the text a DISPLAY alarm shows); nil when it has none.
    public var description: String?

    /// Equal clocks, days, seconds, repeats and actions, and zones of the same name.
    /// - Complexity: O(1)
    public static func == (a: TodoAlarm, b: TodoAlarm) -> Bool {
        a.clock == b.clock && a.day == b.day && a.second == b.second && a.repeatCount == b.repeatCount
            && a.repeatInterval == b.repeatInterval && a.action == b.action && _sameZoneName(a.zone, b.zone)
            && a.reminder == b.reminder && a.occurrence == b.occurrence && _sameOptionalUTF8(a.description, b.description)
    }

    /// An alarm; `second` is taken modulo a day into `day`, a negative repeat count is 0.
    /// - Complexity: O(1)
    public init(clock: Clock, day: Int32, second: Int32, repeatCount: Int32 = 0, repeatInterval: Int32 = 0,
                action: Action = .display, zone: TimeZoneRules? = nil, reminder: Int16? = nil,
                occurrence: CivilDate? = nil, description: String? = nil) {
        let (d, r) = _floorDivide(Int64(second), 86_400)
        self.clock = clock; self.day = day &+ Int32(truncatingIfNeeded: d); self.second = Int32(truncatingIfNeeded: r)
        self.repeatCount = repeatInterval > 0 ? Swift.max(repeatCount, 0) : 0
        self.repeatInterval = self.repeatCount > 0 ? repeatInterval : 0
        self.action = action
        self.zone = clock == .local ? zone : nil
        self.reminder = clock == .absolute || clock == .reminder || clock == .silent ? nil : reminder.map { Swift.min(Swift.max($0, 0), 1439) }
        self.occurrence = occurrence
        self.description = description
    }
}

/// One instant an alarm rings at (`TodoSet.alarmInstants(from:to:zone:)`).
public struct TodoAlarmInstant: Sendable, Equatable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var at: Int64
    /// The item's row.
    public var row: Int
    /// The first day of the occurrence it rings for (an absolute alarm: the item's first day); nil
    /// for an undated item.
    public var occurrence: CivilDate?
    public var action: TodoAlarm.Action
    /// Which of the item's alarms rings (its index in `TodoSet.alarms(at:)`); -1 for the item's
    /// reminder time when no alarm of its own is the reminder's.
    public var alarm: Int

    /// An instant.
    /// - Complexity: O(1)
    public init(at: Int64, row: Int, occurrence: CivilDate?, action: TodoAlarm.Action, alarm: Int = -1) {
        self.at = at; self.row = row; self.occurrence = occurrence; self.action = action; self.alarm = alarm
    }
}

/// Zones of the same name, compared as bytes (zone names are ASCII; String `==` would pull Unicode
/// normalization into every program that compares alarms).
/// - Complexity: O(name)
@inline(__always)
func _sameZoneName(_ a: TimeZoneRules?, _ b: TimeZoneRules?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x?, let y?): return _sameUTF8(x.name, y.name)
    default: return false
    }
}

/// Both nil, or both strings with equal UTF-8 bytes.
/// - Complexity: O(bytes)
func _sameOptionalUTF8(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let x?, let y?): return _sameUTF8(x, y)
    default: return false
    }
}

/// Two strings' UTF-8 bytes are equal. Not String `==` (it pulls Unicode normalization and its
/// tables into every program that calls it) nor `elementsEqual` (String's generic index walk).
/// - Complexity: O(bytes)
func _sameUTF8(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    var i = a.utf8.makeIterator(), j = b.utf8.makeIterator()
    while let x = i.next() { if x != j.next() { return false } }
    return true
}
