import CalGrid
import CalGridJSON
import CalGridSystem
import CalGridStore

/// Options every command accepts.
struct CommonOptions {
    var todosPath: String?
    var today: CivilDate?
    /// The zone given with --tz or --tz-offset; nil = the local zone.
    var chosenZone: TimeZoneRules?
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
        case "--tz": chosenZone = try Parse.zone(try args.value(for: option), option: option)
        case "--tz-offset": chosenZone = try Parse.offset(try args.value(for: option))
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

    /// The zone in which date-times become days and "today" is read: `--tz` / `--tz-offset`, else the
    /// local zone as the C library decides it (TZ, else /etc/localtime, else UTC), by its rules at each
    /// instant, not by its offset now.
    var zone: TimeZoneRules { chosenZone ?? TimeZoneRules.local() }
    /// What the store needs of these options: the path given and the zone.
    var store: StoreOptions { StoreOptions(todosPath: todosPath, zone: zone, notice: reportError) }

    /// `--today`, or the clock read once, as a day in `zone`.
    func resolvedToday() -> CivilDate {
        if let today { return today }
        return zone.localTime(at: CurrentProcess.secondsSince1970())?.day ?? CivilDate.epoch
    }

    /// An option's description built from parts (`list --sort`'s, from the core's entries), laid
    /// out as the helps write theirs by hand: its own lines from column 25, words wrapped at `width`.
    static func helpParagraph(_ text: String, width: Int = 66) -> String {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.map { String(repeating: " ", count: 25) + $0 }.joined(separator: "\n")
    }

    static let help = """
      --todos FILE           todo file (native JSON, JSON Lines or Taskwarrior export; - for stdin),
                             or a directory: a vdir, one .ics per item (vdirsyncer, todoman, khal);
                             default: your store, $CALGRID_TODOS or ~/.local/share/calgrid/todos.json
                             (a built-in sample set, built around --today, until it exists)
      --today YYYY-MM-DD     the day shown as today (default: the system clock)
      --tz ZONE              time zone for date-times and for today: an IANA name
                             (Europe/Berlin), UTC or ±HH:MM (default: the local zone, from TZ
                             or /etc/localtime)
      --tz-offset ±HH:MM     --tz with a fixed offset
      --first-weekday DAY    sun|mon|tue|wed|thu|fri|sat (default: sun)
      --lang en|ko           labels (default: en)
      --json                 machine-readable output (schemas: calgrid help json)
      --color auto|always|never
                             auto colours a terminal unless NO_COLOR is set
      -h, --help             this help
    """
}
