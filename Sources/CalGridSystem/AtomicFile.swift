// The one way CalGrid and calgrid replace a user's file. Every step is there so that a full disk, an
// I/O error, a missing permission, a signal or a crash never costs a byte of the file being replaced:
// the new content goes to a temporary file beside the target (same directory, so the same file
// system and an atomic rename), is written whole and fsynced, and only then renamed over the target;
// the directory is fsynced so the rename itself survives a power loss.
import CSystem

/// Atomic replacement of a file's content.
///
/// `replace` writes `<path>.calgrid-tmp-<pid>-<n>` beside `path`, writes all bytes, fsyncs, renames
/// it over `path` and fsyncs the directory. The old file's permission bits are kept; a new file
/// gets 0666 minus the umask. A symbolic link to an existing file stays a link: the file it names is
/// replaced. On any failure the old file is byte-identical and the temporary file is removed.
///
/// Crashes and signals: a signal whose action is the default one (SIGINT, SIGTERM, SIGHUP, SIGQUIT,
/// SIGXFSZ) removes the temporary file before the process ends, once `installSignalHandlers()` ran;
/// a `kill -9` or a power loss may leave it (never a damaged target), and the first replacement in
/// that directory by a later process removes such leftovers of processes that no longer run (once
/// per process and directory: a writer of 10,000 files scans their directory once). Only a regular
/// file with such a name is removed.
///
/// The owner of a replaced file becomes the writing user, and hard links to the old file keep the
/// old content (what every rename-based writer does).
public enum AtomicFile {
    /// Replaces the file at `path` with `bytes` (see the type's description for the guarantee).
    /// - Complexity: O(bytes.count), plus one scan of the directory for stale temporary files the
    ///   first time this process writes in it.
    public static func replace(_ path: String, with bytes: UnsafeRawBufferPointer) throws(Errno) {
        try replace(path) { (fd: borrowing FileDescriptor) throws(Errno) in try fd.writeAll(bytes) }
    }

