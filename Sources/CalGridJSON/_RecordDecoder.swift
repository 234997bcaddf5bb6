// json-c object → a todo staged in a TodoBatch, for both vocabularies. Shape only: types, the
// syntax of dates and times, the names it knows, the import's span limit; the set checks its own
// rules (ids, end before start, repetition, the number of flags) on insert. Every check names the
// field it failed on.
import CJSONC
import CalGrid
import CalGridImport

@usableFromInline
struct _RecordDecoder {
    /// Date-times become days here (this thread's own cache of the zone's offsets).
    @usableFromInline var clock: _ZoneClock
    @usableFromInline var maxSpanDays: Int
    @usableFromInline var includeDeleted: Bool
    @usableFromInline var includeRecurring: Bool
    /// Unknown fields met so far.
    @usableFromInline var unknownFields = 0

    @inlinable
    init(options: ImportOptions) {
        clock = _ZoneClock(zone: options.zone)
        maxSpanDays = options.limits.maxSpanDays
        includeDeleted = options.includeDeletedTasks
        includeRecurring = options.includeRecurringParents
    }

    // MARK: json-c value access

    @inlinable @inline(__always)
    static func type(_ v: OpaquePointer?) -> json_type { json_object_get_type(v) }

    @inlinable @inline(__always)
    static func isNull(_ v: OpaquePointer?) -> Bool { v == nil || json_object_get_type(v) == json_type_null }

    @inlinable
    static func bytes(_ v: OpaquePointer?) -> UnsafeBufferPointer<UInt8> {
        let n = Int(json_object_get_string_len(v))
        return UnsafeRawPointer(json_object_get_string(v)!).withMemoryRebound(to: UInt8.self, capacity: n) {
            UnsafeBufferPointer(start: $0, count: n)
        }
    }

    @inlinable
    static func string(_ v: OpaquePointer?, _ field: String) throws(_FieldFailure) -> String {
        guard type(v) == json_type_string else { throw _FieldFailure(.wrongType, field, "expected a string") }
        return String(decoding: bytes(v), as: UTF8.self)
    }

    /// The UTF-8 bytes of a native field's string (json-c's, valid until the record is put); the
    /// field's name is built only when the value is wrong.
    @inlinable
    static func stringBytes(_ v: OpaquePointer?, _ field: TodoField) throws(_FieldFailure) -> UnsafeBufferPointer<UInt8> {
        guard type(v) == json_type_string else { throw _FieldFailure(.wrongType, field.nameText, "expected a string") }
        return bytes(v)
    }

    /// A native field that is a string or null: nil for null, else the value once it is a string.
    @inlinable
    static func optionalString(_ v: OpaquePointer?, _ field: TodoField) throws(_FieldFailure) -> OpaquePointer? {
        if isNull(v) { return nil }
        _ = try stringBytes(v, field)
        return v
    }

    /// The UTF-8 bytes of a string field named in the format's own words (Taskwarrior's).
    @inlinable
    static func stringBytes(_ v: OpaquePointer?, _ field: StaticString) throws(_FieldFailure) -> UnsafeBufferPointer<UInt8> {
        guard type(v) == json_type_string else { throw _FieldFailure(.wrongType, _text(field), "expected a string") }
        return bytes(v)
    }

    @inlinable
    static func bool(_ v: OpaquePointer?, _ field: TodoField) throws(_FieldFailure) -> Bool {
        guard type(v) == json_type_boolean else { throw _FieldFailure(.wrongType, field.nameText, "expected true or false") }
        return json_object_get_boolean(v) != 0
    }

    @inlinable
    static func bool(_ v: OpaquePointer?, _ field: String) throws(_FieldFailure) -> Bool {
        guard type(v) == json_type_boolean else { throw _FieldFailure(.wrongType, field, "expected true or false") }
        return json_object_get_boolean(v) != 0
    }

    /// A `kind` value: true for `"event"`, false for `"todo"` (or null); anything else is an issue.
    @usableFromInline
    static func isEventKind(_ v: OpaquePointer?) throws(_FieldFailure) -> Bool {
        if isNull(v) { return false }
        let why = "expected \"" + TodoField._string(TodoField.eventKindName) + "\" or \"" + TodoField._string(TodoField.todoKindName) + "\""
        guard type(v) == json_type_string else { throw _FieldFailure(.invalidKind, TodoField.kind.nameText, why) }
        let b = bytes(v)
        if same(b, TodoField.eventKindName) { return true }
        if same(b, TodoField.todoKindName) { return false }
        throw _FieldFailure(.invalidKind, TodoField.kind.nameText, why)
    }

