// One import: frames records from a window (main thread), runs them through the chunk pipeline
// (`_ChunkPipeline`: decoding overlaps framing on every thread), and hands decoded chunks, in input
// order, to a sink. Memory: the window (grown only for a record larger than it), one batch of spans
// and about two batches of drafts, and whatever the sink keeps.
import CJSONC
import CalGrid

/// Receives the drafts of each batch, in input order.
@usableFromInline
protocol _DraftSink {
    /// Set when the input turns out to be a Taskwarrior export (field names in messages change).
    var taskwarrior: Bool { get set }
    /// Adds `drafts`; each one it refuses is passed to `reject` with its position in `drafts`
    /// (in increasing order), and the others are kept.
    mutating func add(_ drafts: inout [TodoDraft], reject: (Int, _FieldFailure) throws(ImportError) -> Void) throws(ImportError)
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
    var layoutChecked = false
    var taskwarrior = false
    // Line accounting for the window: line number and absolute start offset of the line at window[0].
    var windowBase: Int64 = 0
    var lineAtWindow = 1
    var lineStartAbsolute: Int64 = 0
    var nextRecordIndex = 0
    var bytesTotal: Int64 = 0

    init(options: ImportOptions, sink: consuming Sink) {
        self.options = options
        self.sink = sink
        framer = _Framer(scanner: _StrictScanner(maxDepth: Swift.min(options.limits.maxDepth, 32), maxStringBytes: options.limits.maxStringBytes))
        pipeline = _ChunkPipeline(options: options)
    }

    mutating func release() { pipeline.release() }

    // MARK: Locations

    /// Line and column of window offset `x` (the window must still hold bytes 0..<x).
    func location(_ p: UnsafePointer<UInt8>, _ x: Int) -> (line: Int, column: Int) {
        var line = lineAtWindow
        var lineStart = lineStartAbsolute
        var k = 0
        while k < x {
            guard let nl = cg_memchr(p + k, 0x0A, Int64(x - k)) else { break }
            let at = nl - p
            line += 1
            lineStart = windowBase + Int64(at) + 1
            k = at + 1
        }
        return (line, Int(windowBase + Int64(x) - lineStart) + 1)
    }

    /// Called before bytes 0..<n of the window are dropped.
    mutating func dropping(_ p: UnsafePointer<UInt8>, _ n: Int) {
        var k = 0
        while k < n {
            guard let nl = cg_memchr(p + k, 0x0A, Int64(n - k)) else { break }
            let at = nl - p
            lineAtWindow += 1
            lineStartAbsolute = windowBase + Int64(at) + 1
            k = at + 1
        }
        windowBase += Int64(n)
    }

    func issue(_ p: UnsafePointer<UInt8>, _ reason: ImportIssue.Reason, offset: Int, record: Int, field: String, detail: String) -> ImportIssue {
        let (l, c) = location(p, offset)
        return ImportIssue(reason: reason, byteOffset: windowBase + Int64(offset), line: l, column: c, recordIndex: record, field: field, detail: detail)
    }

    /// Records a bad record; throws in strict policy.
    mutating func reject(_ issue: ImportIssue) throws(ImportError) {
        if options.policy == .strict { throw .invalidInput(issue) }
        report.skipped += 1
        if report.issues.count < options.limits.maxReportedIssues { report.issues.append(issue) } else { report.unreportedIssues += 1 }
    }

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
                try checkLayout(p, s)
                if nextRecordIndex + spanCount >= options.limits.maxRecords {
                    throw .invalidInput(issue(p, .tooManyRecords, offset: s, record: nextRecordIndex + spanCount, field: "", detail: "more records than the record limit"))
                }
                (spans + spanCount).initialize(to: _Span(start: s, end: e, keys: keys, bad: nil))
                spanCount += 1
                if !taskwarrior, options.format == .automatic, nextRecordIndex == 0, spanCount == 1 { detectTaskwarrior(p, s, e) }
            case .badRecord(let s, let r, let o, let d):
                try checkLayout(p, s)
                (spans + spanCount).initialize(to: _Span(start: s, end: s, keys: 0, bad: (r, o, d)))
                spanCount += 1
            case .needMore:
                return false
            case .finished:
                try checkLayout(p, position)
                return true
            case .failure(let r, let o, let d):
                throw .invalidInput(issue(p, r, offset: o, record: r == .emptyInput || framer.state == .trailer ? -1 : nextRecordIndex + spanCount, field: "", detail: _text(d)))
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

