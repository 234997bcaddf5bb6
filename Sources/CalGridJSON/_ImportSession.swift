// One import, in stages: the framer cuts records out of a window on the calling thread
// (`frame`), the chunk pipeline decodes them on every thread (`_ChunkPipeline`, `_ChunkDecoder`),
// and decoded chunks go to a sink in input order (`consume`, in _ImportSession+Consume.swift).
// The format is decided once, at the first record (`_FormatDecision`); problems become issues with
// line and column (`_IssueBuilder`, `_LineTracker`); the drivers (_ImportSession+Drivers.swift)
// feed bytes or a file. Memory: the window (grown only for a record larger than it), one batch of
// spans and about two batches of staged todos (`TodoBatch`, reused), and whatever the sink keeps.
import CalGrid

/// Receives the todos of each batch, staged, in input order. It knows nothing of formats: a refusal
/// is passed back as the core's `TodoError`, and the session words it for the input's vocabulary.
@usableFromInline
protocol _DraftSink {
    /// Adds the todos of `todos` in `range`; each one it refuses is passed to `reject` with its
    /// position in `todos` (in increasing order), and the others are kept.
    mutating func add(_ todos: TodoBatch, _ range: Range<Int>, reject: (Int, TodoError) throws(ImportError) -> Void) throws(ImportError)
    /// Told once, after the first batch of a large input, about how many more drafts (and bytes of
    /// their text) are likely to come.
    mutating func reserve(drafts: Int, textBytes: Int)
}

@usableFromInline
struct _ImportSession<Sink: _DraftSink> {
    var options: ImportOptions
    var report = ImportReport()
    var framer: _Framer
    /// Spans framed in the current batch (they are in `pipeline.spans`).
    var spanCount = 0
    /// Chunks of the current batch already handed to the sink.
    var consumed = 0
    /// In strict policy, the first bad record met while framing; thrown once framing of the batch
    /// is over (a fatal framing error later in the batch wins, as it always has).
    var pending: ImportError? = nil
    var pipeline: _ChunkPipeline
    /// Whether the sink was told how much is likely to come; until then, the text bytes of the drafts so far.
    var reserved = false
    var textBytesSoFar = 0
    var sink: Sink
    /// Whether `_FormatDecision` has run (at the first framed record); `taskwarrior` is its
    /// vocabulary, handed to the decoders with every publish and to the issue builder.
    var formatDecided = false
    var taskwarrior = false
    var issues = _IssueBuilder()
    /// Index in the input of the current batch's first record.
    var nextRecordIndex = 0
    /// Input size when known (0 for a pipe).
    var bytesTotal: Int64 = 0

    init(options: ImportOptions, sink: consuming Sink) {
        self.options = options
        self.sink = sink
        framer = _Framer(scanner: _StrictScanner(maxDepth: Swift.min(options.limits.maxDepth, ImportLimits.deepestSupportedNesting), maxStringBytes: options.limits.maxStringBytes))
        pipeline = _ChunkPipeline(options: options)
    }

    mutating func release() { pipeline.release() }

    // MARK: Framing

    /// Frames records from `p[position..<end]` into `spans` (at most `maxBytes` of records);
    /// returns true when the input is finished.
    /// While framing, every full chunk is published to the decoding threads, and chunks already
    /// decoded are handed to the sink in order.
    mutating func frame(_ p: UnsafePointer<UInt8>, position: inout Int, end: Int, isLast: Bool, maxBytes: Int) throws(ImportError) -> Bool {
        let from = position
        let spans = pipeline.spans
        while position - from < maxBytes, spanCount < _batchSpans {
            switch framer.next(p, position: &position, end: end, isLast: isLast) {
            case .record(let s, let e, let keys):
                if !formatDecided { try decideFormat(p, at: s, firstRecord: nextRecordIndex + spanCount == 0 ? _RawRecord(p, start: s, end: e) : nil) }
                if nextRecordIndex + spanCount >= options.limits.maxRecords {
                    throw .invalidInput(issues.issue(p, .tooManyRecords, offset: s, record: nextRecordIndex + spanCount, field: "", detail: "more records than the record limit"))
                }
                (spans + spanCount).initialize(to: _Span(start: s, end: e, keys: keys, bad: nil))
                spanCount += 1
            case .badRecord(let s, let r, let o, let d):
                if !formatDecided { try decideFormat(p, at: s, firstRecord: nil) }
                (spans + spanCount).initialize(to: _Span(start: s, end: s, keys: 0, bad: (r, o, d)))
                spanCount += 1
            case .needMore:
                return false
            case .finished:
                if !formatDecided { try decideFormat(p, at: position, firstRecord: nil) }
                return true
            case .failure(let r, let o, let d):
                throw .invalidInput(issues.issue(p, r, offset: o, record: r == .emptyInput || framer.state == .trailer ? -1 : nextRecordIndex + spanCount, field: "", detail: _text(d)))
            }
            if spanCount % _chunkSpans == 0 {
                publish()
                consumeReady(p)
            }
        }
        return false
    }