    /// A `startTime` or `endTime` value: `"HH:MM"` (`TodoTimes.minutes(parsing:)`), nil for null.
    @usableFromInline
    static func time(_ v: OpaquePointer?, _ field: TodoField) throws(_FieldFailure) -> Int16? {
        if isNull(v) { return nil }
        guard type(v) == json_type_string, let m = TodoTimes.minutes(parsing: UnsafeRawBufferPointer(bytes(v))) else {
            throw _FieldFailure(.invalidDateTime, field.nameText, "expected \"HH:MM\" (00:00...23:59)")
        }
        return m
    }

    /// Whether the bytes are exactly the literal.
    @inlinable
    static func same(_ b: UnsafeBufferPointer<UInt8>, _ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard b.count == n else { return false }
        for i in 0..<n where b[i] != s.utf8Start[i] { return false }
        return true
    }

    /// Compares a NUL-terminated key with a literal.
    @inlinable @inline(__always)
    static func key(_ k: UnsafePointer<CChar>, _ s: StaticString) -> Bool {
        let w = s.utf8Start
        let n = s.utf8CodeUnitCount
        return k.withMemoryRebound(to: UInt8.self, capacity: n + 1) { b in
            for i in 0..<n where b[i] != w[i] { return false }
            return b[n] == 0
        }
    }

    @inlinable
    mutating func civilDay(_ v: OpaquePointer?, _ field: String) throws(_FieldFailure) -> CivilDate? {
        if _RecordDecoder.isNull(v) { return nil }
        guard _RecordDecoder.type(v) == json_type_string else { throw _FieldFailure(.wrongType, field, "expected \"YYYY-MM-DD\", an RFC 3339 date-time or null") }
        let b = _RecordDecoder.bytes(v)
        if b.count == 10 {
            do { return try CivilDate(iso8601Bytes: b) } catch {
                throw _FieldFailure(.invalidDate, field, error.description)
            }
        }
        guard let s = _DateText.rfc3339Seconds(b) else { throw _FieldFailure(.invalidDateTime, field, "not YYYY-MM-DD nor an RFC 3339 date-time") }
        guard let d = clock.civilDay(s) else {
            throw _FieldFailure(.invalidDateTime, field, "the date-time falls outside the years 0001...9999 in the import's time zone")
        }
        return d
    }

    // MARK: Native records