    mutating func checkLayout(_ p: UnsafePointer<UInt8>, _ at: Int) throws(ImportError) {
        guard !layoutChecked else { return }
        layoutChecked = true
        let layout = framer.layout
        switch options.format {
        case .automatic: break
        case .native:
            guard layout != .lines else { throw .invalidInput(issue(p, .unsupportedFormat, offset: at, record: -1, field: "", detail: "expected a native file (an array or the calgrid wrapper object), found JSON Lines")) }
        case .jsonLines:
            guard layout == .lines else { throw .invalidInput(issue(p, .unsupportedFormat, offset: at, record: -1, field: "", detail: "expected JSON Lines (one object per line)")) }
        case .taskwarrior:
            guard layout != .wrapped else { throw .invalidInput(issue(p, .unsupportedFormat, offset: at, record: -1, field: "", detail: "a Taskwarrior export is an array or one task per line")) }
            taskwarrior = true
        }
        report.format = taskwarrior ? .taskwarrior : (layout == .lines ? .jsonLines : .native)
        sink.taskwarrior = taskwarrior
    }

    mutating func detectTaskwarrior(_ p: UnsafePointer<UInt8>, _ s: Int, _ e: Int) {
        guard framer.layout != .wrapped else { return }
        let r = _RawRecord(p, start: s, end: e)
        if r.hasField("uuid"), r.hasField("description"), r.hasField("entry"), !r.hasField("title") {
            taskwarrior = true
            report.format = .taskwarrior
            sink.taskwarrior = true
        }
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
        if !reserved { reserveAhead(done: windowBase + Int64(position), finished: finished) }
        return finished
    }

    /// After the first batch, tells the sink how many drafts the rest of the input probably holds, at
    /// the rate of the bytes read so far (a tenth more, so one estimate usually suffices; room not used is never touched).
    mutating func reserveAhead(done: Int64, finished: Bool) {
        reserved = true
        guard !finished, bytesTotal > done, done > 0, report.imported > 0 else { return }
        let rest = Double(bytesTotal - done) / Double(done) * 1.1
        let drafts = Swift.min(Double(report.imported) * rest + 64, Double(options.limits.maxRecords))
        let text = Swift.min(Double(textBytesSoFar) * rest, Double(Int32.max))
        sink.reserve(drafts: Int(drafts), textBytes: Int(text))
    }

    /// Lets the workers run out of chunks and waits until they are all idle.
    func endBatch() { pipeline.endBatch() }

    /// Hands chunk `c`'s drafts to the sink and applies the policy to its bad records, in record order.
    mutating func consume(_ c: Int, _ p: UnsafePointer<UInt8>) throws(ImportError) {
        let r = pipeline.result(c)
        let spans = pipeline.spans
        var problems: [(record: Int, issue: ImportIssue)] = []
        for (k, pr) in r.pointee.problems {
            let s = spans[k]
            let record = nextRecordIndex + k
            switch pr {
            case .failed(let f):
                var f = f
                var at = s.start
                if f.reason == .duplicateField, f.field.isEmpty, let dup = _RawRecord(p, start: s.start, end: s.end).firstDuplicateKey() {
                    f.field = dup.name; at = dup.offset
                } else {
                    at = _RawRecord(p, start: s.start, end: s.end).offset(ofField: _ImportSession.topField(f.field))
                }
                problems.append((record, issue(p, f.reason, offset: at, record: record, field: f.field, detail: f.detail)))
            case .malformed(let reason, let offset, let detail):
                problems.append((record, issue(p, reason, offset: offset, record: record, field: "", detail: _text(detail))))
            }
        }
        var rejections: [(Int, _FieldFailure)] = []
        if options.policy == .strict, let first = problems.first {
            // The drafts before the first bad record may still hold an earlier one (an id taken).
            let firstSpan = first.record - nextRecordIndex
            var m = 0
            while m < r.pointee.draftSpans.count, r.pointee.draftSpans[m] < firstSpan { m += 1 }
            if m > 0 {
                var head = Array(r.pointee.drafts[0..<m])
                try sink.add(&head) { (k, f) throws(ImportError) in rejections.append((k, f)) }
                if let (k, f) = rejections.first {
                    let s = spans[r.pointee.draftSpans[k]]
                    let record = nextRecordIndex + r.pointee.draftSpans[k]
                    try reject(issue(p, f.reason, offset: _RawRecord(p, start: s.start, end: s.end).offset(ofField: f.field), record: record, field: f.field, detail: f.detail))
                }
            }
            try reject(first.issue)
        }
        let candidates = r.pointee.drafts.count
        if !reserved {
            for d in r.pointee.drafts {
                textBytesSoFar += d.id.utf8.count + d.title.utf8.count + (d.memo?.utf8.count ?? 0) + 4
                for t in d.tags { textBytesSoFar += t.utf8.count + 1 }
            }
        }
        if candidates > 0 {
            try sink.add(&r.pointee.drafts) { (k, f) throws(ImportError) in rejections.append((k, f)) }
        }
        for (k, f) in rejections {
            let spanIndex = r.pointee.draftSpans[k]
            let s = spans[spanIndex]
            let record = nextRecordIndex + spanIndex
            problems.append((record, issue(p, f.reason, offset: _RawRecord(p, start: s.start, end: s.end).offset(ofField: f.field), record: record, field: f.field, detail: f.detail)))
        }
        report.imported += candidates - rejections.count
        report.deletedSkipped += r.pointee.deleted
        report.recurringSkipped += r.pointee.recurring
        if !problems.isEmpty {
            if !rejections.isEmpty { problems.sort { $0.record < $1.record } }
            for pr in problems { try reject(pr.issue) }
        }
    }

