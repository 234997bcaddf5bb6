// Paths: existence, directories, links, small whole-file reads, rename and unlink. Each wraps one
// `cg_` call of CSystem/shim.h.
import CSystem

/// Questions and changes about paths that need no open file.
public enum FileSystem {
    /// True when `path` names something (a file, a directory, …), following symbolic links.
    /// - Complexity: O(1) system calls.
    public static func exists(_ path: String) -> Bool { path.withCString { cg_exists($0) } != 0 }

    /// Creates `directory` and its missing parents, each with `mode` before the umask (0700 by
    /// default: the XDG base directory rule for data directories); an existing directory is fine.
    /// - Throws: the first failing `mkdir`'s `Errno`, its path the directory it tried.
    /// - Complexity: O(components) system calls.
    public static func makeDirectories(_ directory: String, mode: Int32 = 0o700) throws(Errno) {
        guard !directory.isEmpty, !exists(directory) else { return }
        if let slash = directory.utf8.lastIndex(of: 0x2F), slash != directory.utf8.startIndex {
            try makeDirectories(String(directory[..<slash]), mode: mode)
        }
        var err: Int32 = 0
        if directory.withCString({ cg_mkdir($0, mode, &err) }) != 0 && err != EEXIST {
            throw Errno(.mkdir, code: err, path: directory)
        }
    }

    /// Removes the file at `path` (a directory fails); its directory is fsynced after, so the
    /// removal survives a crash like a replacement's rename.
    /// - Throws: `unlink`'s `Errno`, its path `path`.
    /// - Complexity: O(1) system calls.
    public static func removeFile(_ path: String) throws(Errno) {
        var err: Int32 = 0
        guard path.withCString({ cg_unlink_checked($0, &err) }) == 0 else { throw Errno(.unlink, code: err, path: path) }
        path.withCString { cg_fsync_parent_directory($0) }
    }

    /// fsyncs `directory`, so the renames and removals made in it survive a crash (best effort:
    /// a file system that cannot sync a directory is left as it is).
    /// - Complexity: O(1) system calls.
    public static func syncDirectory(_ directory: String) {
        (directory.hasSuffix("/") ? directory + "." : directory + "/.").withCString { cg_fsync_parent_directory($0) }
    }

    /// The bytes of the file at `path`.
    /// - Throws: `open`'s, `stat`'s or `read`'s `Errno` (a directory fails at read), its path `path`.
    /// - Complexity: O(file size).
    public static func contents(of path: String) throws(Errno) -> [UInt8] {
        let fd = try FileDescriptor.openForReading(path)
        var bytes = [UInt8](repeating: 0, count: Int(clamping: (try fd.size()) ?? 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: Swift.max(bytes.count, 1 << 16))) }
            var n = 0
            var failure: Errno? = nil
            bytes.withUnsafeMutableBytes { b in
                do throws(Errno) { n = try fd.read(into: b.baseAddress! + filled, count: b.count - filled) } catch { failure = error }
            }
            if let failure { throw failure }
            if n == 0 { break }
            filled += n
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }
}

/// Renames and then fsyncs the directory, so the rename itself survives a crash.
func _rename(_ from: String, _ to: String, syncingDirectory: Bool = true) throws(Errno) {
    var err: Int32 = 0
    let r = from.withCString { f in to.withCString { t in cg_rename(f, t, &err) } }
    guard r == 0 else { throw Errno(.rename, code: err, path: to) }
    if syncingDirectory { to.withCString { cg_fsync_parent_directory($0) } }
}

func _unlink(_ path: String) { _ = path.withCString { cg_unlink($0) } }

/// The target of the symbolic link at `path` as written in the link (maybe relative), or nil
/// when `path` is not a link.
func _linkTarget(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBufferPointer { b in
        path.withCString { cg_readlink($0, UnsafeMutableRawPointer(b.baseAddress!).assumingMemoryBound(to: CChar.self), Int64(b.count)) }
    }
    guard n > 0 else { return nil }
    return buffer.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[0..<Int(n)]), as: UTF8.self) }
}

/// The bytes of the file at `path`, at most `limit` of them; nil when it cannot be opened or read,
/// is a directory, or is longer than `limit` (a device such as /dev/zero never ends).
func _readSmallFile(_ path: String, limit: Int) -> [UInt8]? {
    do throws(Errno) {
        let fd = try FileDescriptor.openForReading(path)
        if let size = try fd.size(), size > Int64(limit) { return nil }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: limit + 1, alignment: 1)
        defer { buffer.deallocate() }
        var filled = 0
        while filled <= limit {
            let n = try fd.read(into: buffer + filled, count: limit + 1 - filled)
            if n == 0 { break }
            filled += n
        }
        guard filled <= limit else { return nil }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: filled))
    } catch {
        return nil
    }
}
