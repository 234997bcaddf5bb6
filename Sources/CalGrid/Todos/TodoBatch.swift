/// Todos staged for one bulk insert, as struct-of-arrays: fixed-size fields per todo, all text in
/// one byte arena and all completion flags in one bit arena.
///
/// A producer that builds many todos at once (the JSON import decodes millions) fills a batch
/// without allocating per todo — a `TodoDraft` costs a string per id and title and an array of
/// flags — and reuses it (`removeAll()` keeps its storage). `TodoSet.insert(contentsOf:)` takes
/// a batch with the same rules, errors and positions as an array of the same drafts.
///
/// Build a todo with `append(idBytes:...)`, then its tags (`appendTag(_:)`) and flags
/// (`setCompletedDays(count:)`, `setCompletedDay(_:)`); `removeLast()` drops a half-built one.
public struct TodoBatch: Sendable {
    @usableFromInline var _rows: [_StagedTodo] = []
    /// Each todo's id, title, memo and tag bytes back to back, in that order (the order of the
    /// set's text records, so a todo's text goes into the set as one copy).
    @usableFromInline var _text: [UInt8] = []
    @usableFromInline var _tagLengths: [Int32] = []
    @usableFromInline var _bits = _BitArena()
    /// Rules staged as text (`setRule(textBytes:rdates:exdates:)`), parsed by the set on insert.
    @usableFromInline var _rules: [_StagedRule] = []
    @usableFromInline var _ruleText: [UInt8] = []
    /// Alarms staged with `appendAlarm(_:)`: 1 + `_TodoAlarms.stride` words each, the todo's
    /// position in the batch and the words of `_TodoAlarms`; and zones of times staged with
    /// `setTimeZone(_:)`, records of the same width: the position's complement (negative), the
    /// two zones' indices in `_alarmZones`, then zeros and no description (-1, -1). Each todo's
    /// records follow the earlier todos'. Empty for a batch without either (one array, so a
    /// batch, copied whole, carries no word for zones).
    @usableFromInline var _alarms: [Int32] = []
    /// The staged alarms' descriptions' bytes (each alarm's words say where its are).
    @usableFromInline var _alarmText: [UInt8] = []
    /// The zones of staged alarms (`_TodoAlarms.zones`, by the batch's own indices) and times.
    @usableFromInline var _alarmZones: [TimeZoneRules] = []
    /// How the set takes the staged times, locations and alarms (`TodoSet._takeSideTables`), set
    /// by the calls that stage one. The set calls it through this value, so a program that stages
    /// none (a firmware) links none of the side tables' code.
    @usableFromInline var _takeSideTables: _SideTableTaker?
    /// Locations (`setLocation(_:)`), back to back; a staged todo says where its own are.
    @usableFromInline var _locationText: [UInt8] = []

    /// An empty batch.
    /// - Complexity: O(1)
    public init() {}

    /// The drafts, staged in order (what every insert of drafts does first).
    /// - Complexity: O(n + their text + their completion flags)
    public init<C: Collection<TodoDraft>>(_ drafts: C) {
        // Sized first (a string's UTF-8 count is O(1)), so no arena grows while staging: for one
        // draft (every `append` and `update`) growing would cost more allocations than the rest.
        var text = 0, tags = 0, words = 0
        for d in drafts {
            text += d.id.utf8.count + d.title.utf8.count + (d.memo?.utf8.count ?? 0)
            for t in d.tags { text += t.utf8.count }
            tags += d.tags.count
            if let c = d.completedDays?.count { words += (c + 63) / 64 + 1 }
        }
        _rows.reserveCapacity(drafts.count)
        _text.reserveCapacity(text)
        if tags > 0 { _tagLengths.reserveCapacity(tags) }
        if words > 0 { _bits._words.reserveCapacity(words) }
        for d in drafts { append(d) }
    }

    /// Number of todos.
    /// - Complexity: O(1)
    @inlinable public var count: Int { _rows.count }

    /// UTF-8 bytes of all ids, titles, memos and tags together.
    /// - Complexity: O(1)
    @inlinable public var textByteCount: Int { _text.count }

    /// Tags of all todos together.
    /// - Complexity: O(1)
    @inlinable public var tagCount: Int { _tagLengths.count }

    /// Removes every todo, keeping the storage for the next batch.
    /// - Complexity: O(1)
    public mutating func removeAll() {
        _rows.removeAll(keepingCapacity: true)
        _text.removeAll(keepingCapacity: true)
        _tagLengths.removeAll(keepingCapacity: true)
        _bits.removeAll()
        _rules.removeAll(keepingCapacity: true)
        _ruleText.removeAll(keepingCapacity: true)
        _alarms.removeAll(keepingCapacity: true)
        _alarmText.removeAll(keepingCapacity: true)
        if !_alarmZones.isEmpty { _alarmZones = [] }
        _locationText.removeAll(keepingCapacity: true)
        _takeSideTables = nil
    }

