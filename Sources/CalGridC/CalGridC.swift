// The C-callable API (Include/calgrid.h): @c functions that translate types and errors, nothing else.
// Each is `@c(name) @implementation` of its prototype in the header, so the compiler rejects a Swift
// signature that differs from the header's instead of letting it corrupt a C caller's stack.
//
// Every entry point validates what C can get wrong (NULL pointers, enum values outside their cases,
// numbers outside their ranges, sizes that do not fit an Int) before the core sees it, so that no
// Swift precondition can trap in a C caller. Internally a failure is a `CStatus` thrown with typed
// throws; `_boundary` turns it into the negative status the header documents.
// The whole layer compiles as Embedded Swift too (libcalgrid.a): no existentials, no Foundation.
import CalGrid
import CCalGrid

/// A header status code on its way out through typed throws.
struct CStatus: Error {
    let code: Int32
    init(_ s: calgrid_status) { code = s.rawValue }

    static let invalid = CStatus(CALGRID_EINVAL)
    static let range = CStatus(CALGRID_ERANGE)
    static let noSpace = CStatus(CALGRID_ENOSPC)
    static let parse = CStatus(CALGRID_EPARSE)
}

/// Runs `body` and returns CALGRID_OK, or the status it threw.
@inline(__always)
func _boundary(_ body: () throws(CStatus) -> Void) -> Int32 {
    do { try body(); return CALGRID_OK.rawValue } catch { return error.code }
}

/// The boundary of a call whose result goes to its first parameter: EINVAL for a NULL `out`, else
/// `*out` = what `body` returns (nothing is written when it throws).
@inline(__always)
func _output<T>(_ out: UnsafeMutablePointer<T>?, _ body: () throws(CStatus) -> T) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        out.pointee = try body()
    }
}

/// What `body` returns, or the header's status for its date failure.
@inline(__always)
func _translating<T>(_ body: () throws(DateError) -> T) throws(CStatus) -> T {
    do throws(DateError) { return try body() } catch { throw error._status }
}

/// The pointer, or EINVAL for NULL.
@inline(__always)
func _required<T>(_ p: UnsafeMutablePointer<T>?) throws(CStatus) -> UnsafeMutablePointer<T> {
    guard let p else { throw .invalid }
    return p
}

@inline(__always)
func _required<T>(_ p: UnsafePointer<T>?) throws(CStatus) -> UnsafePointer<T> {
    guard let p else { throw .invalid }
    return p
}

extension DateError {
    /// The header's status for this kind of date failure.
    var _status: CStatus {
        switch self {
        case .malformedDate: return .parse
        case .invertedRange, .invalidWeekday: return .invalid
        default: return .range
        }
    }
}

/// Validates a day number coming from C.
@inline(__always)
func _date(_ d: calgrid_date) throws(CStatus) -> CivilDate {
    guard d >= CivilDate.minDayNumber, d <= CivilDate.maxDayNumber else { throw .range }
    return CivilDate(_unchecked: d)
}

/// An optional date: CALGRID_DATE_NONE is nil, anything else must be a valid day.
@inline(__always)
func _optionalDate(_ d: calgrid_date) throws(CStatus) -> CivilDate? {
    d == _noDate ? nil : try _date(d)
}

@inline(__always)
func _weekday(_ w: calgrid_weekday) throws(CStatus) -> Weekday { try _case(w.rawValue) }

@inline(__always)
func _cWeekday(_ w: Weekday) -> calgrid_weekday { calgrid_weekday(rawValue: UInt32(w.rawValue)) }

/// A C `size_t` (imported as Int) as a length in bytes: `_capacity` of bytes.
@inline(__always)
func _length(_ n: Int) throws(CStatus) -> Int { try _capacity(n, of: UInt8.self) }

/// Reads the `struct_size` that starts every option struct: at least the size this library knows.
@inline(__always)
func _checkStructSize(_ size: Int, known: Int) throws(CStatus) {
    guard size >= known else { throw .invalid }
}

/// A `struct_size` of an output struct that grew: an older header's (`older`, whose caller gets
/// the members it knows) or at least this one's.
func _checkVersionedSize(_ size: Int, older: Int, known: Int) throws(CStatus) {
    guard size == older || size >= known else { throw .invalid }
}

/// Writes `value` into the caller's struct as far as its `size` reaches (an older header's struct
/// is shorter: the members it lacks are not written).
func _store<T>(_ value: T, into out: UnsafeMutablePointer<T>, size: Int) {
    var v = value
    withUnsafeBytes(of: &v) { b in
        UnsafeMutableRawPointer(out).copyMemory(from: b.baseAddress!, byteCount: Swift.min(size, MemoryLayout<T>.size))
    }
}

/// `CALGRID_TODO_INFO_SIZE_V1` and `CALGRID_TODO_STATISTICS_SIZE_V1`: the structs before events.
let _todoInfoSizeV1 = MemoryLayout<calgrid_todo_info>.offset(of: \.is_event)!
/// `CALGRID_TODO_INFO_SIZE_V2`: the header before `occurrence_days`.
let _todoInfoSizeV2 = MemoryLayout<calgrid_todo_info>.offset(of: \.is_event)! + MemoryLayout<Int32>.size
/// `CALGRID_TODO_INFO_SIZE_V3`: the header before `has_times`.
let _todoInfoSizeV3 = MemoryLayout<calgrid_todo_info>.offset(of: \.occurrence_days)! + MemoryLayout<Int32>.size
let _statisticsSizeV1 = MemoryLayout<calgrid_todo_statistics>.offset(of: \.events)!
