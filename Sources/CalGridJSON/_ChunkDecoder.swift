// The JSON formats' record decoder: json-c parses each record, `_RecordDecoder` reads it as the
// format decided (native or Taskwarrior) into the batch. Runs on any thread; every thread has its
// own, so nothing here is shared.
import CJSONC
import CalGrid
import CalGridImport
import CalGridSystem

/// json-c's tokener and the record decoder of one thread.
struct _JSONRecordDecoder: _RecordDecoding {
    var decoder: _RecordDecoder
    var tokener: UnsafeMutablePointer<json_tokener>?

    init(options: ImportOptions) {
        decoder = _RecordDecoder(options: options)
        // The tokener is made by the thread that uses it (on its first record), so it and its
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

    mutating func release() {
        if let tokener { json_tokener_free(tokener) }
        tokener = nil
    }

    // json-c's per-record locale switch is free under the static C locale; the caller's comes back after.
    func beginChunk() -> _CLocale { _CLocale() }
    func endChunk(_ locale: _CLocale) { locale.restore() }

    mutating func takeUnknownFields() -> Int {
        defer { decoder.unknownFields = 0 }
        return decoder.unknownFields
    }

    mutating func decode(_ base: UnsafePointer<UInt8>, _ s: _Span, as format: ImportFormat,
                         into batch: inout TodoBatch) throws(_FieldFailure) -> _RecordOutcome {
        guard base[s.start] == 0x7B else { throw _FieldFailure(.notAnObject, "", "a record must be a JSON object") }
        if tokener == nil { tokener = Self._makeTokener() }
        json_tokener_reset(tokener)
        let o = (base + s.start).withMemoryRebound(to: CChar.self, capacity: s.end - s.start) {
            json_tokener_parse_ex(tokener, $0, Int32(s.end - s.start))
        }
        guard let o, json_tokener_get_error(tokener) == json_tokener_success else {
            if let o { _ = json_object_put(o) }
            throw _FieldFailure(.parserRejected, "", "json-c rejected the record")
        }
        defer { _ = json_object_put(o) }
        return try _JSONVocabulary(format).decode(o, keys: s.keys, raw: _RawRecord(base, start: s.start, end: s.end),
                                                  with: &decoder, into: &batch)
    }
}

/// The field names a JSON record uses: CalGrid's own (native files and JSON Lines) or a Taskwarrior
/// export's. Decided once per import, from the format.
@usableFromInline
enum _JSONVocabulary {
    case native
    case taskwarrior

    @inlinable
    init(_ format: ImportFormat) { self = format == .taskwarrior ? .taskwarrior : .native }

    /// Reads one parsed record into `batch`.
    @inlinable
    func decode(_ o: OpaquePointer, keys: Int, raw: _RawRecord, with d: inout _RecordDecoder,
                into batch: inout TodoBatch) throws(_FieldFailure) -> _RecordOutcome {
        switch self {
        case .native:
            try d.native(o, keys: keys, raw: raw, into: &batch)
            return .staged
        case .taskwarrior:
            return try d.taskwarrior(o, keys: keys, into: &batch)
        }
    }

    /// The name this vocabulary gives a todo's field (a refused Taskwarrior id is its `uuid`).
    func name(of field: TodoField) -> String {
        self == .taskwarrior && field == .id ? "uuid" : field.nameText
    }
}