    /// Appends a todo with these fields, without tags or completion flags; texts are UTF-8 bytes,
    /// copied (ill-formed UTF-8 is repaired as `String(decoding:as:)` repairs it). Nothing is
    /// checked here: the set checks on insert.
    /// - Complexity: O(bytes of the texts)
    public mutating func append(idBytes: UnsafeRawBufferPointer, titleBytes: UnsafeRawBufferPointer,
                                memoBytes: UnsafeRawBufferPointer?, fields: TodoFields) {
        _appendRow(idBytes, titleBytes, memoBytes, fields)
        if fields.times != nil { _takeSideTables = _sideTableTaker }
    }

    /// Stages a todo's texts and fields; the caller says whether it has side-table values.
    @usableFromInline
    mutating func _appendRow(_ idBytes: UnsafeRawBufferPointer, _ titleBytes: UnsafeRawBufferPointer,
                             _ memoBytes: UnsafeRawBufferPointer?, _ fields: TodoFields) {
        let textStart = _text.count
        let idCount = _appendUTF8(idBytes), titleCount = _appendUTF8(titleBytes)
        let memoCount = memoBytes.map { _appendUTF8($0) } ?? -1
        _rows.append(_StagedTodo(textStart: textStart, idCount: idCount, titleCount: titleCount, memoCount: memoCount,
                                 tagStart: _tagLengths.count, fields: fields))
    }

    /// `append(idBytes:titleBytes:memoBytes:fields:)` with the fields given one by one.
    /// - Complexity: O(bytes of the texts)
    @inlinable
    public mutating func append(idBytes: UnsafeRawBufferPointer, titleBytes: UnsafeRawBufferPointer,
                                memoBytes: UnsafeRawBufferPointer?, start: CivilDate?, end: CivilDate?,
                                createdAt: Int64?, isChallenge: Bool, isCompleted: Bool,
                                repetition: WeekdaySet, reminderMinutes: Int16?) {
        // No times in these fields: the row is staged without reaching the side tables.
        _appendRow(idBytes, titleBytes, memoBytes,
                   TodoFields(start: start, end: end, createdAt: createdAt, isChallenge: isChallenge,
                              isCompleted: isCompleted, repetition: repetition, reminderMinutes: reminderMinutes))
    }

    /// Appends a tag (UTF-8 bytes, copied and repaired like the texts) to the last todo.
    /// - Complexity: O(bytes of the tag)
    public mutating func appendTag(_ bytes: UnsafeRawBufferPointer) {
        precondition(!_rows.isEmpty, "TodoBatch.appendTag on an empty batch")
        _tagLengths.append(Int32(truncatingIfNeeded: _appendUTF8(bytes)))
        _rows[_rows.count - 1].tagCount += 1
    }

    /// Gives the last todo `count` completion flags, all false (its `completedDays`).
    /// - Complexity: O(count / 64)
    public mutating func setCompletedDays(count: Int) {
        precondition(!_rows.isEmpty && count >= 0, "TodoBatch.setCompletedDays on an empty batch")
        let i = _rows.count - 1
        precondition(_rows[i].completedCount < 0, "TodoBatch.setCompletedDays twice for one todo")
        _rows[i].bitOffset = _bits.appendZeros(count)
        _rows[i].completedCount = count
    }

    /// Grows the last todo's completion flags (given by `setCompletedDays(count:)`) to `count`, the
    /// new ones not done; no fewer than it has. For a decoder that learns an open-ended rule's
    /// flags as it reads them (its last ticked occurrence), in one pass.
    /// - Complexity: O((`count` − flags it has) / 64) amortized
    public mutating func growCompletedDays(to count: Int) {
        precondition(!_rows.isEmpty, "TodoBatch.growCompletedDays on an empty batch")
        let i = _rows.count - 1, r = _rows[i]
        precondition(r.completedCount >= 0 && r.bitOffset + r.completedCount == _bits.count,
                     "TodoBatch.growCompletedDays before setCompletedDays")
        guard count > r.completedCount else { return }
        _ = _bits.appendZeros(count - r.completedCount)
        _rows[i].completedCount = count
    }

