import CalGrid
import CCalGrid

/// The object behind a `calgrid_todo_set *`: a class so C can hold it by pointer. The set lives in
/// memory of its own and `set` is reached through addressors, so a change edits it in place and a
/// query reads it in place (`_reading`): a copy of the struct, which `let s = box.set` made on
/// every query, retains and releases each of its buffers through value witnesses, about 100 ns a
/// call, more than a cached 92-day count costs in the core.
final class _TodoSetBox {
    private let _storage: UnsafeMutablePointer<TodoSet>
    /// The zone the set's days and times are in (`calgrid_todo_set_set_zone`): what a todo's
    /// `time_zone` is read in.
    var zone = TimeZoneRules.utc

    init() {
        _storage = .allocate(capacity: 1)
        _storage.initialize(to: TodoSet())
    }

    deinit {
        _storage.deinitialize(count: 1)
        _storage.deallocate()
    }

    var set: TodoSet {
        unsafeAddress { UnsafePointer(_storage) }
        unsafeMutableAddress { _storage }
    }

    /// The set's address, valid while the caller's handle is (for the length of a C call).
    var address: UnsafePointer<TodoSet> { UnsafePointer(_storage) }
}

func _box(_ p: OpaquePointer?) throws(CStatus) -> _TodoSetBox {
    guard let p else { throw .invalid }
    return Unmanaged<_TodoSetBox>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue()
}

/// The set behind a handle, to read in place for the length of the call (`s.pointee.count`): no
/// copy of the struct, no retain of its buffers. Under the API's contract no thread changes a set
/// while another reads it, so nothing moves it meanwhile.
func _reading(_ p: OpaquePointer?) throws(CStatus) -> UnsafePointer<TodoSet> { try _box(p).address }

/// A C index into the set, or ERANGE.
func _index(_ i: Int, in set: TodoSet) throws(CStatus) -> Int { try _index(i, count: set.count) }

/// `_index` of the set behind a handle (the set passed as a value would be copied first).
func _index(_ i: Int, in set: UnsafePointer<TodoSet>) throws(CStatus) -> Int { try _index(i, count: set.pointee.count) }

@inline(__always)
func _index(_ i: Int, count: Int) throws(CStatus) -> Int {
    guard i >= 0, i < count else { throw .range }   // size_t beyond Int.max arrives negative
    return i
}

/// A required C string as a String: EINVAL for NULL or for bytes that are not UTF-8.
func _string(_ p: UnsafePointer<CChar>?, field: TodoField, record: Int, err: UnsafeMutablePointer<calgrid_error>?)
    throws(CStatus) -> String {
    try _string(p, field: field.name, record: record, err: err)
}

/// `_string` for a C parameter (`path`) that is no todo field.
func _string(_ p: UnsafePointer<CChar>?, field: StaticString, record: Int, err: UnsafeMutablePointer<calgrid_error>?)
    throws(CStatus) -> String {
    guard let p else { throw _fieldError(.invalid, _text(field) + " is NULL", field: field, record: record).report(to: err) }
    guard let s = String(validatingCString: p) else {
        throw _fieldError(.invalid, _text(field) + " is not valid UTF-8", field: field, record: record).report(to: err)
    }
    return s
}

/// An error about one field of one todo; `field` is the core's name for it (`TodoField.name`).
func _fieldError(_ status: CStatus, _ message: String, field: TodoField, record: Int) -> _ErrorInfo {
    _fieldError(status, message, field: field.name, record: record)
}

/// An error about a C-only member (`struct_size`), which has no `TodoField`.
func _fieldError(_ status: CStatus, _ message: String, field: StaticString, record: Int) -> _ErrorInfo {
    var e = _ErrorInfo(status, message)
    e.field = _text(field)
    e.recordIndex = Int64(record)
    return e
}

func _text(_ s: StaticString) -> String {
    String(decoding: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount), as: UTF8.self)
}

extension TodoError {
    var _status: CStatus {
        switch self {
        case .duplicateID: return CStatus(CALGRID_EEXIST)
        case .unknownID: return CStatus(CALGRID_ENOTFOUND)
        case .dayNotTracked, .reminderOutOfRange, .notAnOccurrence: return .range
        case .capacityExceeded: return CStatus(CALGRID_ELIMIT)
        case .emptyID, .idTooLong, .endBeforeStart, .completedDaysCountMismatch, .completedDaysWithoutSpan,
             .emptyRepetition, .ruleWithRepetition, .ruleWithoutStart, .ruleStartMismatch, .invalidRule,
             .eventNeverDone, .eventChallenge, .occurrenceDaysOutOfRange, .occurrenceDaysWithoutRule, .occurrenceBeyondEnd:
            return .invalid
        }
    }

