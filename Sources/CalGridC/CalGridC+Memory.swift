// Out of memory as a status (docs/reliability.md, "Allocation contract"). Swift traps when an
// allocation fails, and so would every C caller with it; so each call that allocates asks the
// allocator first, once, for an upper bound of what it will allocate (the core's
// `readAllocationBound` / `changeAllocationBound`, or the input's size times what decoding needs),
// frees the block at once, and only then starts: a call that cannot have its bound returns
// CALGRID_ENOMEM with nothing changed, and one that can finds the room it just proved free. Nothing
// before the ask allocates (C strings are measured with strlen, not made into Strings).
// Buffers the library hands out (calgrid_todo_set_export_buffer) come from malloc itself.
import CalGrid
import CCalGrid
import CJSONC   // malloc, free

extension CStatus {
    static let noMemory = CStatus(CALGRID_ENOMEM)
}

/// ENOMEM unless the allocator can give `bytes` at once now (the block is freed before returning).
/// Not optimized: LLVM removes a malloc whose block nothing uses, with its free, and the ask with
/// them (a global to keep the block in would be a data race between reading threads).
@inline(never) @_optimize(none)
func _reserve(_ bytes: Int) throws(CStatus) {
    guard let p = malloc(bytes < 0 ? Int.max : bytes) else { throw .noMemory }
    free(p)
}

/// `_reserve` for a read of `set`: its query or sort, and the indexes it builds.
@inline(__always)
func _reserveRead(_ set: TodoSet, days: Int = 0) throws(CStatus) {
    try _reserve(set.readAllocationBound(days: days))
}

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
        let t = (p + k * stride).load(as: calgrid_todo.self)
        text = _add(text, _add(_cLength(t.id), _add(_cLength(t.title), _add(_cLength(t.memo), 16))))
        if t.completed_days != nil, t.completed_day_count >= 0 { flags = _add(flags, t.completed_day_count) }
        if let list = t.tags, t.tag_count > 0, t.tag_count <= 1 << 20 {
            for j in 0..<t.tag_count { text = _add(text, _add(_cLength(list[j]), 24)) }
        }
        if t.start >= CivilDate.minDayNumber && t.start <= CivilDate.maxDayNumber { lo = Swift.min(lo, t.start); hi = Swift.max(hi, t.start) }
        if t.end >= CivilDate.minDayNumber && t.end <= CivilDate.maxDayNumber { lo = Swift.min(lo, t.end); hi = Swift.max(hi, t.end) }
    }
    let days = lo <= hi ? CivilDate(_unchecked: lo)...CivilDate(_unchecked: hi) : nil
    return (text, flags, days)
}

/// `_reserve` for adding or replacing `count` todos at `p` (`stride` bytes apart) in `set`.
func _reserveChange(_ set: TodoSet, todos p: UnsafeRawPointer, count: Int, stride: Int) throws(CStatus) {
    let m = _measure(p, count: count, stride: stride)
    try _reserve(_add(set.changeAllocationBound(todos: count, textBytes: m.text, flagCount: m.flags, days: m.days),
                      _mul(count, MemoryLayout<TodoDraft>.stride * 2)))
}

/// `_reserve` for a change of one existing todo (a removal, a tick on `day`).
@inline(__always)
func _reserveChange(_ set: TodoSet, day: CivilDate? = nil) throws(CStatus) {
    try _reserve(set.changeAllocationBound(todos: 0, textBytes: 0, flagCount: 0, days: day.map { $0...$0 }))
}

/// a + b and a × b saturating at Int.max, for bounds (both non-negative).
@inline(__always)
func _add(_ a: Int, _ b: Int) -> Int {
    let (r, o) = a.addingReportingOverflow(b)
    return o ? Int.max : r
}

@inline(__always)
func _mul(_ a: Int, _ b: Int) -> Int {
    let (r, o) = a.multipliedReportingOverflow(by: b)
    return o ? Int.max : r
}

