// The calgrid command: cal-like month, week, day and year views with per-day todo counts and
// completion, plus list, import, export and stats. It imports no Foundation (start-up time is a
// feature): libc calls live in System.swift, output is built in a byte buffer and written once.

let version = "calgrid 0.1.0"

let topHelp = """
usage: calgrid COMMAND [options]

commands:
  month [YYYY-MM]       a month grid with per-day todo counts and completion (default command)
  week [YYYY-MM-DD]     the week holding that day, one line per day
  day [YYYY-MM-DD]      the day's todos, split into done and not done
  year [YYYY]           twelve small months with a completion mark per day
  list                  a table of todos: --period, --date, --sort, --status, --search, --limit
  import FILE|-         validate a todo file and convert it to the native format
  export                write the todos in the native format
  stats                 counts, spans and memory of the todo set
  add TITLE             add a todo to your store; prints its id
  done ID / undo ID     tick a day of a todo (--on DAY, default today), or the whole todo

Your todos live in --todos FILE, else $CALGRID_TODOS, else $XDG_DATA_HOME/calgrid/todos.json
(~/.local/share/calgrid/todos.json); until the first `calgrid add` the views show a built-in
sample set built around today.
Run `calgrid COMMAND --help` for a command's options, `calgrid help json` for the JSON schemas.
Exit status: 0 success, 1 data or runtime error, 2 usage error.

"""

func runCommand(_ argv: [String]) throws(CLIError) -> Output {
    var words = argv
    let name = words.isEmpty ? "month" : words.removeFirst()
    var out = Output()
    switch name {
    case "month": return try MonthCommand.run(words)
    case "day": return try DayCommand.run(words)
    case "week": return try WeekCommand.run(words)
    case "year": return try YearCommand.run(words)
    case "list": return try ListCommand.run(words)
    case "stats": return try StatsCommand.run(words)
    case "import": return try ImportCommand.run(words)
    case "export": return try ExportCommand.run(words)
    case "add": return try AddCommand.run(words)
    case "done": return try DoneCommand.run(words, done: true)
    case "undo": return try DoneCommand.run(words, done: false)
    case "-h", "--help", "help":
        if words.first == "json" { out.write(JSONSchemas.text) } else { out.write(topHelp) }
        return out
    case "--version", "version":
        out.line(version)
        return out
    default:
        if name.hasPrefix("-") { return try MonthCommand.run(argv) }   // options only: the month view
        throw .usage("unknown command '\(name)' (commands: month week day year list add done undo import export stats)")
    }
}

do {
    var out = try runCommand(Array(CommandLine.arguments.dropFirst()))
    out.flush()
    System.exit(0)
} catch {
    reportError(error.message)
    System.exit(error.exitCode)
}
