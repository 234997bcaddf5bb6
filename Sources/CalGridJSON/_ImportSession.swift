// One JSON import, in stages: the framer cuts records out of a window on the calling thread
// (`frame`), the import layer's chunk pipeline decodes them on every thread (`_ChunkPipeline`,
// `_JSONRecordDecoder`), and decoded chunks go to a sink in input order (`_ImportRun.consume`).
// The format is decided once, at the first record (`_FormatDecision`); problems become issues with
// line and column (`_IssueBuilder`, `_LineTracker`); the drivers (_ImportSession+Drivers.swift)
// feed bytes or a file. Memory: the window (grown only for a record larger than it), one batch of
// spans and about two batches of staged todos (`TodoBatch`, reused), and whatever the sink keeps.
import CalGrid
import CalGridImport

struct _ImportSession<Sink: _DraftSink> {
    /// Everything of the import that is not JSON: the pipeline, the sink, the policy and the report.
    var core: _ImportRun<Sink, _JSONRecordDecoder>
    var framer: _Framer
    /// Whether `_FormatDecision` has run (at the first framed record); the format (`report.format`)
    /// is then handed to the decoders with every publish, and its vocabulary to the issue builder.
    var formatDecided = false
    var issues = _IssueBuilder()

    init(options: ImportOptions, sink: consuming Sink) {
        core = _ImportRun(options: options, sink: sink)
        framer = _Framer(scanner: _StrictScanner(maxDepth: Swift.min(options.limits.maxDepth, ImportLimits.deepestSupportedNesting), maxStringBytes: options.limits.maxStringBytes))
    }

    mutating func release() { core.release() }

    /// The report and the sink so far (the layer's, read through the session).
    var report: ImportReport { get { core.report } set { core.report = newValue } }
    var sink: Sink { get { core.sink } set { core.sink = newValue } }

    // MARK: Framing

    /// Frames records from `p[position..<end]` into `spans` (at most `maxBytes` of records);
    /// returns true when the input is finished.
    /// While framing, every full chunk is published to the decoding threads, and chunks already
    /// decoded are handed to the sink in order.
    mutating func frame(_ p: UnsafePointer<UInt8>, position: inout Int, end: Int, isLast: Bool, maxBytes: Int) throws(ImportError) -> Bool {
        let from = position
        let spans = core.pipeline.spans
        while position - from < maxBytes, core.spanCount < _batchSpans {
            switch framer.next(p, position: &position, end: end, isLast: isLast) {
            case .record(let s, let e, let keys):
                if !formatDecided { try decideFormat(p, at: s, firstRecord: core.nextRecordIndex + core.spanCount == 0 ? _RawRecord(p, start: s, end: e) : nil) }
                if core.nextRecordIndex + core.spanCount >= core.options.limits.maxRecords {
                    throw .invalidInput(issues.issue(p, .tooManyRecords, offset: s, record: core.nextRecordIndex + core.spanCount, field: "", detail: "more records than the record limit"))
                }
                (spans + core.spanCount).initialize(to: _Span(start: s, end: e, keys: keys, bad: nil))
                core.spanCount += 1
            case .badRecord(let s, let r, let o, let d):
                if !formatDecided { try decideFormat(p, at: s, firstRecord: nil) }
                (spans + core.spanCount).initialize(to: _Span(start: s, end: s, keys: 0, bad: (r, o, d)))
                core.spanCount += 1
            case .needMore:
                return false
            case .finished:
                if !formatDecided { try decideFormat(p, at: position, firstRecord: nil) }
                return true
            case .failure(let r, let o, let d):
                // No value at all is JSON Lines of no records (what an empty set exports as), unless
                // the caller asked for a layout that needs one (an array, the wrapper).
                if r == .emptyInput, core.options.format == .automatic || core.options.format == .jsonLines {
                    formatDecided = true
                    core.report.format = .jsonLines
                    return true
                }
                throw .invalidInput(issues.issue(p, r, offset: o, record: r == .emptyInput || framer.state == .trailer ? -1 : core.nextRecordIndex + core.spanCount, field: "", detail: _text(d)))
            }
            if core.spanCount % _chunkSpans == 0 {
                core.publish()
                core.consumeReady(p, issues)
            }
        }
        return false
    }

    /// Decides the format at the first framed record (`firstRecord` when it is well formed and the
    /// input's first), or at the end of an input without records; `at` is where a mismatch is reported.
    mutating func decideFormat(_ p: UnsafePointer<UInt8>, at: Int, firstRecord: _RawRecord?) throws(ImportError) {
        formatDecided = true
        do throws(_FormatMismatch) {
            core.report.format = try _FormatDecision.decide(requested: core.options.format, layout: framer.layout, firstRecord: firstRecord)
        } catch {
            throw .invalidInput(issues.issue(p, .unsupportedFormat, offset: at, record: -1, field: "", detail: _text(error.detail)))
        }
        issues.vocabulary = _JSONVocabulary(core.report.format)
    }

    // MARK: Decoding

    /// Frames one batch from the window and decodes it on every thread, feeding the sink in input
    /// order; returns what `frame` returns. `afterFraming(position, finished)` runs once framing is
    /// over, while the workers decode (the file driver reads the next window then). Every worker is
    /// idle again when it returns or throws.
    mutating func batch(_ p: UnsafePointer<UInt8>, position: inout Int, end: Int, isLast: Bool, maxBytes: Int,
                        afterFraming: (Int, Bool) throws(ImportError) -> Void = { _, _ in }) throws(ImportError) -> Bool {
        core.beginBatch(p)
        let finished: Bool
        do throws(ImportError) {
            finished = try frame(p, position: &position, end: end, isLast: isLast, maxBytes: maxBytes)
        } catch {
            endBatch()
            throw error
        }
        core.publish()
        core.pipeline.finishFraming()
        do throws(ImportError) {
            try afterFraming(position, finished)
        } catch {
            endBatch()
            throw error
        }
        try core.finishBatch(p, issues)
        if !core.reserved { core.reserveAhead(done: issues.lines.absolute(position), finished: finished) }
        return finished
    }

    /// Lets the workers run out of chunks and waits until they are all idle.
    func endBatch() { core.pipeline.endBatch() }
}

/// Into a set, through `TodoSet._import(with:options:_:)`, the commit path every import shares.
extension _ImportSession: _ImportDriver where Sink == _TodoSetSink {
    typealias Decoder = _JSONRecordDecoder
}
