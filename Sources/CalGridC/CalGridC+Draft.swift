// A caller's `calgrid_todo` read into the core's draft, for every call that takes todos (add,
// add_many, update, the store's add and update): what C can say and Swift cannot is checked here,
// the rest by the core.
import CalGrid
import CCalGrid

/// The most per-day flags a todo can have: one for every supported day (a larger count is refused
/// before anything is read or allocated).
let _maxCompletedDayCount = Int(CivilDate.maxDayNumber - CivilDate.minDayNumber) + 1

/// Translates a caller's `calgrid_todo` into the core's draft; checks only what C can express and
/// Swift cannot (NULLs, UTF-8, widths, flag bytes, a zone's name). Everything else is the core's
/// validation. A `time_zone` is read in `readIn` (the set's zone); `zones` keeps the zones the
/// call's todos named, so each name is looked up once a call.
func _draft(_ p: UnsafeRawPointer, record: Int, err: UnsafeMutablePointer<calgrid_error>?, readIn: TimeZoneRules,
            zones: inout [TimeZoneRules]) throws(CStatus) -> TodoDraft {
    let size = p.load(as: Int.self)   // struct_size comes first
    guard _isTodoSize(size) else {
        throw _fieldError(.invalid, "struct_size \(size) is neither sizeof(calgrid_todo) = \(MemoryLayout<calgrid_todo>.size) nor CALGRID_TODO_SIZE_V1 = \(_todoSizeV1) nor _V2 = \(_todoSizeV2) nor _V3 = \(_todoSizeV3) nor _V4 = \(_todoSizeV4) nor _V5 = \(_todoSizeV5)",
                          field: "struct_size", record: record).report(to: err)
    }
    // As the caller's header knew it: members it lacks read as zeros (no rule).
    let t = _todoStruct(p, size: size)
    let id = try _string(t.id, field: .id, record: record, err: err)
    let title = t.title == nil ? "" : try _string(t.title, field: .title, record: record, err: err)
    let memo: String? = t.memo == nil ? nil : try _string(t.memo, field: .memo, record: record, err: err)
    func date(_ d: calgrid_date, _ field: TodoField) throws(CStatus) -> CivilDate? {
        do throws(CStatus) { return try _optionalDate(d) } catch {
            throw _fieldError(.range, field.nameText + ": " + DateError.dayNumberOutOfRange(Int64(d)).description,
                              field: field, record: record).report(to: err)
        }
    }
    let start = try date(t.start, .start), end = try date(t.end, .end)
    guard t.repetition <= UInt32(WeekdaySet.all.rawValue) else {
        throw _fieldError(.invalid, "repetition \(t.repetition) has bits beyond the seven weekdays",
                          field: .repetition, record: record).report(to: err)
    }
    // The core checks the reminder's range; only a value too wide for its Int16 is stopped here,
    // with the core's sentence for the nearest value it can carry.
    let reminder: Int16?
    if t.reminder_minutes == _noReminder {
        reminder = nil
    } else if let m = Int16(exactly: t.reminder_minutes) {
        reminder = m
    } else {
        let e = TodoError.reminderOutOfRange(position: record, id: id, minutes: t.reminder_minutes < 0 ? .min : .max)
        throw _fieldError(.range, "reminder_minutes \(t.reminder_minutes): " + e.description,
                          field: .reminderMinutes, record: record).report(to: err)
    }
    guard let isChallenge = _bool(t.is_challenge) else {
        throw _fieldError(.invalid, "is_challenge is \(t.is_challenge), not 0 or 1", field: .isChallenge, record: record).report(to: err)
    }
    guard let isCompleted = _bool(t.is_completed) else {
        throw _fieldError(.invalid, "is_completed is \(t.is_completed), not 0 or 1", field: .isCompleted, record: record).report(to: err)
    }
    guard let isEvent = _bool(t.is_event) else {
        throw _fieldError(.invalid, "is_event is \(t.is_event), not 0 or 1", field: .kind, record: record).report(to: err)
    }
    var days: [Bool]? = nil
    if let flags = t.completed_days {
        // More flags than the calendar has days cannot be valid; refusing them here also keeps an
        // absurd count from reaching the allocator.
        guard t.completed_day_count >= 0, t.completed_day_count <= _maxCompletedDayCount else {
            throw _fieldError(.invalid, "completed_day_count is larger than any buffer", field: .completedDays,
                              record: record).report(to: err)
        }
        var out = [Bool](repeating: false, count: t.completed_day_count)
        for k in 0..<t.completed_day_count {
            guard let done = _bool(flags[k]) else {
                throw _fieldError(.invalid, "completed_days[\(k)] is \(flags[k]), not 0 or 1", field: .completedDays,
                                  record: record).report(to: err)
            }
            out[k] = done
        }
        days = out
    } else if t.completed_day_count != 0 {
        throw _fieldError(.invalid, "completed_days is NULL but completed_day_count is \(t.completed_day_count)",
                          field: .completedDays, record: record).report(to: err)
    }
    var tags: [String] = []
    if t.tag_count != 0 {
        guard let list = t.tags, (try? _capacity(t.tag_count, of: UnsafePointer<CChar>?.self)) != nil else {
            throw _fieldError(.invalid, "tags is NULL or tag_count is too large", field: .tags, record: record).report(to: err)
        }
        for k in 0..<t.tag_count { tags.append(try _string(list[k], field: .tags, record: record, err: err)) }
    }
    var draft = TodoDraft(id: id, title: title, memo: memo, start: start, end: end,
                          createdAt: t.created_at == _noCreatedAt ? nil : t.created_at,
                          isChallenge: isChallenge, isCompleted: isCompleted,
                          repetition: WeekdaySet(rawValue: UInt8(truncatingIfNeeded: t.repetition)),
                          recurrence: try _todoRecurrence(t, start: start, id: id, record: record, err: err),
                          completedDays: days, reminderMinutes: reminder, tags: tags, isEvent: isEvent)
    // 0 (an older header's zeros, or a caller that left it) is one day; the core checks the rest.
    draft.occurrenceDays = t.occurrence_days == 0 ? 1 : t.occurrence_days
    if t.has_times != 0 {
        guard let times = TodoTimes(start: Int(t.start_minutes), end: Int(t.end_minutes)) else {
            throw _fieldError(.range, "start_minutes \(t.start_minutes) or end_minutes \(t.end_minutes) is outside 0...1439",
                              field: .startTime, record: record).report(to: err)
        }
        draft.times = times
    }
    if t.location != nil { draft.location = try _string(t.location, field: .location, record: record, err: err) }
    if t.time_zone != nil {
        let name = try _string(t.time_zone, field: .timeZone, record: record, err: err)
        guard t.has_times != 0 else {
            throw _fieldError(.invalid, "time_zone \(name) needs has_times: an all-day item has no times to keep in a zone",
                              field: .timeZone, record: record).report(to: err)
        }
        let source = try _namedZone(name, record: record, err: err, cache: &zones)
        draft.timeZone = TodoTimeZone(source: source, readIn: readIn)   // the set's own zone: none kept
    }
    return draft
}

