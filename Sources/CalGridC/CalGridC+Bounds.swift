// The header's sentinels and limits by name, so no translation compares against a bare number.
import CCalGrid

/// `CALGRID_DATE_NONE`: "no date" where a date is optional.
let _noDate: calgrid_date = Int32.min   // INT32_MIN macros do not import into Swift
/// `CALGRID_TIMESTAMP_NONE`: `calgrid_todo.created_at` unknown.
let _noCreatedAt: Int64 = Int64.min
/// `CALGRID_REMINDER_NONE`: `calgrid_todo.reminder_minutes` when there is no reminder.
let _noReminder: Int32 = CALGRID_REMINDER_NONE
/// `CALGRID_GRID_MAX_CELLS`: the cells a `calgrid_month_grid` (or a selection array) has room for.
var _maxGridCells: Int { Int(CALGRID_GRID_MAX_CELLS) }
/// The rows of such a grid: `calgrid_month_grid_week_numbers` writes `out[6]`.
var _maxGridRows: Int { _maxGridCells / 7 }

/// What a caller's todo count reserves up front: a count larger than the caller's array (found
/// only while reading it) must not reach the allocator.
let _maxReservedTodos = 1 << 16

/// A caller's capacity, length or count of `T`s (a C `size_t`, imported as Int) as an Int, or EINVAL
/// when no buffer can be that large: its bytes would exceed PTRDIFF_MAX (size_t values beyond
/// Int.max arrive negative). Every size_t that says how much room or input the caller has goes
/// through here, so every call treats an out-of-range one alike (the header's "Sizes" rule).
@inline(__always)
func _capacity<T>(_ n: Int, of _: T.Type) throws(CStatus) -> Int {
    guard n >= 0, n <= Int.max / MemoryLayout<T>.stride else { throw .invalid }
    return n
}

/// A C boolean (`int`, or a `uint8_t` flag) as a Bool: 0 or 1, nil for any other value.
@inline(__always)
func _bool<I: BinaryInteger>(_ v: I) -> Bool? { v == 0 ? false : v == 1 ? true : nil }

/// A C boolean argument or option as a Bool, or EINVAL when it is neither 0 nor 1.
@inline(__always)
func _flag(_ v: Int32) throws(CStatus) -> Bool {
    guard let b = _bool(v) else { throw .invalid }
    return b
}

/// A C enum value as the core enum with the same raw values, or EINVAL. The core's
/// `init(rawValue:)` is the bound: a case added there needs no number changed here.
@inline(__always)
func _case<E: RawRepresentable>(_ raw: UInt32) throws(CStatus) -> E where E.RawValue == UInt8 {
    guard let small = UInt8(exactly: raw), let v = E(rawValue: small) else { throw .invalid }
    return v
}
