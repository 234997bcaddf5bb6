import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem

/// The store as one iCalendar file (`todos.ics`, one VCALENDAR of items, as a calendar app exports
/// it): read as any `.ics`, changed as a vdir item is. A changed todo's item is patched in place
/// (`ICalendarItem.patch`: only its changed properties, DTSTAMP, LAST-MODIFIED and SEQUENCE); a new
/// todo's components go in before the last `END:VCALENDAR`; a removed todo's components (the item
/// and its RECURRENCE-ID instances) are taken out. Every other byte is left to the patch path, which
/// writes the calendar back through libical. The new text is read back before it is written, and
/// replaces the file atomically under the store's lock (`Store.locking`, `AtomicFile`).
public struct ICSFileStore {
    public let path: String

    /// True when `path` holds iCalendar (its first bytes say BEGIN:VCALENDAR), or names no file yet
    /// and ends in `.ics` (the file `add` then creates is iCalendar).
    /// - Complexity: O(1) system calls and at most 64 KiB read.
    public static func holds(_ path: String) -> Bool {
        guard path != "-", !FileSystem.isDirectory(path) else { return false }
        guard FileSystem.exists(path) else { return path.lowercased().hasSuffix(".ics") }
        do throws(Errno) {
            let fd = try FileDescriptor.openForReading(path)
            let prefix: [UInt8]
            do throws(ImportError) { prefix = try TodoFile.firstBytes(fd) } catch { return false }
            return ImportFormat.detected(in: prefix) == .icalendar
        } catch { return false }
    }

    /// The file's todos, as a change reads them (a completed item is done as a whole).
    public func read(_ options: StoreOptions) throws(StoreError) -> TodoSet {
        try todos(of: try bytes())
    }

    private func bytes() throws(StoreError) -> [UInt8] {
        guard FileSystem.exists(path) else { return [] }
        do throws(Errno) { return try FileSystem.contents(of: path) } catch { throw .system(error, path: path) }
    }

    private func todos(of text: [UInt8], _ options: StoreOptions = StoreOptions()) throws(StoreError) -> TodoSet {
        guard !text.isEmpty else { return TodoSet() }
        do throws(ImportError) { return try VdirItem.todos(of: text, options) } catch { throw StoreError(reading: error, file: path) }
    }

    /// Runs `body` on the file's todos under the store's lock and, when it changed them, replaces
    /// the file with its text changed item by item (see the type). Nothing is written when `body`
    /// throws or the new text would not read back as the set.
    /// - Returns: what `body` returns.
    public func change<R>(_ options: StoreOptions, completedAt: Int64?,
                   _ body: (inout TodoSet) -> (result: R?, changed: Bool)) throws(StoreError) -> R? {
        try Store.locking(path) { () throws(StoreError) -> R? in
            let original = try bytes()
            let before = try todos(of: original, options)
            var set = before
            let (result, changed) = body(&set)
            guard changed else { return result }
            let now = CurrentProcess.secondsSince1970()
            let ids = Set(set.indices.map { set.id(at: $0) })
            var text = ICSFileStore.removing(Set(before.indices.map { before.id(at: $0) }).subtracting(ids), from: original)
            for i in set.indices {
                let d = set.draft(at: i)
                if let row = before.index(ofID: d.id) {
                    guard before.draft(at: row) != d else { continue }
                    text = try VdirItem.patch(text, to: d, file: path, now: now, completedAt: completedAt, options)
                } else {
                    let one = try VdirItem.render(d, file: path, now: now, options)
                    text = text.isEmpty ? one : ICSFileStore.inserting(one, into: text)
                }
            }
            let back = try todos(of: text, options)
            guard Set(back.indices.map { back.id(at: $0) }) == ids else {
                throw .refused("\(path): the calendar calgrid wrote does not read back as the same todos; nothing was changed")
            }
            do throws(Errno) { try AtomicFile.replace(path, with: text) } catch {
                throw .write("\(path): \(error.message); the store is unchanged")
            }
            return result
        }
    }

    /// The content lines of `text` (each with its line break).
    /// - Complexity: O(text)
    public static func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        var start = 0
        for (k, b) in text.enumerated() where b == 0x0A {
            out.append(text[start...k])
            start = k + 1
        }
        if start < text.count { out.append(text[start...]) }
        return out
    }

    /// True when `line` is `word` followed by a line break (or nothing): `BEGIN:VCALENDAR`.
    public static func isLine(_ line: ArraySlice<UInt8>, _ word: String) -> Bool {
        var l = line
        while let last = l.last, last == 0x0A || last == 0x0D { l = l.dropLast() }
        return l.elementsEqual(word.utf8)
    }

    /// `text` without the top-level components (items and their RECURRENCE-ID instances) whose
    /// UID is in `uids`; every other line as it was. Content-line work only: the UID property of a
    /// component (unfolded) names it; libical reads the result back before it is written.
    /// - Complexity: O(text)
    public static func removing(_ uids: Set<String>, from text: [UInt8]) -> [UInt8] {
        guard !uids.isEmpty else { return text }
        var out: [UInt8] = []
        var block: [ArraySlice<UInt8>] = []
        var depth = 0
        var uid: [UInt8]? = nil
        var readingUID = false
        for line in lines(text) {
            let upper = line.prefix(6).map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
            let begins = upper.starts(with: Array("BEGIN:".utf8)), ends = upper.starts(with: Array("END:".utf8))
            if depth < 2 {
                if begins { depth += 1 }
                if depth == 2 { block = [line]; uid = nil; continue }
                if ends { depth -= 1 }
                out += line
                continue
            }
            block.append(line)
            if readingUID, let first = line.first, first == 0x20 || first == 0x09 {
                uid! += line.dropFirst().filter { $0 != 0x0D && $0 != 0x0A }
                continue
            }
            readingUID = false
            if depth == 2, uid == nil, upper.count >= 4, upper.starts(with: Array("UID".utf8)), upper[3] == 0x3A || upper[3] == 0x3B,
               let colon = line.firstIndex(of: 0x3A) {
                uid = line[(colon + 1)...].filter { $0 != 0x0D && $0 != 0x0A }
                readingUID = true
            }
            if begins { depth += 1 }
            if ends {
                depth -= 1
                if depth == 1 {
                    let name = uid.map { String(decoding: $0, as: UTF8.self) }
                    if name.map({ !uids.contains($0) }) ?? true { for l in block { out += l } }
                    block = []
                }
            }
        }
        for l in block { out += l }
        return out
    }

    /// `text` with the components of the calendar `calendar` (the lines between its properties and
    /// its `END:VCALENDAR`) put before the last `END:VCALENDAR` of `text`.
    /// - Complexity: O(text + calendar)
    public static func inserting(_ calendar: [UInt8], into text: [UInt8]) -> [UInt8] {
        let new = lines(calendar)
        guard let first = new.indices.dropFirst().first(where: { k in new[k].starts(with: Array("BEGIN:".utf8)) }),
              let last = new.lastIndex(where: { isLine($0, "END:VCALENDAR") }), first < last else { return text }
        let old = lines(text)
        guard let end = old.lastIndex(where: { isLine($0, "END:VCALENDAR") }) else { return text }
        var out: [UInt8] = []
        for l in old[..<end] { out += l }
        for l in new[first..<last] { out += l }
        for l in old[end...] { out += l }
        return out
    }
}
