import CJSONC
import CalGrid
import CalGridImport

// The completion flags of a native record, as an array of booleans or an object keyed by day.
extension _RecordDecoder {
    /// Decodes the completion flags of the batch's last todo (whose fields are given) into the batch.
    /// An array is staged as it is, however many flags it has (the set checks the count against the
    /// span); an object places each day's flag among the span's repeat days, so it needs a span the
    /// set would accept, and stages no flags otherwise (the set then names what is wrong).
    /// With a rule (`ruleStaged`), the days are its occurrences (`recurrence`, nil when it does not
    /// parse: then no flags are placed and the set names the rule's error).
    @inlinable
    func completed(_ v: OpaquePointer?, _ fields: TodoFields, recurrence: Recurrence? = nil, ruleStaged: Bool = false,
                   raw: _RawRecord, into batch: inout TodoBatch) throws(_FieldFailure) {
        let repetition = fields.repetition
        // The span flags can be placed in, when the set would accept it.
        var span: (CivilDate, CivilDate)? = nil
        if let s = fields.start, let e = fields.end, s <= e, !repetition.isEmpty, !ruleStaged || recurrence != nil {
            // With a rule, the days an occurrence may start on: each ends by the end.
            let last = Int(e.dayNumber) - (recurrence == nil ? 0 : Int(fields.occurrenceDays) - 1)
            if last >= Int(s.dayNumber) { span = (s, CivilDate(_unchecked: Int32(last))) }
        }
        /// Flags before `day` in the span, and whether `day` is one (repeat day or occurrence).
        func position(_ s: CivilDate, _ day: CivilDate) -> Int {
            guard let r = recurrence else { return repetition.dayCount(from: s, through: CivilDate(_unchecked: day.dayNumber - 1)) }
            return day == s ? 0 : r.occurrences(in: s...CivilDate(_unchecked: day.dayNumber - 1)).reduce(0) { n, _ in n + 1 }
        }
        switch _RecordDecoder.type(v) {
        case json_type_array:
            let n = Int(json_object_array_length(v))
            batch.setCompletedDays(count: n)
            for i in 0..<n {
                let f = json_object_array_get_idx(v, i)
                guard _RecordDecoder.type(f) == json_type_boolean else {
                    throw _FieldFailure(.wrongType, TodoField.completedDays.nameText + "[\(i)]", "expected true or false")
                }
                if json_object_get_boolean(f) != 0 { batch.setCompletedDay(i) }
            }
        case json_type_object:
            // json-c keeps only the last of repeated keys; the raw bytes tell whether a day repeats.
            guard raw.keyCount(ofObjectAt: raw.offset(ofField: TodoField.completedDays.nameText)) == Int(json_object_object_length(v)) else {
                throw _FieldFailure(.duplicateField, TodoField.completedDays.nameText, "a day appears twice")
            }
            // A rule without an end keeps flags as far as its last day given, learnt while reading.
            let open = span == nil && fields.end == nil && recurrence != nil ? fields.start : nil
            guard let (s, e) = span ?? open.map({ ($0, CivilDate.max) }) else { batch.setCompletedDays(count: 0); return }
            batch.setCompletedDays(count: open != nil ? 0 : recurrence.map { $0.occurrences(in: s...e).reduce(0) { n, _ in n + 1 } }
                                   ?? repetition.dayCount(from: s, through: e))
            var entry = cg_object_first(v)
            while let en = entry {
                entry = cg_entry_next(en)
                let k = cg_entry_key(en)!
                var len = 0
                while k[len] != 0 { len += 1 }  // a day key, ten bytes when valid
                let day: CivilDate
                do {
                    day = try k.withMemoryRebound(to: UInt8.self, capacity: len) { (b) throws(DateError) in
                        try CivilDate(iso8601Bytes: UnsafeBufferPointer(start: b, count: len))
                    }
                } catch {
                    throw _FieldFailure(.invalidDate, TodoField.completedDays.nameText + "." + String(cString: k), "keys must be YYYY-MM-DD dates")
                }
                guard day >= s, day <= e else {
                    throw _FieldFailure(.completedDayOutsideSpan, TodoField.completedDays.nameText + "." + day.iso8601,
                                        open != nil ? "the day is before the start " + s.iso8601 : "the day is outside " + s.iso8601 + "..." + e.iso8601)
                }
                guard recurrence?.contains(day) ?? repetition.contains(day.weekday) else {
                    throw _FieldFailure(.completedDayOffRepetition, TodoField.completedDays.nameText + "." + day.iso8601,
                                        recurrence == nil ? "the day's weekday is not in the repetition" : "the day is not an occurrence of the rule")
                }
                let fv = cg_entry_value(en)
                guard _RecordDecoder.type(fv) == json_type_boolean else {
                    throw _FieldFailure(.wrongType, TodoField.completedDays.nameText + "." + day.iso8601, "expected true or false")
                }
                // The flag of `day` follows those of the repeat days before it; each day comes once.
                let done = json_object_get_boolean(fv) != 0
                guard done || open != nil else { continue }
                let n = position(s, day)
                if open != nil { batch.growCompletedDays(to: n + 1) }
                if done { batch.setCompletedDay(n) }
            }
        default:
            throw _FieldFailure(.wrongType, TodoField.completedDays.nameText, "expected an array of booleans or an object keyed by YYYY-MM-DD")
        }
    }
}
