/// Why the command stops. The exit code follows from the case: a usage error is the caller's
/// mistake on the command line (2), a data error is bad input or a failed read/write (1).
enum CLIError: Error {
    /// Bad arguments: unknown option, missing value, malformed date on the command line. Exit 2.
    case usage(String)
    /// Bad data or a runtime failure: unreadable file, invalid todo file. Exit 1.
    case data(String)
    /// `-h` or `--help` among well-formed words: the command shows its help instead (`Command.invoke`). Exit 0.
    case help

    var exitCode: Int32 {
        switch self {
        case .usage: return 2
        case .data: return 1
        case .help: return 0
        }
    }

    var message: String {
        switch self {
        case .usage(let m), .data(let m): return m
        case .help: return ""
        }
    }
}