    /// The error as the C caller sees it; `record` overrides the position (e.g. for a one-todo add).
    func _info(record: Int? = nil) -> _ErrorInfo {
        var e = _ErrorInfo(_status, description)
        if let f = field { e.field = f.nameText }
        if let r = record ?? position { e.recordIndex = Int64(r) }
        return e
    }
}

@c(calgrid_todo_set_new) @implementation
public func calgrid_todo_set_new(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        try _reserve(TodoSet.constantAllocationBytes)
        out.pointee = OpaquePointer(Unmanaged.passRetained(_TodoSetBox()).toOpaque())
    }
}

@c(calgrid_todo_set_free) @implementation
public func calgrid_todo_set_free(_ set: OpaquePointer?) {
    guard let set else { return }
    Unmanaged<_TodoSetBox>.fromOpaque(UnsafeRawPointer(set)).release()
}

@c(calgrid_todo_set_copy) @implementation
public func calgrid_todo_set_copy(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ set: OpaquePointer?) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let original = try _box(set)
        try _reserve(TodoSet.constantAllocationBytes)
        let copy = _TodoSetBox()
        copy.set = original.set   // a value copy: storage shared until written (copy on write)
        copy.zone = original.zone
        out.pointee = OpaquePointer(Unmanaged.passRetained(copy).toOpaque())
    }
}

@c(calgrid_todo_set_set_zone) @implementation
public func calgrid_todo_set_set_zone(_ set: OpaquePointer?, _ zone: OpaquePointer?) -> Int32 {
    _boundary { () throws(CStatus) in
        let box = try _box(set)
        box.zone = zone == nil ? .utc : try _zone(zone)
    }
}

@c(calgrid_todo_set_count) @implementation
public func calgrid_todo_set_count(_ out: UnsafeMutablePointer<Int>?, _ set: OpaquePointer?) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        out.pointee = try _box(set).set.count
    }
}

/// Looks an id up by its bytes (no String is made; any bytes are a valid key, none matches if not UTF-8).
func _find(_ set: UnsafePointer<TodoSet>, _ id: UnsafePointer<CChar>) -> Int? {
    var n = 0
    while id[n] != 0 { n += 1 }
    return set.read { $0.index(ofIDBytes: UnsafeRawBufferPointer(start: UnsafeRawPointer(id), count: n)) }
}

@c(calgrid_todo_set_find) @implementation
public func calgrid_todo_set_find(_ out: UnsafeMutablePointer<Int>?, _ set: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let box = try _box(set)
        guard let id else { throw .invalid }
        guard let i = _find(box.address, id) else { throw CStatus(CALGRID_ENOTFOUND) }
        out.pointee = i
    }
}

@c(calgrid_todo_set_get) @implementation
public func calgrid_todo_set_get(_ out: UnsafeMutablePointer<calgrid_todo_info>?, _ set: OpaquePointer?, _ index: Int) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let size = out.pointee.struct_size
        // An older header's struct (before is_event, before occurrence_days) gets what it has room for.
        if size != _todoInfoSizeV2, size != _todoInfoSizeV3 { try _checkVersionedSize(size, older: _todoInfoSizeV1, known: MemoryLayout<calgrid_todo_info>.size) }
        let s = try _reading(set)
        let i = try _index(index, in: s)
        var info = calgrid_todo_info()
        info.struct_size = out.pointee.struct_size
        s.read { s in
            info.start = s.start(at: i)?.dayNumber ?? _noDate
            info.end = s.end(at: i)?.dayNumber ?? _noDate
            info.created_at = s.createdAt(at: i) ?? _noCreatedAt
            info.is_challenge = s.isChallenge(at: i) ? 1 : 0
            info.is_completed = s.isCompleted(at: i) ? 1 : 0
            info.is_tracked = s.isTracked(at: i) ? 1 : 0
            info.is_done = s.isDone(at: i) ? 1 : 0
            info.repetition = UInt32(s.repetition(at: i).rawValue)
            info.reminder_minutes = s.reminderMinutes(at: i).map { Int32($0) } ?? _noReminder
            info.tracked_day_count = Int64(s.trackedDayCount(at: i))
            info.done_day_count = Int64(s.doneDayCount(at: i))
            info.completion_share = s.completionShare(at: i)
            info.has_memo = s.hasMemo(at: i) ? 1 : 0
            info.tag_count = s.tagCount(at: i)
            info.is_event = s.isEvent(at: i) ? 1 : 0
            info.occurrence_days = s.occurrenceDays(at: i)
            let times = s.times(at: i)
            info.has_times = times == nil ? 0 : 1
            info.start_minutes = times.map { Int32($0.start) } ?? -1
            info.end_minutes = times.map { Int32($0.end) } ?? -1
        }
        _store(info, into: out, size: size)
    }
}

