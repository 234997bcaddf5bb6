import CalGrid
import CalGridJSON
import CCalGrid
import CalGridSystem
import CSystem   // malloc and free (calgrid_todo_set_export_buffer, calgrid_free), an import file's size

/// The header's status for a failed system call: ENOMEM when it ran out of memory, else EIO.
func _systemStatus(_ error: Errno) -> CStatus {
    error.isOutOfMemory ? CStatus(CALGRID_ENOMEM) : CStatus(CALGRID_EIO)
}

extension ImportIssue {
    /// The header status for this kind of problem: syntax, a limit, a duplicate id, or a field.
    var _status: CStatus {
        switch reason {
        case .duplicateId: return CStatus(CALGRID_EEXIST)
        case .inputTooLarge, .tooManyRecords, .tooDeep, .stringTooLong, .recordTooLarge, .spanTooLong, .rejectedByStore:
            return CStatus(CALGRID_ELIMIT)
        default: return reason.isSyntaxError ? .parse : CStatus(CALGRID_ESCHEMA)
        }
    }

    func _info() -> _ErrorInfo {
        var e = _ErrorInfo(_status, message)
        e.byteOffset = byteOffset
        e.line = Int64(line)
        e.column = Int64(column)
        e.recordIndex = Int64(recordIndex)
        e.field = field
        return e
    }
}

extension ImportError {
    func _info() -> _ErrorInfo {
        switch self {
        case .invalidInput(let issue): return issue._info()
        case .system(let e): return _ErrorInfo(_systemStatus(e), message)
        case .cancelled: return _ErrorInfo(CStatus(CALGRID_ECANCELED), message)
        }
    }
}

extension ExportError {
    /// Every export's failure as the header says it: a system call's errno (EIO, ENOMEM), or the
    /// issue of a kept item's text that is no longer iCalendar (a vdir export's).
    func _info() -> _ErrorInfo {
        switch self {
        case .system(let e): return _ErrorInfo(_systemStatus(e), message)
        case .unreadableItem(let issue): return issue._info()
        }
    }
}

/// The caller's progress callback and its context, as `calgrid_import_options` gives them.
struct _Progress {
    var function: @convention(c) (Int64, Int64, UnsafeMutableRawPointer?) -> Int32
    var context: UnsafeMutableRawPointer?

    /// The trampoline: the JSON layer's Swift closure calls the C function with its context.
    var closure: (Int64, Int64) -> Bool {
        let function = function, context = context
        return { done, total in function(done, total, context) != 0 }
    }
}

/// `calgrid_import_options` as the caller's header knew it: `struct_size` bytes (at least up to the
/// members every header had), copied over zeros, so members added later read as their defaults.
func _importOptionsStruct(_ p: UnsafePointer<calgrid_import_options>) throws(CStatus) -> calgrid_import_options {
    let size = p.pointee.struct_size
    let full = MemoryLayout<calgrid_import_options>.size
    guard size >= MemoryLayout<calgrid_import_options>.offset(of: \.zone)! else { throw .invalid }
    var c = calgrid_import_options()
    withUnsafeMutableBytes(of: &c) { $0.copyMemory(from: UnsafeRawBufferPointer(start: p, count: Swift.min(size, full))) }
    return c
}