    /// Sets flag `k` of the last todo's completion flags (given by `setCompletedDays(count:)`).
    /// - Complexity: O(1)
    @inlinable
    public mutating func setCompletedDay(_ k: Int) {
        let r = _rows[_rows.count - 1]
        precondition(k >= 0 && k < r.completedCount, "TodoBatch.setCompletedDay out of range")
        _bits.setBit(r.bitOffset + k, true)
    }

    /// Removes the last todo with its text, tags and flags.
    /// - Complexity: O(1)
    public mutating func removeLast() {
        let r = _rows.removeLast()
        _text.removeLast(_text.count - r.textStart)
        _tagLengths.removeLast(_tagLengths.count - r.tagStart)
        if r.completedCount >= 0 { _bits.truncate(to: r.bitOffset) }
        if r.rule >= 0 { _ruleText.removeLast(_ruleText.count - _rules.removeLast().textStart) }
        let w = 1 &+ _TodoAlarms.stride
        while _alarms.count >= w, Int(_alarms[_alarms.count - w]) == _rows.count || Int(~_alarms[_alarms.count - w]) == _rows.count {
            // Its description's bytes are the last ones (a zone record has none).
            if _alarms[_alarms.count - 2] >= 0 { _alarmText.removeLast(_alarmText.count - Int(_alarms[_alarms.count - 2])) }
            _alarms.removeLast(w)
        }
        if r.locationCount >= 0 { _locationText.removeLast(_locationText.count - r.locationStart) }
    }

    /// The batch's index of `zone` in `_alarmZones`, added when new.
    mutating func _zoneIndex(_ zone: TimeZoneRules) -> Int32 {
        if let k = _alarmZones.firstIndex(where: { _sameUTF8($0.name, zone.name) }) { return Int32(truncatingIfNeeded: k) }
        _alarmZones.append(zone)
        return Int32(truncatingIfNeeded: _alarmZones.count &- 1)
    }

    /// Gives the last todo's times a zone of their own (`TodoTimeZone`): each occurrence of its
    /// rule keeps its wall-clock time in `zone.source`, read in `zone.readIn`. Nothing is kept
    /// when the two are the same zone, or the todo has no times (checked on insert).
    /// - Complexity: O(zones staged)
    public mutating func setTimeZone(_ zone: TodoTimeZone) {
        precondition(!_rows.isEmpty, "TodoBatch.setTimeZone on an empty batch")
        guard !zone.isSameZone else { return }
        let s = _zoneIndex(zone.source), r = _zoneIndex(zone.readIn), mark = ~Int32(truncatingIfNeeded: _rows.count - 1)
        // A zone set again replaces the todo's record (its records are the last ones).
        var k = _alarms.count &- 1 &- _TodoAlarms.stride
        while k >= 0, _alarms[k] == mark || _alarms[k] == ~mark {
            if _alarms[k] == mark { _alarms[k &+ 1] = s; _alarms[k &+ 2] = r; return }
            k &-= 1 &+ _TodoAlarms.stride
        }
        _alarms.append(mark); _alarms.append(s); _alarms.append(r)
        for _ in 0..<(_TodoAlarms.stride &- 4) { _alarms.append(0) }
        _alarms.append(-1); _alarms.append(-1)
        _takeSideTables = _sideTableTaker
    }

    /// The zone staged for the todo at `position`, nil when none.
    /// - Complexity: O(records staged)
    func _timeZone(at position: Int) -> TodoTimeZone? {
        let mark = ~Int32(truncatingIfNeeded: position)
        for k in stride(from: 0, to: _alarms.count, by: 1 &+ _TodoAlarms.stride) where _alarms[k] == mark {
            return TodoTimeZone(source: _alarmZones[Int(_alarms[k &+ 1])], readIn: _alarmZones[Int(_alarms[k &+ 2])])
        }
        return nil
    }

    /// Gives the last todo one more alarm (after those it has), kept by the set on insert.
    /// - Complexity: O(1) amortized
    public mutating func appendAlarm(_ a: TodoAlarm) {
        precondition(!_rows.isEmpty, "TodoBatch.appendAlarm on an empty batch")
        var z: Int32 = 0
        if let zone = a.zone {
            if let k = _alarmZones.firstIndex(where: { _sameUTF8($0.name, zone.name) }) { z = Int32(truncatingIfNeeded: k) &+ 1 } else {
                _alarmZones.append(zone)
                z = Int32(truncatingIfNeeded: _alarmZones.count)
            }
        }
        _takeSideTables = _sideTableTaker
        _alarms.append(Int32(truncatingIfNeeded: _rows.count - 1))
        _TodoAlarms.pack(a, zone: z, into: &_alarms, text: &_alarmText)
    }

