// What a reader remembers about a file to know later whether someone replaced or changed it (a
// vdir's items are rewritten by vdirsyncer, todoman and khal while calgrid works), and a directory's
// entries. Each wraps one `cg_` call of CSystem/shim.h.
import CSystem

/// A file's size, modification time, inode and device at one moment.
///
/// Two statuses of one path are equal when nothing replaced or rewrote the file in between as far
/// as the file system can tell: a rename over the path changes the inode, a write changes the size
/// or the modification time (nanoseconds, where the file system keeps them).
public struct FileStatus: Hashable, Sendable {
    /// Bytes.
    public var size: Int64
    /// Last modification, nanoseconds since 1970-01-01T00:00:00Z.
    public var modified: Int64
    /// The inode number.
    public var inode: Int64
    /// The device holding it.
    public var device: Int64
    /// True for a directory.
    public var isDirectory: Bool
    /// True for a regular file.
    public var isRegularFile: Bool

    /// A status of these values (for tests and caches that stored one).
    /// - Complexity: O(1)
    public init(size: Int64, modified: Int64, inode: Int64, device: Int64, isDirectory: Bool = false, isRegularFile: Bool = true) {
        self.size = size; self.modified = modified; self.inode = inode; self.device = device
        self.isDirectory = isDirectory; self.isRegularFile = isRegularFile
    }

    init(_ v: InlineArray<5, Int64>) {
        self.init(size: v[0], modified: v[1], inode: v[2], device: v[3], isDirectory: v[4] == 1, isRegularFile: v[4] == 0)
    }
}

extension FileSystem {
    /// The status of what `path` names (following symbolic links); nil when nothing is there.
    /// - Throws: `Errno` `.stat` for another failure (a permission, a loop of links).
    /// - Complexity: O(1) system calls.
    public static func status(_ path: String) throws(Errno) -> FileStatus? {
        var v = InlineArray<5, Int64>(repeating: 0)
        var err: Int32 = 0
        var span = v.mutableSpan
        let r = span.withUnsafeMutableBufferPointer { b in path.withCString { cg_stat_path($0, b.baseAddress!, &err) } }
        if r < 0 { throw Errno(.stat, code: err, path: path) }
        return r == 0 ? nil : FileStatus(v)
    }

    /// True when `path` names a directory (following symbolic links).
    /// - Complexity: O(1) system calls.
    public static func isDirectory(_ path: String) -> Bool { ((try? status(path)) ?? nil)?.isDirectory ?? false }

    /// The names in `directory`, without `.` and `..`, in the order the file system gives them.
    /// - Throws: `Errno` `.openDirectory` or `.readDirectory`, its path the directory.
    /// - Complexity: O(entries) system calls.
    public static func entries(of directory: String) throws(Errno) -> [String] {
        var err: Int32 = 0
        guard let d = directory.withCString({ cg_opendir($0, &err) }) else { throw Errno(.openDirectory, code: err, path: directory) }
        defer { cg_closedir(d) }
        var names: [String] = []
        while true {
            err = 0
            guard let name = cg_readdir_name(d, &err) else {
                if err != 0 { throw Errno(.readDirectory, code: err, path: directory) }
                return names
            }
            names.append(String(cString: name))
        }
    }

    /// Removes the file at `path` when its status is still `expected`; false (nothing removed)
    /// when it is not, or when it is gone already.
    /// - Throws: `Errno` `.stat` or `.unlink`, its path `path`.
    /// - Complexity: O(1) system calls.
    public static func remove(_ path: String, ifStill expected: FileStatus) throws(Errno) -> Bool {
        guard try status(path) == expected else { return false }
        var err: Int32 = 0
        guard path.withCString({ cg_unlink_checked($0, &err) }) == 0 else {
            if err == ENOENT { return false }
            throw Errno(.unlink, code: err, path: path)
        }
        path.withCString { cg_fsync_parent_directory($0) }
        return true
    }
}

extension FileDescriptor {
    /// The open file's status (what it was when read: a later rename over its path does not change it).
    /// - Complexity: O(1) system calls.
    public func status() throws(Errno) -> FileStatus {
        var v = InlineArray<5, Int64>(repeating: 0)
        var err: Int32 = 0
        var span = v.mutableSpan
        let r = span.withUnsafeMutableBufferPointer { b in cg_stat_fd(rawValue, b.baseAddress!, &err) }
        if r < 0 { throw Errno(.stat, code: err) }
        return FileStatus(v)
    }

    /// The bytes of a regular file whose `status()` gave `size`: one read into a buffer of that size
    /// (again after a short read), ending at `size` or at an earlier end of file, without the read
    /// that finds the end. A file grown since the status is read as far as that size (its status
    /// then no longer matches, which is what a caller comparing statuses sees); use `readAll()`
    /// for a pipe, or for a size not taken from the same descriptor.
    /// - Complexity: O(size)
    public func readAll(statusSize size: Int64) throws(Errno) -> [UInt8] {
        guard size > 0 else { return [] }
        guard size < 1 << 30 else { return try readAll() }
        var filled = 0
        var failure: Errno? = nil
        let result = [UInt8](unsafeUninitializedCapacity: Int(size)) { b, count in
            while filled < b.count {
                do throws(Errno) {
                    let n = try read(into: b.baseAddress! + filled, count: b.count - filled)
                    if n == 0 { break }
                    filled += n
                } catch {
                    failure = error
                    break
                }
            }
            count = filled
        }
        if let failure { throw failure }
        return result
    }
}
