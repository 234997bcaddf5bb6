import CalGridImport
import CalGridSystem

/// Why the store could not do what it was asked: each case carries what its sentence for a user
/// (`message`) names, so the CLI and the C API say the same thing. The CLI's own errors (usage,
/// help) are the CLI's; it wraps this one (`StoreErrorWrapping`).
public enum StoreError: Error {
    /// Where the todos live is not known, or cannot take the change asked (`--todos -`): for the
    /// caller to say otherwise (the CLI's usage error).
    case location(String)
    /// A store path given or configured (`origin`) that does not exist.
    case missing(path: String, origin: Store.Origin)
    /// A system call failed on `path` (opening, reading or listing it; making its directory).
    case system(Errno, path: String)
    /// The lock every writer takes could not be taken: its directory is missing, the lock file is
    /// not a regular file, or `flock` failed.
    case lock(String)
    /// A file of the store does not read as todos: the issue, located (`FILE:LINE:COLUMN: …`).
    case unreadable(String)
    /// The progress hook of a read stopped it.
    case cancelled(path: String)
    /// Writing failed; the sentence says what was left as it was.
    case write(String)
    /// A change or a creation the store does not make: a format it only reads, a write through a
    /// link, a file of several items, a todo iCalendar cannot hold, files other programs keep
    /// replacing, a directory where a file would be created. Nothing was changed.
    case refused(String)

    /// One line for a user, naming the file.
    /// - Complexity: O(length of the text)
    public var message: String {
        switch self {
        case .location(let m), .lock(let m), .unreadable(let m), .write(let m), .refused(let m): return m
        case .missing(let path, let origin): return "\(path): no such file or directory (\(origin.rawValue))"
        case .system(let e, let path): return path.isEmpty ? e.message : path + ": " + e.message
        case .cancelled(let path): return "\(path): " + ImportError.cancelled.message
        }
    }

    /// A failed system call on `path` (default: the file the error names).
    /// - Complexity: O(1)
    public static func system(_ error: Errno) -> StoreError { .system(error, path: error.path) }

    /// The failure of a read of `file` through the import layer: its located issue, its system
    /// call, or its cancel.
    /// - Complexity: O(length of the issue's text)
    public init(reading error: ImportError, file: String) {
        switch error {
        case .invalidInput(let issue): self = .unreadable(TodoFile.describe(issue, file: file))
        case .system(let e): self = .system(e, path: file)
        case .cancelled: self = .cancelled(path: file)
        }
    }
}

/// An error that can carry the store's: what a caller's body run by the store throws
/// (`Store.change`, `Store.locking`), so the store's own failures and the caller's come out as one.
public protocol StoreErrorWrapping: Error {
    /// `error`, as this type carries it.
    /// - Complexity: O(1)
    init(_ error: StoreError)
}

extension StoreError: StoreErrorWrapping {
    /// `error` itself.
    /// - Complexity: O(1)
    public init(_ error: StoreError) { self = error }
}