    /// Gives the last todo a location (UTF-8 bytes, copied; ill-formed UTF-8 is repaired as
    /// `String(decoding:as:)` repairs it), replacing one it had.
    /// - Complexity: O(bytes)
    public mutating func setLocation(_ bytes: UnsafeRawBufferPointer) {
        precondition(!_rows.isEmpty, "TodoBatch.setLocation on an empty batch")
        let i = _rows.count - 1
        let s = String(decoding: bytes, as: UTF8.self)
        _rows[i].locationStart = _locationText.count
        _rows[i].locationCount = s.utf8.count
        _locationText.append(contentsOf: s.utf8)
        _takeSideTables = _sideTableTaker
    }

    /// Gives the last todo a recurrence rule as RFC 5545 RRULE text (UTF-8, no `RRULE:` prefix;
    /// nil for none: its start day and `rdates` only), with its added and removed days. The set
    /// parses and binds it to the todo's start on insert (a UTC `UNTIL` at its day in `zone`, the
    /// import's zone; UTC when nil), and refuses what does not parse or fit with
    /// `TodoError.invalidRule` and the rule errors.
    /// - Complexity: O(bytes of the text + days); with a zone and a UTC `UNTIL`, plus one parse
    ///   and one zone lookup now.
    public mutating func setRule(textBytes: UnsafeRawBufferPointer?, rdates: [CivilDate] = [], exdates: [CivilDate] = [],
                                 zone: TimeZoneRules? = nil) {
        precondition(!_rows.isEmpty, "TodoBatch.setRule on an empty batch")
        let i = _rows.count - 1
        precondition(_rows[i].rule < 0, "TodoBatch.setRule twice for one todo")
        let start = _ruleText.count
        if let t = textBytes { _ruleText.append(contentsOf: t.assumingMemoryBound(to: UInt8.self)) }
        _rows[i].rule = Int32(truncatingIfNeeded: _rules.count)
        // The day a UTC UNTIL ends on depends on the zone; the set has none, so it is found now.
        var untilDay = Int32.min
        if let zone, let t = textBytes, let rule = try? RecurrenceRule(parsingBytes: t.assumingMemoryBound(to: UInt8.self)),
           let u = rule.until, u.day(in: zone) != u.day(in: .utc) {
            untilDay = u.day(in: zone).dayNumber
        }
        _rules.append(_StagedRule(textStart: start, textCount: textBytes == nil ? -1 : textBytes!.count,
                                  rdates: rdates, exdates: exdates, untilDay: untilDay,
                                  bind: { TodoBatch._parseRule($0, start: $1, untilDay: $2, rdates: $3, exdates: $4) }))
    }

    /// The one place a staged rule is parsed and made: `setRule` stores a reference to it, and
    /// the set reaches it only through that, so a firmware that never stages a rule does not link
    /// the RRULE parser or the engine (_TodoRule.swift).
    static func _parseRule(_ text: UnsafeBufferPointer<UInt8>?, start: CivilDate, untilDay: Int32, rdates: [CivilDate],
                           exdates: [CivilDate]) -> Result<_TodoRule, RecurrenceError> {
        var rule: RecurrenceRule? = nil
        if let text {
            do throws(RecurrenceError) { rule = try RecurrenceRule(parsingBytes: text) } catch { return .failure(error) }
        }
        let until = untilDay == Int32.min ? rule?.until?.day(in: .utc) : CivilDate(_unchecked: untilDay)
        return .success(_TodoRule._make(Recurrence(start: start, rule: rule, untilDay: until, rdates: rdates, exdates: exdates)))
    }

    /// The staged rule `k` bound to `start`, as the set checks it.
    func _recurrence(_ k: Int32, start: CivilDate?, position p: Int, id: () -> String) throws(TodoError) -> _TodoRule {
        let s = _rules[Int(k)]
        guard let start else { throw .ruleWithoutStart(position: p, id: id()) }
        let made = _ruleText.withUnsafeBufferPointer { b in
            s.bind(s.textCount < 0 ? nil : UnsafeBufferPointer(rebasing: b[s.textStart..<(s.textStart + s.textCount)]),
                   start, s.untilDay, s.rdates, s.exdates)
        }
        switch made {
        case .success(let rule): return rule
        case .failure(let e): throw .invalidRule(position: p, id: id(), error: e)
        }
    }

