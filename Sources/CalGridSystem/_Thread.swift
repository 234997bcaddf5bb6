// Threads, the monitor the import pipeline sleeps on, the C locale and byte scans: the pieces of
// libc the JSON layer's parallel import needs, for modules of this package only.
import CSystem

/// Runs `body(context)` on a new thread; `join` waits for it.
package struct _Thread {
    var handle: pthread_t = 0
    var started = false

    package init() {}

    /// Starts the thread; false when the system refused (then `join` does nothing).
    package mutating func start(_ body: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?,
                                _ context: UnsafeMutableRawPointer) -> Bool {
        started = cg_thread_start(&handle, body, context) == 0
        return started
    }

    package mutating func join() {
        if started { _ = cg_thread_join(handle); started = false }
    }

    /// The processors online (sysconf), at least 1.
    package static var onlineProcessors: Int { Swift.max(1, Int(cg_online_cpus())) }
}

/// A mutex with two condition variables, for threads that must sleep until another one changes
/// state they share (the import's chunk pipeline). A handle: copies share one monitor; `free` once.
package struct _Monitor {
    /// Who sleeps on a condition: decoding threads wait for `work`, the main thread for `results`.
    package enum Condition: Int32 { case work = 0, results = 1 }

    let raw: UnsafeMutablePointer<cg_monitor>

    package init() {
        raw = .allocate(capacity: 1)
        cg_monitor_init(raw)
    }

    package func free() {
        cg_monitor_destroy(raw)
        raw.deallocate()
    }

    package func lock() { cg_monitor_lock(raw) }
    package func unlock() { cg_monitor_unlock(raw) }
    /// Sleeps until `condition` is signalled (or spuriously); the caller holds the lock and re-checks.
    package func wait(_ condition: Condition) { cg_monitor_wait(raw, condition.rawValue) }
    /// Wakes one thread sleeping on `condition`.
    package func signal(_ condition: Condition) { cg_monitor_signal(raw, condition.rawValue) }
    /// Wakes every thread sleeping on `condition`.
    package func broadcast(_ condition: Condition) { cg_monitor_broadcast(raw, condition.rawValue) }
}

/// The calling thread switched to glibc's static "C" locale until `restore()` (see
/// cg_use_c_locale: json-c's number parsing then neither allocates nor takes glibc's locale lock).
package struct _CLocale {
    let previous: UnsafeMutableRawPointer?

    package init() { previous = cg_use_c_locale() }

    package func restore() { cg_restore_locale(previous) }
}

/// The first `byte` in `p[0..<count]`, or nil (memchr).
@inlinable
package func _firstByte(_ byte: UInt8, in p: UnsafePointer<UInt8>, count: Int) -> UnsafePointer<UInt8>? {
    cg_memchr(p, byte, Int64(count))
}

/// Copies `count` bytes from `from` to `to`; the ranges may overlap (memmove).
@inlinable
package func _moveBytes(_ to: UnsafeMutableRawPointer, _ from: UnsafeRawPointer, count: Int) {
    cg_memmove(to, from, Int64(count))
}
