// A todo's recurrence rule across the C boundary: `calgrid_todo.rrule` and its day lists in,
// `calgrid_todo_set_recurrence` out. The rule's parsing, checks and sentences are the core's.
import CalGrid
import CCalGrid

/// `sizeof(calgrid_todo)` before the rule members (`CALGRID_TODO_SIZE_V1`): what older callers pass.
let _todoSizeV1 = MemoryLayout<calgrid_todo>.offset(of: \.rrule)!

/// A `struct_size` this library reads: the older header's (`CALGRID_TODO_SIZE_V1`) or at least
/// today's (a later header's members beyond it are not read). Anything between cuts a member.
func _isTodoSize(_ size: Int) -> Bool {
    size == _todoSizeV1 || size == _todoSizeV2 || size == _todoSizeV3 || size == _todoSizeV4 || size == _todoSizeV5
        || size >= MemoryLayout<calgrid_todo>.size
}

/// `CALGRID_TODO_SIZE_V2`: the header before `is_event` (its todos are todos).
let _todoSizeV2 = MemoryLayout<calgrid_todo>.offset(of: \.is_event)!

/// `CALGRID_TODO_SIZE_V3`: the header before `occurrence_days` (its occurrences are one day each).
let _todoSizeV3 = MemoryLayout<calgrid_todo>.offset(of: \.is_event)! + MemoryLayout<Int32>.size

/// `CALGRID_TODO_SIZE_V4`: the header before `has_times` (its items are all-day, without a location).
let _todoSizeV4 = MemoryLayout<calgrid_todo>.offset(of: \.occurrence_days)! + MemoryLayout<Int32>.size

/// `CALGRID_TODO_SIZE_V5`: the header before `time_zone` (its times are floating).
let _todoSizeV5 = MemoryLayout<calgrid_todo>.offset(of: \.time_zone)!

/// The caller's `calgrid_todo` as its header knew it: `size` bytes (at least `_todoSizeV1`, which
/// the caller checked) copied over zeros, so members added later read as "no rule".
func _todoStruct(_ p: UnsafeRawPointer, size: Int) -> calgrid_todo {
    var t = calgrid_todo()
    withUnsafeMutableBytes(of: &t) { $0.copyMemory(from: UnsafeRawBufferPointer(start: p, count: Swift.min(size, MemoryLayout<calgrid_todo>.size))) }
    return t
}

/// What a todo's rule may allocate, for the allocation bound: its text (its length measured, not
/// read into a String), its days (sorted copies) and the rule's value and expansion.
func _ruleBytes(_ t: calgrid_todo) -> Int {
    guard t.rrule != nil || t.exdate_count != 0 || t.rdate_count != 0 else { return 0 }
    let days = _add(Swift.max(t.exdate_count, 0), Swift.max(t.rdate_count, 0))
    return _add(_add(Swift.min(_cLength(t.rrule), RecurrenceRule.maxTextBytes + 1), 1024), _mul(days, 16))
}

/// The recurrence a C todo asks for, nil when it names none. A rule that does not parse is the
/// core's `TodoError.invalidRule` (EINVAL; its part and byte offset in `err`).
func _todoRecurrence(_ t: calgrid_todo, start: CivilDate?, id: String, record: Int,
                     err: UnsafeMutablePointer<calgrid_error>?) throws(CStatus) -> Recurrence? {
    guard t.rrule != nil || t.exdate_count != 0 || t.rdate_count != 0 else { return nil }
    let removed = try _days(t.exdates, t.exdate_count, "exdates", err)
    let added = try _days(t.rdates, t.rdate_count, "rdates", err)
    guard let start else { throw TodoError.ruleWithoutStart(position: record, id: id)._info(record: record).report(to: err) }
    var rule: RecurrenceRule? = nil
    if let text = t.rrule {
        var n = 0
        while text[n] != 0 && n <= RecurrenceRule.maxTextBytes { n += 1 }   // a longer one is refused by length
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: n)
        do throws(RecurrenceError) { rule = try RecurrenceRule(parsingBytes: bytes) } catch {
            var info = TodoError.invalidRule(position: record, id: id, error: error)._info(record: record)
            info.byteOffset = Int64(error.offset)
            throw info.report(to: err)
        }
    }
    return Recurrence(start: start, rule: rule, rdates: added, exdates: removed)
}

@c(calgrid_todo_set_recurrence) @implementation
public func calgrid_todo_set_recurrence(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ set: OpaquePointer?, _ index: Int) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let s = try _box(set).address
        let i = try _index(index, in: s)
        guard let r = s.read({ $0.recurrence(at: i) }) else { throw CStatus(CALGRID_ENOTFOUND) }
        out.pointee = OpaquePointer(Unmanaged.passRetained(_RecurrenceBox(r)).toOpaque())
    }
}