    /// Decodes a native record into `batch` (as its last todo; on a throw the batch is as it was).
    /// `keys` is the scanner's count of its keys (a mismatch with json-c's count means a duplicate
    /// key, which json-c would silently collapse). Every field is checked in key order; the texts
    /// go from json-c's strings straight into the batch's arena, never through a `String`.
    @inlinable
    mutating func native(_ o: OpaquePointer?, keys: Int, raw: _RawRecord, into batch: inout TodoBatch) throws(_FieldFailure) {
        guard _RecordDecoder.type(o) == json_type_object else { throw _FieldFailure(.notAnObject, "", "a record must be a JSON object") }
        guard Int(json_object_object_length(o)) == keys else { throw _FieldFailure(.duplicateField, "", "a field appears twice") }
        var idValue: OpaquePointer? = nil, titleValue: OpaquePointer? = nil
        var memoValue: OpaquePointer? = nil, tagsValue: OpaquePointer? = nil
        var isChallenge = false, isCompleted = false, createdAt: Int64? = nil, reminder: Int16? = nil
        var startValue: OpaquePointer? = nil, endValue: OpaquePointer? = nil
        var repetitionValue: OpaquePointer? = nil, completedValue: OpaquePointer? = nil
        var sawCompletedFlag = false, isEvent = false, occurrenceDays: Int32 = 1
        var startTime: Int16? = nil, endTime: Int16? = nil, locationValue: OpaquePointer? = nil
        var ruleValue: OpaquePointer? = nil, exdatesValue: OpaquePointer? = nil, rdatesValue: OpaquePointer? = nil
        var alarmsValue: OpaquePointer? = nil, timeZoneValue: OpaquePointer? = nil
        var entry = cg_object_first(o)
        while let e = entry {
            let k = cg_entry_key(e)!
            let v = cg_entry_value(e)
            entry = cg_entry_next(e)
            switch UInt8(bitPattern: k[0]) {
            case 0x69: // i
                if _RecordDecoder.key(k, TodoField.id.name) {
                    _ = try _RecordDecoder.stringBytes(v, TodoField.id)
                    idValue = v
                    continue
                }
                if _RecordDecoder.key(k, TodoField.isChallenge.name) {
                    isChallenge = try _RecordDecoder.bool(v, TodoField.isChallenge)
                    continue
                }
                // The app writes "iscompleted" (TodoField.isCompleted.name); "isCompleted" is read too.
                if _RecordDecoder.key(k, TodoField.isCompleted.name) || _RecordDecoder.key(k, "isCompleted") {
                    let name = _RecordDecoder.key(k, TodoField.isCompleted.name) ? TodoField.isCompleted.nameText : "isCompleted"
                    guard !sawCompletedFlag else { throw _FieldFailure(.duplicateField, name, "both iscompleted and isCompleted are present") }
                    sawCompletedFlag = true
                    isCompleted = try _RecordDecoder.bool(v, name)
                    continue
                }
            case 0x6B: // k
                if _RecordDecoder.key(k, TodoField.kind.name) { isEvent = try _RecordDecoder.isEventKind(v); continue }
            case 0x61: // a
                if _RecordDecoder.key(k, TodoField.alarms.name) { alarmsValue = v; continue }
            case 0x6F: // o
                if _RecordDecoder.key(k, TodoField.occurrenceDays.name) {
                    // A whole number of days; the set checks its range and that the todo has a rule.
                    guard _RecordDecoder.type(v) == json_type_int else {
                        throw _FieldFailure(.wrongType, TodoField.occurrenceDays.nameText, "expected a whole number of days")
                    }
                    let n = json_object_get_int64(v)
                    occurrenceDays = n < 0 ? 0 : n > Int64(Int32.max) ? Int32.max : Int32(n)
                    continue
                }
            case 0x74: // t
                if _RecordDecoder.key(k, TodoField.title.name) { _ = try _RecordDecoder.stringBytes(v, TodoField.title); titleValue = v; continue }
                if _RecordDecoder.key(k, TodoField.tags.name) { tagsValue = try _RecordDecoder.checkedTags(v, TodoField.tags.nameText); continue }
                if _RecordDecoder.key(k, TodoField.timeZone.name) {
                    if !_RecordDecoder.isNull(v) { _ = try _RecordDecoder.stringBytes(v, TodoField.timeZone); timeZoneValue = v }
                    continue
                }
            case 0x6D: // m
                if _RecordDecoder.key(k, TodoField.memo.name) { memoValue = try _RecordDecoder.optionalString(v, .memo); continue }
            case 0x73: // s
                if _RecordDecoder.key(k, TodoField.start.name) { startValue = v; continue }
                if _RecordDecoder.key(k, TodoField.startTime.name) { startTime = try _RecordDecoder.time(v, .startTime); continue }
            case 0x65: // e
                if _RecordDecoder.key(k, TodoField.end.name) { endValue = v; continue }
                if _RecordDecoder.key(k, TodoField.exceptionDates.name) { exdatesValue = v; continue }
                if _RecordDecoder.key(k, TodoField.endTime.name) { endTime = try _RecordDecoder.time(v, .endTime); continue }
            case 0x6C: // l
                if _RecordDecoder.key(k, TodoField.location.name) { locationValue = try _RecordDecoder.optionalString(v, .location); continue }
            case 0x63: // c
                if _RecordDecoder.key(k, TodoField.completedDays.name) { completedValue = v; continue }
                if _RecordDecoder.key(k, TodoField.createdAt.name) { createdAt = try self.createdAt(v); continue }
            case 0x72: // r
                if _RecordDecoder.key(k, TodoField.repetition.name) { repetitionValue = v; continue }
                if _RecordDecoder.key(k, TodoField.rule.name) { ruleValue = try _RecordDecoder.optionalString(v, .rule); continue }
                if _RecordDecoder.key(k, TodoField.additionalDates.name) { rdatesValue = v; continue }
                if _RecordDecoder.key(k, TodoField.reminderMinutes.name) {
                    if _RecordDecoder.isNull(v) { continue }
                    guard _RecordDecoder.type(v) == json_type_string, let m = _DateText.minutes(_RecordDecoder.bytes(v)) else {
                        throw _FieldFailure(.invalidReminderTime, TodoField.reminderMinutes.nameText, "expected \"HH:MM\" (00:00...23:59)")
                    }
                    reminder = m
                    continue
                }
            default: break
            }
            unknownFields += 1
        }
        guard let idValue else { throw _FieldFailure(.missingField, TodoField.id.nameText, "the record has no " + TodoField.id.nameText) }
        guard let titleValue else { throw _FieldFailure(.missingField, TodoField.title.nameText, "the record has no " + TodoField.title.nameText) }
        let id = _RecordDecoder.bytes(idValue)
        let start = try civilDay(startValue, TodoField.start.nameText)
        let end = try civilDay(endValue, TodoField.end.nameText)
        if let s = start, let e = end, e >= s {
            guard s.days(to: e) < maxSpanDays else {
                throw _FieldFailure.spanTooLong(TodoField.end.nameText, limit: maxSpanDays)
            }
        }
        var repetition = WeekdaySet.all
        if !_RecordDecoder.isNull(repetitionValue) { repetition = try self.repetition(repetitionValue) }
        // One time alone is both: an item at 14:00 starts and ends then.
        let times = (startTime ?? endTime).map { TodoTimes(start: Int($0), end: Int(endTime ?? $0))! }
        let fields = TodoFields(start: start, end: end, createdAt: createdAt, isChallenge: isChallenge, isCompleted: isCompleted,
                                repetition: repetition, reminderMinutes: reminder, isEvent: isEvent, occurrenceDays: occurrenceDays,
                                times: times)
        // A rule: its text and days staged as they are; the set parses and checks them.
        let hasRule = ruleValue != nil || !_RecordDecoder.isNull(exdatesValue) || !_RecordDecoder.isNull(rdatesValue)
        let exdates = try dayList(exdatesValue, .exceptionDates), rdates = try dayList(rdatesValue, .additionalDates)
        let alarms = try _RecordDecoder.alarms(alarmsValue)
        batch.append(idBytes: UnsafeRawBufferPointer(id), titleBytes: UnsafeRawBufferPointer(_RecordDecoder.bytes(titleValue)),
                     memoBytes: memoValue.map { UnsafeRawBufferPointer(_RecordDecoder.bytes($0)) }, fields: fields)
        if let tagsValue {
            for i in 0..<Int(json_object_array_length(tagsValue)) {
                batch.appendTag(UnsafeRawBufferPointer(_RecordDecoder.bytes(json_object_array_get_idx(tagsValue, i))))
            }
        }
        if let locationValue { batch.setLocation(UnsafeRawBufferPointer(_RecordDecoder.bytes(locationValue))) }
        if let timeZoneValue { batch.setTimeZone(try _RecordDecoder.timeZone(timeZoneValue, readIn: clock.zone)) }
        for a in alarms { batch.appendAlarm(a) }
        if hasRule {
            batch.setRule(textBytes: ruleValue.map { UnsafeRawBufferPointer(_RecordDecoder.bytes($0)) }, rdates: rdates, exdates: exdates,
                          zone: clock.zone)
        }
        if !_RecordDecoder.isNull(completedValue) {
            // Flags keyed by day need the rule's occurrences: the rule as the set will read it.
            var recurrence: Recurrence? = nil
            if hasRule, _RecordDecoder.type(completedValue) == json_type_object, let s = start {
                let rule = ruleValue.flatMap { v in try? RecurrenceRule(parsingBytes: _RecordDecoder.bytes(v)) }
                if ruleValue == nil || rule != nil { recurrence = Recurrence(start: s, rule: rule, zone: clock.zone, rdates: rdates, exdates: exdates) }
            }
            do throws(_FieldFailure) {
                try completed(completedValue, fields, recurrence: recurrence, ruleStaged: hasRule, raw: raw, into: &batch)
            } catch {
                batch.removeLast()
                throw error
            }
        }
    }

