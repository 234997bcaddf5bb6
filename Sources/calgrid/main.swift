// The calgrid command: cal-like month, week, day and year views with per-day todo counts and
// completion, plus list, import, export and stats. It imports no Foundation (start-up time is a
// feature): every libc call goes through CalGridSystem, output is built in a byte buffer and written once.
import CalGrid
import CalGridJSON
import CalGridSystem
import CalGridStore

let version = "calgrid " + CalGridVersion.text

func runCommand(_ argv: [String]) throws(CLIError) -> Output {
    var words = argv
    let name = words.isEmpty ? "month" : words.removeFirst()
    var out = Output()
    if let c = Command.all.first(where: { $0.name == name }) { return try c.invoke(words) }
    switch name {
    case "-h", "--help", "help":
        if words.first == "json" { out.write(JSONSchemas.text) } else { out.write(Command.topHelp) }
        return out
    case "--version", "version":
        out.line(version)
        return out
    default:
        if name.hasPrefix("-") { return try MonthCommand.command.invoke(argv) }   // options only: the month view
        throw .usage("unknown command '\(name)' (commands: \(Command.all.map { String($0.name) }.joined(separator: " ")))")
    }
}

// A set grown from a pipe, where no size tells the import what to reserve, leaves its old columns
// behind as it grows; mapped, they go back to the kernel (issue 24 item 2: Benchmarks/README.md).
CurrentProcess.mapLargeBlocks()
// A signal during a file write removes the temporary file before the process ends.
AtomicFile.installSignalHandlers()
do {
    var out = try runCommand(Array(CommandLine.arguments.dropFirst()))
    out.flush()
    CurrentProcess.exit(0)
} catch {
    reportError(error.message)
    CurrentProcess.exit(error.exitCode)
}
