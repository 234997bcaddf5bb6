// The format-neutral part of one import: the chunk pipeline and its batches, the sink, the policy,
// the report, progress and cancellation. A format's driver (for JSON, `_ImportSession`) frames
// records into `pipeline.spans`, publishes them and calls `consumeReady` while framing and
// `finishBatch` after; decoded chunks go to the sink strictly in input order, and their bad records
// to the policy. Strict policy replays a chunk up to its first bad record, so an earlier refusal by
// the sink (a taken id) is still the one reported. The first batch also feeds the guess of how much
// room the sink should reserve for the rest of the input.
import CalGrid

/// Where a format says an issue is: the location (line, column, field) of a record's problem or of
/// a todo the set refused. Only error paths ask.
package protocol _IssueLocating {
    /// The issue for a record that did not become a todo.
    func issue(_ p: UnsafePointer<UInt8>, _ problem: _RecordProblem, span: _Span, record: Int) -> ImportIssue
    /// The issue for a todo the set refused (`fields` are the refused todo's): `rejection` is the
    /// set's error and `detail` its sentence.
    func issue(_ p: UnsafePointer<UInt8>, refused error: TodoError, fields: TodoFields, span: _Span, record: Int) -> ImportIssue
}

package struct _ImportRun<Sink: _DraftSink, Decoder: _RecordDecoding> {
    package var options: ImportOptions
    package var report = ImportReport()
    /// Spans framed in the current batch (they are in `pipeline.spans`).
    package var spanCount = 0
    /// Chunks of the current batch already handed to the sink.
    package var consumed = 0
    /// In strict policy, the first bad record met while framing; thrown once framing of the batch
    /// is over (a fatal framing error later in the batch wins, as it always has).
    package var pending: ImportError? = nil
    package var pipeline: _ChunkPipeline<Decoder>
    /// Whether the sink was told how much is likely to come; until then, the text bytes of the drafts so far.
    package var reserved = false
    package var textBytesSoFar = 0
    package var sink: Sink
    /// Index in the input of the current batch's first record.
    package var nextRecordIndex = 0
    /// Input size when known (0 for a pipe).
    package var bytesTotal: Int64 = 0

    package init(options: ImportOptions, sink: consuming Sink) {
        self.options = options
        self.sink = sink
        pipeline = _ChunkPipeline(options: options)
    }

    package mutating func release() { pipeline.release() }

    /// Tells the caller's progress hook how far the import is; false from it cancels.
    package func progress(_ done: Int64) throws(ImportError) {
        guard let f = options.progress else { return }
        guard f(done, bytesTotal) else { throw .cancelled }
    }

    // MARK: Batches

    /// Starts a batch over the window at `p` (every worker is idle).
    package mutating func beginBatch(_ p: UnsafePointer<UInt8>) {
        pipeline.begin(p, inputBytes: bytesTotal)
        spanCount = 0
        consumed = 0
        pending = nil
    }

    /// Makes the spans framed so far visible to the decoding threads, with the decided format.
    package func publish() { pipeline.publish(spanCount, format: report.format) }

    /// While framing: hands the decoded chunks at the head of the batch to the sink (strict policy:
    /// until the first bad record).
    package mutating func consumeReady<L: _IssueLocating>(_ p: UnsafePointer<UInt8>, _ issues: L) {
        guard pipeline.hasWorkers else { return }
        // A pattern, not `pending == nil`: that picked ImportError's ==, whose String payloads
        // (TodoError's ids) link Swift's Unicode normalization tables into libcalgrid.a (49 KB).
        while case .none = pending, consumed * _chunkSpans < spanCount, pipeline.isDone(consumed) {
            do throws(ImportError) { try consume(consumed, p, issues) } catch { pending = error }
            consumed += 1
        }
    }

    /// After framing (and `pipeline.finishFraming()`): decodes or waits for the rest of the batch,
    /// feeding the sink in order, and counts the batch. Every worker is idle again when it returns
    /// or throws.
    package mutating func finishBatch<L: _IssueLocating>(_ p: UnsafePointer<UInt8>, _ issues: L) throws(ImportError) {
        let chunks = (spanCount + _chunkSpans - 1) / _chunkSpans
        while case .none = pending, consumed < chunks {
            if pipeline.isDone(consumed) {
                do throws(ImportError) { try consume(consumed, p, issues) } catch { pending = error }
                consumed += 1
            } else {
                pipeline.decodeOrWait(for: consumed)
            }
        }
        pipeline.endBatch()
        if let pending { throw pending }
        report.unknownFields += pipeline.takeUnknownFields()
        report.records += spanCount
        nextRecordIndex += spanCount
    }

    // MARK: Policy

    /// Records a bad record; throws in strict policy.
    package mutating func reject(_ issue: ImportIssue) throws(ImportError) {
        if options.policy == .strict { throw .invalidInput(issue) }
        report.skipped += 1
        if report.issues.count < options.limits.maxReportedIssues { report.issues.append(issue) } else { report.unreportedIssues += 1 }
    }

    /// Hands chunk `c`'s todos to the sink and applies the policy to its bad records, in record order.
    package mutating func consume<L: _IssueLocating>(_ c: Int, _ p: UnsafePointer<UInt8>, _ issues: L) throws(ImportError) {
        let r = pipeline.result(c)
        let spans = pipeline.spans
        var problems: [(record: Int, issue: ImportIssue)] = []
        for (k, pr) in r.pointee.problems {
            let record = nextRecordIndex + k
            problems.append((record, issues.issue(p, pr, span: spans[k], record: record)))
        }
        var rejections: [(Int, TodoError)] = []
        if options.policy == .strict, let first = problems.first {
            // The todos before the first bad record may still hold an earlier one (an id taken).
            let firstSpan = first.record - nextRecordIndex
            var m = 0
            while m < r.pointee.draftSpans.count, r.pointee.draftSpans[m] < firstSpan { m += 1 }
            if m > 0 {
                try sink.add(r.pointee.todos, 0..<m) { (k, e) throws(ImportError) in rejections.append((k, e)) }
                if let (k, e) = rejections.first {
                    let span = r.pointee.draftSpans[k]
                    try reject(issues.issue(p, refused: e, fields: r.pointee.todos.fields(at: k), span: spans[span],
                                            record: nextRecordIndex + span))
                }
            }
            try reject(first.issue)
        }
        let candidates = r.pointee.todos.count
        if !reserved {
            // The bytes of the texts, about 4 of header per todo and 1 per tag.
            textBytesSoFar += r.pointee.todos.textByteCount + 4 * candidates + r.pointee.todos.tagCount
        }
        if candidates > 0 {
            try sink.add(r.pointee.todos, 0..<candidates) { (k, e) throws(ImportError) in rejections.append((k, e)) }
        }
        for (k, e) in rejections {
            let span = r.pointee.draftSpans[k]
            let record = nextRecordIndex + span
            problems.append((record, issues.issue(p, refused: e, fields: r.pointee.todos.fields(at: k), span: spans[span], record: record)))
        }
        report.imported += candidates - rejections.count
        report.deletedSkipped += r.pointee.deleted
        report.recurringSkipped += r.pointee.recurring
        if !problems.isEmpty {
            if !rejections.isEmpty { problems.sort { $0.record < $1.record } }
            for pr in problems { try reject(pr.issue) }
        }
    }

    /// After the first batch, tells the sink how many drafts the rest of the input probably holds, at
    /// the rate of the bytes read so far (a tenth more, so one estimate usually suffices; room not used is never touched).
    package mutating func reserveAhead(done: Int64, finished: Bool) {
        reserved = true
        guard !finished, bytesTotal > done, done > 0, report.imported > 0 else { return }
        let rest = Double(bytesTotal - done) / Double(done) * 1.1
        let drafts = Swift.min(Double(report.imported) * rest + 64, Double(options.limits.maxRecords))
        let text = Swift.min(Double(textBytesSoFar) * rest, Double(Int32.max))
        sink.reserve(drafts: Int(drafts), textBytes: Int(text))
    }
}
