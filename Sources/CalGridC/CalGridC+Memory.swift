// Out of memory as a status (docs/reliability.md, "Allocation contract"). Swift traps when an
// allocation fails, and so would every C caller with it; so each call that allocates asks the
// allocator first, once, for an upper bound of what it will allocate (the core's
// `readAllocationBound` / `changeAllocationBound`, or the input's size times what decoding needs),
// frees the block at once, and only then starts: a call that cannot have its bound returns
// CALGRID_ENOMEM with nothing changed, and one that can finds the room it just proved free. Nothing
// before the ask allocates (C strings are measured with strlen, not made into Strings).
// Buffers the library hands out (calgrid_todo_set_export_buffer) come from malloc itself.
// This file is in every build of the C layer, the embedded library's too (no libc headers there):
// the ask goes through Embedded Swift's own allocator entry (posix_memalign beneath, nil when it
// fails) where that is the runtime, through malloc elsewhere.
import CalGrid
import CCalGrid
#if !hasFeature(Embedded)
import CSystem   // malloc, free
#endif

extension CStatus {
    static let noMemory = CStatus(CALGRID_ENOMEM)
}

/// ENOMEM unless the allocator can give `bytes` at once now (the block is freed before returning).
/// Not optimized: LLVM removes a malloc whose block nothing uses, with its free, and the ask with
/// them (a global to keep the block in would be a data race between reading threads).
@inline(never) @_optimize(none)
func _reserve(_ bytes: Int) throws(CStatus) {
    let n = bytes < 0 ? Int.max : bytes
    #if hasFeature(Embedded)
    guard let p = swift_slowAlloc(n, -1) else { throw .noMemory }
    swift_slowDealloc(p, n, -1)
    #else
    guard let p = malloc(n) else { throw .noMemory }
    free(p)
    #endif
}

// Reads reserve `readAllocationBound(days:dayTableOf:)` or `countAllocationBound()` of the set in
// place (`UnsafePointer<TodoSet>`'s reads, TodoSet+InPlaceReads.swift: no owned copy of the struct).

/// The bytes of a C string, or 0 for NULL (no String is made).
@inline(__always)
func _cLength(_ p: UnsafePointer<CChar>?) -> Int {
    guard let p else { return 0 }
    var n = 0
    while p[n] != 0 { n += 1 }
    return n
}

/// What a caller's todos hold, measured without translating them: their text bytes (id, title, memo,
/// tags), per-day flags and the days they span. Counts and pointers are read as `_draft` reads them;
/// a todo `_draft` will reject contributes what it can (its rejection allocates only its message).
func _measure(_ p: UnsafeRawPointer, count: Int, stride: Int) -> (text: Int, flags: Int, days: ClosedRange<CivilDate>?) {
    var text = 0, flags = 0
    var lo = CivilDate.maxDayNumber, hi = CivilDate.minDayNumber
    for k in 0..<count {
        // As the caller's header knew it (`stride` bytes, at least CALGRID_TODO_SIZE_V1): never
        // read past its struct.
        let t = _todoStruct(p + k * stride, size: stride)
        text = _add(text, _add(_cLength(t.id), _add(_cLength(t.title), _add(_cLength(t.memo), 16))))
        text = _add(text, _ruleBytes(t))
        // Times and a location go into the side table: its entry, the location twice (the draft's
        // string and the table's arena) and the table's growth by doubling.
        if t.has_times != 0 || t.location != nil { text = _add(text, _add(_mul(_cLength(t.location), 3), 64)) }
        // A time zone's name as read, its entry in the set's zone table and zoned rows (its rules
        // are reserved where they are read, `_namedZone`).
        if t.time_zone != nil { text = _add(text, _add(_mul(_cLength(t.time_zone), 3), 256)) }
        if t.completed_days != nil, t.completed_day_count >= 0, t.completed_day_count <= _maxCompletedDayCount {
            flags = _add(flags, t.completed_day_count)   // a larger count is refused before it is read
        }
        if let list = t.tags, t.tag_count > 0, t.tag_count <= 1 << 20 {
            for j in 0..<t.tag_count { text = _add(text, _add(_cLength(list[j]), 24)) }
        }
        if t.start >= CivilDate.minDayNumber && t.start <= CivilDate.maxDayNumber { lo = Swift.min(lo, t.start); hi = Swift.max(hi, t.start) }
        if t.end >= CivilDate.minDayNumber && t.end <= CivilDate.maxDayNumber { lo = Swift.min(lo, t.end); hi = Swift.max(hi, t.end) }
    }
    let days = lo <= hi ? CivilDate(_unchecked: lo)...CivilDate(_unchecked: hi) : nil
    return (text, flags, days)
}

