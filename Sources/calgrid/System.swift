// Every libc call the command makes goes through this file (swift-system style): the rest of the
// command sees Swift types and `CLIError`s only. Glibc, never Foundation: start-up time is a feature.
import CalGridJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor the command writes to.
enum Stream: Int32 {
    case standardOutput = 1
    case standardError = 2

    /// True when the stream is a terminal (decides `--color auto` and the import progress bar).
    var isTerminal: Bool { isatty(rawValue) == 1 }
}

enum System {
    /// Writes all of `bytes`, retrying short writes; gives up quietly on a closed pipe.
    static func write(_ bytes: UnsafeRawBufferPointer, to stream: Stream) {
        let fd = stream == .standardOutput ? FileDescriptor.standardOutput : FileDescriptor.standardError
        try? fd.writeAll(bytes)
    }

    static func environment(_ name: String) -> String? {
        guard let p = getenv(name) else { return nil }
        return String(cString: p)
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    static func now() -> Int64 { Int64(time(nil)) }

    /// Monotonic seconds, for deciding when a progress bar is worth showing.
    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The whole content of a file, or of standard input for "-".
    static func readAll(path: String) throws(CLIError) -> [UInt8] {
        let name = path == "-" ? "<stdin>" : path
        do throws(ImportError) {
            let fd = path == "-" ? FileDescriptor.standardInput : try FileDescriptor.openForReading(path)
            _ = try fd.size()  // a directory fails here (EISDIR) rather than at the first read
            return try fd.readAll()
        } catch {
            throw .data("\(name): \(error.message)")
        }
    }

    /// Replaces `path` with `bytes` through the library's atomic writer (or writes them to standard
    /// output for "-"): a failed write leaves the old file as it was.
    static func writeFile(path: String, bytes: [UInt8]) throws(CLIError) {
        if path == "-" {
            bytes.withUnsafeBytes { write($0, to: .standardOutput) }
            return
        }
        do { try AtomicFile.replace(path, with: bytes) } catch { throw .data("\(path): \(error.message)") }
    }

    /// The process's peak resident set size in KiB (getrusage's ru_maxrss).
    static func peakResidentKiB() -> Int {
        var u = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &u) == 0 else { return 0 }
        return Int(u.ru_maxrss)
    }

    /// True when `path` names something (a file, a directory, …); false when it does not exist.
    static func exists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0
    }

    /// Creates `directory` and its missing parents, each with mode 0700 (the XDG base directory
    /// rule for data directories); an existing directory is fine.
    static func makeDirectories(_ directory: String) throws(CLIError) {
        guard !directory.isEmpty, !exists(directory) else { return }
        if let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            try makeDirectories(String(directory[..<slash]))
        }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST { throw .data("\(directory): \(errnoMessage())") }
    }

    /// An exclusive `flock` on `path` (created if missing), held until `unlock` closes it. Blocks
    /// while another process holds it; the kernel drops it if the process dies.
    static func lock(_ path: String) throws(CLIError) -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0 { throw .data("\(path): \(errnoMessage())") }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let message = errnoMessage()
            close(fd)
            throw .data("\(path): cannot lock: \(message)")
        }
        return fd
    }

    static func unlock(_ fd: Int32) { close(fd) }

    /// `count` bytes from the kernel's random source (/dev/urandom: never blocks once the system
    /// has booted), read through CalGridJSON's file descriptor.
    static func randomBytes(_ count: Int) throws(CLIError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        do throws(ImportError) {
            let fd = try FileDescriptor.openForReading("/dev/urandom")
            var filled = 0
            while filled < count {
                let r: Result<Int, ImportError> = bytes.withUnsafeMutableBytes { b in
                    do throws(ImportError) { return .success(try fd.read(into: b.baseAddress! + filled, count: count - filled)) }
                    catch { return .failure(error) }
                }
                let n = try r.get()
                if n == 0 { throw .system(operation: .read, errno: 0) }
                filled += n
            }
        } catch {
            throw .data("/dev/urandom: \(error.message)")
        }
        return bytes
    }

    static func errnoMessage() -> String { String(cString: strerror(errno)) }

    static func exit(_ code: Int32) -> Never { Glibc.exit(code) }
}
