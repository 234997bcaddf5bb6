import CalGrid
import CalGridJSON
import CalGridSystem

/// The user's own todos: one file in the native format or JSON Lines (or iCalendar: a `.ics` file
/// or a vdir), found by `--todos FILE`, else
/// `$CALGRID_TODOS`, else `$XDG_DATA_HOME/calgrid/todos.json` (`~/.local/share/calgrid/todos.json`).
///
/// Changes go through `change(_:)`: lock, read, change, replace atomically, unlock (the lock rule,
/// `Store.locking`). Readers take no lock: the store is only ever replaced by a rename, so they see
/// the old file or the new one.
public struct Store {
    /// Where the store is.
    public let path: String
    /// Where the path came from: `--todos`, `$CALGRID_TODOS`, or the default under the XDG data home.
    public let origin: Origin

    /// Who named the store's path.
    public enum Origin: String, Sendable {
        case option = "--todos"
        case environment = "CALGRID_TODOS"
        /// `$XDG_DATA_HOME/calgrid/todos.json` or `~/.local/share/calgrid/todos.json`.
        case `default` = "default"
        /// A C program's `calgrid_store_open` (the C API's store handle).
        case library = "calgrid_store_open"
    }

    /// The store at `path`, named by `origin`.
    /// - Complexity: O(1)
    public init(path: String, origin: Origin) {
        self.path = path
        self.origin = origin
    }

    /// True when the path was given or configured: then a missing file is an error for every
    /// command but `add` (a mistyped name must not show the sample set as if it were the user's).
    public var isExplicit: Bool { origin != .default }

    /// The store the options point at; nil when neither `--todos`, `$CALGRID_TODOS`,
    /// `$XDG_DATA_HOME` nor `$HOME` says where it is.
    public static func locate(_ options: StoreOptions) -> Store? {
        if let p = options.todosPath { return Store(path: p, origin: .option) }
        if let p = CurrentProcess.environment("CALGRID_TODOS"), !p.isEmpty { return Store(path: p, origin: .environment) }
        // XDG: a relative $XDG_DATA_HOME is invalid and must be ignored.
        if let d = CurrentProcess.environment("XDG_DATA_HOME"), d.hasPrefix("/") {
            return Store(path: d + "/calgrid/todos.json", origin: .default)
        }
        if let h = CurrentProcess.environment("HOME"), !h.isEmpty {
            return Store(path: h + "/.local/share/calgrid/todos.json", origin: .default)
        }
        return nil
    }

    /// The error for a given or configured store that is not there:
    /// `PATH: no such file or directory (CALGRID_TODOS)`.
    public var missing: StoreError { .missing(path: path, origin: origin) }

    /// A given or configured store that does not exist is an error naming it and its origin;
    /// standard input and the default path (before the first `add`) are not.
    public func requireExisting() throws(StoreError) {
        if isExplicit, path != "-", !exists { throw missing }
    }

    /// The store a changing command writes to.
    public static func forChanges(_ options: StoreOptions) throws(StoreError) -> Store {
        guard let s = locate(options) else {
            throw .location("where are your todos? neither --todos, $CALGRID_TODOS, $XDG_DATA_HOME nor $HOME is set")
        }
        if s.path == "-" { throw .location("--todos -: a change needs a file to write back to") }
        return s
    }

    public var exists: Bool { FileSystem.exists(path) }

    /// The store as a vdir when the path names a directory (`VdirStore`), else nil: one file.
    public var vdir: VdirStore? {
        guard path != "-", FileSystem.isDirectory(path) else { return nil }
        return VdirStore(directory: path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path)
    }

    /// The store as one iCalendar file (`ICSFileStore`), else nil: a vdir or a native file.
    public var icsFile: ICSFileStore? {
        guard vdir == nil, ICSFileStore.holds(path) else { return nil }
        return ICSFileStore(path: path)
    }

    /// True when the store is iCalendar (a vdir or one `.ics` file): an item is then done or not
    /// as clients read its STATUS, unless it repeats or is a challenge.
    public var isICalendar: Bool { vdir != nil || icsFile != nil }