/// `_reserve` for adding `count` todos at `p` (`stride` bytes apart) to `set`, or replacing row
/// `row` with the one there. The set's own bound (`changeAllocationBound(…, row:)`): what the
/// change adds and what outgrows its capacity when no copy shares its storage, else every
/// structure regrowing (`inout`: it asks whether the storage is shared, without a copy that would
/// share it).
func _reserveChange(_ set: inout TodoSet, todos p: UnsafeRawPointer, count: Int, stride: Int, row: Int?) throws(CStatus) {
    let m = _measure(p, count: count, stride: stride)
    try _reserve(_add(set.changeAllocationBound(todos: count, textBytes: m.text, flagCount: m.flags, days: m.days, row: row),
                      _mul(count, MemoryLayout<TodoDraft>.stride * 2)))
}

/// `_reserve` for a change of one existing todo: a removal or an `isCompleted` change of `row`
/// (its days), a tick on `day` (no row: a tick rewrites no row's days) of an occurrence that
/// covers `occurrenceDays` days from it.
@inline(__always)
func _reserveChange(_ set: inout TodoSet, row: Int?, day: CivilDate? = nil, occurrenceDays: Int32 = 1, flagCount: Int = 0) throws(CStatus) {
    let days = day.map { d in
        d...CivilDate(_unchecked: Int32(truncatingIfNeeded: Swift.min(Int(d.dayNumber) + Int(occurrenceDays) - 1, Int(CivilDate.maxDayNumber))))
    }
    try _reserve(set.changeAllocationBound(todos: 0, textBytes: 0, flagCount: flagCount, days: days, row: row))
}

/// `_reserveChange` for one caller todo (add: `row` nil; update of `row`), after its NULL check:
/// a todo whose struct_size is too small is measured by `_draft`, which rejects it.
func _reserveChange(_ set: inout TodoSet, todo: UnsafePointer<calgrid_todo>, row: Int?, err: UnsafeMutablePointer<calgrid_error>?)
    throws(CStatus) {
    let size = todo.pointee.struct_size
    guard _isTodoSize(size) else { return }
    do throws(CStatus) { try _reserveChange(&set, todos: UnsafeRawPointer(todo), count: 1, stride: size, row: row) }
    catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
}

/// `_reserve` for a zone made from `bytes` bytes of TZif data or POSIX text: the bytes as read,
/// the transitions and types decoded from them (at most 16 bytes for each input byte), the name.
func _reserveZone(bytes: Int, err: UnsafeMutablePointer<calgrid_error>?) throws(CStatus) {
    do throws(CStatus) { try _reserve(_add(_mul(bytes, 16), TodoSet.constantAllocationBytes)) }
    catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
}

/// `_reserve` for a recurrence made from `length` bytes of rule text and `dates` RDATEs and
/// EXDATEs: the lists as read, sorted and kept (4 bytes a day each, twice over for the sort), the
/// parse (its masks are fixed-size; twice the text for what it copies), an error sentence.
func _reserveRecurrence(length: Int, dates: Int, err: UnsafeMutablePointer<calgrid_error>?) throws(CStatus) {
    let lists = _mul(Swift.max(dates, 0), 4 * MemoryLayout<CivilDate>.stride)
    do throws(CStatus) { try _reserve(_add(_add(TodoSet.constantAllocationBytes, _mul(length, 2)), lists)) }
    catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
}

/// What a rule's canonical text allocates: the String growing by doubling to at most the longest
/// canonical text (every BY part full: about 12.5 KB).
let _recurrenceTextBound = 2 * TodoSet.constantAllocationBytes