    @inlinable
    func createdAt(_ v: OpaquePointer?) throws(_FieldFailure) -> Int64? {
        switch _RecordDecoder.type(v) {
        case json_type_null: return nil
        case json_type_string:
            guard let s = _DateText.rfc3339Seconds(_RecordDecoder.bytes(v)) else {
                throw _FieldFailure(.invalidDateTime, TodoField.createdAt.nameText, "not an RFC 3339 date-time")
            }
            return s
        case json_type_int:
            // Integers beyond ±2^53 are refused: json-c saturates at the int64 limits without saying so.
            let n = json_object_get_int64(v)
            guard n > -(1 << 53), n < 1 << 53 else { throw _FieldFailure(.invalidDateTime, TodoField.createdAt.nameText, "seconds out of range (±2^53)") }
            return n
        default:
            throw _FieldFailure(.wrongType, TodoField.createdAt.nameText, "expected an RFC 3339 date-time or integer seconds")
        }
    }

    /// Checks a tags value: nil for null, else the array, every element a string.
    @inlinable
    static func checkedTags(_ v: OpaquePointer?, _ field: String) throws(_FieldFailure) -> OpaquePointer? {
        if isNull(v) { return nil }
        guard type(v) == json_type_array else { throw _FieldFailure(.wrongType, field, "expected an array of strings") }
        for i in 0..<Int(json_object_array_length(v)) {
            guard type(json_object_array_get_idx(v, i)) == json_type_string else { throw _FieldFailure(.invalidTag, field + "[\(i)]", "a tag must be a string") }
        }
        return v
    }