    /// Appends `draft` (its texts and flags are copied into the arenas).
    /// - Complexity: O(text + completion flags of the draft)
    public mutating func append(_ draft: TodoDraft) {
        var id = draft.id, title = draft.title, memo = draft.memo
        id.withUTF8 { i in
            title.withUTF8 { t in
                _withOptionalUTF8(&memo) { m in
                    append(idBytes: UnsafeRawBufferPointer(i), titleBytes: UnsafeRawBufferPointer(t), memoBytes: m,
                           fields: draft.fields)
                }
            }
        }
        for var tag in draft.tags { tag.withUTF8 { appendTag(UnsafeRawBufferPointer($0)) } }
        if var l = draft.location { l.withUTF8 { setLocation(UnsafeRawBufferPointer($0)) } }
        if let z = draft.timeZone { setTimeZone(z) }
        if let days = draft.completedDays {
            let i = _rows.count - 1
            _rows[i].bitOffset = _bits.appendZeros(days.count)
            _rows[i].completedCount = days.count
            let o = _rows[i].bitOffset
            for k in days.indices where days[k] { _bits.setBit(o + k, true) }
        }
    }

    /// The todo at `i` as a value (a rule staged as text is in it when it parses and the todo has
    /// a start).
    /// - Complexity: O(text + completion flags of the todo)
    public func draft(at i: Int) -> TodoDraft {
        let r = _rows[i]
        var d = TodoDraft(id: _textString(r.textStart, r.idCount), title: _textString(r.titleStart, r.titleCount),
                          memo: r.memoCount < 0 ? nil : _textString(r.memoStart, r.memoCount), fields: r.fields)
        var at = r.tagBytesStart
        for t in r.tagStart..<(r.tagStart + r.tagCount) {
            let n = Int(_tagLengths[t])
            d.tags.append(_textString(at, n))
            at += n
        }
        if r.completedCount >= 0 { d.completedDays = (0..<r.completedCount).map { _bits.bit(r.bitOffset + $0) } }
        if r.rule >= 0 { d.fields._rule = try? _recurrence(r.rule, start: d.start, position: i) { "" } }
        if r.locationCount >= 0 {
            d.location = String(decoding: _locationText[r.locationStart..<(r.locationStart + r.locationCount)], as: UTF8.self)
        }
        if !_alarms.isEmpty { d.timeZone = _timeZone(at: i) }
        return d
    }

    /// The fixed-size fields of the todo at `i`.
    /// - Complexity: O(1)
    @inlinable
    public func fields(at i: Int) -> TodoFields { _rows[i].fields }

    /// The id of the todo at `i` (for errors: the set reads ids as bytes).
    @usableFromInline
    func _id(at i: Int) -> String {
        _text.withUnsafeBytes { _stringOfValidUTF8(UnsafeRawBufferPointer(rebasing: $0[_rows[i].textStart..<(_rows[i].textStart + _rows[i].idCount)])) }
    }

    func _textString(_ start: Int, _ count: Int) -> String {
        _text.withUnsafeBufferPointer { _string($0.baseAddress!, start, count) }
    }

    /// Appends `bytes` to the text arena, repairing ill-formed UTF-8; returns the bytes appended.
    mutating func _appendUTF8(_ bytes: UnsafeRawBufferPointer) -> Int {
        var high: UInt8 = 0
        for b in bytes { high |= b }
        if high < 0x80 { _text.append(contentsOf: bytes.assumingMemoryBound(to: UInt8.self)); return bytes.count }
        // Not ASCII: the same bytes `String(decoding:as:)` keeps (the set holds only valid UTF-8).
        // Where Int is 32 bits (microcontrollers) they are repaired on bytes, so staging links no
        // String code (11 KB of a Cortex-M4 firmware's flash); elsewhere String does it.
        #if _pointerBitWidth(_32)
        return _appendRepairedUTF8(bytes, to: &_text)
        #else
        var s = String(decoding: bytes, as: UTF8.self)
        return s.withUTF8 { _text.append(contentsOf: $0); return $0.count }
        #endif
    }
}

/// `body` on the UTF-8 bytes of `s`, or on nil when there is no string.
private func _withOptionalUTF8<R>(_ s: inout String?, _ body: (UnsafeRawBufferPointer?) -> R) -> R {
    guard s != nil else { return body(nil) }
    return s!.withUTF8 { body(UnsafeRawBufferPointer($0)) }
}

/// `TodoSet._takeSideTables` as a sendable function value (a static method's reference is not one).
@usableFromInline
var _sideTableTaker: _SideTableTaker {
    { TodoSet._takeSideTables(&$0, $1, $2, firstRow: $3, replacing: $4) }
}

/// `TodoSet._takeSideTables`, as a batch holds it: the set, the batch, the staged positions, the
/// first row they became, and whether that row was replaced.
@usableFromInline
typealias _SideTableTaker = @Sendable (inout TodoSet, TodoBatch, Range<Int>, Int, Bool) -> Void
