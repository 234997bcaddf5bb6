// Every libc call of CalGridJSON goes through here and the `cg_` wrappers in CJSONC/shim.h,
// so the rest of the module never sees errno, file descriptors' raw values or pthread types.
import CJSONC

@usableFromInline
func _errnoText(_ code: Int32) -> String {
    var buffer = InlineArray<128, CChar>(repeating: 0)
    var span = buffer.mutableSpan
    return span.withUnsafeMutableBufferPointer { p in
        cg_strerror(code, p.baseAddress!, 128)
        var n = 0
        while n < 128, p[n] != 0 { n += 1 }
        return String(decoding: UnsafeRawBufferPointer(start: p.baseAddress, count: n).bindMemory(to: UInt8.self), as: UTF8.self)
    }
}

/// An open file: the one system-call layer for reading and writing files, shared by the library and the
/// `calgrid` command. An owned descriptor is closed when the value ends; `standardOutput` and
/// `standardError` are borrowed and stay open.
@frozen
public struct FileDescriptor: ~Copyable {
    /// The C file descriptor.
    public let rawValue: Int32
    @usableFromInline let owned: Bool

    init(raw: Int32, owned: Bool = true) { self.rawValue = raw; self.owned = owned }

    /// The process's standard input, output and error (not closed by this value).
    /// - Complexity: O(1)
    public static var standardInput: FileDescriptor { FileDescriptor(raw: 0, owned: false) }
    /// - Complexity: O(1)
    public static var standardOutput: FileDescriptor { FileDescriptor(raw: 1, owned: false) }
    /// - Complexity: O(1)
    public static var standardError: FileDescriptor { FileDescriptor(raw: 2, owned: false) }

    /// Opens `path` for reading.
    /// - Complexity: O(1) system calls.
    public static func openForReading(_ path: String) throws(ImportError) -> FileDescriptor {
        var err: Int32 = 0
        let fd = path.withCString { cg_open_read($0, &err) }
        guard fd >= 0 else { throw .system(operation: .open, errno: err) }
        return FileDescriptor(raw: fd)
    }

    /// Creates `path`, failing if it exists, with permission bits `mode` before the umask.
    static func createExclusive(_ path: String, mode: Int32) throws(ImportError) -> FileDescriptor {
        var err: Int32 = 0
        let fd = path.withCString { cg_open_create_exclusive($0, mode, &err) }
        guard fd >= 0 else { throw .system(operation: .open, errno: err) }
        return FileDescriptor(raw: fd)
    }

    /// Size of a regular file; nil for a pipe or device. Throws EISDIR for a directory.
    /// - Complexity: O(1) system calls.
    public func size() throws(ImportError) -> Int64? {
        var err: Int32 = 0
        let n = cg_file_size(rawValue, &err)
        if n == -2 { return nil }
        guard n >= 0 else { throw .system(operation: .stat, errno: err) }
        return n
    }

    /// Reads up to `count` bytes into `buffer`, retrying on EINTR; 0 at end of file.
    /// - Complexity: O(count)
    public func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(ImportError) -> Int {
        var err: Int32 = 0
        let n = cg_read(rawValue, buffer, Int64(count), &err)
        guard n >= 0 else { throw .system(operation: .read, errno: err) }
        return Int(n)
    }

