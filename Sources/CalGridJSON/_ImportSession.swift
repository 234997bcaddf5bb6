// The import pipeline: read a window of bytes → the main thread frames and validates records (strict
// scanner) into a batch, publishing them a chunk of 64 at a time → every thread (workers at once, the
// main thread after framing) claims chunks and decodes them with json-c, one reused json_tokener per
// thread → the main thread hands decoded chunks, in input order, to a sink. Memory: the window (grown
// only for a record larger than it), one batch of spans and about two batches of drafts, and whatever
// the sink keeps.
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

/// A record that did not become a draft, and why.
@usableFromInline
enum _RecordProblem {
    case failed(_FieldFailure)
    /// Invalid syntax (JSON Lines): `offset` is where.
    case malformed(ImportIssue.Reason, offset: Int, detail: StaticString)
}

@usableFromInline
struct _Span {
    @usableFromInline var start: Int
    @usableFromInline var end: Int
    @usableFromInline var keys: Int
    /// For a malformed record: the reason and where, else nil.
    @usableFromInline var bad: (ImportIssue.Reason, Int, StaticString)?
}

/// Spans per chunk: the unit a thread claims, decodes, and the main thread hands to the sink in order.
@usableFromInline let _chunkSpans = 64
/// Spans per batch (a batch ends earlier at the end of the window).
@usableFromInline let _batchSpans = 16_384

/// What the thread that decoded one chunk found: drafts (and which span of the batch each came
/// from), problems and skips, all in span order.
@usableFromInline
struct _ChunkResult {
    var drafts: [TodoDraft] = []
    var draftSpans: [Int] = []
    var problems: [(span: Int, problem: _RecordProblem)] = []
    var deleted = 0
    var recurring = 0
}

/// State the threads of an import share; it lives at a fixed address for the whole import.
/// The main thread frames spans and publishes them a chunk at a time; every thread (the main one
/// too, once framing is done) claims the next chunk with an atomic counter and decodes it.
@usableFromInline
struct _Shared {
    // Slots of `counters`, each on its own cache line; chunk c's done flag is at `doneSlot + c`.
    static let published = 0, framingDone = 8, nextChunk = 16, idle = 24, doneSlot = 32
    static let chunkCapacity = (_batchSpans + _chunkSpans - 1) / _chunkSpans

    var spans: UnsafeMutablePointer<_Span>
    var chunks: UnsafeMutablePointer<_ChunkResult>
    var counters: UnsafeMutablePointer<Int64>
    var base: UnsafePointer<UInt8>? = nil
    /// Set before the first chunk is published (the first record decides).
    var taskwarrior = false
    /// Workers sleep on it between batches: the batch number, or -1 to quit.
    var signal: UnsafeMutablePointer<cg_signal>?

    init() {
        spans = .allocate(capacity: _batchSpans)
        chunks = .allocate(capacity: _Shared.chunkCapacity)
        chunks.initialize(repeating: _ChunkResult(), count: _Shared.chunkCapacity)
        counters = .allocate(capacity: _Shared.doneSlot + _Shared.chunkCapacity)
        counters.initialize(repeating: 0, count: _Shared.doneSlot + _Shared.chunkCapacity)
        signal = cg_signal_new()
    }

    func free() {
        spans.deallocate()
        chunks.deinitialize(count: _Shared.chunkCapacity)
        chunks.deallocate()
        counters.deallocate()
        cg_signal_free(signal)
    }
}

/// One decoding thread's tools: a json-c tokener and a record decoder, reused for every record.
@usableFromInline
struct _DecodeJob {
    var shared: UnsafeMutablePointer<_Shared>
    var decoder: _RecordDecoder
    var tokener: UnsafeMutablePointer<json_tokener>?