/// The zone `name` names (`calgrid_todo.time_zone`), from `cache` when the call looked it up
/// already. Zones by name need the system layer (`_systemZone`), which the embedded library
/// (no file system) leaves out: there every name is ENOZONE.
func _namedZone(_ name: String, record: Int, err: UnsafeMutablePointer<calgrid_error>?,
                cache: inout [TimeZoneRules]) throws(CStatus) -> TimeZoneRules {
    // By the names' bytes (a name is a zone's rules), without String's Unicode comparison.
    for z in cache where _sameName(z.name, name) { return z }
    #if os(none)
    var info = _ErrorInfo(CStatus(CALGRID_ENOZONE), "time_zone \(name): the embedded library has no zones by name")
    info.field = TodoField.timeZone.nameText
    info.recordIndex = Int64(record)
    throw info.report(to: err)
    #else
    let zone = try _systemZone(name, record: record, err: err)
    cache.append(zone)
    return zone
    #endif
}

/// Whether two names have the same bytes.
func _sameName(_ a: String, _ b: String) -> Bool {
    var x = a, y = b
    return x.withUTF8 { p in
        y.withUTF8 { q in
            guard p.count == q.count else { return false }
            for k in 0..<p.count where p[k] != q[k] { return false }
            return true
        }
    }
}
