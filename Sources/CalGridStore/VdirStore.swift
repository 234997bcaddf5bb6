import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem

/// The store as a vdir: a directory with one iCalendar file per item (`*.ics`), as vdirsyncer,
/// todoman and khal keep it. `--todos DIR` or `$CALGRID_TODOS=DIR` with DIR a directory.
///
/// Each item's file is the truth: a change rewrites only the files of the todos it changed, each
/// patched from its own text (`ICalendarItem.patch`, so what CalGrid does not model survives) and
/// replaced atomically, and only if no other program replaced it since calgrid read it (vdirsyncer
/// takes no lock of ours); else the whole change is made again on what is there now. Changing
/// commands hold `DIR/.calgrid.lock` (not `*.ics`: vdirsyncer, todoman and khal ignore it).
public struct VdirStore {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// The lock file of the vdir's writers.
    public var lockPath: String { directory + "/.calgrid.lock" }

    /// One item file as read, or as the view cache remembers it (`bytes` nil: not read; a change
    /// reads it when it patches the file, and only while the file still has `status`).
    public struct Item {
        var file: String
        var bytes: [UInt8]?
        var status: FileStatus
    }

    /// The vdir at one moment: its todos (in file-name order), where each came from, and the
    /// files that could not be read (one message each, naming the file).
    public struct Snapshot {
        var set = TodoSet()
        var items: [String: Item] = [:]
        var unreadable: [String] = []
    }

    /// The item files: `ICalendarItem.itemFileNames(in:)`, the import's listing.
    public func itemFiles() throws(StoreError) -> [String] {
        do {
            return try ICalendarItem.itemFileNames(in: directory)
        } catch { throw .system(error) }
    }

    /// Reads the vdir for a view: the readable items, each unreadable file said on standard error.
    public func read(_ options: StoreOptions) throws(StoreError) -> TodoSet {
        let snap = try load(options, cache: VdirCache.locate(directory: directory, zone: options.zone.name), keepingItems: false)
        for m in snap.unreadable { options.notice(m) }
        return snap.set
    }

    /// How many times a change starts again when another program replaces a file it reads.
    public static let attempts = 8

    /// Runs `body` on the vdir's todos under its lock and writes back the items it changed: a
    /// changed todo's file patched, a new todo a new file named after its id, a removed todo's file
    /// deleted. When another program replaced one of those files since it was read, nothing of
    /// this attempt is written and the change starts again from the files as they are now.
    /// A completion the change writes is at `completedAt` (default: now).
    public func change<R>(_ options: StoreOptions, completedAt: Int64? = nil,
                   _ body: (inout TodoSet) -> (result: R?, changed: Bool)) throws(StoreError) -> R? {
        try Store.lockingFile(lockPath) { () throws(StoreError) -> R? in
            // The view cache: a change parses only the files changed since the last read (a
            // `done` on 10,000 files read and parsed all of them, about 0.2 s), and reads the
            // bytes of the files it patches.
            let cache = VdirCache.locate(directory: directory, zone: options.zone.name)
            for _ in 1...VdirStore.attempts {
                let snap = try load(options, cache: cache)
                for m in snap.unreadable { options.notice(m) }
                var set = snap.set
                let (result, changed) = body(&set)
                if !changed { return result }
                let plan = try VdirPlan(before: snap, after: set, directory: directory, completedAt: completedAt, options)
                if !plan.stale, try plan.apply() { return result }
            }
            throw .refused("\(directory): other programs kept replacing the files this change needs; nothing was changed")
        }
    }
}

/// The files one change writes and removes.
public struct VdirPlan {
    /// (path, new bytes, the status the file must still have; nil for a new file).
    public var writes: [(path: String, bytes: [UInt8], expected: FileStatus?)] = []
    public var removals: [(path: String, expected: FileStatus)] = []
    /// A file to patch was replaced since the snapshot was taken: the change starts again.
    public var stale = false

    public init(before snap: VdirStore.Snapshot, after set: TodoSet, directory: String, completedAt: Int64? = nil,
         _ options: StoreOptions) throws(StoreError) {
        let now = CurrentProcess.secondsSince1970()
        var kept = Set<String>()
        var taken = Set(snap.items.values.map { $0.file })
        for i in set.indices {
            let d = set.draft(at: i)
            kept.insert(d.id)
            if let item = snap.items[d.id] {
                guard let row = snap.set.index(ofID: d.id), snap.set.draft(at: row) != d else { continue }
                let path = directory + "/" + item.file
                // A link is read (vdirsyncer reads it too) but never written through: the file it
                // names may be outside the vdir. Refused before anything is written.
                if FileSystem.isSymbolicLink(path) {
                    throw .refused("\(path): is a symbolic link; calgrid does not write through a link in a vdir (replace it with the file itself); nothing was changed")
                }
                guard let bytes = item.bytes ?? VdirPlan.bytes(of: path, ifStill: item.status) else { stale = true; return }
                writes.append((path, try VdirItem.patch(bytes, to: d, file: path, now: now, completedAt: completedAt, options), item.status))
            } else {
                let name = ICalendarItem.fileName(for: d.id, avoiding: taken, in: directory)
                taken.insert(name)
                let path = directory + "/" + name
                writes.append((path, try VdirItem.render(d, file: path, now: now, options), nil))
            }
        }
        for (id, item) in snap.items where !kept.contains(id) {
            let path = directory + "/" + item.file
            // A file of several items (a todo with its overrides, or another program's bundle) stays
            // while one of them is kept.
            if snap.items.contains(where: { kept.contains($0.key) && $0.value.file == item.file }) {
                throw .refused("\(path): holds other items besides \(id); calgrid removes whole files only")
            }
            if !removals.contains(where: { $0.path == path }) { removals.append((path, item.status)) }
        }
    }

    /// The bytes of the file at `path` when it still has `status` (nil when it was replaced,
    /// removed or cannot be read: the change then starts again and reads it afresh).
    public static func bytes(of path: String, ifStill status: FileStatus) -> [UInt8]? {
        do throws(Errno) {
            var now = status
            guard let fd = try FileDescriptor.openRegularFile(path, status: &now), now == status else { return nil }
            return try fd.readAll(statusSize: status.size)
        } catch { return nil }
    }

    /// Writes and removes; false when a file was replaced by another program before anything of
    /// this plan was written (the caller starts again).
    public func apply() throws(StoreError) -> Bool {
        // A look at every file first: a change made meanwhile is found before any file is written.
        for w in writes where ((try? FileSystem.status(w.path)) ?? nil) != w.expected { return false }
        for r in removals where ((try? FileSystem.status(r.path)) ?? nil) != r.expected { return false }
        var done = 0
        for w in writes {
            let landed: Bool
            do throws(Errno) { landed = try AtomicFile.replace(w.path, with: w.bytes, ifStill: w.expected, refusingLinks: true) } catch {
                throw .write("\(w.path): \(error.message); the file is unchanged")
            }
            if !landed {
                if done == 0 { return false }
                throw .write("\(w.path): replaced by another program while calgrid wrote it; left as that program wrote it")
            }
            done += 1
        }
        for r in removals {
            let removed: Bool
            do throws(Errno) { removed = try FileSystem.remove(r.path, ifStill: r.expected) } catch {
                throw .write("\(r.path): \(error.message); the file is unchanged")
            }
            if !removed {
                if done == 0 { return false }
                throw .write("\(r.path): replaced by another program while calgrid removed it; left as that program wrote it")
            }
            done += 1
        }
        return true
    }
}