    init(options: ImportOptions, shared: UnsafeMutablePointer<_Shared>) {
        self.shared = shared
        decoder = _RecordDecoder(options: options)
        // json-c's own limit stays at its default of 32 (raised, it crashes on deep input); the
        // scanner enforces the caller's `maxDepth` (at most 32) before json-c sees a record.
        tokener = json_tokener_new_ex(32)
        // The scanner has already held every record to RFC 8259; json-c's strict mode then only
        // changes speed (it matches literals with strncmp instead of strncasecmp).
        json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT))
    }

    /// Claims the next chunk of the batch and decodes it; false once every chunk is claimed and
    /// framing is over. Waits (yielding) for a claimed chunk that is not framed yet.
    mutating func claimAndDecode() -> Bool {
        let ctr = shared.pointee.counters
        let c = Int(cg_atomic_fetch_add(ctr + _Shared.nextChunk, 1))
        let lo = c * _chunkSpans
        var hi = lo + _chunkSpans
        while true {
            if Int(cg_atomic_load(ctr + _Shared.published)) >= hi { break }
            if cg_atomic_load(ctr + _Shared.framingDone) != 0 {
                let n = Int(cg_atomic_load(ctr + _Shared.published))
                if n <= lo { return false }
                hi = Swift.min(hi, n)
                break
            }
            cg_yield()
        }
        decode(chunk: c, lo, hi)
        cg_atomic_store(ctr + _Shared.doneSlot + c, 1)
        return true
    }

    mutating func decode(chunk c: Int, _ lo: Int, _ hi: Int) {
        let r = shared.pointee.chunks + c
        // Last batch's drafts are freed here, on the decoding thread.
        r.pointee.drafts.removeAll(keepingCapacity: true)
        r.pointee.draftSpans.removeAll(keepingCapacity: true)
        r.pointee.problems.removeAll(keepingCapacity: true)
        r.pointee.deleted = 0
        r.pointee.recurring = 0
        r.pointee.drafts.reserveCapacity(hi - lo)
        guard let base = shared.pointee.base else { return }
        let spans = shared.pointee.spans
        let taskwarrior = shared.pointee.taskwarrior
        // json-c's per-record locale switch is free under the static C locale; the caller's comes back after.
        let previousLocale = cg_use_c_locale()
        defer { cg_restore_locale(previousLocale) }
        for k in lo..<hi {
            let s = spans[k]
            if let bad = s.bad { r.pointee.problems.append((k, .malformed(bad.0, offset: bad.1, detail: bad.2))); continue }
            guard base[s.start] == 0x7B else {
                r.pointee.problems.append((k, .failed(_FieldFailure(.notAnObject, "", "a record must be a JSON object"))))
                continue
            }
            json_tokener_reset(tokener)
            let o = (base + s.start).withMemoryRebound(to: CChar.self, capacity: s.end - s.start) {
                json_tokener_parse_ex(tokener, $0, Int32(s.end - s.start))
            }
            guard let o, json_tokener_get_error(tokener) == json_tokener_success else {
                if let o { _ = json_object_put(o) }
                r.pointee.problems.append((k, .failed(_FieldFailure(.parserRejected, "", "json-c rejected the record"))))
                continue
            }
            do throws(_FieldFailure) {
                if taskwarrior {
                    switch try decoder.taskwarrior(o, keys: s.keys) {
                    case .draft(let d): r.pointee.drafts.append(d); r.pointee.draftSpans.append(k)
                    case .deletedTask: r.pointee.deleted += 1
                    case .recurringParent: r.pointee.recurring += 1
                    }
                } else {
                    r.pointee.drafts.append(try decoder.native(o, keys: s.keys, raw: _RawRecord(base, start: s.start, end: s.end)))
                    r.pointee.draftSpans.append(k)
                }
            } catch {
                r.pointee.problems.append((k, .failed(error)))
            }
            _ = json_object_put(o)
        }
    }

    /// A worker thread's life: sleep until a batch starts, decode chunks until none is left, report idle.
    mutating func workerLoop() {
        var seen: Int64 = 0
        while true {
            seen = cg_signal_wait_change(shared.pointee.signal, seen)
            if seen < 0 { return }
            while claimAndDecode() {}
            _ = cg_atomic_fetch_add(shared.pointee.counters + _Shared.idle, 1)
        }
    }

    func free() { json_tokener_free(tokener) }
}

private let _decodeThreadBody: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
    context!.assumingMemoryBound(to: _DecodeJob.self).pointee.workerLoop()
    return nil
}

