// The one error of every export (JSON, iCalendar, vdir), here because this is the lowest module
// every exporter depends on, and because the one failure that is not a system call's, an item's
// kept text that no longer reads as iCalendar, is described by the import layer's ImportIssue.
import CalGridSystem

/// Why an export failed. A file the export replaces is untouched when it does (each file of a vdir
/// is whole, old or new).
public enum ExportError: Error, Hashable, Sendable {
    /// A system call failed (making the directory, opening, writing, syncing, renaming or removing
    /// a file); the `Errno` names the file.
    case system(Errno)
    /// The text of an item kept from the destination (a vdir item's file, patched rather than
    /// rewritten) no longer reads as iCalendar: `issue` says where.
    case unreadableItem(ImportIssue)

    /// One line for a user: the system's sentence, or the issue's.
    /// - Complexity: O(length of the text)
    public var message: String {
        switch self {
        case .system(let e): return e.message
        case .unreadableItem(let issue): return issue.message
        }
    }
}

extension ExportError {
    /// The failure of a read an export makes of what it writes over (a vdir's items, an item's kept
    /// text), with the import layer's reader. Those reads pass no progress hook, so none is cancelled.
    /// - Complexity: O(1)
    package init(_ read: ImportError) {
        switch read {
        case .system(let e): self = .system(e)
        case .invalidInput(let issue): self = .unreadableItem(issue)
        case .cancelled: preconditionFailure("an export's read has no progress hook to cancel it")
        }
    }
}
