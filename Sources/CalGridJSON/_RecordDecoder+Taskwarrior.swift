// Taskwarrior 2.6 `task export` → a todo staged in a TodoBatch. The mapping is documented in
// docs/formats.md ("Taskwarrior"); text is copied byte for byte.
import CJSONC
import CalGrid
import CalGridImport

extension _RecordDecoder {
    @inlinable
    func taskwarriorSeconds(_ v: OpaquePointer?, _ field: String) throws(_FieldFailure) -> Int64? {
        if _RecordDecoder.isNull(v) { return nil }
        guard _RecordDecoder.type(v) == json_type_string else { throw _FieldFailure(.wrongType, field, "expected a Taskwarrior date like 20240605T120000Z") }
        let b = _RecordDecoder.bytes(v)
        if let s = _DateText.taskwarriorSeconds(b) { return s }
        if let s = _DateText.rfc3339Seconds(b) { return s }
        throw _FieldFailure(.invalidDateTime, field, "expected a Taskwarrior date like 20240605T120000Z")
    }

    @inlinable
    mutating func taskwarriorDay(_ seconds: Int64?, _ field: String) throws(_FieldFailure) -> CivilDate? {
        guard let seconds else { return nil }
        guard let d = clock.civilDay(seconds) else {
            throw _FieldFailure(.invalidDateTime, field, "the date falls outside the years 0001...9999")
        }
        return d
    }