@usableFromInline
struct _ImportSession<Sink: _DraftSink> {
    var options: ImportOptions
    var report = ImportReport()
    var framer: _Framer
    /// Spans framed in the current batch (they are in `shared.spans`).
    var spanCount = 0
    /// Chunks of the current batch already handed to the sink.
    var consumed = 0
    /// In strict policy, the first bad record met while framing; thrown once framing of the batch
    /// is over (a fatal framing error later in the batch wins, as it always has).
    var pending: ImportError? = nil
    var shared: UnsafeMutablePointer<_Shared>
    var jobs: UnsafeMutablePointer<_DecodeJob>
    var jobCount: Int
    var workers: [_Thread] = []
    var workersDecided = false
    var batchNumber: Int64 = 0
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
        var n = options.threads
        if n <= 0 { n = Swift.min(2, Swift.max(1, Int(cg_online_cpus()))) }
        jobCount = Swift.min(n, 8)
        shared = .allocate(capacity: 1)
        shared.initialize(to: _Shared())
        jobs = .allocate(capacity: jobCount)
        for k in 0..<jobCount { (jobs + k).initialize(to: _DecodeJob(options: options, shared: shared)) }
    }

    mutating func release() {
        if !workers.isEmpty {
            cg_signal_set(shared.pointee.signal, -1)
            for k in workers.indices { workers[k].join() }
            workers.removeAll()
        }
        for k in 0..<jobCount { jobs[k].free() }
        jobs.deinitialize(count: jobCount)
        jobs.deallocate()
        shared.pointee.free()
        shared.deinitialize(count: 1)
        shared.deallocate()
    }

    /// Starts the worker threads (one per job but the main thread's) the first time a batch
    /// begins, unless the input is known to be small (under 256 KiB) or the signal is missing.
    mutating func startWorkersIfUseful() {
        guard !workersDecided else { return }
        workersDecided = true
        guard jobCount > 1, shared.pointee.signal != nil, bytesTotal <= 0 || bytesTotal >= 256 << 10 else { return }
        for k in 1..<jobCount {
            var t = _Thread()
            guard t.start(_decodeThreadBody, UnsafeMutableRawPointer(jobs + k)) else { break }
            workers.append(t)
        }
    }

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
        let spans = shared.pointee.spans
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
    mutating func publish() {
        if shared.pointee.taskwarrior != taskwarrior { shared.pointee.taskwarrior = taskwarrior }
        cg_atomic_store(shared.pointee.counters + _Shared.published, Int64(spanCount))
    }

    /// Hands the decoded chunks at the head of the batch to the sink (strict policy: until the first bad record).
    mutating func consumeReady(_ p: UnsafePointer<UInt8>) {
        guard !workers.isEmpty else { return }
        let ctr = shared.pointee.counters
        while pending == nil, consumed * _chunkSpans < spanCount, cg_atomic_load(ctr + _Shared.doneSlot + consumed) != 0 {
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
        startWorkersIfUseful()
        let ctr = shared.pointee.counters
        spanCount = 0
        consumed = 0
        pending = nil
        shared.pointee.base = p
        for slot in [_Shared.published, _Shared.framingDone, _Shared.nextChunk, _Shared.idle] { ctr[slot] = 0 }
        for c in 0..<_Shared.chunkCapacity { ctr[_Shared.doneSlot + c] = 0 }
        if !workers.isEmpty {
            batchNumber += 1
            cg_signal_set(shared.pointee.signal, batchNumber)
        }
        let finished: Bool
        do throws(ImportError) {
            finished = try frame(p, position: &position, end: end, isLast: isLast, maxBytes: maxBytes)
        } catch {
            endBatch()
            throw error
        }
        publish()
        cg_atomic_store(ctr + _Shared.framingDone, 1)
        do throws(ImportError) {
            try afterFraming(position, finished)
        } catch {
            endBatch()
            throw error
        }
        let chunks = (spanCount + _chunkSpans - 1) / _chunkSpans
        while pending == nil, consumed < chunks {
            if cg_atomic_load(ctr + _Shared.doneSlot + consumed) != 0 {
                do throws(ImportError) { try consume(consumed, p) } catch { pending = error }
                consumed += 1
            } else if !jobs[0].claimAndDecode() {
                cg_yield()
            }
        }
        endBatch()
        if let pending { throw pending }
        for k in 0..<jobCount {
            report.unknownFields += jobs[k].decoder.unknownFields
            jobs[k].decoder.unknownFields = 0
        }
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
    mutating func endBatch() {
        let ctr = shared.pointee.counters
        cg_atomic_store(ctr + _Shared.framingDone, 1)
        while cg_atomic_load(ctr + _Shared.idle) < Int64(workers.count) { cg_yield() }
    }

    /// Hands chunk `c`'s drafts to the sink and applies the policy to its bad records, in record order.
    mutating func consume(_ c: Int, _ p: UnsafePointer<UInt8>) throws(ImportError) {
        let r = shared.pointee.chunks + c
        let spans = shared.pointee.spans
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