    /// Everything left to read, until end of file.
    /// - Complexity: O(bytes read)
    public func readAll() throws(ImportError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let r: Result<Int, ImportError> = chunk.withUnsafeMutableBytes { b in
                do throws(ImportError) { return .success(try read(into: b.baseAddress!, count: b.count)) } catch { return .failure(error) }
            }
            let n = try r.get()
            if n == 0 { return result }
            result.append(contentsOf: chunk[0..<n])
        }
    }

    /// Writes all of `buffer`, retrying short writes and EINTR.
    /// - Complexity: O(buffer.count)
    public func writeAll(_ buffer: UnsafeRawBufferPointer) throws(ImportError) {
        guard buffer.count > 0 else { return }
        var err: Int32 = 0
        guard cg_write_all(rawValue, buffer.baseAddress!, Int64(buffer.count), &err) == 0 else {
            throw .system(operation: .write, errno: err)
        }
    }

    func sync() throws(ImportError) {
        var err: Int32 = 0
        guard cg_fsync(rawValue, &err) == 0 else { throw .system(operation: .fsync, errno: err) }
    }

    func setMode(_ mode: Int32) throws(ImportError) {
        var err: Int32 = 0
        guard cg_fchmod(rawValue, mode, &err) == 0 else { throw .system(operation: .chmod, errno: err) }
    }

    /// Closes now and reports a failure (a deferred write error), instead of the silent close of deinit.
    consuming func close() throws(ImportError) {
        let raw = rawValue
        discard self
        var err: Int32 = 0
        guard cg_close_checked(raw, &err) == 0 else { throw .system(operation: .close, errno: err) }
    }

    deinit { if owned { _ = cg_close(rawValue) } }
}

/// The name the import code knows the descriptor by.
typealias _FileDescriptor = FileDescriptor

/// Renames and then fsyncs the directory, so the rename itself survives a crash.
@usableFromInline
func _rename(_ from: String, _ to: String) throws(ImportError) {
    var err: Int32 = 0
    let r = from.withCString { f in to.withCString { t in cg_rename(f, t, &err) } }
    guard r == 0 else { throw .system(operation: .rename, errno: err) }
    to.withCString { cg_fsync_parent_directory($0) }
}

@usableFromInline
func _unlink(_ path: String) { _ = path.withCString { cg_unlink($0) } }

@usableFromInline
func _processID() -> Int32 { cg_getpid() }

/// Runs `body(context)` on a new thread; `join` waits for it.
@usableFromInline
struct _Thread {
    var handle: pthread_t = 0
    var started = false

    init() {}

    mutating func start(_ body: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?,
                        _ context: UnsafeMutableRawPointer) -> Bool {
        started = cg_thread_start(&handle, body, context) == 0
        return started
    }

    mutating func join() {
        if started { _ = cg_thread_join(handle); started = false }
    }
}

/// A mutex with two condition variables, for threads that must sleep until another one changes
/// state they share (the import's chunk pipeline). A handle: copies share one monitor; `free` once.
@usableFromInline
struct _Monitor {
    /// Who sleeps on a condition: decoding threads wait for `work`, the main thread for `results`.
    enum Condition: Int32 { case work = 0, results = 1 }

    let raw: UnsafeMutablePointer<cg_monitor>

    init() {
        raw = .allocate(capacity: 1)
        cg_monitor_init(raw)
    }

    func free() {
        cg_monitor_destroy(raw)
        raw.deallocate()
    }

    func lock() { cg_monitor_lock(raw) }
    func unlock() { cg_monitor_unlock(raw) }
    /// Sleeps until `condition` is signalled (or spuriously); the caller holds the lock and re-checks.
    func wait(_ condition: Condition) { cg_monitor_wait(raw, condition.rawValue) }
    /// Wakes one thread sleeping on `condition`.
    func signal(_ condition: Condition) { cg_monitor_signal(raw, condition.rawValue) }
    /// Wakes every thread sleeping on `condition`.
    func broadcast(_ condition: Condition) { cg_monitor_broadcast(raw, condition.rawValue) }
}

@usableFromInline
func _text(_ s: StaticString) -> String {
    String(decoding: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount), as: UTF8.self)
}

/// The value of the environment variable `name`, or nil when it is not set.
@usableFromInline
func _environment(_ name: String) -> String? {
    guard let p = name.withCString({ cg_getenv($0) }) else { return nil }
    return String(cString: p)
}

/// The target of the symbolic link at `path` as written in the link (maybe relative), or nil
/// when `path` is not a link.
@usableFromInline
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
@usableFromInline
func _readSmallFile(_ path: String, limit: Int) -> [UInt8]? {
    do throws(ImportError) {
        let fd = try _FileDescriptor.openForReading(path)
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
