import CalGrid

/// Options every command accepts.
struct CommonOptions {
    var todosPath: String?
    var today: CivilDate?
    /// Seconds east of UTC for date-times and for "today"; nil = the C library's local time zone.
    var tzOffset: Int?
    var json = false
    var color = Style.Mode.auto
    var lang = Language.en
    var firstWeekday = Weekday.sunday
    var help = false

    /// `--first-weekday` words.
    enum WeekdayName: String {
        case sun, mon, tue, wed, thu, fri, sat
        var weekday: Weekday {
            switch self {
            case .sun: return .sunday
            case .mon: return .monday
            case .tue: return .tuesday
            case .wed: return .wednesday
            case .thu: return .thursday
            case .fri: return .friday
            case .sat: return .saturday
            }
        }
    }

    /// Consumes `option` if it is a common one; false when the command should look at it.
    mutating func parse(_ option: String, _ args: inout Arguments) throws(CLIError) -> Bool {
        switch option {
        case "--todos": todosPath = try args.value(for: option)
        case "--today": today = try args.date(for: option)
        case "--tz-offset": tzOffset = try Parse.offset(try args.value(for: option))
        case "--json": try args.noValue(for: option); json = true
        case "--color", "--colour":
            color = try args.choice(for: option, "auto|always|never")
        case "--lang": lang = try args.choice(for: option, "en|ko")
        case "--first-weekday":
            let name: WeekdayName = try args.choice(for: option, "sun|mon|tue|wed|thu|fri|sat")
            firstWeekday = name.weekday
        case "-h", "--help": help = true
        default: return false
        }
        return true
    }

    /// `--today`, or the clock read once in the `--tz-offset` (default: local) time zone.
    func resolvedToday() -> CivilDate {
        if let today { return today }
        let now = System.now()
        let local = now + Int64(tzOffset ?? System.localOffset(at: now))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return (try? CivilDate(dayNumber: days)) ?? CivilDate.epoch
    }

    static let help = """
      --todos FILE           todo file (native JSON, JSON Lines or Taskwarrior export; - for stdin);
                             default: your store, $CALGRID_TODOS or ~/.local/share/calgrid/todos.json
                             (a built-in sample set, built around --today, until it exists)
      --today YYYY-MM-DD     the day shown as today (default: the system clock)
      --tz-offset ±HH:MM     time zone for date-times and for today (default: local)
      --first-weekday DAY    sun|mon|tue|wed|thu|fri|sat (default: sun)
      --lang en|ko           labels (default: en)
      --json                 machine-readable output (schemas: calgrid help json)
      --color auto|always|never
                             auto colours a terminal unless NO_COLOR is set
      -h, --help             this help
    """
}