    /// Makes the spans framed so far visible to the decoding threads.
    func publish() { pipeline.publish(spanCount, taskwarrior: taskwarrior) }

    /// Hands the decoded chunks at the head of the batch to the sink (strict policy: until the first bad record).
    mutating func consumeReady(_ p: UnsafePointer<UInt8>) {
        guard pipeline.hasWorkers else { return }
        while pending == nil, consumed * _chunkSpans < spanCount, pipeline.isDone(consumed) {
            do throws(ImportError) { try consume(consumed, p) } catch { pending = error }
            consumed += 1
        }
    }

    /// Decides the format at the first framed record (`firstRecord` when it is well formed and the
    /// input's first), or at the end of an input without records; `at` is where a mismatch is reported.
    mutating func decideFormat(_ p: UnsafePointer<UInt8>, at: Int, firstRecord: _RawRecord?) throws(ImportError) {
        formatDecided = true
        do throws(_FormatMismatch) {
            report.format = try _FormatDecision.decide(requested: options.format, layout: framer.layout, firstRecord: firstRecord)
        } catch {
            throw .invalidInput(issues.issue(p, .unsupportedFormat, offset: at, record: -1, field: "", detail: _text(error.detail)))
        }
        taskwarrior = report.format == .taskwarrior
        issues.taskwarrior = taskwarrior
    }

    // MARK: Decoding

    /// Frames one batch from the window and decodes it on every thread, feeding the sink in input
    /// order; returns what `frame` returns. `afterFraming(position, finished)` runs once framing is
    /// over, while the workers decode (the file driver reads the next window then). Every worker is
    /// idle again when it returns or throws.
    mutating func batch(_ p: UnsafePointer<UInt8>, position: inout Int, end: Int, isLast: Bool, maxBytes: Int,
                        afterFraming: (Int, Bool) throws(ImportError) -> Void = { _, _ in }) throws(ImportError) -> Bool {
        pipeline.begin(p, inputBytes: bytesTotal)
        spanCount = 0
        consumed = 0
        pending = nil
        let finished: Bool
        do throws(ImportError) {
            finished = try frame(p, position: &position, end: end, isLast: isLast, maxBytes: maxBytes)
        } catch {
            endBatch()
            throw error
        }
        publish()
        pipeline.finishFraming()
        do throws(ImportError) {
            try afterFraming(position, finished)
        } catch {
            endBatch()
            throw error
        }
        let chunks = (spanCount + _chunkSpans - 1) / _chunkSpans
        while pending == nil, consumed < chunks {
            if pipeline.isDone(consumed) {
                do throws(ImportError) { try consume(consumed, p) } catch { pending = error }
                consumed += 1
            } else {
                pipeline.decodeOrWait(for: consumed)
            }
        }
        endBatch()
        if let pending { throw pending }
        report.unknownFields += pipeline.takeUnknownFields()
        report.records += spanCount
        nextRecordIndex += spanCount
        if !reserved { reserveAhead(done: issues.lines.absolute(position), finished: finished) }
        return finished
    }

    /// Lets the workers run out of chunks and waits until they are all idle.
    func endBatch() { pipeline.endBatch() }
}