/// Translates the C options; limits left 0 keep the core's defaults.
func _importOptions(_ p: UnsafePointer<calgrid_import_options>?) throws(CStatus) -> (ImportOptions, _Progress?) {
    var o = ImportOptions()
    guard let p else { return (o, nil) }
    let c = try _importOptionsStruct(p)
    o.format = try _case(c.format.rawValue)
    // CALGRID_FORMAT_ICALENDAR is calgrid_ical_import_*'s (calgrid.h): refused here, so calgrid.o
    // (libcalgrid.a's member without iCalendar) reaches no libical.
    guard o.format != .icalendar else { throw .invalid }
    o.policy = try _case(c.policy.rawValue)
    o.includeDeletedTasks = try _flag(c.include_deleted_tasks)
    o.includeRecurringParents = try _flag(c.include_recurring_parents)
    guard c.threads >= 0 else { throw .invalid }
    if let zone = c.zone {
        guard c.utc_offset_seconds == 0 else { throw .invalid }
        o.zone = try _zone(zone)
    } else {
        do throws(TimeZoneError) { o.zone = try TimeZoneRules(utcOffsetSeconds: c.utc_offset_seconds) } catch { throw .range }
    }
    o.threads = Int(c.threads)
    func limit(_ v: Int64, _ apply: (Int64) -> Void) throws(CStatus) {
        guard v >= 0 else { throw .invalid }
        if v > 0 { apply(v) }
    }
    try limit(c.max_input_bytes) { o.limits.maxInputBytes = $0 }
    guard c.max_depth <= Int64(ImportLimits.deepestSupportedNesting) else { throw .invalid }
    try limit(c.max_depth) { o.limits.maxDepth = Int($0) }
    // Where Int is 32 bits a limit beyond Int.max is no tighter than Int.max (no string, record or
    // span that large fits in memory), so it is clamped, never trapped on.
    try limit(c.max_string_bytes) { o.limits.maxStringBytes = Int(clamping: $0) }
    try limit(c.max_record_bytes) { o.limits.maxRecordBytes = Int(clamping: $0) }
    try limit(c.max_span_days) { o.limits.maxSpanDays = Int(clamping: $0) }
    try limit(c.max_records) { o.limits.maxRecords = Int(clamping: $0) }
    return (o, c.progress.map { _Progress(function: $0, context: c.progress_context) })
}

/// The shared body of both imports: options, report, the progress hook, and atomic replacement.
func _import(_ report: UnsafeMutablePointer<calgrid_import_report>?, _ set: OpaquePointer?,
             _ options: UnsafePointer<calgrid_import_options>?, _ err: UnsafeMutablePointer<calgrid_error>?,
             _ run: (inout TodoSet, ImportOptions) throws(ImportError) -> ImportReport) throws(CStatus) {
    guard let set else { throw _ErrorInfo(.invalid, "set is NULL").report(to: err) }
    let box = try _box(set)
    var (o, progress): (ImportOptions, _Progress?)
    do throws(CStatus) { (o, progress) = try _importOptions(options) } catch {
        throw _ErrorInfo(error, "invalid import options (struct_size, an enum value, a negative limit, max_depth above 32, an offset beyond ±25:59:59, or both zone and utc_offset_seconds)").report(to: err)
    }
    var capacity = 0
    if let report {
        do throws(CStatus) { try _checkStructSize(report.pointee.struct_size, known: MemoryLayout<calgrid_import_report>.size) }
        catch { throw _ErrorInfo(error, "report->struct_size is smaller than sizeof(calgrid_import_report)").report(to: err) }
        guard (try? _capacity(report.pointee.issue_capacity, of: calgrid_error.self)) != nil,
              report.pointee.issue_capacity == 0 || report.pointee.issues != nil else {
            throw _ErrorInfo(.invalid, "report->issues is NULL or issue_capacity is too large").report(to: err)
        }
        capacity = report.pointee.issue_capacity
    }
    o.limits.maxReportedIssues = capacity
    // The set is moved out of the box for the import, so no access to it is held while the
    // caller's progress callback runs; a failed import leaves the moved-out set untouched.
    var target = TodoSet()
    swap(&target, &box.set)
    defer { swap(&target, &box.set) }
    let result: Result<ImportReport, ImportError>
    o.progress = progress?.closure
    do throws(ImportError) { result = .success(try run(&target, o)) } catch { result = .failure(error) }
    switch result {
    case .failure(let e): throw e._info().report(to: err)
    case .success(let r):
        guard let report else { return }
        let n = Swift.min(r.issues.count, capacity)
        if let issues = report.pointee.issues {
            for k in 0..<n { _ = r.issues[k]._info().report(to: issues + k) }
        }
        report.pointee.issues_written = n
        report.pointee.issue_count = Int64(r.issues.count + r.unreportedIssues)
        report.pointee.format = calgrid_format(rawValue: UInt32(r.format.rawValue))
        report.pointee.records = Int64(r.records)
        report.pointee.imported = Int64(r.imported)
        report.pointee.skipped = Int64(r.skipped)
        report.pointee.unknown_fields = Int64(r.unknownFields)
        report.pointee.deleted_skipped = Int64(r.deletedSkipped)
        report.pointee.recurring_skipped = Int64(r.recurringSkipped)
        report.pointee.bytes = r.bytes
    }
}

