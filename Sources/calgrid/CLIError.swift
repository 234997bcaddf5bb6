import CalGridStore
import CalGridSystem

/// Why the command stops. The exit code follows from the case: a usage error is the caller's
/// mistake on the command line (2), a data error is bad input or a failed read/write (1), and the
/// store's own error (`StoreError`) is carried as it is, said in its words.
enum CLIError: Error, StoreErrorWrapping {
    /// Bad arguments: unknown option, missing value, malformed date on the command line. Exit 2.
    case usage(String)
    /// Bad data or a runtime failure of the command's own: unreadable file, invalid todo file. Exit 1.
    case data(String)
    /// `-h` or `--help` among well-formed words: the command shows its help instead (`Command.invoke`). Exit 0.
    case help
    /// The store's failure: exit 2 when it could not tell where the todos are (`.location`), else 1.
    case store(StoreError)

    /// The store's `error`, carried.
    init(_ error: StoreError) { self = .store(error) }

    var exitCode: Int32 {
        switch self {
        case .usage, .store(.location): return 2
        case .data, .store: return 1
        case .help: return 0
        }
    }

    /// A failed system call on the file the user named, in the store's sentence:
    /// `PATH: open failed: … (errno 2)`; the path is the one the error names when `path` is not given.
    static func system(_ error: Errno, path: String? = nil) -> CLIError {
        .data(StoreError.system(error, path: path ?? error.path).message)
    }

    var message: String {
        switch self {
        case .usage(let m), .data(let m): return m
        case .store(let e): return e.message
        case .help: return ""
        }
    }
}

/// `body`, the store's failure as the command's: for the store's calls that run no command code.
func storeCall<R>(_ body: () throws(StoreError) -> R) throws(CLIError) -> R {
    do throws(StoreError) { return try body() } catch { throw .store(error) }
}
