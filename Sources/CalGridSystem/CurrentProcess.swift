// The running process: its environment, clocks, resources, random bytes and exit. One `cg_` call each.
import CSystem

/// What the running process asks of the system outside files.
public enum CurrentProcess {
    /// The value of the environment variable `name`, or nil when it is not set.
    /// - Complexity: O(environment size)
    public static func environment(_ name: String) -> String? {
        guard let p = name.withCString({ cg_getenv($0) }) else { return nil }
        return String(cString: p)
    }

    /// The process id.
    /// - Complexity: O(1)
    public static var id: Int32 { cg_getpid() }

    /// Seconds since 1970-01-01T00:00:00Z (the wall clock).
    /// - Complexity: O(1)
    public static func secondsSince1970() -> Int64 { cg_time_now() }

    /// Monotonic seconds since an arbitrary start, for measuring how long something took.
    /// - Complexity: O(1)
    public static func monotonicSeconds() -> Double { Double(cg_monotonic_nanoseconds()) / 1e9 }

    /// The process's peak resident set size in KiB (getrusage's ru_maxrss); 0 when unknown.
    /// - Complexity: O(1)
    public static func peakResidentKiB() -> Int { Int(cg_peak_resident_kib()) }

    /// `count` bytes from the kernel's random source (/dev/urandom: never blocks once the system
    /// has booted).
    /// - Complexity: O(count)
    public static func randomBytes(_ count: Int) throws(Errno) -> [UInt8] {
        let path = "/dev/urandom"
        var bytes = [UInt8](repeating: 0, count: count)
        let fd = try FileDescriptor.openForReading(path)
        let r: Result<Void, Errno> = bytes.withUnsafeMutableBytes { b in
            do throws(Errno) { try fd.readExactly(into: b); return .success(()) } catch { return .failure(error) }
        }
        do throws(Errno) { try r.get() } catch {
            var e = error
            e.path = path
            throw e
        }
        return bytes
    }

    /// Gives every large allocation (128 KiB and more) its own mapping, returned to the kernel when
    /// freed, instead of glibc's default that keeps freed blocks of up to 32 MiB as resident heap:
    /// a set that grows by reallocating its columns then holds no dead copies. For a process's
    /// start, before its large allocations; a no-op outside glibc.
    /// - Complexity: O(1)
    public static func mapLargeBlocks() { cg_map_large_blocks() }

    /// Ends the process with `code` (C `exit`: buffered C streams are flushed).
    /// - Complexity: O(1)
    public static func exit(_ code: Int32) -> Never { cg_exit(code) }
}

func _processID() -> Int32 { cg_getpid() }