/// `_reserveChange` for one caller todo (add, update), after its NULL check: a todo whose
/// struct_size is too small is measured by `_draft`, which rejects it.
func _reserveChange(_ set: TodoSet, todo: UnsafePointer<calgrid_todo>, err: UnsafeMutablePointer<calgrid_error>?)
    throws(CStatus) {
    guard todo.pointee.struct_size >= MemoryLayout<calgrid_todo>.size else { return }
    do throws(CStatus) { try _reserveChange(set, todos: UnsafeRawPointer(todo), count: 1, stride: MemoryLayout<calgrid_todo>.size) }
    catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
}

/// `_reserve` for a memo or a tag of `set` made into a String: at most its whole text arena.
@inline(__always)
func _reserveText(_ set: TodoSet) throws(CStatus) {
    try _reserve(_add(TodoSet.constantAllocationBytes, set.memoryFootprint.textBytes))
}

/// The bytes of the file at `path` (0 when it cannot be read: the import then fails with EIO).
func _fileSize(_ path: UnsafePointer<CChar>) -> Int {
    var e: Int32 = 0
    let fd = cg_open_read(path, &e)
    guard fd >= 0 else { return 0 }
    defer { _ = cg_close(fd) }
    return Int(clamping: Swift.max(cg_file_size(fd, &e), 0))
}

/// What an import of `inputBytes` may allocate at once, from `window` bytes of reader window (a
/// file's 8 MiB, doubled for a record larger than that up to the 64 MiB record limit; 0 for a
/// buffer): the decoders, their tokeners and the staged batches of up to 4 MiB of input (measured
/// at 1.1 MiB for an empty input, 3 MiB from 4 MiB of records on; 4 MiB here), four bytes per input
/// byte for the records decoded into the set with its regrowth (the densest valid records,
/// `{"id":"0","title":""}`, measured at 2.5 per byte beyond the batches), and the set's own regrowth.
/// tests/C/oom_test.c holds the bound to the measured peaks.
func _importBound(_ set: TodoSet, inputBytes: Int, window: Int) -> Int {
    let reader = window == 0 ? 0 : _mul(Swift.max(window, Swift.min(inputBytes, 64 << 20)), 2)
    return _add(_add(reader, 4 << 20), _add(_mul(inputBytes, 4), _mul(set.memoryFootprint.totalBytes, 2)))
}

/// What an export to memory or a file may allocate at once: the JSON (at most 512 bytes of keys
/// and numbers a todo, six bytes of escapes a text byte, six a per-day flag) growing in one array
/// (twice over), and the writer's 1 MiB chunks.
func _exportBound(_ set: TodoSet) -> Int {
    let f = set.memoryFootprint
    let json = _add(_add(_mul(f.todoCount, 512), _mul(f.textBytes, 6)), _mul(f.flagBytes, 8 * 6))
    return _add(_mul(json, 2), _add(2 << 20, TodoSet.constantAllocationBytes))
}

/// `_reserve` for an import of `inputBytes` into the set behind `set`, through `window` bytes of
/// reader window (nothing for a NULL set: the import reports it).
func _reserveImport(_ set: OpaquePointer?, inputBytes: Int, window: Int = 0, err: UnsafeMutablePointer<calgrid_error>?)
    throws(CStatus) {
    guard let set else { return }
    do throws(CStatus) { try _reserve(_importBound(try _box(set).set, inputBytes: inputBytes, window: window)) }
    catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
}

/// The largest zone file read by name (CalGridJSON reads at most 1 MiB of one).
let _zoneFileBound = 1 << 20

/// `_reserve` for a zone made from `bytes` bytes of TZif data or POSIX text: the bytes as read,
/// the transitions and types decoded from them (at most 16 bytes for each input byte), the name.
func _reserveZone(bytes: Int, err: UnsafeMutablePointer<calgrid_error>?) throws(CStatus) {
    do throws(CStatus) { try _reserve(_add(_mul(bytes, 16), TodoSet.constantAllocationBytes)) }
    catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
}
