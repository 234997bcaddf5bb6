// The lock rule: every command that replaces a user's file holds `FILE.lock` (beside it) for the
// whole read-modify-write, so two writers of one path run one after the other and neither replaces
// the file with a copy that lacks the other's change.
import CSystem

/// An exclusive advisory lock (`flock`) on a lock file, held while the value lives.
///
/// `FileLock(guarding: path)` locks `path + ".lock"`, creating it owner-only when missing, and
/// waits while another process holds it. The lock file must be a regular file: it is opened with
/// `O_NOFOLLOW`, so a symbolic link there (dangling or not) fails with ELOOP instead of creating or
/// locking a file elsewhere, and a FIFO, device or socket fails with EINVAL (a directory EISDIR). The lock ends with the value (or the process: the kernel
/// drops it when a process dies, so a kill -9 never leaves a stale lock). The lock file itself is
/// never removed: removing it would let two processes lock two different files of the same name.
///
/// Readers take no lock: a file CalGrid writes is only ever replaced by a rename (`AtomicFile`), so
/// a reader sees the old content or the new one.
public struct FileLock: ~Copyable {
    let descriptor: Int32
    /// The lock file.
    public let path: String

    /// Takes the exclusive lock on `lockPath` itself.
    /// - Throws: `Errno` with `.open` (the lock file cannot be created or opened) or `.lock`.
    /// - Complexity: O(1) system calls, plus however long another holder keeps it.
    public init(at lockPath: String) throws(Errno) {
        var err: Int32 = 0, step: Int32 = 0
        let fd = lockPath.withCString { cg_lock_file($0, &err, &step) }
        guard fd >= 0 else { throw Errno(step == 0 ? .open : .lock, code: err, path: lockPath) }
        descriptor = fd
        path = lockPath
    }

    /// Takes the exclusive lock that guards writes of `file`: `file + ".lock"`, beside it.
    /// - Complexity: O(1) system calls, plus however long another holder keeps it.
    public init(guarding file: String) throws(Errno) { try self.init(at: FileLock.lockPath(guarding: file)) }

    /// The lock file that guards `file`: `file + ".lock"`.
    /// - Complexity: O(length of `file`)
    public static func lockPath(guarding file: String) -> String { file + ".lock" }

    deinit { _ = cg_close(descriptor) }
}

extension FileLock {
    /// Releases the lock now (closing the lock file), instead of when the value ends.
    /// - Complexity: O(1)
    public consuming func release() {}
}
