// Public entry points that work on plain drafts; `TodoSet+JSON.swift` builds the set-level API on them.
import CalGrid

/// Collects drafts, refusing a second draft with an id already seen.
@usableFromInline
struct _DraftArraySink: _DraftSink {
    @usableFromInline var drafts: [TodoDraft] = []
    @usableFromInline var ids: Set<String> = []

    @usableFromInline
    mutating func add(_ draft: consuming TodoDraft) -> _FieldFailure? {
        guard ids.insert(draft.id).inserted else {
            return _FieldFailure(.duplicateId, "id", "the id \"" + draft.id + "\" appears earlier")
        }
        drafts.append(draft)
        return nil
    }
}

/// JSON import and export of todos as `TodoDraft` values.
public enum TodoJSON {
    /// Reads every record of `bytes` into drafts, in input order.
    /// - Throws: `ImportError`; in `.strict` policy at the first bad record.
    /// - Complexity: O(n) in the input size; memory O(result + one batch of records).
    public static func drafts(fromBytes bytes: UnsafeRawBufferPointer, options: ImportOptions = ImportOptions()) throws(ImportError) -> (drafts: [TodoDraft], report: ImportReport) {
        var session = _ImportSession(options: options, sink: _DraftArraySink())
        defer { session.release() }
        try session.run(bytes: bytes)
        return (session.sink.drafts, session.report)
    }

    /// Convenience for `[UInt8]` input.
    /// - Complexity: O(n) in the input size.
    public static func drafts(fromBytes bytes: [UInt8], options: ImportOptions = ImportOptions()) throws(ImportError) -> (drafts: [TodoDraft], report: ImportReport) {
        let r: Result<([TodoDraft], ImportReport), ImportError> = bytes.withUnsafeBytes { b in
            do throws(ImportError) { return .success(try drafts(fromBytes: b, options: options)) } catch { return .failure(error) }
        }
        switch r {
        case .success(let v): return (v.0, v.1)
        case .failure(let e): throw e
        }
    }

    /// Reads the file at `path` in bounded windows (see `ImportLimits.maxRecordBytes`).
    /// - Complexity: O(n) in the file size; memory O(result + window).
    public static func drafts(fromFileAt path: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> (drafts: [TodoDraft], report: ImportReport) {
        let fd = try _FileDescriptor.openForReading(path)
        var session = _ImportSession(options: options, sink: _DraftArraySink())
        defer { session.release() }
        try session.run(file: fd)
        return (session.sink.drafts, session.report)
    }
}
