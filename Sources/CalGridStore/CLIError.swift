import CalGridSystem

/// Why the command stops. The exit code follows from the case: a usage error is the caller's
/// mistake on the command line (2), a data error is bad input or a failed read/write (1).
public enum CLIError: Error {
    /// Bad arguments: unknown option, missing value, malformed date on the command line. Exit 2.
    case usage(String)
    /// Bad data or a runtime failure: unreadable file, invalid todo file. Exit 1.
    case data(String)
    /// `-h` or `--help` among well-formed words: the command shows its help instead (`Command.invoke`). Exit 0.
    case help

    public var exitCode: Int32 {
        switch self {
        case .usage: return 2
        case .data: return 1
        case .help: return 0
        }
    }

    /// A failed system call on the file the user named: `PATH: open failed: … (errno 2)`; the
    /// path is the one the error names when it names one and `path` is not given.
    public static func system(_ error: Errno, path: String? = nil) -> CLIError {
        let p = path ?? error.path
        return .data(p.isEmpty ? error.message : p + ": " + error.message)
    }

    public var message: String {
        switch self {
        case .usage(let m), .data(let m): return m
        case .help: return ""
        }
    }
}