    /// Replaces the file at `path` with `bytes`.
    /// - Complexity: O(bytes.count), plus one scan of the directory for stale temporary files the
    ///   first time this process writes in it.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(Errno) {
        let r: Result<Void, Errno> = bytes.withUnsafeBytes { b in
            do throws(Errno) { try replace(path, with: b); return .success(()) } catch { return .failure(error) }
        }
        try r.get()
    }

    /// Replaces the file at `path` with `bytes` only when the file there still has status
    /// `expected` (nil: only when there is none) just before the rename; false, with nothing
    /// changed, when another program replaced, changed, created or removed it meanwhile. The check
    /// runs after the new content is written and synced, so the window in which a change by a
    /// program that takes no lock can still be lost is that of one `stat` and one `rename`.
    /// - Complexity: O(bytes.count), plus one scan of the directory for stale temporary files the
    ///   first time this process writes in it.
    ///
    /// With `refusingLinks`, a symbolic link at `path` is not written through: the replacement
    /// fails with ELOOP (what `open` with `O_NOFOLLOW` says) and nothing changes, so a link in a
    /// vdir to a file outside it never changes that file.
    public static func replace(_ path: String, with bytes: [UInt8], ifStill expected: FileStatus?,
                               refusingLinks: Bool = false) throws(Errno) -> Bool {
        var unchanged = true
        let r: Result<Void, Errno> = bytes.withUnsafeBytes { b in
            do throws(Errno) {
                try replace(path, writing: { (fd: borrowing FileDescriptor) throws(Errno) in try fd.writeAll(b) },
                            refusingLinks: refusingLinks, beforeRename: { () throws(Errno) -> Bool in
                                unchanged = try FileSystem.status(path) == expected
                                return unchanged
                            })
                return .success(())
            } catch { return .failure(error) }
        }
        try r.get()
        return unchanged
    }

    /// Replaces the file at `path` with `bytes` atomically but without `fsync`: a reader sees the
    /// old content or the new, and after a power loss the file may be empty or old. For what can be
    /// made again (a cache), where two fsyncs would cost more than the content is worth.
    /// - Complexity: O(bytes.count), plus one scan of the directory for stale temporary files the
    ///   first time this process writes in it.
    public static func replaceWithoutSync(_ path: String, with bytes: [UInt8]) throws(Errno) {
        let r: Result<Void, Errno> = bytes.withUnsafeBytes { b in
            do throws(Errno) {
                try replace(path, writing: { (fd: borrowing FileDescriptor) throws(Errno) in try fd.writeAll(b) }, durable: false,
                            beforeRename: { () throws(Errno) -> Bool in true })
                return .success(())
            } catch { return .failure(error) }
        }
        try r.get()
    }

    /// Makes SIGINT, SIGTERM, SIGHUP, SIGQUIT and SIGXFSZ remove the temporary files of replacements
    /// in progress, then end the process by the same signal. Only signals whose action is the default
    /// one get the handler: an ignored signal stays ignored and a program's own handler stays.
    /// Call it once, early (the `calgrid` command does); up to 16 replacements at a time are covered.
    /// - Complexity: O(1)
    public static func installSignalHandlers() { cg_install_pending_cleanup() }

    /// The name part shared by every temporary file of `target`, before the process id.
    static func _temporaryPrefix(_ target: String) -> String { target + ".calgrid-tmp-" }

    /// Replaces the file at `path` with `bytes` unless a symbolic link is there (then ELOOP,
    /// nothing changed): the writer of a directory whose files must not lead outside it (a vdir).
    /// - Complexity: O(bytes.count), plus one scan of the directory for stale temporary files the
    ///   first time this process writes in it.
    ///
    /// Without `syncingDirectory` the directory is not fsynced after the rename: a writer of many
    /// files into one directory (a vdir export) syncs it once after the last (`FileSystem.syncDirectory`),
    /// instead of once per file. Each file is still whole, old or new, after a crash; until that
    /// sync a crash may leave some of them old.
    public static func replaceRefusingLinks(_ path: String, with bytes: [UInt8], syncingDirectory: Bool = true) throws(Errno) {
        let r: Result<Void, Errno> = bytes.withUnsafeBytes { b in
            do throws(Errno) {
                try replace(path, writing: { (fd: borrowing FileDescriptor) throws(Errno) in try fd.writeAll(b) },
                            refusingLinks: true, syncingDirectory: syncingDirectory, beforeRename: { () throws(Errno) -> Bool in true })
                return .success(())
            } catch { return .failure(error) }
        }
        try r.get()
    }

    /// Replaces the file at `path` with what `write` writes into the temporary file, streaming
    /// (the content is never whole in memory). A throw from `write` fails the replacement like a
    /// failed write: the old file stays as it was.
    /// - Throws: the first failing call's `Errno`, its `path` the target (or the temporary file,
    ///   when that could not be created).
    /// - Complexity: O(bytes written), plus one scan of the directory for stale temporary files the
    ///   first time this process writes in it.
    public static func replace(_ path: String,
                               writing write: (borrowing FileDescriptor) throws(Errno) -> Void) throws(Errno) {
        try replace(path, writing: write, beforeRename: { () throws(Errno) -> Bool in true })
    }

    /// `replace(_:writing:)`, asking `proceed` once the temporary file is complete: when it says
    /// false the temporary file is removed and the target left as it is.
    /// With `refusingLinks`, a symbolic link at `path` fails with ELOOP before anything is written
    /// (a link made later is replaced by the rename, never written through).
    static func replace(_ path: String, writing write: (borrowing FileDescriptor) throws(Errno) -> Void,
                        durable: Bool = true, refusingLinks: Bool = false, syncingDirectory: Bool = true,
                        beforeRename proceed: () throws(Errno) -> Bool) throws(Errno) {
        if refusingLinks, try FileSystem.linkStatus(path)?.kind == .symbolicLink { throw Errno(.open, code: ELOOP, path: path) }
        let target = refusingLinks ? path : _resolved(path)
        let prefix = _temporaryPrefix(target)
        target.withCString { cg_sweep_stale_temporaries($0) }
        let temporary = prefix + "\(_processID())-\(cg_next_temporary_serial())"
        // Registered before the file exists, released after the rename: a signal in between finds it.
        let slot = temporary.withCString { cg_pending_add($0) }
        defer { cg_pending_remove(slot) }
        var created = false
        do throws(Errno) {
            var mode: Int32 = 0
            var err: Int32 = 0
            let exists = target.withCString { cg_file_mode($0, &mode, &err) }
            if exists < 0 { throw Errno(.stat, code: err, path: target) }
            // Owner-only until the old mode is set, so the content is never readable more widely than before.
            let fd = try FileDescriptor.createExclusive(temporary, mode: exists == 1 ? 0o600 : 0o666)
            created = true
            if exists == 1 { try fd.setMode(mode) }
            try write(fd)
            if durable { try fd.sync() }
            try fd.close()
            guard try proceed() else { _unlink(temporary); return }
            try _rename(temporary, target, syncingDirectory: durable && syncingDirectory)
        } catch {
            if created { _unlink(temporary) }
            var e = error
            if e.path.isEmpty { e.path = target }
            throw e
        }
    }

    /// The path to replace: the file a symbolic link names, so the link stays a link.
    static func _resolved(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let resolved = path.withCString { p in buffer.withUnsafeMutableBufferPointer { cg_resolve_link(p, $0.baseAddress!) } }
        guard resolved == 1 else { return path }
        return buffer.withUnsafeBufferPointer { b in
            var n = 0
            while b[n] != 0 { n += 1 }
            return String(decoding: UnsafeRawBufferPointer(start: b.baseAddress, count: n), as: UTF8.self)
        }
    }
}
