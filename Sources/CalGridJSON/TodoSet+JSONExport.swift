// Export in the native format. Written by hand (json-c's serializer escapes '/' and re-allocates a
// DOM per record); the output is exactly what the importer reads back: import(export(set)) == set.
import CalGrid
import CalGridImport
import CalGridSystem

/// The layout of an export.
public enum ExportFormat: UInt8, CaseIterable, Hashable, Sendable {
    /// `{"format": "calgrid", "version": 1, "todos": [...]}` with one record per line.
    case native = 0
    /// One record per line, nothing around them.
    case jsonLines

    /// The layout's one word, the same as the import format that reads it back: `native`, `jsonl`
    /// (the CLI's `calgrid export --format` value).
    /// - Complexity: O(1)
    public var name: String { importFormat.name }

    /// The import format that reads this layout back.
    /// - Complexity: O(1)
    public var importFormat: ImportFormat { self == .native ? .native : .jsonLines }

    /// The layout whose `name` is exactly `name`; nil for any other word.
    /// - Complexity: O(length of `name`)
    public init?(name: String) {
        guard let named = _caseNamed(name, { (c: Self) in c.name }) else { return nil }
        self = named
    }
}

@usableFromInline
struct _RecordWriter {
    @usableFromInline var out: [UInt8] = []

    @inlinable
    mutating func raw(_ s: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// `,"name":` for a field (`first`: without the comma); names are the core's `TodoField.name`.
    @inlinable
    mutating func key(_ f: TodoField, first: Bool = false) {
        if !first { out.append(0x2C) }
        out.append(0x22)
        raw(f.name)
        out.append(0x22); out.append(0x3A)
    }

    /// A JSON string (see `appendJSONString`).
    @inlinable
    mutating func string(_ s: String) { appendJSONString(s, to: &out) }

    @inlinable
    mutating func integer(_ v: Int64) {
        if v < 0 { out.append(0x2D) }
        var m = v.magnitude
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var n = 0
        repeat { digits[n] = UInt8(truncatingIfNeeded: 0x30 + m % 10); m /= 10; n += 1 } while m > 0
        while n > 0 { n -= 1; out.append(digits[n]) }
    }

    @inlinable
    mutating func date(_ d: CivilDate) {
        out.append(0x22)
        let b = d.iso8601Bytes
        for k in 0..<10 { out.append(b[k]) }
        out.append(0x22)
    }

    /// `["YYYY-MM-DD",...]`.
    @inlinable
    mutating func days(_ list: [CivilDate]) {
        out.append(0x5B)
        for (k, d) in list.enumerated() {
            if k > 0 { out.append(0x2C) }
            date(d)
        }
        out.append(0x5D)
    }

    /// `"name":` inside an alarm object (`first`: without the comma); names are `TodoAlarm.Field.name`.
    @usableFromInline
    mutating func key(_ f: TodoAlarm.Field, first: Bool = false) {
        if !first { out.append(0x2C) }
        out.append(0x22)
        raw(f.name)
        out.append(0x22); out.append(0x3A)
    }

    /// `,"alarms":[{...},...]`: every alarm whole, defaults (no repeat, no zone, ...) left out.
    @usableFromInline
    mutating func alarms(_ list: [TodoAlarm]) {
        key(.alarms); out.append(0x5B)
        for (k, a) in list.enumerated() {
            if k > 0 { out.append(0x2C) }
            out.append(0x7B)
            key(.clock, first: true); out.append(0x22); raw(a.clock.name); out.append(0x22)
            key(.day); integer(Int64(a.day))
            key(.second); integer(Int64(a.second))
            if a.repeatCount > 0 { key(.repeatCount); integer(Int64(a.repeatCount)); key(.repeatInterval); integer(Int64(a.repeatInterval)) }
            key(.action); string(a.action.name)
            if let z = a.zone { key(.zone); string(z.name) }
            if let r = a.reminder {
                key(.reminder); out.append(0x22)
                _DateText.two(Int(r) / 60, &out); out.append(0x3A); _DateText.two(Int(r) % 60, &out)
                out.append(0x22)
            }
            if let o = a.occurrence { key(.occurrence); date(o) }
            if let d = a.description { key(.description); string(d) }
            out.append(0x7D)
        }
        out.append(0x5D)
    }

    /// One record, no trailing newline. Defaults (false flags, every-day repetition, no tags, no
    /// alarms) are left out.
    @inlinable
    mutating func record(_ d: TodoDraft, alarms list: [TodoAlarm] = []) {
        out.append(0x7B); key(.id, first: true); string(d.id)
        key(.title); string(d.title)
        if let m = d.memo { key(.memo); string(m) }
        if let s = d.start { key(.start); date(s) }
        if let e = d.end { key(.end); date(e) }
        if let c = d.createdAt {
            key(.createdAt)
            // Within 0001...9999 as RFC 3339; beyond, as integer seconds (still read back exactly).
            out.append(0x22)
            if _DateText.writeRFC3339(c, into: &out) { out.append(0x22) } else { out.removeLast(); integer(c) }
        }
        if d.isEvent { key(.kind); out.append(0x22); raw(TodoField.eventKindName); out.append(0x22) }
        if d.isChallenge { key(.isChallenge); raw("true") }
        if d.isCompleted { key(.isCompleted); raw("true") }
        if d.repetition != .all {
            key(.repetition); out.append(0x5B)
            var first = true
            for w in 0..<7 where d.repetition.contains(Weekday(rawValue: UInt8(w))!) {
                if !first { out.append(0x2C) }
                first = false
                out.append(UInt8(0x30 + w))
            }
            out.append(0x5D)
        }
        if let r = d.recurrence {
            // The rule's canonical text and its days; a rule-less recurrence still says it has one.
            if let rule = r.rule { key(.rule); string(rule.text) }
            if !r.exdates.isEmpty { key(.exceptionDates); days(r.exdates) }
            if !r.rdates.isEmpty || r.rule == nil && r.exdates.isEmpty { key(.additionalDates); days(r.rdates) }
        }
        if d.occurrenceDays != 1 { key(.occurrenceDays); integer(Int64(d.occurrenceDays)) }
        if let t = d.times { key(.startTime); string(TodoTimes.text(t.start)); key(.endTime); string(TodoTimes.text(t.end)) }
        if let l = d.location { key(.location); string(l) }
        // A zone made from a VTIMEZONE's expanded changes has no name a reader can find it by.
        if let z = d.timeZone, !_isExpandedZoneName(z.source.name) { key(.timeZone); string(z.source.name) }
        if let flags = d.completedDays {
            key(.completedDays); out.append(0x5B)
            for (k, f) in flags.enumerated() {
                if k > 0 { out.append(0x2C) }
                if f { raw("true") } else { raw("false") }
            }
            out.append(0x5D)
        }
        if let r = d.reminderMinutes {
            key(.reminderMinutes); out.append(0x22)
            _DateText.two(Int(r) / 60, &out); out.append(0x3A); _DateText.two(Int(r) % 60, &out)
            out.append(0x22)
        }
        if !d.tags.isEmpty {
            key(.tags); out.append(0x5B)
            for (k, t) in d.tags.enumerated() {
                if k > 0 { out.append(0x2C) }
                string(t)
            }
            out.append(0x5D)
        }
        if !list.isEmpty { alarms(list) }
        out.append(0x7D)
    }
}

extension TodoSet {
    /// Writes the set in `format` through `flush`, in chunks of about `chunk` bytes.
    func _export<E: Error>(format: ExportFormat, chunk: Int, _ flush: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) {
        var w = _RecordWriter()
        w.out.reserveCapacity(chunk + 4096)
        if format == .native { w.raw("{\"format\":\"calgrid\",\"version\":1,\"todos\":[\n") }
        for i in indices {
            w.record(draft(at: i), alarms: alarmCount == 0 ? [] : alarms(at: i))
            if format == .native, i + 1 < count { w.out.append(0x2C) }
            w.out.append(0x0A)
            if w.out.count >= chunk {
                try TodoSet._flush(w.out, flush)
                w.out.removeAll(keepingCapacity: true)
            }
        }
        if format == .native { w.raw("]}\n") }
        try TodoSet._flush(w.out, flush)
    }

