// Every file CalGrid's modules and the calgrid command read or write goes through this type and the
// `cg_` wrappers in CSystem/shim.h: the rest never sees errno, open flags or raw descriptors.
import CSystem

/// An open file: the one system-call layer for reading and writing files, shared by the library and the
/// `calgrid` command. An owned descriptor is closed when the value ends; `standardInput`,
/// `standardOutput` and `standardError` are borrowed and stay open. Failures are `Errno`s naming the
/// call (and, for an open, the path; a caller that knows the file of a later failure sets it).
@frozen
public struct FileDescriptor: ~Copyable {
    /// The C file descriptor.
    public let rawValue: Int32
    @usableFromInline let owned: Bool

    init(raw: Int32, owned: Bool = true) { self.rawValue = raw; self.owned = owned }

    /// The process's standard input (not closed by this value).
    /// - Complexity: O(1)
    public static var standardInput: FileDescriptor { FileDescriptor(raw: 0, owned: false) }
    /// The process's standard output (not closed by this value).
    /// - Complexity: O(1)
    public static var standardOutput: FileDescriptor { FileDescriptor(raw: 1, owned: false) }
    /// The process's standard error (not closed by this value).
    /// - Complexity: O(1)
    public static var standardError: FileDescriptor { FileDescriptor(raw: 2, owned: false) }

    /// Opens `path` for reading.
    /// - Complexity: O(1) system calls.
    public static func openForReading(_ path: String) throws(Errno) -> FileDescriptor {
        var err: Int32 = 0
        let fd = path.withCString { cg_open_read($0, &err) }
        guard fd >= 0 else { throw Errno(.open, code: err, path: path) }
        return FileDescriptor(raw: fd)
    }

    /// Creates `path`, failing if it exists, with permission bits `mode` before the umask.
    static func createExclusive(_ path: String, mode: Int32) throws(Errno) -> FileDescriptor {
        var err: Int32 = 0
        let fd = path.withCString { cg_open_create_exclusive($0, mode, &err) }
        guard fd >= 0 else { throw Errno(.open, code: err, path: path) }
        return FileDescriptor(raw: fd)
    }

    /// True when the descriptor is a terminal (decides colour and progress output).
    /// - Complexity: O(1) system calls.
    public var isTerminal: Bool { cg_isatty(rawValue) != 0 }

    /// Size of a regular file; nil for a pipe or device. Throws EISDIR for a directory.
    /// - Complexity: O(1) system calls.
    public func size() throws(Errno) -> Int64? {
        var err: Int32 = 0
        let n = cg_file_size(rawValue, &err)
        if n == -2 { return nil }
        guard n >= 0 else { throw Errno(.stat, code: err) }
        return n
    }

    /// Reads up to `count` bytes into `buffer`, retrying on EINTR; 0 at end of file.
    /// - Complexity: O(count)
    public func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(Errno) -> Int {
        var err: Int32 = 0
        let n = cg_read(rawValue, buffer, Int64(count), &err)
        guard n >= 0 else { throw Errno(.read, code: err) }
        return Int(n)
    }

    /// Fills all of `buffer`, reading again after short reads; throws a read error with code 0
    /// when the input ends first.
    /// - Complexity: O(buffer.count)
    public func readExactly(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) {
        var filled = 0
        while filled < buffer.count {
            let n = try read(into: buffer.baseAddress! + filled, count: buffer.count - filled)
            if n == 0 { throw Errno(.read, code: 0) }
            filled += n
        }
    }

    /// Everything left to read, until end of file.
    /// - Complexity: O(bytes read)
    public func readAll() throws(Errno) -> [UInt8] {
        var result: [UInt8] = []
        // A regular file is read in one call sized by its length (+1 to see the end), not through
        // a zeroed 64 KiB chunk: a vdir view reads 10,000 files of a few hundred bytes.
        if let size = (try? self.size()) ?? nil, size < 1 << 30 {
            result = [UInt8](repeating: 0, count: Int(size) + 1)
            var filled = 0
            while filled < result.count {
                let r: Result<Int, Errno> = result.withUnsafeMutableBytes { b in
                    do throws(Errno) { return .success(try read(into: b.baseAddress! + filled, count: b.count - filled)) } catch { return .failure(error) }
                }
                let n = try r.get()
                if n == 0 { break }
                filled += n
            }
            result.removeLast(result.count - filled)
            if filled <= Int(size) { return result }
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let r: Result<Int, Errno> = chunk.withUnsafeMutableBytes { b in
                do throws(Errno) { return .success(try read(into: b.baseAddress!, count: b.count)) } catch { return .failure(error) }
            }
            let n = try r.get()
            if n == 0 { return result }
            result.append(contentsOf: chunk[0..<n])
        }
    }

    /// Writes all of `buffer`, retrying short writes and EINTR.
    /// - Complexity: O(buffer.count)
    public func writeAll(_ buffer: UnsafeRawBufferPointer) throws(Errno) {
        guard buffer.count > 0 else { return }
        var err: Int32 = 0
        guard cg_write_all(rawValue, buffer.baseAddress!, Int64(buffer.count), &err) == 0 else {
            throw Errno(.write, code: err)
        }
    }

    func sync() throws(Errno) {
        var err: Int32 = 0
        guard cg_fsync(rawValue, &err) == 0 else { throw Errno(.fsync, code: err) }
    }

    func setMode(_ mode: Int32) throws(Errno) {
        var err: Int32 = 0
        guard cg_fchmod(rawValue, mode, &err) == 0 else { throw Errno(.chmod, code: err) }
    }

    /// Closes now and reports a failure (a deferred write error), instead of the silent close of deinit.
    consuming func close() throws(Errno) {
        let raw = rawValue
        discard self
        var err: Int32 = 0
        guard cg_close_checked(raw, &err) == 0 else { throw Errno(.close, code: err) }
    }

    deinit { if owned { _ = cg_close(rawValue) } }
}
