// A native record's `alarms` list (TodoField.alarms) back into the set's alarms: the objects the
// exporter writes (`_RecordWriter.alarms`), keys and words from the core (`TodoAlarm.Field`,
// `TodoAlarm.Clock.name`, `TodoAlarm.Action.name`), so import(export(set)) keeps every alarm.
import CJSONC
import CalGrid
import CalGridImport
import CalGridSystem

extension _RecordDecoder {
    /// The most alarms one record may have: a bound on the memory a hostile file costs.
    static var maxAlarms: Int { 100_000 }

    /// The alarms of `v` (a list of alarm objects; null or absent: none).
    @usableFromInline
    static func alarms(_ v: OpaquePointer?) throws(_FieldFailure) -> [TodoAlarm] {
        if isNull(v) { return [] }
        let field = TodoField.alarms.nameText
        guard type(v) == json_type_array else { throw _FieldFailure(.wrongType, field, "expected a list of alarm objects") }
        let n = Int(json_object_array_length(v))
        guard n <= maxAlarms else { throw _FieldFailure(.wrongType, field, "more than \(maxAlarms) alarms on one item") }
        var out: [TodoAlarm] = []
        out.reserveCapacity(n)
        for k in 0..<n { out.append(try alarm(json_object_array_get_idx(v, k), field + "[\(k)]")) }
        return out
    }

    /// One alarm object.
    static func alarm(_ o: OpaquePointer?, _ field: String) throws(_FieldFailure) -> TodoAlarm {
        guard type(o) == json_type_object else { throw _FieldFailure(.wrongType, field, "expected an alarm object") }
        func value(_ f: TodoAlarm.Field) -> OpaquePointer? {
            var out: OpaquePointer? = nil
            let n = f.name
            let name = String(decoding: UnsafeBufferPointer(start: n.utf8Start, count: n.utf8CodeUnitCount), as: UTF8.self)
            return json_object_object_get_ex(o, name, &out) != 0 ? out : nil
        }
        func name(_ f: TodoAlarm.Field) -> String {
            let n = f.name
            return field + "." + String(decoding: UnsafeBufferPointer(start: n.utf8Start, count: n.utf8CodeUnitCount), as: UTF8.self)
        }
        func int32(_ f: TodoAlarm.Field, _ range: ClosedRange<Int64>) throws(_FieldFailure) -> Int32? {
            let v = value(f)
            if isNull(v) { return nil }
            guard type(v) == json_type_int else { throw _FieldFailure(.wrongType, name(f), "expected a whole number") }
            let x = json_object_get_int64(v)
            guard range.contains(x) else { throw _FieldFailure(.wrongType, name(f), "\(x) is outside \(range.lowerBound)...\(range.upperBound)") }
            return Int32(x)
        }
        func text(_ f: TodoAlarm.Field) throws(_FieldFailure) -> UnsafeBufferPointer<UInt8>? {
            let v = value(f)
            if isNull(v) { return nil }
            guard type(v) == json_type_string else { throw _FieldFailure(.wrongType, name(f), "expected a string") }
            return bytes(v)
        }
        guard let c = try text(.clock),
              let clock = ([.local, .utc, .absolute, .reminder, .silent] as [TodoAlarm.Clock]).first(where: { same(c, $0.name) }) else {
            throw _FieldFailure(.wrongType, name(.clock), "expected one of local, utc, absolute, reminder, silent")
        }
        let days = Int64(CivilDate.maxDayNumber) - Int64(CivilDate.minDayNumber)
        let day = try int32(.day, clock == .absolute ? Int64(CivilDate.minDayNumber)...Int64(CivilDate.maxDayNumber) : -days...days) ?? 0
        let second = try int32(.second, 0...86_399) ?? 0
        let count = try int32(.repeatCount, 0...Int64(Int32.max)) ?? 0
        let interval = try int32(.repeatInterval, 0...Int64(Int32.max)) ?? 0
        var action = TodoAlarm.Action.display
        if let a = try text(.action) {
            guard let known = [TodoAlarm.Action.display, .audio, .email, .other].first(where: { act in
                var n = act.name
                return n.withUTF8 { $0.count == a.count && zip($0, a).allSatisfy { $0 == $1 } }
            }) else { throw _FieldFailure(.wrongType, name(.action), "expected DISPLAY, AUDIO, EMAIL or OTHER") }
            action = known
        }
        var zone: TimeZoneRules? = nil
        if let z = try text(.zone) {
            let zoneName = String(decoding: z, as: UTF8.self)
            do { zone = try TimeZoneRules.named(zoneName) } catch {
                throw _FieldFailure(.wrongType, name(.zone), "no time zone named \(zoneName)")
            }
        }
        var reminder: Int16? = nil
        if let r = try text(.reminder) {
            guard let m = _DateText.minutes(r) else { throw _FieldFailure(.invalidReminderTime, name(.reminder), "expected \"HH:MM\" (00:00...23:59)") }
            reminder = m
        }
        var occurrence: CivilDate? = nil
        if let d = try text(.occurrence) {
            do { occurrence = try CivilDate(iso8601Bytes: d) } catch { throw _FieldFailure(.invalidDate, name(.occurrence), error.description) }
        }
        let description = try text(.description).map { String(decoding: $0, as: UTF8.self) }
        return TodoAlarm(clock: clock, day: day, second: second, repeatCount: count, repeatInterval: interval, action: action,
                         zone: zone, reminder: reminder, occurrence: occurrence, description: description)
    }

    /// A record's `timeZone` (a tzdata name, or a POSIX TZ string for a file's own VTIMEZONE;
    /// `TodoDraft.timeZone`'s source), read in `readIn`, the import's zone.
    @usableFromInline
    static func timeZone(_ v: OpaquePointer?, readIn: TimeZoneRules) throws(_FieldFailure) -> TodoTimeZone {
        let zoneName = String(decoding: bytes(v), as: UTF8.self)
        do { return TodoTimeZone(source: try TimeZoneRules.parse(zoneName), readIn: readIn) } catch {
            throw _FieldFailure(.wrongType, TodoField.timeZone.nameText, "no time zone named \(zoneName)")
        }
    }
}