    @inlinable
    func repetition(_ v: OpaquePointer?) throws(_FieldFailure) -> WeekdaySet {
        guard _RecordDecoder.type(v) == json_type_array else { throw _FieldFailure(.wrongType, TodoField.repetition.nameText, "expected an array of weekdays (0-6 or \"sun\"...\"sat\")") }
        let n = Int(json_object_array_length(v))
        var set = WeekdaySet.none   // `[]` stays empty: the set refuses it
        for i in 0..<n {
            let d = json_object_array_get_idx(v, i)
            let w: Int
            switch _RecordDecoder.type(d) {
            case json_type_int:
                let x = json_object_get_int64(d)
                guard x >= 0, x <= 6 else { throw _FieldFailure(.invalidRepetition, TodoField.repetition.nameText + "[\(i)]", "weekday numbers are 0 (Sunday) to 6 (Saturday)") }
                w = Int(x)
            case json_type_string:
                guard let x = _RecordDecoder.weekdayName(_RecordDecoder.bytes(d)) else {
                    throw _FieldFailure(.invalidRepetition, TodoField.repetition.nameText + "[\(i)]", "weekday names are sun, mon, tue, wed, thu, fri, sat")
                }
                w = x
            default:
                throw _FieldFailure(.invalidRepetition, TodoField.repetition.nameText + "[\(i)]", "expected a weekday number or name")
            }
            let day = Weekday(rawValue: UInt8(w))!
            guard !set.contains(day) else { throw _FieldFailure(.invalidRepetition, TodoField.repetition.nameText + "[\(i)]", "a weekday is listed twice") }
            set.insert(day)
        }
        return set
    }

    /// A list of `YYYY-MM-DD` days (`exdates`, `rdates`); empty for null or absent.
    @inlinable
    func dayList(_ v: OpaquePointer?, _ field: TodoField) throws(_FieldFailure) -> [CivilDate] {
        if _RecordDecoder.isNull(v) { return [] }
        guard _RecordDecoder.type(v) == json_type_array else { throw _FieldFailure(.wrongType, field.nameText, "expected an array of \"YYYY-MM-DD\" days") }
        var days: [CivilDate] = []
        for i in 0..<Int(json_object_array_length(v)) {
            let d = json_object_array_get_idx(v, i)
            guard _RecordDecoder.type(d) == json_type_string else { throw _FieldFailure(.wrongType, field.nameText + "[\(i)]", "expected \"YYYY-MM-DD\"") }
            do { days.append(try CivilDate(iso8601Bytes: _RecordDecoder.bytes(d))) } catch {
                throw _FieldFailure(.invalidDate, field.nameText + "[\(i)]", error.description)
            }
        }
        return days
    }

    @inlinable
    static func weekdayName(_ b: UnsafeBufferPointer<UInt8>) -> Int? {
        guard b.count == 3 else { return nil }
        switch (b[0], b[1], b[2]) {
        case (0x73, 0x75, 0x6E): return 0
        case (0x6D, 0x6F, 0x6E): return 1
        case (0x74, 0x75, 0x65): return 2
        case (0x77, 0x65, 0x64): return 3
        case (0x74, 0x68, 0x75): return 4
        case (0x66, 0x72, 0x69): return 5
        case (0x73, 0x61, 0x74): return 6
        default: return nil
        }
    }
}
