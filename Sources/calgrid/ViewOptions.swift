import CalGrid
import CalGridStore

/// Options of the calendar views (`month`, `week`, `day`, `year`).
struct ViewOptions {
    enum RowsName: String { case fixed, auto }

    var weekNumbers = WeekNumberChoice.none
    var rows = GridRowPolicy.fixed
    var select: RangeSelection?

    mutating func parse(_ option: String, _ args: inout Arguments) throws(CLIError) -> Bool {
        switch option {
        case "--week-numbers":
            weekNumbers = try args.choice(for: option, "iso|simple|none")
        case "--rows":
            let r: RowsName = try args.choice(for: option, "fixed|auto")
            rows = r == .fixed ? .fixed : .auto
        case "--select": select = try Parse.range(try args.value(for: option))
        default: return false
        }
        return true
    }

    /// How the calendar views that draw a period (month, week, year) start: the common and view
    /// options and at most one positional (the period), then the context they draw from.
    /// `extra` takes a command's own options (month's `DayMarkOptions`).
    static func start(_ words: [String], _ command: String,
                      extra: (String, inout Arguments) throws(CLIError) -> Bool = { _, _ throws(CLIError) in false }) throws(CLIError)
        -> (common: CommonOptions, view: ViewOptions, argument: String?, context: Context) {
        var common = CommonOptions(), view = ViewOptions()
        let argument = try parseOptions(words, command, &common, takes: .one) { (o: String, a: inout Arguments) throws(CLIError) -> Bool in
            if try view.parse(o, &a) { return true }
            return try extra(o, &a)
        }
        return (common, view, argument, try Context.load(common))
    }

    /// The options part of the helps of the views that draw a period: theirs, then the common ones.
    static let optionsSection = """
    options:
    \(help)
    \(CommonOptions.help)
    """

    static let help = """
      --select FROM..TO      draw a selected range (YYYY-MM-DD..YYYY-MM-DD): first, middle, last
      --week-numbers iso|simple|none
                             a week-number column: ISO 8601, or strftime %U/%W style for
                             the first weekday (week 1 starts on the year's first such day)
      --rows fixed|auto      fixed: always 6 week rows; auto: only the rows the month needs
    """
}
