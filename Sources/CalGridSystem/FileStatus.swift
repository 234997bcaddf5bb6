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
    /// What kind of file it is (a symbolic link only in `FileSystem.linkStatus`).
    public var kind: FileKind
    /// True for a directory.
    /// - Complexity: O(1)
    public var isDirectory: Bool { kind == .directory }
    /// True for a regular file.
    /// - Complexity: O(1)
    public var isRegularFile: Bool { kind == .regular }

    /// A status of these values (for tests and caches that stored one).
    /// - Complexity: O(1)
    public init(size: Int64, modified: Int64, inode: Int64, device: Int64, isDirectory: Bool = false, isRegularFile: Bool = true) {
        self.init(size: size, modified: modified, inode: inode, device: device,
                  kind: isRegularFile ? .regular : isDirectory ? .directory : .other)
    }

    /// A status of these values.
    /// - Complexity: O(1)
    public init(size: Int64, modified: Int64, inode: Int64, device: Int64, kind: FileKind) {
        self.size = size; self.modified = modified; self.inode = inode; self.device = device
        self.kind = kind
    }

    init(_ v: InlineArray<5, Int64>) {
        self.init(size: v[0], modified: v[1], inode: v[2], device: v[3], kind: FileKind(rawValue: Int8(clamping: v[4])) ?? .other)
    }
}

/// The kinds of file a directory entry may be. Only a regular file is ever read as an item or
/// written: a FIFO blocks its reader, a device may never end (`/dev/zero`), a socket cannot be
/// opened at all.
public enum FileKind: Int8, Hashable, Sendable {
    case regular = 0, directory, fifo, socket, characterDevice, blockDevice, symbolicLink, other

    /// The kind in words with its article, as a message names it: `a FIFO`, `a directory`.
    /// - Complexity: O(1)
    public var description: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .symbolicLink: "a symbolic link"
        case .other: "not a regular file"
        }
    }
}

extension FileSystem {
    /// The status of what `path` names (following symbolic links); nil when nothing is there.
    /// - Throws: `Errno` `.stat` for another failure (a permission, a loop of links).
    /// - Complexity: O(1) system calls.
    public static func status(_ path: String) throws(Errno) -> FileStatus? { try _status(path, followingLinks: true) }

    /// The status of `path` itself, a symbolic link not followed (`lstat`): `kind` is
    /// `.symbolicLink` for a link, dangling or not; nil when nothing is there.
    /// - Throws: `Errno` `.stat` for another failure.
    /// - Complexity: O(1) system calls.
    public static func linkStatus(_ path: String) throws(Errno) -> FileStatus? { try _status(path, followingLinks: false) }

    /// `stat` or `lstat` of `path`; nil when nothing is there.
    static func _status(_ path: String, followingLinks: Bool) throws(Errno) -> FileStatus? {
        var v = InlineArray<5, Int64>(repeating: 0)
        var err: Int32 = 0
        var span = v.mutableSpan
        let r = span.withUnsafeMutableBufferPointer { b in
            path.withCString { followingLinks ? cg_stat_path($0, b.baseAddress!, &err) : cg_lstat_path($0, b.baseAddress!, &err) }
        }
        if r < 0 { throw Errno(.stat, code: err, path: path) }
        return r == 0 ? nil : FileStatus(v)
    }

    /// True when `path` is a symbolic link (dangling or not).
    /// - Complexity: O(1) system calls.
    public static func isSymbolicLink(_ path: String) -> Bool { ((try? linkStatus(path)) ?? nil)?.kind == .symbolicLink }

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

    /// Opens `path` for reading when it, or the file a symbolic link there names, is a regular
    /// file: anything else is never opened (a FIFO's open blocks until a writer comes, a device's
    /// may act), and a FIFO swapped in between the look and the open cannot block it either
    /// (`O_NONBLOCK`, then the descriptor's own status is checked). Nil, with `status` telling what
    /// is there, when it is not a regular file; else the descriptor, `status` its own.
    /// - Throws: `Errno` `.open` or `.stat`, its path `path` (ENOENT when nothing is there).
    /// - Complexity: O(1) system calls.
    public static func openRegularFile(_ path: String, status: inout FileStatus) throws(Errno) -> FileDescriptor? {
        var v = InlineArray<5, Int64>(repeating: 0)
        var err: Int32 = 0
        var span = v.mutableSpan
        let fd = span.withUnsafeMutableBufferPointer { b in path.withCString { cg_open_regular($0, b.baseAddress!, &err) } }
        if fd == -1 { throw Errno(.open, code: err, path: path) }
        status = FileStatus(v)
        return fd == -2 ? nil : FileDescriptor(raw: fd)
    }

    /// `body` of the bytes of a regular file whose `status()` gave `size`, mapped read-only
    /// instead of read into a buffer (valid only inside `body`); a file shorter than `size` by now
    /// is read as `readAll(statusSize:)` reads it.
    /// - Throws: `Errno` `.read` when it can be neither mapped nor read.
    /// - Complexity: O(size) page mappings, no copy.
    public func withMappedBytes<R>(size: Int64, _ body: (UnsafeRawBufferPointer) -> R) throws(Errno) -> R {
        guard size > 0, size < 1 << 40 else { return try readAll(statusSize: size).withUnsafeBytes(body) }
        var err: Int32 = 0
        guard let p = cg_map_file(rawValue, Int(size), &err) else { return try readAll(statusSize: size).withUnsafeBytes(body) }
        defer { cg_unmap(p, Int(size)) }
        // A page past the end of a file truncated meanwhile is SIGBUS: check the size again. (A
        // file truncated in place while `body` runs still is; the view cache is only ever
        // replaced whole, by a rename.)
        guard try status().size >= size else { return try readAll(statusSize: size).withUnsafeBytes(body) }
        return body(UnsafeRawBufferPointer(start: p, count: Int(size)))
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
