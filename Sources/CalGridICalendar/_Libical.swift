// libical's shared state, and the one lock CalGrid takes around it. libical 3.0.16 is not safe to
// call from two threads at once, even on separate inputs: its built-in zone table is built on first
// use without a lock (icaltimezone_get_utc_timezone, which parsing a `Z` value and every zone
// conversion call, and icaltimezone_get_builtin_timezone, race on a cold cache), every new
// component or property bumps an unguarded global counter (pvl_newlist), and
// icalparser_parse_string saves and restores the global error states. valgrind's helgrind reports
// all three between two threads parsing (ThreadSanitizer sees none of it: Debian's libical is not
// instrumented). So every libical call CalGrid makes that creates components, properties or
// parameters (the parse, a component added to another), and every export and patch, is under one
// recursive process-wide mutex, with the UTC zone warmed under it before the first; an import lets
// it go while it reads and frees the components it parsed itself (`_ICalImport.flush`: no global
// state, helgrind's confined run). Two threads importing iCalendar at once take turns in libical's
// parse; their decoding and everything else runs in parallel. CalGrid never calls libical's global setters (zone directory, TZID prefix,
// errors-are-fatal), and asks it for no built-in zone by name: a TZID without a VTIMEZONE is read
// through tzdata (TimeZoneRules).
import CLibical

enum _Libical {
    /// The process's libical mutex, made once (a Swift global is initialised once, thread-safely;
    /// the pointer never changes after, and the mutex is what guards).
    nonisolated(unsafe) static let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        cg_ical_mutex_init(m)
        return m
    }()

    /// libical's UTC zone, first asked for under the mutex (which builds its built-in zone table);
    /// libical only reads it after.
    nonisolated(unsafe) static let utc: OpaquePointer = {
        cg_ical_mutex_lock(mutex)
        defer { cg_ical_mutex_unlock(mutex) }
        return icaltimezone_get_utc_timezone()
    }()

    /// Takes the mutex (recursive: a patch imports under it), with the zone table built.
    static func lock() {
        _ = utc
        cg_ical_mutex_lock(mutex)
    }

    static func unlock() { cg_ical_mutex_unlock(mutex) }

    /// `body` under the mutex.
    static func locked<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
