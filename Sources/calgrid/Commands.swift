/// One command: how it is written in the top help, what it does, its own help, and what runs it.
/// The top help, the dispatch and the completion scripts all read `Command.all`.
struct Command {
    let usage: String
    let summary: String
    let help: @Sendable () -> String
    let run: @Sendable ([String]) throws(CLIError) -> Output

    var name: Substring { usage.prefix { $0 != " " } }
}

extension Command {
    static let all: [Command] = [
        Command(usage: "month [YYYY-MM]", summary: "a month grid with per-day todo counts and completion (default command)",
                help: { MonthCommand.help }, run: MonthCommand.run),
        Command(usage: "week [YYYY-MM-DD]", summary: "the week holding that day, one line per day",
                help: { WeekCommand.help }, run: WeekCommand.run),
        Command(usage: "day [YYYY-MM-DD]", summary: "the day's todos, split into done and not done",
                help: { DayCommand.help }, run: DayCommand.run),
        Command(usage: "year [YYYY]", summary: "twelve small months with a completion mark per day",
                help: { YearCommand.help }, run: YearCommand.run),
        Command(usage: "list", summary: "a table of todos: --period, --date, --sort, --status, --search, --limit",
                help: { ListCommand.help }, run: ListCommand.run),
        Command(usage: "add TITLE", summary: "add a todo to your store; prints its id",
                help: { AddCommand.help }, run: AddCommand.run),
        Command(usage: "done ID", summary: "tick a day of a todo (--on DAY, default today), or the whole todo",
                help: { DoneCommand.help("done") }, run: { (w: [String]) throws(CLIError) in try DoneCommand.run(w, done: true) }),
        Command(usage: "undo ID", summary: "take a tick back",
                help: { DoneCommand.help("undo") }, run: { (w: [String]) throws(CLIError) in try DoneCommand.run(w, done: false) }),
        Command(usage: "edit ID", summary: "change a todo's fields; ticks of days that stay are kept",
                help: { EditCommand.help }, run: EditCommand.run),
        Command(usage: "rm ID...", summary: "remove todos", help: { RemoveCommand.help }, run: RemoveCommand.run),
        Command(usage: "show ID", summary: "every field of a todo, its streaks and what is due",
                help: { ShowCommand.help }, run: ShowCommand.run),
        Command(usage: "import FILE|-", summary: "validate a todo file and convert it to the native format",
                help: { ImportCommand.help }, run: ImportCommand.run),
        Command(usage: "export", summary: "write the todos in the native format",
                help: { ExportCommand.help }, run: ExportCommand.run),
        Command(usage: "stats", summary: "counts, spans and memory of the todo set",
                help: { StatsCommand.help }, run: StatsCommand.run),
        Command(usage: "completion SHELL", summary: "a bash, zsh or fish completion script",
                help: { CompletionCommand.help }, run: CompletionCommand.run),
    ]

    static var topHelp: String {
        var s = "usage: calgrid COMMAND [options]\n\ncommands:\n"
        for c in Command.all { s += "  " + TextWidth.padRight(c.usage, to: 20) + "  " + c.summary + "\n" }
        return s + """

        Your todos live in --todos FILE, else $CALGRID_TODOS, else $XDG_DATA_HOME/calgrid/todos.json
        (~/.local/share/calgrid/todos.json); until the first `calgrid add` the views show a built-in
        sample set built around today.
        Run `calgrid COMMAND --help` for a command's options, `calgrid help json` for the JSON schemas.
        Exit status: 0 success, 1 data or runtime error, 2 usage error.

        """
    }
}
