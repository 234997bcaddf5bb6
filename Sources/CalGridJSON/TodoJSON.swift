// Public entry points: import into a TodoSet (atomically) and read plain drafts.
import CalGrid
import CalGridImport
import CalGridSystem

extension TodoSet {
    /// Imports the todos in `bytes`, appending them after the existing ones in input order.
    ///
    /// All or nothing per policy: in `.strict` policy any bad record (or an id already in the set)
    /// throws and leaves the set exactly as it was; in `.skipInvalid` policy bad records are skipped
    /// and listed in the report. Either way a fatal error (I/O, unreadable syntax in an array,
    /// cancellation) leaves the set unchanged.
    /// - Complexity: O(n) in the input size plus O(count) to stage against a non-empty set;
    ///   memory O(result + one batch).
    @discardableResult
    public mutating func importJSON(bytes: UnsafeRawBufferPointer, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        try _import(with: _ImportSession<_TodoSetSink>.self, options: options) { (session) throws(ImportError) in try session.run(bytes: bytes) }
    }

    /// `importJSON(bytes:options:)` over an array.
    /// - Complexity: O(n) in the input size.
    @discardableResult
    public mutating func importJSON(bytes: [UInt8], options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        try _withBytes(bytes) { (b) throws(ImportError) in try importJSON(bytes: b, options: options) }
    }

    /// Imports the file at `path`, read in bounded windows: memory is the set plus about twice the
    /// largest record (at least 8 MiB), whatever the file size. Same atomicity as `importJSON(bytes:)`.
    /// - Complexity: O(n) in the file size.
    @discardableResult
    public mutating func importJSON(fileAt path: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        let fd = try Self._open(path)
        return try _import(with: _ImportSession<_TodoSetSink>.self, options: options) { (session) throws(ImportError) in try session.run(file: fd) }
    }

    /// `path` opened for reading, a failure as the import's error.
    static func _open(_ path: String) throws(ImportError) -> FileDescriptor {
        do { return try FileDescriptor.openForReading(path) } catch { throw .system(error) }
    }

    /// Imports what `file` reads (standard input, a pipe, a socket or a file) to its end, streamed
    /// in bounded windows exactly as `importJSON(fileAt:)` streams a file: memory does not grow
    /// with the input. The descriptor is not closed. Same atomicity as `importJSON(bytes:)`.
    /// - Complexity: O(n) in the bytes read.
    @discardableResult
    public mutating func importJSON(reading file: borrowing FileDescriptor, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        try _import(with: _ImportSession<_TodoSetSink>.self, options: options) { (session) throws(ImportError) in try session.run(file: file) }
    }

    /// `importJSON(reading:options:)` for a descriptor the caller has already read `prefix` from
    /// (to tell the format: `ImportFormat.detected(in:)`); the input is `prefix` and then the rest.
    /// - Complexity: as `importJSON(reading:options:)`.
    @discardableResult
    public mutating func importJSON(reading file: borrowing FileDescriptor, after prefix: [UInt8],
                                    options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        try _import(with: _ImportSession<_TodoSetSink>.self, options: options) { (session) throws(ImportError) in try session.run(file: file, after: prefix) }
    }
}

/// JSON import of todos as plain `TodoDraft` values (through a `TodoSet`, so ids are checked the same way).
public enum TodoJSON {
    /// Reads every record of `bytes` into drafts, in input order.
    /// - Throws: `ImportError`; in `.strict` policy at the first bad record.
    /// - Complexity: O(n) in the input size.
    public static func drafts(fromBytes bytes: [UInt8], options: ImportOptions = ImportOptions()) throws(ImportError) -> (drafts: [TodoDraft], report: ImportReport) {
        var set = TodoSet()
        let report = try set.importJSON(bytes: bytes, options: options)
        return (set.drafts, report)
    }

    /// Reads the file at `path` into drafts, in input order.
    /// - Complexity: O(n) in the file size.
    public static func drafts(fromFileAt path: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> (drafts: [TodoDraft], report: ImportReport) {
        var set = TodoSet()
        let report = try set.importJSON(fileAt: path, options: options)
        return (set.drafts, report)
    }
}
