// Decoding one chunk of framed records: json-c parses each record, `_RecordDecoder` turns it into a
// draft, and whatever goes wrong is noted against the record's span. Runs on any thread; every
// thread has its own `_ChunkDecoder`, so nothing here is shared but the chunk's own result slot.
import CJSONC
import CalGrid
import CalGridSystem

/// A record that did not become a draft, and why.
@usableFromInline
enum _RecordProblem {
    case failed(_FieldFailure)
    /// Invalid syntax (JSON Lines): `offset` is where.
    case malformed(ImportIssue.Reason, offset: Int, detail: StaticString)
}

/// What the thread that decoded one chunk found: the todos, staged (and which span of the batch
/// each came from), problems and skips, all in span order. Its buffers are reused chunk after chunk.
@usableFromInline
struct _ChunkResult {
    var todos = TodoBatch()
    var draftSpans: [Int] = []
    var problems: [(span: Int, problem: _RecordProblem)] = []
    var deleted = 0
    var recurring = 0
}

/// One decoding thread's tools: a json-c tokener and a record decoder, reused for every record.
@usableFromInline
struct _ChunkDecoder {
    let shared: UnsafeMutablePointer<_PipelineShared>
    let spans: UnsafeMutablePointer<_Span>
    let results: _PaddedBuffer<_ChunkResult>
    var decoder: _RecordDecoder
    var tokener: UnsafeMutablePointer<json_tokener>?

    init(options: ImportOptions, shared: UnsafeMutablePointer<_PipelineShared>,
         spans: UnsafeMutablePointer<_Span>, results: _PaddedBuffer<_ChunkResult>) {
        self.shared = shared
        self.spans = spans
        self.results = results
        decoder = _RecordDecoder(options: options)
        // The tokener is made by the thread that uses it (on its first chunk), so it and its
        // buffer come from that thread's malloc arena: made here, every decoder's tokener sat
        // side by side in the main thread's heap, and two threads writing neighbouring tokeners
        // shared cache lines (up to 50% more CPU for an import, depending on the heap's layout).
        tokener = nil
    }

    /// A tokener for records the scanner has checked: json-c's own depth limit stays at its
    /// default of 32 (raised, it crashes on deep input; the scanner enforces the caller's
    /// `maxDepth`), and strict mode only changes speed (literals matched with strncmp instead of
    /// strncasecmp), since the scanner has already held every record to RFC 8259.
    static func _makeTokener() -> UnsafeMutablePointer<json_tokener>? {
        let t = json_tokener_new_ex(32)
        if t != nil { json_tokener_set_flags(t, Int32(JSON_TOKENER_STRICT)) }
        return t
    }

    func free() { if let tokener { json_tokener_free(tokener) } }

    /// Decodes the spans of `claim` into its chunk's result slot. The window and the vocabulary come
    /// with the claim (read under the lock); the span and result buffers are fixed for the import.
    mutating func decode(_ claim: _Claim) {
        let r = results[claim.chunk]
        r.pointee.todos.removeAll()
        r.pointee.draftSpans.removeAll(keepingCapacity: true)
        r.pointee.problems.removeAll(keepingCapacity: true)
        r.pointee.deleted = 0
        r.pointee.recurring = 0
        guard let base = claim.base else { return }
        if tokener == nil { tokener = Self._makeTokener() }
        let taskwarrior = claim.taskwarrior
        // json-c's per-record locale switch is free under the static C locale; the caller's comes back after.
        let locale = _CLocale()
        defer { locale.restore() }
        for k in claim.lo..<claim.hi {
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
                    case .draft(let d): r.pointee.todos.append(d); r.pointee.draftSpans.append(k)
                    case .deletedTask: r.pointee.deleted += 1
                    case .recurringParent: r.pointee.recurring += 1
                    }
                } else {
                    try decoder.native(o, keys: s.keys, raw: _RawRecord(base, start: s.start, end: s.end), into: &r.pointee.todos)
                    r.pointee.draftSpans.append(k)
                }
            } catch {
                r.pointee.problems.append((k, .failed(error)))
            }
            _ = json_object_put(o)
        }
    }
}