/// `_import`'s shape: a C import's options, report, progress hook and atomic swap, with `run` as
/// the import; `_icalImport` has it too. Passed as escaping only so that the closure handed to it
/// may capture the caller's own: it is always a global function, which allocates no context.
typealias _ImportCommit = (UnsafeMutablePointer<calgrid_import_report>?, OpaquePointer?, UnsafePointer<calgrid_import_options>?,
                           UnsafeMutablePointer<calgrid_error>?,
                           (inout TodoSet, ImportOptions) throws(ImportError) -> ImportReport) throws(CStatus) -> Void

/// Every C import of a file or a directory: asks for what it may allocate (`bound` of the set and
/// the `size` of what is at `path`), then imports `path` with `run` through `commit`.
func _importPath(_ report: UnsafeMutablePointer<calgrid_import_report>?, _ set: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                 _ options: UnsafePointer<calgrid_import_options>?, _ err: UnsafeMutablePointer<calgrid_error>?,
                 size: (UnsafePointer<CChar>) -> Int, bound: (TodoSet, Int) -> Int, commit: @escaping _ImportCommit,
                 _ run: (inout TodoSet, String, ImportOptions) throws(ImportError) -> ImportReport) throws(CStatus) {
    if let path { try _reserveImport(set, inputBytes: size(path), bound: bound, err: err) }
    let file = try _string(path, field: "path", record: -1, err: err)
    try commit(report, set, options, err) { (s, o) throws(ImportError) in try run(&s, file, o) }
}

/// Every C import of a buffer: `_importPath` for the caller's `size` bytes at `data`.
func _importBuffer(_ report: UnsafeMutablePointer<calgrid_import_report>?, _ set: OpaquePointer?,
                   _ data: UnsafeRawPointer?, _ size: Int,
                   _ options: UnsafePointer<calgrid_import_options>?, _ err: UnsafeMutablePointer<calgrid_error>?,
                   bound: (TodoSet, Int) -> Int, commit: @escaping _ImportCommit,
                   _ run: (inout TodoSet, UnsafeRawBufferPointer, ImportOptions) throws(ImportError) -> ImportReport) throws(CStatus) {
    let bytes = try _inputBytes(data, size, err: err)
    try _reserveImport(set, inputBytes: size, bound: bound, err: err)
    try commit(report, set, options, err) { (s, o) throws(ImportError) in try run(&s, bytes, o) }
}

@c(calgrid_todo_set_import_file) @implementation
public func calgrid_todo_set_import_file(_ report: UnsafeMutablePointer<calgrid_import_report>?, _ set: OpaquePointer?,
                                         _ path: UnsafePointer<CChar>?, _ options: UnsafePointer<calgrid_import_options>?,
                                         _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        try _importPath(report, set, path, options, err, size: _fileSize, bound: { _importBound($0, inputBytes: $1, window: 8 << 20) },
                        commit: _import) { (s, file, o) throws(ImportError) in try s.importJSON(fileAt: file, options: o) }
    }
}

@c(calgrid_todo_set_import_buffer) @implementation
public func calgrid_todo_set_import_buffer(_ report: UnsafeMutablePointer<calgrid_import_report>?, _ set: OpaquePointer?,
                                           _ data: UnsafeRawPointer?, _ size: Int,
                                           _ options: UnsafePointer<calgrid_import_options>?,
                                           _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        try _importBuffer(report, set, data, size, options, err, bound: { _importBound($0, inputBytes: $1, window: 0) },
                          commit: _import) { (s, bytes, o) throws(ImportError) in try s.importJSON(bytes: bytes, options: o) }
    }
}

