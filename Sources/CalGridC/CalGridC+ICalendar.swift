// The C API's iCalendar imports (Include/calgrid.h, "iCalendar"): a .ics file, a buffer or a vdir,
// through CalGridICalendar (libical). Only translation, as for JSON: the options, the report, the
// atomic swap and the errors are the JSON part's (`_import`), the sentences the import layer's.
// In libcalgrid.a every calgrid_ical_* function is in a member of its own (mk/capi.mk), so a program
// that calls none of them links none of this, nor libical. The C layer calls no libical itself:
// every libical call is CalGridICalendar's, under its one process-wide lock (_Libical.swift).
import CalGrid
import CalGridImport
import CalGridICalendar
import CCalGrid
import CSystem   // the directory listing and C strings of _directorySize

/// `_import` for an iCalendar import. The JSON imports refuse CALGRID_FORMAT_ICALENDAR where they
/// read the options (`_importOptions`, left as it was so libcalgrid.a's calgrid.o does not change
/// for iCalendar), so the caller's options go on with AUTO in its place: `importICalendar` takes
/// both alike and reports the format it read. Options it cannot read go on as they are, for
/// `_import` to refuse with its sentence.
func _icalImport(_ report: UnsafeMutablePointer<calgrid_import_report>?, _ set: OpaquePointer?,
                 _ options: UnsafePointer<calgrid_import_options>?, _ err: UnsafeMutablePointer<calgrid_error>?,
                 _ run: (inout TodoSet, ImportOptions) throws(ImportError) -> ImportReport) throws(CStatus) {
    guard let options, var c = try? _importOptionsStruct(options), c.format == CALGRID_FORMAT_ICALENDAR else {
        return try _import(report, set, options, err, run)
    }
    c.format = CALGRID_FORMAT_AUTO
    try withUnsafePointer(to: &c) { (p) throws(CStatus) in try _import(report, set, p, err, run) }
}

/// What an iCalendar import of `inputBytes` may allocate at once: the input read whole, with its
/// growth while it is read (twice the bytes), libical's tree of it (components, properties and
/// parameters: 24 bytes a byte here), the records decoded from it (as for JSON, four bytes a byte)
/// and the set's regrowth. Measured: 50,000 VTODOs, 10.9 MB, import with 16 bytes a byte at most.
/// Tests/C/oom_test.c holds the bound to the call's peak.
func _icalImportBound(_ set: TodoSet, inputBytes: Int) -> Int {
    _add(_add(_mul(inputBytes, 2 + 24 + 4), 4 << 20), _mul(set.memoryFootprint.totalBytes, 2))
}

/// What a C iCalendar import reads: a .ics file or (`directory`) a vdir at a path, or the caller's buffer.
enum _ICalInput {
    case path(UnsafePointer<CChar>?, directory: Bool)
    case buffer(UnsafeRawPointer?, Int)
}

/// Every C iCalendar import, one body for the three calls: the iCalendar bound, `_icalImport` as the
/// commit, and `importICalendar` of what `input` is.
func _icalImportC(_ report: UnsafeMutablePointer<calgrid_import_report>?, _ set: OpaquePointer?, _ input: _ICalInput,
                  _ options: UnsafePointer<calgrid_import_options>?, _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        switch input {
        case .path(let path, let directory):
            try _importPath(report, set, path, options, err, size: directory ? _directorySize : _fileSize, bound: _icalImportBound,
                            commit: _icalImport) { (s, at, o) throws(ImportError) in
                try directory ? s.importICalendar(directoryAt: at, options: o) : s.importICalendar(fileAt: at, options: o)
            }
        case .buffer(let data, let size):
            try _importBuffer(report, set, data, size, options, err, bound: _icalImportBound,
                              commit: _icalImport) { (s, bytes, o) throws(ImportError) in try s.importICalendar(bytes: bytes, options: o) }
        }
    }
}

@c(calgrid_ical_import_file) @implementation
public func calgrid_ical_import_file(_ report: UnsafeMutablePointer<calgrid_import_report>?, _ set: OpaquePointer?,
                                     _ path: UnsafePointer<CChar>?, _ options: UnsafePointer<calgrid_import_options>?,
                                     _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _icalImportC(report, set, .path(path, directory: false), options, err)
}

@c(calgrid_ical_import_buffer) @implementation
public func calgrid_ical_import_buffer(_ report: UnsafeMutablePointer<calgrid_import_report>?, _ set: OpaquePointer?,
                                       _ data: UnsafeRawPointer?, _ size: Int,
                                       _ options: UnsafePointer<calgrid_import_options>?,
                                       _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _icalImportC(report, set, .buffer(data, size), options, err)
}

@c(calgrid_ical_import_vdir) @implementation
public func calgrid_ical_import_vdir(_ report: UnsafeMutablePointer<calgrid_import_report>?, _ set: OpaquePointer?,
                                     _ path: UnsafePointer<CChar>?, _ options: UnsafePointer<calgrid_import_options>?,
                                     _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _icalImportC(report, set, .path(path, directory: true), options, err)
}

/// The bytes of the directory's *.ics files together (what a vdir import reads into one buffer);
/// 0 when it cannot be listed (the import then fails with EIO). Allocates nothing of its own (it
/// runs before the ask): each file's path is put together in a buffer on the stack.
func _directorySize(_ path: UnsafePointer<CChar>) -> Int {
    var e: Int32 = 0
    guard let d = cg_opendir(path, &e) else { return 0 }
    defer { cg_closedir(d) }
    let dirLength = strlen(path)
    var total = 0
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 4096) { buffer in
        guard let full = buffer.baseAddress, dirLength + 2 < buffer.count else { return }
        memcpy(full, path, dirLength)
        full[dirLength] = 0x2F   // "/"
        while let name = cg_readdir_name(d, &e) {
            let n = strlen(name)
            guard n > 4, name[0] != 0x2E, memcmp(name + n - 4, ".ics", 4) == 0, dirLength + 1 + n < buffer.count else { continue }
            memcpy(full + dirLength + 1, name, n + 1)
            total = _add(total, _fileSize(full))
        }
    }
    return total
}
