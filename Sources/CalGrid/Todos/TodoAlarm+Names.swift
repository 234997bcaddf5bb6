// The names an alarm's parts have in the native JSON format (the `alarms` list of a record):
// written here once, read by the JSON module's reader and writer.

extension TodoAlarm {
    /// The keys of an alarm object in the native format's `alarms` list.
    /// Not `CaseIterable`: its case list would be in every firmware (26 B); `all` lists them.
    public enum Field: UInt8, Sendable {
        case clock, day, second, repeatCount, repeatInterval, action, zone, reminder, occurrence, description

        /// Every key, in the order the exporter writes them.
        /// - Complexity: O(1)
        public static var all: [Field] {
            [.clock, .day, .second, .repeatCount, .repeatInterval, .action, .zone, .reminder, .occurrence, .description]
        }

        /// The key: `clock` (`Clock.name`), `day` and `second` (whole numbers: days after the
        /// occurrence's first day, or the UTC day number of an absolute alarm, and seconds after that
        /// day's midnight), `repeat` and `interval` (REPEAT and DURATION in seconds; absent when 0),
        /// `action` (`Action.name`), `zone` (a tz name; absent: the query's zone), `reminder`
        /// (`"HH:MM"`, the reminder time it was read as; absent when none), `occurrence` (the
        /// `YYYY-MM-DD` of the one occurrence it is for; absent: every one), `description` (a string;
        /// absent when none).
        /// - Complexity: O(1); a static literal.
        public var name: StaticString {
            switch self {
            case .clock: return "clock"
            case .day: return "day"
            case .second: return "second"
            case .repeatCount: return "repeat"
            case .repeatInterval: return "interval"
            case .action: return "action"
            case .zone: return "zone"
            case .reminder: return "reminder"
            case .occurrence: return "occurrence"
            case .description: return "description"
            }
        }
    }
}

extension TodoAlarm.Clock {
    /// The clock's word in the native format: `local`, `utc`, `absolute`, `reminder`, `silent`.
    /// - Complexity: O(1); a static literal.
    public var name: StaticString {
        switch self {
        case .local: return "local"
        case .utc: return "utc"
        case .absolute: return "absolute"
        case .reminder: return "reminder"
        case .silent: return "silent"
        }
    }
}
