// Public entry points of the iCalendar import: into a TodoSet, all or nothing per policy, like the
// JSON import (the same options, limits, report and issues). libical parses; see docs/icalendar.md.
import CalGrid
import CalGridImport
import CalGridSystem

extension TodoSet {
    /// Imports the VTODOs and VEVENTs of an iCalendar text (any number of VCALENDARs) into the set.
    /// Date-times become days in `options.zone`; `options.format` must be `.automatic` or
    /// `.icalendar`. On a throw the set is unchanged.
    /// - Throws: `ImportError.invalidInput` with the first problem (strict policy) or one that makes
    ///   the input unreadable (not iCalendar, truncated, an END that closes the wrong component).
    /// - Complexity: O(input size + n log n) for n items; libical holds a batch of items' components
    ///   at a time (the whole input's when it cannot be framed: docs/icalendar.md).
    @discardableResult
    public mutating func importICalendar(bytes: UnsafeRawBufferPointer, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        try _importICalendar(bytes: bytes, options: options, streaming: true)
    }

    /// `importICalendar(bytes:options:)`, with libical parsing the input one component at a time
    /// when it can be framed (`streaming`), else whole: the tests compare the two.
    /// - Complexity: as `importICalendar(bytes:options:)`.
    package mutating func _importICalendar(bytes: UnsafeRawBufferPointer, options: ImportOptions, streaming: Bool) throws(ImportError) -> ImportReport {
        try Self._requireICalendar(options)
        return try _import(with: _ICalImport<_TodoSetSink>.self, options: options) { (run) throws(ImportError) in
            run.streaming = streaming
            try run.run(bytes)
        }
    }

    /// Refuses `options` whose format is neither `.automatic` nor `.icalendar`, for every iCalendar import.
    /// - Complexity: O(1)
    static func _requireICalendar(_ options: ImportOptions) throws(ImportError) {
        guard options.format == .automatic || options.format == .icalendar else {
            throw .invalidInput(ImportIssue(reason: .unsupportedFormat, byteOffset: 0, line: 1, column: 1, recordIndex: -1, field: "",
                                            detail: _ICalText.wrongFormat(options.format.name)))
        }
    }

    /// `importICalendar(bytes:options:)` over an array.
    /// - Complexity: as `importICalendar(bytes:options:)`.
    @discardableResult
    public mutating func importICalendar(bytes: [UInt8], options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        try _withBytes(bytes) { (b) throws(ImportError) in try importICalendar(bytes: b, options: options) }
    }

    /// Imports the iCalendar file at `path` (read whole: libical parses it in memory).
    /// - Throws: `ImportError.system` when it cannot be opened or read; else as `importICalendar(bytes:options:)`.
    /// - Complexity: as `importICalendar(bytes:options:)`.
    @discardableResult
    public mutating func importICalendar(fileAt path: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        let fd: FileDescriptor
        do { fd = try FileDescriptor.openForReading(path) } catch { throw .system(error) }
        return try importICalendar(reading: fd, options: options)
    }

    /// Imports iCalendar text read from `file` until its end (standard input for `calgrid import -`);
    /// `prefix` is what the caller already read from it (to detect the format).
    /// - Complexity: as `importICalendar(bytes:options:)`.
    @discardableResult
    public mutating func importICalendar(reading file: borrowing FileDescriptor, after prefix: [UInt8] = [],
                                         options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        var bytes = prefix
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let limit = options.limits.maxInputBytes
        while true {
            var n = 0
            var failure: Errno? = nil
            chunk.withUnsafeMutableBytes { b in
                do throws(Errno) { n = try file.read(into: b.baseAddress!, count: b.count) } catch { failure = error }
            }
            if let failure { throw .system(failure) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if Int64(bytes.count) > limit {
                throw .invalidInput(ImportIssue(reason: .inputTooLarge, byteOffset: limit, line: 1, column: 1, recordIndex: -1, field: "",
                                                detail: _ICalText.inputTooLarge))
            }
        }
        return try importICalendar(bytes: bytes, options: options)
    }
}

/// How many VCALENDARs the import frames in `bytes` (libical then parses them one component at a
/// time); nil when it parses the input whole.
/// - Complexity: O(bytes.count)
package func _icalFramedCalendars(_ bytes: [UInt8], maxLineBytes: Int = Int.max) -> Int? {
    bytes.withUnsafeBufferPointer { b in
        var framing = _ICalFraming()
        guard let base = b.baseAddress, framing.frame(base, count: b.count, maxLineBytes: maxLineBytes, maxItems: Int.max) else { return nil }
        return framing.calendars.count
    }
}
