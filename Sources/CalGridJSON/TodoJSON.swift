// Public entry points: import into a TodoSet (atomically) and read plain drafts.
import CalGrid
import CalGridSystem

/// Feeds batches into a TodoSet; a refused draft is skipped and the rest of its batch goes in.
@usableFromInline
struct _TodoSetSink: _DraftSink {
    @usableFromInline var set: TodoSet

    @usableFromInline
    init(set: consuming TodoSet) { self.set = set }

    @usableFromInline
    mutating func add(_ todos: TodoBatch, _ range: Range<Int>, reject: (Int, TodoError) throws(ImportError) -> Void) throws(ImportError) {
        var from = range.lowerBound
        while from < range.upperBound {
            do throws(TodoError) {
                try set.insert(contentsOf: todos, range: from..<range.upperBound)
                return
            } catch {
                // Everything before the refused todo is valid: put it in, skip the refused one, go on.
                let bad = error.position ?? from
                if bad > from { try? set.insert(contentsOf: todos, range: from..<bad) }
                try reject(bad, error)
                from = bad + 1
            }
        }
    }

    @usableFromInline
    mutating func reserve(drafts: Int, textBytes: Int) {
        set.reserveCapacity(set.count + drafts, textBytes: textBytes)
    }

    /// The issue for a draft the set refused: the core's sentence and field name (`uuid` for a
    /// Taskwarrior id). Used by `_IssueBuilder`, which knows the input's vocabulary.
    static func failure(_ e: TodoError, taskwarrior: Bool) -> _FieldFailure {
        let reason: ImportIssue.Reason
        switch e {
        case .duplicateID: reason = .duplicateId
        case .emptyID: reason = .emptyId
        case .idTooLong: reason = .idTooLong
        case .endBeforeStart: reason = .endBeforeStart
        case .completedDaysCountMismatch: reason = .completedLengthMismatch
        case .completedDaysWithoutSpan: reason = .completedWithoutSpan
        case .emptyRepetition: reason = .invalidRepetition
        case .reminderOutOfRange: reason = .invalidReminderTime
        case .unknownID, .dayNotTracked, .capacityExceeded: reason = .rejectedByStore
        }
        let field = e.field == .id && taskwarrior ? "uuid" : (reason == .rejectedByStore ? "" : e.field?.nameText ?? "")
        return _FieldFailure(reason, field, e.description)
    }
}

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
        try _import(options) { session throws(ImportError) in try session.run(bytes: bytes) }
    }

    /// `importJSON(bytes:options:)` over an array.
    /// - Complexity: O(n) in the input size.
    @discardableResult
    public mutating func importJSON(bytes: [UInt8], options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        let r: Result<(TodoSet, ImportReport), ImportError> = bytes.withUnsafeBytes { b in
            var copy = self
            do throws(ImportError) { let rep = try copy.importJSON(bytes: b, options: options); return .success((copy, rep)) } catch { return .failure(error) }
        }
        switch r {
        case .success(let v): self = v.0; return v.1
        case .failure(let e): throw e
        }
    }

    /// Imports the file at `path`, read in bounded windows: memory is the set plus about twice the
    /// largest record (at least 8 MiB), whatever the file size. Same atomicity as `importJSON(bytes:)`.
    /// - Complexity: O(n) in the file size.
    @discardableResult
    public mutating func importJSON(fileAt path: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportReport {
        let fd = try Self._open(path)
        return try _import(options) { session throws(ImportError) in try session.run(file: fd) }
    }

    /// `path` opened for reading, a failure as the import's error.
    static func _open(_ path: String) throws(ImportError) -> FileDescriptor {
        do { return try FileDescriptor.openForReading(path) } catch { throw .system(error) }
    }

    /// The set the import builds on: a copy-on-write copy, so the original stays intact until success.
    func _takeForImport() -> TodoSet { self }

    /// Runs an import session over a copy of this set with `feed` (the driver), and on success takes
    /// the copy and reports; on a throw this set stays as it was.
    mutating func _import(_ options: ImportOptions,
                          _ feed: (inout _ImportSession<_TodoSetSink>) throws(ImportError) -> Void) throws(ImportError) -> ImportReport {
        var session = _ImportSession(options: options, sink: _TodoSetSink(set: _takeForImport()))
        defer { session.release() }
        try feed(&session)
        self = session.sink.set
        session.report.zoneName = options.zone.name
        return session.report
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