    static func _flush<E: Error>(_ a: [UInt8], _ flush: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) {
        let r: Result<Void, E> = a.withUnsafeBytes { b in
            do throws(E) { try flush(b); return .success(()) } catch { return .failure(error) }
        }
        try r.get()
    }

    /// The whole set as JSON bytes.
    /// - Complexity: O(N + text + tracked days)
    public func exportJSONBytes(format: ExportFormat = .native) -> [UInt8] {
        var all: [UInt8] = []
        _export(format: format, chunk: 1 << 20) { (b) throws(Never) in all.append(contentsOf: b) }
        return all
    }

    /// Writes the set to `path` through `AtomicFile`: an interrupted or failed export leaves the old
    /// file as it was and no temporary file. Takes no lock: a caller that shares `path` with other
    /// writers holds `FileLock(guarding: path)` around its own read and this write, as the CLI does
    /// (docs/c-api.md, "Files and locks").
    /// - Complexity: O(N + text + tracked days); memory O(1 MiB) beyond the set.
    public func exportJSON(to path: String, format: ExportFormat = .native) throws(ExportError) {
        do throws(Errno) {
            try AtomicFile.replace(path) { (fd: borrowing FileDescriptor) throws(Errno) in
                try _export(format: format, chunk: 1 << 20) { (b) throws(Errno) in try fd.writeAll(b) }
            }
        } catch { throw .system(error) }
    }
}
