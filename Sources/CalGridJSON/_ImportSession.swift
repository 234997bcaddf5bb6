// The import pipeline: read a window of bytes → frame and validate records (one thread, strict
// scanner) → decode them with json-c on up to N threads, one reused json_tokener each → hand the
// drafts, in input order, to a sink. Memory: the window (grown only for a record larger than it),
// one batch of drafts, and whatever the sink keeps.
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

/// Work of one decoding thread over `spans[first..<last]` of the window.
@usableFromInline
struct _DecodeJob {
    var base: UnsafePointer<UInt8>? = nil
    var spans: UnsafePointer<_Span>? = nil
    var first = 0
    var last = 0
    var taskwarrior = false
    var decoder: _RecordDecoder
    var tokener: UnsafeMutablePointer<json_tokener>?
    // Output, in span order: the drafts (and which span each came from), the problems, the skips.
    var drafts: [TodoDraft] = []
    var draftSpans: [Int] = []
    var problems: [(span: Int, problem: _RecordProblem)] = []
    var deleted = 0
    var recurring = 0

    init(options: ImportOptions) {
        decoder = _RecordDecoder(options: options)
        // json-c's own limit stays at its default of 32 (raised, it crashes on deep input); the
        // scanner enforces the caller's `maxDepth` (at most 32) before json-c sees a record.
        tokener = json_tokener_new_ex(32)
        // The scanner has already held every record to RFC 8259; json-c's strict mode then only
        // changes speed (it matches literals with strncmp instead of strncasecmp).
        json_tokener_set_flags(tokener, Int32(JSON_TOKENER_STRICT))
    }

    mutating func run() {
        drafts.removeAll(keepingCapacity: true)
        draftSpans.removeAll(keepingCapacity: true)
        problems.removeAll(keepingCapacity: true)
        deleted = 0
        recurring = 0
        drafts.reserveCapacity(last - first)
        guard let base, let spans else { return }
        for k in first..<last {
            let s = spans[k]
            if let bad = s.bad { problems.append((k, .malformed(bad.0, offset: bad.1, detail: bad.2))); continue }
            guard base[s.start] == 0x7B else {
                problems.append((k, .failed(_FieldFailure(.notAnObject, "", "a record must be a JSON object"))))
                continue
            }
            json_tokener_reset(tokener)
            let o = (base + s.start).withMemoryRebound(to: CChar.self, capacity: s.end - s.start) {
                json_tokener_parse_ex(tokener, $0, Int32(s.end - s.start))
            }
            guard let o, json_tokener_get_error(tokener) == json_tokener_success else {
                if let o { _ = json_object_put(o) }
                problems.append((k, .failed(_FieldFailure(.parserRejected, "", "json-c rejected the record"))))
                continue
            }
            do throws(_FieldFailure) {
                if taskwarrior {
                    switch try decoder.taskwarrior(o, keys: s.keys) {
                    case .draft(let d): drafts.append(d); draftSpans.append(k)
                    case .deletedTask: deleted += 1
                    case .recurringParent: recurring += 1
                    }
                } else {
                    drafts.append(try decoder.native(o, keys: s.keys, raw: _RawRecord(base, start: s.start, end: s.end)))
                    draftSpans.append(k)
                }
            } catch {
                problems.append((k, .failed(error)))
            }
            _ = json_object_put(o)
        }
    }

    func free() { json_tokener_free(tokener) }
}

private let _decodeThreadBody: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
    context!.assumingMemoryBound(to: _DecodeJob.self).pointee.run()
    return nil
}