    /// Decodes one exported task into `batch` (as its last todo); deleted tasks and recurring parents
    /// come back as such unless included, and stage nothing.
    @inlinable
    mutating func taskwarrior(_ o: OpaquePointer?, keys: Int, into batch: inout TodoBatch) throws(_FieldFailure) -> _RecordOutcome {
        guard _RecordDecoder.type(o) == json_type_object else { throw _FieldFailure(.notAnObject, "", "a task must be a JSON object") }
        guard Int(json_object_object_length(o)) == keys else { throw _FieldFailure(.duplicateField, "", "a field appears twice") }
        var uuid: OpaquePointer? = nil, description: OpaquePointer? = nil
        var entrySeconds: Int64? = nil, dueSeconds: Int64? = nil, scheduledSeconds: Int64? = nil
        var status: UInt8 = 0  // 0 pending, 1 completed, 2 deleted, 3 recurring, 4 waiting
        var tags: OpaquePointer? = nil
        var project: String? = nil
        var memo: String? = nil
        var recur: OpaquePointer? = nil, mask: OpaquePointer? = nil, untilSeconds: Int64? = nil
        var entry = cg_object_first(o)
        while let e = entry {
            let k = cg_entry_key(e)!
            let v = cg_entry_value(e)
            entry = cg_entry_next(e)
            if _RecordDecoder.key(k, "uuid") {
                _ = try _RecordDecoder.stringBytes(v, "uuid")   // its length is the set's to check
                uuid = v
            } else if _RecordDecoder.key(k, "description") {
                _ = try _RecordDecoder.stringBytes(v, "description")
                description = v
            } else if _RecordDecoder.key(k, "entry") {
                entrySeconds = try taskwarriorSeconds(v, "entry")
            } else if _RecordDecoder.key(k, "due") {
                dueSeconds = try taskwarriorSeconds(v, "due")
            } else if _RecordDecoder.key(k, "scheduled") {
                scheduledSeconds = try taskwarriorSeconds(v, "scheduled")
            } else if _RecordDecoder.key(k, "until") {
                untilSeconds = try taskwarriorSeconds(v, "until")
            } else if _RecordDecoder.key(k, "recur") {
                _ = try _RecordDecoder.stringBytes(v, "recur")
                recur = v
            } else if _RecordDecoder.key(k, "mask") {
                _ = try _RecordDecoder.stringBytes(v, "mask")
                mask = v
            } else if _RecordDecoder.key(k, "modified") || _RecordDecoder.key(k, "start") || _RecordDecoder.key(k, "end")
                        || _RecordDecoder.key(k, "wait") {
                _ = try taskwarriorSeconds(v, String(cString: k))  // validated, not mapped
            } else if _RecordDecoder.key(k, "status") {
                let b = _RecordDecoder.bytes(v)
                guard _RecordDecoder.type(v) == json_type_string else { throw _FieldFailure(.wrongType, "status", "expected a string") }
                // Byte for byte (a String switch compares by Unicode canonical equivalence).
                let names: [StaticString] = ["pending", "completed", "deleted", "recurring", "waiting"]
                guard let k = names.firstIndex(where: { b.elementsEqual(UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount)) }) else {
                    throw _FieldFailure(.wrongType, "status", "expected pending, completed, deleted, recurring or waiting")
                }
                status = UInt8(truncatingIfNeeded: k)
            } else if _RecordDecoder.key(k, "tags") {
                tags = try _RecordDecoder.checkedTags(v, "tags")
            } else if _RecordDecoder.key(k, "project") {
                project = try _RecordDecoder.string(v, "project")
            } else if _RecordDecoder.key(k, "annotations") {
                memo = try annotations(v)
            } else if _RecordDecoder.key(k, "id") || _RecordDecoder.key(k, "urgency")
                        || _RecordDecoder.key(k, "imask") || _RecordDecoder.key(k, "parent")
                        || _RecordDecoder.key(k, "depends") || _RecordDecoder.key(k, "rtype") {
                // Taskwarrior bookkeeping: known, not mapped.
            } else {
                unknownFields += 1  // user-defined attributes (priority included)
            }
        }
        guard let uuid else { throw _FieldFailure(.missingField, "uuid", "the task has no uuid") }
        guard let description else { throw _FieldFailure(.missingField, "description", "the task has no description") }
        if status == 2, !includeDeleted { return .deletedTask }
        if status == 3, !includeRecurring { return .recurringParent }
        if status == 3, let recur {
            return try recurringParent(uuid: uuid, description: description, entrySeconds: entrySeconds, dueSeconds: dueSeconds,
                                       untilSeconds: untilSeconds, recur: recur, mask: mask, into: &batch)
        }
        var fields = TodoFields(createdAt: entrySeconds, isCompleted: status == 1)
        fields.end = try taskwarriorDay(dueSeconds, "due")
        fields.start = try taskwarriorDay(scheduledSeconds ?? entrySeconds, scheduledSeconds != nil ? "scheduled" : "entry")
        if let s = fields.start, let e = fields.end {
            if e < s { fields.start = e }  // due before entry/scheduled: the todo is one day long, on its due day
            else if s.days(to: e) >= maxSpanDays {
                throw _FieldFailure.spanTooLong("due", limit: maxSpanDays)
            }
        }
        let memoBytes = memo.map { Array($0.utf8) }
        func withMemo(_ body: (UnsafeRawBufferPointer?) -> Void) {
            guard let memoBytes else { return body(nil) }
            memoBytes.withUnsafeBytes { body($0) }
        }
        withMemo { m in
            batch.append(idBytes: UnsafeRawBufferPointer(_RecordDecoder.bytes(uuid)),
                         titleBytes: UnsafeRawBufferPointer(_RecordDecoder.bytes(description)), memoBytes: m, fields: fields)
        }
        if let tags {
            for i in 0..<Int(json_object_array_length(tags)) {
                batch.appendTag(UnsafeRawBufferPointer(_RecordDecoder.bytes(json_object_array_get_idx(tags, i))))
            }
        }
        if let project {
            let tag = Array(("project:" + project).utf8)
            tag.withUnsafeBytes { batch.appendTag($0) }
        }
        return .staged
    }

    /// Annotation texts joined by newlines, in the export's order.
    @inlinable
    func annotations(_ v: OpaquePointer?) throws(_FieldFailure) -> String? {
        if _RecordDecoder.isNull(v) { return nil }
        guard _RecordDecoder.type(v) == json_type_array else { throw _FieldFailure(.wrongType, "annotations", "expected an array") }
        let n = Int(json_object_array_length(v))
        guard n > 0 else { return nil }
        var memo = ""
        for i in 0..<n {
            let a = json_object_array_get_idx(v, i)
            guard _RecordDecoder.type(a) == json_type_object else { throw _FieldFailure(.wrongType, "annotations[\(i)]", "expected an object") }
            var d: OpaquePointer? = nil
            guard json_object_object_get_ex(a, "description", &d) != 0 else {
                throw _FieldFailure(.missingField, "annotations[\(i)].description", "an annotation has no description")
            }
            if i > 0 { memo += "\n" }
            memo += try _RecordDecoder.string(d, "annotations[\(i)].description")
        }
        return memo
    }
}
