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

/// A file descriptor owned by exactly one value; closed on deinit.
@usableFromInline
struct _FileDescriptor: ~Copyable {
    @usableFromInline let raw: Int32

    init(raw: Int32) { self.raw = raw }

    static func openForReading(_ path: String) throws(ImportError) -> _FileDescriptor {
        var err: Int32 = 0
        let fd = path.withCString { cg_open_read($0, &err) }
        guard fd >= 0 else { throw .system(operation: .open, errno: err) }
        return _FileDescriptor(raw: fd)
    }

    static func createExclusive(_ path: String) throws(ImportError) -> _FileDescriptor {
        var err: Int32 = 0
        let fd = path.withCString { cg_open_create_exclusive($0, &err) }
        guard fd >= 0 else { throw .system(operation: .open, errno: err) }
        return _FileDescriptor(raw: fd)
    }

    /// Size of a regular file; nil for a pipe or device.
    func size() throws(ImportError) -> Int64? {
        var err: Int32 = 0
        let n = cg_file_size(raw, &err)
        if n == -2 { return nil }
        guard n >= 0 else { throw .system(operation: .stat, errno: err) }
        return n
    }

    /// Reads up to `count` bytes into `buffer`; 0 at end of file.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(ImportError) -> Int {
        var err: Int32 = 0
        let n = cg_read(raw, buffer, Int64(count), &err)
        guard n >= 0 else { throw .system(operation: .read, errno: err) }
        return Int(n)
    }

    func writeAll(_ buffer: UnsafeRawBufferPointer) throws(ImportError) {
        guard buffer.count > 0 else { return }
        var err: Int32 = 0
        guard cg_write_all(raw, buffer.baseAddress!, Int64(buffer.count), &err) == 0 else {
            throw .system(operation: .write, errno: err)
        }
    }

    func sync() throws(ImportError) {
        var err: Int32 = 0
        guard cg_fsync(raw, &err) == 0 else { throw .system(operation: .fsync, errno: err) }
    }

    deinit { _ = cg_close(raw) }
}

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

@usableFromInline
func _text(_ s: StaticString) -> String {
    String(decoding: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount), as: UTF8.self)
}
