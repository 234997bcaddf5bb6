// The per-item API a store of one file per item builds on (issue 21's vdir store): read one item
// file into a set, render one todo back into its file's text, name a new file from a UID.
import CLibical
import CalGrid
import CalGridSystem
import CalGridImport

extension ICalendarItem {
    /// Reads one vdir item file (one UID, with its RECURRENCE-ID overrides) into `set`, by the
    /// mapping of docs/icalendar.md; returns the id of the todo it became. Keep `file` (its text)
    /// beside the set: `render` patches it, so what CalGrid does not model survives the next write.
    /// Issues name `file.name` (`ImportIssue.source`) and are located in it.
    /// - Throws: `ImportError.invalidInput` when the text is not iCalendar, holds no item or more
    ///   than one UID, or the set refuses the item (a taken UID); the set is then unchanged.
    /// - Complexity: O(file size + log n)
    public static func read(_ file: ICalendarItemFile, into set: inout TodoSet,
                            options: ImportOptions = ImportOptions()) throws(ImportError) -> String {
        var o = options
        o.policy = .strict
        var id: String? = nil
        var copy = set
        _ = try copy._importSources(file.bytes, [_ICalSource(name: file.name, start: 0, count: file.bytes.count)], options: o) { _, uid in id = uid }
        guard let id else {
            var issue = ImportIssue(reason: .emptyInput, byteOffset: 0, line: 1, column: 1, recordIndex: -1, field: "", detail: _ICalText.noItem)
            issue.source = file.name
            throw .invalidInput(issue)
        }
        set = copy
        return id
    }

    /// The text of the file for todo `i` of `set`: `original` (the item's file as read) patched
    /// with the todo's mapped fields (`patch`: DTSTAMP and LAST-MODIFIED new and SEQUENCE + 1 only
    /// when a mapped field changed; else `original` itself, byte for byte), or, without one, a new
    /// VCALENDAR holding the todo as a VTODO.
    /// - Throws: `ImportError.invalidInput` when `original` is not iCalendar or lacks the item.
    /// - Complexity: O(size of `original` + the todo's text)
    public static func render(_ set: TodoSet, at i: Int, original: [UInt8]?, now: Int64,
                              zone: TimeZoneRules = .utc) throws(ImportError) -> [UInt8] {
        let d = set.draft(at: i)
        if let original { return try patch(original, with: d, now: now, zone: zone) }
        _Libical.lock()
        defer { _Libical.unlock() }
        let cal = _Builder.calendar()
        defer { icalcomponent_free(cal) }
        for z in _Builder.zones([d]) { icalcomponent_add_component(cal, z) }
        for c in _Builder.todo(d, alarms: set.alarmCount == 0 ? [] : set.alarms(at: i), zone: zone, now: now) { icalcomponent_add_component(cal, c) }
        return _Builder.text(cal)
    }

    /// A file name for the item with UID `uid`: the UID itself when every byte is a letter, digit,
    /// `-`, `_`, `.`, `@` or `+` (what vdirsyncer writes), else those bytes kept and every other one
    /// written `%XX`, so two UIDs never share a name; a name that would pass 200 bytes keeps its
    /// first 160 and adds a 64-bit hash of the UID. Never starts with a dot; ends in `.ics`.
    /// - Complexity: O(uid's length)
    public static func fileName(for uid: String) -> String {
        var out: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for (k, b) in uid.utf8.enumerated() {
            let safe = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == 0x2D || b == 0x5F || b == 0x40 || b == 0x2B || (b == 0x2E && k > 0)
            if safe { out.append(b) } else { out += [0x25, hex[Int(b >> 4)], hex[Int(b & 15)]] }
        }
        if out.isEmpty { out = Array("%".utf8) }
        if out.count > 200 {
            // FNV-1a: stable across runs and machines (Hasher is seeded per process).
            let h = _fnv1a(uid.utf8)
            out = Array(out[0..<160])
            while let last = out.last, last == 0x25 || (out.count >= 2 && out[out.count - 2] == 0x25) { out.removeLast() }
            out.append(0x2D)
            out += Array(_hex16(h, uppercase: true).utf8)
        }
        return String(decoding: out, as: UTF8.self) + ".ics"
    }

    /// The one naming rule of a new item's file in a vdir (the store's and the export's): the name
    /// `fileName(for:)` gives `uid`, with `-2`, `-3`... before `.ics` while that name is in `taken`
    /// or is an entry of `directory` (any entry, a dangling link too: a new file is never written
    /// over another item or through a link).
    /// - Complexity: O(uid's length × names tried)
    public static func fileName(for uid: String, avoiding taken: Set<String>, in directory: String) -> String {
        let stem = String(fileName(for: uid).dropLast(4))
        var name = stem + ".ics"
        var n = 1
        let dir = directory.hasSuffix("/") ? directory : directory + "/"
        while taken.contains(name) || ((try? FileSystem.linkStatus(dir + name)) ?? nil) != nil {
            n += 1
            name = stem + "-\(n).ics"
        }
        return name
    }

    /// The one listing rule of a vdir (the store's and the import's): the names of its item files,
    /// every `*.ics` not starting with a dot (a write in progress is a dot file), in byte order of
    /// the names, so every machine reads a vdir in the same order (readdir's is the file system's).
    /// - Throws: the `Errno` of listing `directory`.
    /// - Complexity: O(n log n) for n entries
    public static func itemFileNames(in directory: String) throws(Errno) -> [String] {
        let list = try itemNameList(in: directory)
        return list.sortedPlaces().map { list.name($0) }
    }

    /// The item files of `directory` (`itemFileNames(in:)`'s rule) in the order the file system
    /// lists them, as one buffer: what a cache of the vdir compares as a whole before it sorts.
    /// - Throws: the `Errno` of listing `directory`.
    /// - Complexity: O(n) for n entries
    public static func itemNameList(in directory: String) throws(Errno) -> NameList {
        try FileSystem.names(in: directory, endingIn: ".ics")
    }
}