@usableFromInline
struct _ImportSession<Sink: _DraftSink> {
    var options: ImportOptions
    var report = ImportReport()
    var framer: _Framer
    var spans: [_Span] = []
    var jobs: UnsafeMutablePointer<_DecodeJob>
    var jobCount: Int
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
        jobs = .allocate(capacity: jobCount)
        for k in 0..<jobCount { (jobs + k).initialize(to: _DecodeJob(options: options)) }
    }

    func release() {
        for k in 0..<jobCount { jobs[k].free() }
        jobs.deinitialize(count: jobCount)
        jobs.deallocate()
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
    mutating func frame(_ p: UnsafePointer<UInt8>, position: inout Int, end: Int, isLast: Bool, maxBytes: Int) throws(ImportError) -> Bool {
        spans.removeAll(keepingCapacity: true)
        let from = position
        while position - from < maxBytes {
            switch framer.next(p, position: &position, end: end, isLast: isLast) {
            case .record(let s, let e, let keys):
                try checkLayout(p, s)
                if nextRecordIndex + spans.count >= options.limits.maxRecords {
                    throw .invalidInput(issue(p, .tooManyRecords, offset: s, record: nextRecordIndex + spans.count, field: "", detail: "more records than the record limit"))
                }
                spans.append(_Span(start: s, end: e, keys: keys, bad: nil))
                if !taskwarrior, options.format == .automatic, nextRecordIndex == 0, spans.count == 1 { detectTaskwarrior(p, s, e) }
            case .badRecord(let s, let r, let o, let d):
                try checkLayout(p, s)
                spans.append(_Span(start: s, end: s, keys: 0, bad: (r, o, d)))
            case .needMore:
                return false
            case .finished:
                try checkLayout(p, position)
                return true
            case .failure(let r, let o, let d):
                throw .invalidInput(issue(p, r, offset: o, record: r == .emptyInput || framer.state == .trailer ? -1 : nextRecordIndex + spans.count, field: "", detail: _text(d)))
            }
        }
        return false
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

    /// Decodes the framed batch (in parallel when it is big enough) and feeds the sink in order.
    mutating func decodeBatch(_ p: UnsafePointer<UInt8>) throws(ImportError) {
        let n = spans.count
        guard n > 0 else { return }
        let bytes = spans[n - 1].end - spans[0].start
        let parts = bytes >= 256 << 10 && n >= 2 * jobCount ? jobCount : 1
        try spans.withUnsafeBufferPointer { (sp) throws(ImportError) in
            // Split by bytes, not by count, so threads finish together.
            var cut = 0
            var threads = [_Thread]()
            for part in 0..<parts {
                let target = spans[0].start + bytes * (part + 1) / parts
                var last = cut
                if part == parts - 1 { last = n } else { while last < n, sp[last].start < target { last += 1 } }
                jobs[part].base = p
                jobs[part].spans = sp.baseAddress
                jobs[part].first = cut
                jobs[part].last = last
                jobs[part].taskwarrior = taskwarrior
                cut = last
            }
            var started = [Bool](repeating: false, count: parts)
            for part in 1..<Swift.max(parts, 1) {
                var t = _Thread()
                started[part] = t.start(_decodeThreadBody, UnsafeMutableRawPointer(jobs + part))
                threads.append(t)
            }
            jobs[0].run()
            for k in threads.indices { threads[k].join() }
            for part in 1..<Swift.max(parts, 1) where !started[part] { jobs[part].run() }
        }
        // Hand each part's drafts to the sink in order, then apply the policy to the problems sorted by
        // record, so strict mode always reports the first bad record of the input.
        var problems: [(record: Int, issue: ImportIssue)] = []
        var rejections: [(Int, _FieldFailure)] = []
        for part in 0..<parts {
            for (k, pr) in jobs[part].problems {
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
            if options.policy == .strict, !problems.isEmpty { break }  // nothing after it matters
            rejections.removeAll(keepingCapacity: true)
            let candidates = jobs[part].drafts.count
            try sink.add(&jobs[part].drafts) { (k, f) throws(ImportError) in rejections.append((k, f)) }
            for (k, f) in rejections {
                let spanIndex = jobs[part].draftSpans[k]
                let s = spans[spanIndex]
                let record = nextRecordIndex + spanIndex
                problems.append((record, issue(p, f.reason, offset: _RawRecord(p, start: s.start, end: s.end).offset(ofField: f.field), record: record, field: f.field, detail: f.detail)))
            }
            report.imported += candidates - rejections.count
            report.deletedSkipped += jobs[part].deleted
            report.recurringSkipped += jobs[part].recurring
            report.unknownFields += jobs[part].decoder.unknownFields
            jobs[part].decoder.unknownFields = 0
            jobs[part].drafts.removeAll(keepingCapacity: true)
        }
        if !problems.isEmpty {
            problems.sort { $0.record < $1.record }
            for pr in problems { try reject(pr.issue) }
        }
        report.records += n
        nextRecordIndex += n
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
            finished = try frame(p, position: &position, end: bytes.count, isLast: true, maxBytes: 4 << 20)
            try decodeBatch(p)
            try progress(Int64(position))
        }
        report.unknownFields += framer.unknownWrapperFields
    }

    /// Imports from a file descriptor, reading a window of `window` bytes at a time.
    mutating func run(file fd: borrowing _FileDescriptor, window initialWindow: Int = 8 << 20) throws(ImportError) {
        let size = try fd.size()
        bytesTotal = size ?? 0
        if let size, size > options.limits.maxInputBytes {
            throw .invalidInput(ImportIssue(reason: .inputTooLarge, byteOffset: options.limits.maxInputBytes, line: 1, column: 1, recordIndex: -1, field: "", detail: "the file is larger than the input size limit"))
        }
        var capacity = Swift.max(initialWindow, 64)
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        var filled = 0
        var position = 0
        var eof = false
        var first = true
        var total: Int64 = 0
        while true {
            // Fill the window.
            while !eof, filled < capacity {
                let n = try fd.read(into: buffer + filled, count: capacity - filled)
                if n == 0 { eof = true } else {
                    filled += n
                    total += Int64(n)
                    if total > options.limits.maxInputBytes {
                        throw .invalidInput(ImportIssue(reason: .inputTooLarge, byteOffset: options.limits.maxInputBytes, line: 1, column: 1, recordIndex: -1, field: "", detail: "the input is larger than the input size limit"))
                    }
                }
            }
            if first { position = _ImportSession.bomLength(UnsafePointer(buffer), filled); first = false }
            let finished = try frame(UnsafePointer(buffer), position: &position, end: filled, isLast: eof, maxBytes: Int.max)
            try decodeBatch(UnsafePointer(buffer))
            try progress(windowBase + Int64(position))
            if finished { break }
            // Keep the unconsumed tail; grow when one record fills the whole window.
            if position == 0 && filled == capacity {
                guard capacity < options.limits.maxRecordBytes else {
                    throw .invalidInput(issue(UnsafePointer(buffer), .recordTooLarge, offset: 0, record: nextRecordIndex, field: "", detail: "a record is larger than the record size limit"))
                }
                let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: Swift.min(capacity * 2, options.limits.maxRecordBytes))
                bigger.update(from: buffer, count: filled)
                buffer.deallocate()
                buffer = bigger
                capacity = Swift.min(capacity * 2, options.limits.maxRecordBytes)
                continue
            }
            dropping(UnsafePointer(buffer), position)
            cg_memmove(buffer, buffer + position, Int64(filled - position))
            filled -= position
            position = 0
        }
        report.bytes = total
        report.unknownFields += framer.unknownWrapperFields
    }

    static func bomLength(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
    }
}
