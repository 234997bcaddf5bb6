// What a format gives the import layer: a record decoder per thread (`_RecordDecoding`), which
// checks a record's shape and stages its todo in a `TodoBatch`. Everything else, the threads, the
// order, the policy, the report and the set's verdict, is the layer's, for every format alike.
import CalGrid

/// A record that failed the format's shape checks: the reason, the field in the format's words
/// (`"completed[3]"`, `"uuid"`; empty when none) and why.
@usableFromInline
package struct _FieldFailure: Error {
    @usableFromInline package var reason: ImportIssue.Reason
    @usableFromInline package var field: String
    @usableFromInline package var detail: String

    @inlinable
    package init(_ reason: ImportIssue.Reason, _ field: String, _ detail: String) {
        self.reason = reason; self.field = field; self.detail = detail
    }
}

extension _FieldFailure {
    /// A span [start, end] of `limit` days or more (`ImportLimits.maxSpanDays`): the one sentence
    /// every import says, so what one import refuses, the store's reader refuses alike.
    /// - Complexity: O(1)
    @inlinable
    package static func spanTooLong(_ field: String, limit: Int) -> _FieldFailure {
        _FieldFailure(.spanTooLong, field, "the span is longer than the span limit (\(limit) days)")
    }
}

/// A record that did not become a todo, and why.
@usableFromInline
package enum _RecordProblem {
    case failed(_FieldFailure)
    /// Invalid syntax the framer found: `offset` is where.
    case malformed(ImportIssue.Reason, offset: Int, detail: StaticString)
}

/// What one record became: a todo staged as the batch's last, or a record the format leaves out
/// (counted in the report, never an issue).
@usableFromInline
package enum _RecordOutcome {
    case staged
    case deletedTask
    case recurringParent
}

/// One framed record: its bytes in the window, a hint from the framer (for JSON, its key count),
/// or why the framer already knows it is bad.
@usableFromInline
package struct _Span {
    @usableFromInline package var start: Int
    @usableFromInline package var end: Int
    @usableFromInline package var keys: Int
    /// For a malformed record: the reason and where, else nil.
    @usableFromInline package var bad: (ImportIssue.Reason, Int, StaticString)?
    /// A format that parses its whole input before the records are decoded (iCalendar, through
    /// libical) hands the record's parsed form here; nil for the formats decoded from the bytes.
    @usableFromInline package var parsed: OpaquePointer?

    @inlinable
    package init(start: Int, end: Int, keys: Int, bad: (ImportIssue.Reason, Int, StaticString)?, parsed: OpaquePointer? = nil) {
        self.start = start; self.end = end; self.keys = keys; self.bad = bad; self.parsed = parsed
    }
}

/// A format's decoder: one per decoding thread, reused for every record it decodes. It checks the
/// record's shape only (types, syntax of dates, names it knows) and stages the todo; the set's
/// rules (ids, spans, flag counts, reminders) are the set's to check, on insert.
package protocol _RecordDecoding {
    /// Whatever the decoder sets up around a chunk of records (json-c's C locale) and undoes after.
    associatedtype ChunkContext
    /// A decoder for `options`; made on the importing thread, so anything it allocates for one
    /// thread's use (a parser) is better made on its first record.
    init(options: ImportOptions)
    mutating func beginChunk() -> ChunkContext
    mutating func endChunk(_ context: ChunkContext)
    /// Decodes the record `base[span.start..<span.end]`, read as `format`, appending its todo to
    /// `batch` (on a throw, `batch` is as it was).
    mutating func decode(_ base: UnsafePointer<UInt8>, _ span: _Span, as format: ImportFormat,
                         into batch: inout TodoBatch) throws(_FieldFailure) -> _RecordOutcome
    /// Fields no format knows, met since the last call.
    mutating func takeUnknownFields() -> Int
    /// Frees what the decoder holds; it is not used again.
    mutating func release()
}

/// What the thread that decoded one chunk found: the todos, staged (and which span of the batch
/// each came from), problems and skips, all in span order. Its buffers are reused chunk after chunk.
package struct _ChunkResult {
    package var todos = TodoBatch()
    package var draftSpans: [Int] = []
    package var problems: [(span: Int, problem: _RecordProblem)] = []
    package var deleted = 0
    package var recurring = 0

    package mutating func removeAll() {
        todos.removeAll()
        draftSpans.removeAll(keepingCapacity: true)
        problems.removeAll(keepingCapacity: true)
        deleted = 0
        recurring = 0
    }
}

/// One decoding thread's tools: the format's decoder, reused for every record, and where the
/// spans and results of the import are.
package struct _ChunkDecoder<Decoder: _RecordDecoding> {
    package let shared: UnsafeMutablePointer<_PipelineShared>
    package let spans: UnsafeMutablePointer<_Span>
    package let results: _PaddedBuffer<_ChunkResult>
    package var decoder: Decoder

    package init(options: ImportOptions, shared: UnsafeMutablePointer<_PipelineShared>,
         spans: UnsafeMutablePointer<_Span>, results: _PaddedBuffer<_ChunkResult>) {
        self.shared = shared
        self.spans = spans
        self.results = results
        decoder = Decoder(options: options)
    }

    package mutating func free() { decoder.release() }

    /// Decodes the spans of `claim` into its chunk's result slot. The window and the format come
    /// with the claim (read under the lock); the span and result buffers are fixed for the import.
    package mutating func decode(_ claim: _Claim) {
        let r = results[claim.chunk]
        r.pointee.removeAll()
        guard let base = claim.base else { return }
        let format = claim.format
        let context = decoder.beginChunk()
        defer { decoder.endChunk(context) }
        for k in claim.lo..<claim.hi {
            let s = spans[k]
            if let bad = s.bad { r.pointee.problems.append((k, .malformed(bad.0, offset: bad.1, detail: bad.2))); continue }
            do throws(_FieldFailure) {
                switch try decoder.decode(base, s, as: format, into: &r.pointee.todos) {
                case .staged: r.pointee.draftSpans.append(k)
                case .deletedTask: r.pointee.deleted += 1
                case .recurringParent: r.pointee.recurring += 1
                }
            } catch {
                r.pointee.problems.append((k, .failed(error)))
            }
        }
    }
}
