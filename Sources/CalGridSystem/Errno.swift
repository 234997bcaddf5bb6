// A failed system call as a value (swift-system's Errno, reduced to what CalGrid reports): the C
// error number, the call that failed and the path it concerned. The C text comes from strerror
// when a message is made, so a value stays small and comparable.
import CSystem

/// A system call that failed: its `errno`, which call it was and the file it concerned.
///
/// `message` is the one sentence every layer shows (`open failed: No such file or directory
/// (errno 2)`); a layer that names the file puts `path` in front of it.
public struct Errno: Error, Hashable, Sendable {
    /// The C library call that failed.
    public enum Operation: Int32, Hashable, Sendable {
        case open = 1, stat, read, write, fsync, rename, close, threadStart, chmod, lock, mkdir, unlink, openDirectory, readDirectory

        /// The C function's name, as a message names it.
        /// - Complexity: O(1)
        public var functionName: String {
            switch self {
            case .open: "open"
            case .stat: "stat"
            case .read: "read"
            case .write: "write"
            case .fsync: "fsync"
            case .rename: "rename"
            case .close: "close"
            case .threadStart: "pthread_create"
            case .chmod: "chmod"
            case .lock: "flock"
            case .mkdir: "mkdir"
            case .unlink: "unlink"
            case .openDirectory: "opendir"
            case .readDirectory: "readdir"
            }
        }
    }

    // The path first: a String leads, so an enum carrying an Errno (ImportError.system) finds its
    // case tag in spare bits of fields every case initializes, not in this struct's padding
    // (valgrind reports a branch on that padding as a use of uninitialised memory).
    /// The file or directory it concerned; empty when none (a thread start).
    public var path: String
    /// The C error number (`ENOENT`, `EACCES`, …); 0 when the call failed without setting one
    /// (a read that ended early).
    public var code: Int32
    /// The call that failed.
    public var operation: Operation

    /// The error `operation` on `path` got with `code`.
    /// - Complexity: O(1)
    public init(_ operation: Operation, code: Int32, path: String = "") {
        self.code = code
        self.operation = operation
        self.path = path
    }

    /// True for ENOMEM: the system ran out of memory (the C API's CALGRID_ENOMEM).
    /// - Complexity: O(1)
    public var isOutOfMemory: Bool { code == ENOMEM }

    /// True for ENOENT: nothing is there (a file another program removed meanwhile).
    /// - Complexity: O(1)
    public var isNotFound: Bool { code == ENOENT }

    /// The C library's sentence for `code` (strerror), such as `No such file or directory`.
    /// - Complexity: O(1)
    public var sentence: String { _errnoText(code) }

    /// One line for a user: `open failed: No such file or directory (errno 2)`. Without the path,
    /// which the caller puts where its own message wants it.
    /// - Complexity: O(1)
    public var message: String { operation.functionName + " failed: " + sentence + " (errno \(code))" }
}

/// strerror's text for `code`, copied (strerror's buffer may change under another thread).
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