    /// "completed[3]" → "completed"; "completed.2024-01-02" → "completed".
    static func topField(_ f: String) -> String {
        var out = ""
        for c in f.utf8 {
            if c == 0x5B || c == 0x2E { break }
            out.unicodeScalars.append(Unicode.Scalar(c))
        }
        return out
    }

    func progress(_ done: Int64) throws(ImportError) {
        guard let f = options.progress else { return }
        guard f(done, bytesTotal, options.progressContext) else { throw .cancelled }
    }

    // MARK: Drivers

    /// Imports from memory. Frames at most ~4 MiB of records per batch so batches stay small.
    mutating func run(bytes: UnsafeRawBufferPointer) throws(ImportError) {
        report.bytes = Int64(bytes.count)
        bytesTotal = Int64(bytes.count)
        guard Int64(bytes.count) <= options.limits.maxInputBytes else {
            throw .invalidInput(ImportIssue(reason: .inputTooLarge, byteOffset: options.limits.maxInputBytes, line: 1, column: 1, recordIndex: -1, field: "", detail: "the input is larger than the input size limit"))
        }
        let p = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer<UInt8>(bitPattern: 1)!
        var position = _ImportSession.bomLength(p, bytes.count)
        var finished = false
        while !finished {
            finished = try batch(p, position: &position, end: bytes.count, isLast: true, maxBytes: 4 << 20)
            try progress(Int64(position))
        }
        report.unknownFields += framer.unknownWrapperFields
    }

    /// Imports from a file descriptor, reading a window of `window` bytes at a time. The next window
    /// (the unframed tail plus fresh bytes) is read into a second buffer while the current batch is
    /// still being decoded, so the decoding threads do not wait for the read.
    mutating func run(file fd: borrowing _FileDescriptor, window initialWindow: Int = 8 << 20) throws(ImportError) {
        let size = try fd.size()
        bytesTotal = size ?? 0
        if let size, size > options.limits.maxInputBytes {
            throw .invalidInput(ImportIssue(reason: .inputTooLarge, byteOffset: options.limits.maxInputBytes, line: 1, column: 1, recordIndex: -1, field: "", detail: "the file is larger than the input size limit"))
        }
        var capacity = Swift.max(initialWindow, 64)
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        var spare = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate(); spare.deallocate() }
        var filled = 0
        var position = 0
        var eof = false
        var first = true
        var total: Int64 = 0
        let maxInput = options.limits.maxInputBytes
        /// Reads into `b[from..<capacity]` until it is full or the input ends; returns the new fill.
        func fill(_ b: UnsafeMutablePointer<UInt8>, from: Int) throws(ImportError) -> Int {
            var f = from
            while !eof, f < capacity {
                let n = try fd.read(into: b + f, count: capacity - f)
                if n == 0 { eof = true } else {
                    f += n
                    total += Int64(n)
                    if total > maxInput {
                        throw .invalidInput(ImportIssue(reason: .inputTooLarge, byteOffset: maxInput, line: 1, column: 1, recordIndex: -1, field: "", detail: "the input is larger than the input size limit"))
                    }
                }
            }
            return f
        }
        while true {
            filled = try fill(buffer, from: filled)
            if first { position = _ImportSession.bomLength(UnsafePointer(buffer), filled); first = false }
            // Filled by `afterFraming`: the next window in `spare`, or -1.
            var spareFilled = -1
            let finished = try batch(UnsafePointer(buffer), position: &position, end: filled, isLast: eof, maxBytes: Int.max) { (at, done) throws(ImportError) in
                guard !done, !(at == 0 && filled == capacity) else { return }
                spare.update(from: buffer + at, count: filled - at)
                spareFilled = try fill(spare, from: filled - at)
            }
            try progress(windowBase + Int64(position))
            if finished { break }
            // Keep the unconsumed tail; grow when one record fills the whole window.
            if position == 0 && filled == capacity {
                guard capacity < options.limits.maxRecordBytes else {
                    throw .invalidInput(issue(UnsafePointer(buffer), .recordTooLarge, offset: 0, record: nextRecordIndex, field: "", detail: "a record is larger than the record size limit"))
                }
                capacity = Swift.min(capacity * 2, options.limits.maxRecordBytes)
                let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                bigger.update(from: buffer, count: filled)
                buffer.deallocate()
                buffer = bigger
                spare.deallocate()
                spare = .allocate(capacity: capacity)
                continue
            }
            dropping(UnsafePointer(buffer), position)
            if spareFilled >= 0 {
                swap(&buffer, &spare)
                filled = spareFilled
            } else {
                cg_memmove(buffer, buffer + position, Int64(filled - position))
                filled -= position
            }
            position = 0
        }
        report.bytes = total
        report.unknownFields += framer.unknownWrapperFields
    }

    static func bomLength(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
    }
}