/// Copies UTF-8 bytes and a NUL into a caller buffer, reporting the length either way.
func _copyOut(_ bytes: UnsafeBufferPointer<UInt8>, _ buf: UnsafeMutablePointer<CChar>?, _ size: Int,
              _ outLength: UnsafeMutablePointer<Int>?) throws(CStatus) {
    let size = try _length(size)
    outLength?.pointee = bytes.count
    guard size > bytes.count else { throw .noSpace }
    guard let buf else { throw .invalid }
    for k in 0..<bytes.count { buf[k] = CChar(bitPattern: bytes[k]) }
    buf[bytes.count] = 0
}

func _copyOut(_ text: String, _ buf: UnsafeMutablePointer<CChar>?, _ size: Int, _ outLength: UnsafeMutablePointer<Int>?)
    throws(CStatus) {
    try _withUTF8(text) { (b) throws(CStatus) in try _copyOut(b, buf, size, outLength) }
}

@c(calgrid_todo_set_text) @implementation
public func calgrid_todo_set_text(_ buf: UnsafeMutablePointer<CChar>?, _ size: Int, _ outLength: UnsafeMutablePointer<Int>?,
                                  _ set: OpaquePointer?, _ index: Int, _ which: calgrid_todo_text, _ tagIndex: Int) -> Int32 {
    _boundary { () throws(CStatus) in
        let s = try _reading(set)
        let i = try _index(index, in: s)
        // Every text but the rule's is copied from the set's arena as it lies; the read itself
        // allocates a few hundred bytes (240 measured), and the rule's text is formatted.
        try _reserve(which.rawValue == CALGRID_TEXT_RRULE.rawValue ? _recurrenceTextBound : TodoSet.constantAllocationBytes)
        func copy(_ b: UnsafeBufferPointer<UInt8>) -> Result<Void, CStatus> {
            do throws(CStatus) { try _copyOut(b, buf, size, outLength); return .success(()) } catch { return .failure(error) }
        }
        try s.read { (t) throws(CStatus) in
            switch which.rawValue {
            case CALGRID_TEXT_ID.rawValue:
                try t.withIDBytes(at: i, copy).get()
            case CALGRID_TEXT_TITLE.rawValue:
                try t.withTitleBytes(at: i, copy).get()
            case CALGRID_TEXT_MEMO.rawValue:
                guard let r = t.withMemoBytes(at: i, copy) else { throw CStatus(CALGRID_ENOTFOUND) }
                try r.get()
            case CALGRID_TEXT_TAG.rawValue:
                guard tagIndex >= 0, tagIndex < t.tagCount(at: i) else { throw .range }
                try t.withTagBytes(tagIndex, at: i, copy).get()
            case CALGRID_TEXT_LOCATION.rawValue:
                guard let r = t.withLocationBytes(at: i, copy) else { throw CStatus(CALGRID_ENOTFOUND) }
                try r.get()
            case CALGRID_TEXT_RRULE.rawValue:
                guard let rule = t.recurrence(at: i)?.rule else { throw CStatus(CALGRID_ENOTFOUND) }
                try _copyOut(rule.text, buf, size, outLength)
            case CALGRID_TEXT_TIME_ZONE.rawValue:
                guard let z = t.timeZone(at: i) else { throw CStatus(CALGRID_ENOTFOUND) }
                try _copyOut(z.source.name, buf, size, outLength)
            case CALGRID_TEXT_ALARM_DESCRIPTION.rawValue:
                guard tagIndex >= 0, tagIndex < t.alarmCount(at: i) else { throw .range }
                guard let d = t.alarm(tagIndex, at: i).description else { throw CStatus(CALGRID_ENOTFOUND) }
                try _copyOut(d, buf, size, outLength)
            default:
                throw .invalid
            }
        }
    }
}