/// The caller's `data` and `size` as bytes, for every import from a buffer: NULL data is allowed
/// only with size 0.
func _inputBytes(_ data: UnsafeRawPointer?, _ size: Int, err: UnsafeMutablePointer<calgrid_error>?)
    throws(CStatus) -> UnsafeRawBufferPointer {
    guard (try? _length(size)) != nil, size == 0 || data != nil else {
        throw _ErrorInfo(.invalid, data == nil ? "data is NULL" : "size is larger than any buffer").report(to: err)
    }
    return UnsafeRawBufferPointer(start: size == 0 ? nil : data, count: size)
}

func _exportFormat(_ f: calgrid_export_format) throws(CStatus) -> ExportFormat { try _case(f.rawValue) }

@c(calgrid_todo_set_export_file) @implementation
public func calgrid_todo_set_export_file(_ set: OpaquePointer?, _ path: UnsafePointer<CChar>?,
                                         _ format: calgrid_export_format, _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let set else { throw _ErrorInfo(.invalid, "set is NULL").report(to: err) }
        let s = try _reading(set)
        do throws(CStatus) { try _reserve(_exportBound(s.pointee)) } catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
        let file = try _string(path, field: "path", record: -1, err: err)
        let f: ExportFormat
        do throws(CStatus) { f = try _exportFormat(format) } catch {
            throw _ErrorInfo(error, "unknown export format \(format.rawValue)").report(to: err)
        }
        do throws(ExportError) { try s.pointee.exportJSON(to: file, format: f) } catch { throw error._info().report(to: err) }
    }
}

@c(calgrid_todo_set_export_buffer) @implementation
public func calgrid_todo_set_export_buffer(_ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                           _ outLength: UnsafeMutablePointer<Int>?, _ set: OpaquePointer?,
                                           _ format: calgrid_export_format) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let s = try _reading(set)
        let f = try _exportFormat(format)
        try _reserve(_exportBound(s.pointee))
        try _handOut(s.pointee.exportJSONBytes(format: f), to: out, length: outLength)
    }
}

/// Gives the caller `bytes` as a NUL-terminated buffer of its own (freed with calgrid_free), for
/// every export to a buffer. The buffer comes from malloc itself: its failure is a status, not a trap.
func _handOut(_ bytes: [UInt8], to out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
              length: UnsafeMutablePointer<Int>?) throws(CStatus) {
    guard let raw = malloc(bytes.count + 1) else { throw .noMemory }
    let buffer = raw.assumingMemoryBound(to: CChar.self)
    bytes.withUnsafeBufferPointer { b in
        if let base = b.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: b.count) }
    }
    buffer[bytes.count] = 0
    out.pointee = buffer
    length?.pointee = bytes.count
}

@c(calgrid_free) @implementation
public func calgrid_free(_ memory: UnsafeMutableRawPointer?) {
    free(memory)
}

// What an import or export may allocate (the allocation contract, CalGridC+Memory.swift); here
// because only this part of the C layer reads files.
/// The bytes of the file at `path` (0 when it cannot be read: the import then fails with EIO).
func _fileSize(_ path: UnsafePointer<CChar>) -> Int {
    // stat, not open: opening a FIFO blocks until a writer comes (a vdir's *.ics may be one, and
    // an import of a single FIFO opens it once, to read it). 0 for anything but a regular file.
    var e: Int32 = 0
    return withUnsafeTemporaryAllocation(of: Int64.self, capacity: 5) { v in
        guard cg_stat_path(path, v.baseAddress!, &e) == 1, v[4] == 0 else { return 0 }
        return Int(clamping: Swift.max(v[0], 0))
    }
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

/// `_reserve` for an import of `inputBytes` into the set behind `set`, of `bound(set, inputBytes)`
/// (`_importBound`, `_icalImportBound`; nothing for a NULL set: the import reports it).
func _reserveImport(_ set: OpaquePointer?, inputBytes: Int, bound: (TodoSet, Int) -> Int, err: UnsafeMutablePointer<calgrid_error>?)
    throws(CStatus) {
    guard let set else { return }
    do throws(CStatus) { try _reserve(bound(try _box(set).set, inputBytes)) }
    catch { throw _ErrorInfo(error, "out of memory").report(to: err) }
}

/// The largest zone file read by name (CalGridJSON reads at most 1 MiB of one).
let _zoneFileBound = 1 << 20