    /// The directory holding the store ("" for a bare file name: the working directory).
    public var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Checks that `add` may create the missing store: never where a directory was meant (a path
    /// ending in `/`); a given or configured path only in a directory that exists; the default
    /// path's directories are made (mode 0700).
    public func prepareCreation() throws(StoreError) {
        if path.hasSuffix("/") {
            throw .refused("\(path): no such directory (\(origin.rawValue)); calgrid creates a todo file, never a directory (make the vdir with mkdir)")
        }
        if isExplicit {
            if !directory.isEmpty, !FileSystem.isDirectory(directory) {
                throw .refused("\(path): cannot create it (\(origin.rawValue)): \(directory) "
                            + (FileSystem.exists(directory) ? "is not a directory" : "does not exist"))
            }
            return
        }
        do { try FileSystem.makeDirectories(directory) } catch { throw .write("\(error.path): \(error.sentence)") }
    }

    /// The store's todos; an empty set when the file does not exist yet. A file that does not
    /// parse (as the native format, JSON Lines or a Taskwarrior export) is an error naming its
    /// line and column.
    public func read(_ options: StoreOptions) throws(StoreError) -> TodoSet {
        if let v = vdir { return try v.read(options) }
        guard exists else { return TodoSet() }
        if let f = icsFile { return try f.read(options) }
        return try readJSON(options).set
    }

    /// A JSON file store's todos and the format it is kept in, which a change writes back: JSON
    /// Lines when the file holds JSON Lines or, before the first `add`, when its name ends in
    /// `.jsonl` or `.ndjson`; else the native format. A Taskwarrior export is read, never written.
    /// - Complexity: O(n) in the file's size.
    func readJSON(_ options: StoreOptions) throws(StoreError) -> (set: TodoSet, format: ImportFormat) {
        guard exists else {
            let name = path.lowercased()
            return (TodoSet(), name.hasSuffix(".jsonl") || name.hasSuffix(".ndjson") ? .jsonLines : .native)
        }
        let (set, report) = try TodoFile.read(path: path, format: .automatic, policy: .strict, options: options)
        return (set, report.format)
    }

    /// Runs `body` on the store's todos under the store's lock and writes the result back when
    /// `body` says it changed them. When `body` throws, nothing is written. The first change
    /// creates the store and its directory, unless `creating` is false (a command that changes an
    /// existing todo): then a missing store is an error and nothing is created.
    /// `completedAt` is when a completion written to an iCalendar store happened (default: now).
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, or the store's `StoreError` as `Failure` carries it.
    /// - Complexity: O(size of the store) besides `body`
    public func change<R, Failure: StoreErrorWrapping>(_ options: StoreOptions, creating: Bool = true, completedAt: Int64? = nil,
                   _ body: (inout TodoSet) throws(Failure) -> (result: R, changed: Bool)) throws(Failure) -> R {
        // The store sees a body that failed as one that changed nothing; its failure is thrown after.
        var failure: Failure? = nil
        let r: R?
        do throws(StoreError) {
            r = try _change(options, creating: creating, completedAt: completedAt) { (set: inout TodoSet) -> (result: R?, changed: Bool) in
                do throws(Failure) { let (x, changed) = try body(&set); return (x, changed) } catch { failure = error; return (nil, false) }
            }
        } catch { throw Failure(error) }
        if let failure { throw failure }
        return r!
    }

    /// `change` with a body that cannot fail (a failed one returns nil, unchanged).
    func _change<R>(_ options: StoreOptions, creating: Bool, completedAt: Int64?,
                    _ body: (inout TodoSet) -> (result: R?, changed: Bool)) throws(StoreError) -> R? {
        if let v = vdir { return try v.change(options, completedAt: completedAt, body) }
        let created = !exists
        if created {
            if !creating { try requireExisting(); throw .refused("no todos yet in \(path) (calgrid add TITLE starts it)") }
            try prepareCreation()
        }
        if let f = icsFile {
            let r = try f.change(options, completedAt: completedAt, body)
            if created, isExplicit, exists { options.notice("created \(path) (a new iCalendar file)") }
            return r
        }
        return try Store.locking(path) { () throws(StoreError) -> R? in
            var (set, format) = try readJSON(options)
            let (result, changed) = body(&set)
            if changed {
                guard format == .native || format == .jsonLines else {
                    throw .refused("\(path): a \(format.name) file is read, never written; calgrid keeps todos in the native format, "
                                + "JSON Lines or iCalendar (calgrid import \(path) --out todos.json makes a store of it); the store is unchanged")
                }
                do throws(ExportError) { try set.exportJSON(to: path, format: format == .jsonLines ? .jsonLines : .native) } catch {
                    throw .write("\(path): \(error.message); the store is unchanged")
                }
                if created, isExplicit {
                    options.notice("created \(path) (a new todo file in " + (format == .jsonLines ? "JSON Lines)" : "the native format)"))
                }
            }
            return result
        }
    }

    /// The lock rule: every command that replaces a user's file runs its whole read-modify-write
    /// in `body` while holding that file's lock (`FILE.lock` beside it; see `FileLock`), so two
    /// writers of one path run one after the other and neither loses the other's change.
    /// A FILE in a directory that does not exist is refused before its lock is tried, naming that
    /// directory (the lock's own ENOENT would name only `FILE.lock`); the directory is not made.
    /// - Returns: what `body` returns; the lock is released after it, whether it returns or throws.
    public static func locking<R, Failure: StoreErrorWrapping>(_ file: String, _ body: () throws(Failure) -> R) throws(Failure) -> R {
        if let slash = file.utf8.lastIndex(of: 0x2F), slash != file.utf8.startIndex {
            let parent = String(file[..<slash])
            if !FileSystem.isDirectory(parent) {
                throw Failure(.lock("\(file): cannot write it: \(parent) " + (FileSystem.exists(parent) ? "is not a directory" : "does not exist")))
            }
        }
        return try lockingFile(FileLock.lockPath(guarding: file), body)
    }

    /// `locking`, with the lock file named: a vdir's lock is inside it (`VdirStore.lockPath`).
    /// - Returns: what `body` returns; the lock is released after it, whether it returns or throws.
    public static func lockingFile<R, Failure: StoreErrorWrapping>(_ lockPath: String, _ body: () throws(Failure) -> R) throws(Failure) -> R {
        let lock: FileLock
        do { lock = try FileLock(at: lockPath) } catch {
            // The lock file must be a regular file (FileLock opens it with O_NOFOLLOW): a link
            // there would lock, or create, a file elsewhere.
            if error.operation == .open, let kind = ((try? FileSystem.linkStatus(lockPath)) ?? nil)?.kind, kind != .regular {
                throw Failure(.lock("\(lockPath): is \(kind.description), not a regular file; calgrid locks only a regular file there (remove it); nothing was changed"))
            }
            throw Failure(.lock(error.operation == .lock ? "\(error.path): cannot lock: \(error.sentence)" : "\(error.path): \(error.sentence)"))
        }
        let result: Result<R, Failure>
        do throws(Failure) { result = .success(try body()) } catch { result = .failure(error) }
        lock.release()
        return try result.get()
    }
}
