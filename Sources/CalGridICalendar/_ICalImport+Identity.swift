// Which id an item is read under (docs/icalendar.md, Reading liberally): its UID; an item without
// one gets an id derived from its text (`calgrid-` and 16 hex digits of FNV-1a 64), so the same file
// gives the same id every time, as vdirsyncer names href-less items by a hash of their content; a
// second item with an earlier item's UID and no RECURRENCE-ID keeps the first's, and gets the UID
// with its text's hash (`UID-` and 16 hex digits); a byte-identical copy is the same item, read once.
// Each is a warning in the report, located at the item's BEGIN line.
import CLibical
import CalGrid
import CalGridImport

/// The ids read so far in one import, each with its item's text (to tell a copy from a new item).
struct _ICalIdentity {
    /// By id: the hash of the item's text and where the text is in the input (nil when only
    /// libical's reading of it was to be had: the whole parse could not place the item).
    var seen: [String: (hash: UInt64, start: Int, end: Int)?] = [:]

    /// FNV-1a (`_fnv1a`): the same on every run and machine.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { _fnv1a(bytes) }

    static func hex(_ h: UInt64) -> String { _hex16(h) }
}

/// What `identify` decided for an item.
enum _ICalIdentified {
    case asWritten
    case renamed(String)
    case copy
}

extension _ICalImport {
    /// The id item `c` is read under, its text at `start..<end` of `p` (`exact`: the item's own
    /// text; else libical's reading of it is hashed), record `record` at `line` of `source`;
    /// each departure from the UID as written is a warning. Called under the libical lock.
    /// - Complexity: O(the item's text)
    mutating func identify(_ c: _Component, _ p: UnsafePointer<UInt8>, start: Int, end: Int, exact: Bool, line: Int, record: Int,
                           source: Int) -> _ICalIdentified {
        var h: UInt64
        if exact {
            h = _ICalIdentity.hash(UnsafeBufferPointer(start: p + start, count: end - start))
        } else {
            h = _Builder.text(c.raw).withUnsafeBufferPointer { _ICalIdentity.hash($0) }
        }
        let mine: (hash: UInt64, start: Int, end: Int)? = exact ? (h, start, end) : (h, 0, 0)
        func isCopy(_ id: String) -> Bool {
            guard let earlier = identity.seen[id], let e = earlier, let m = mine, e.hash == m.hash else { return false }
            // Byte for byte when both texts are the input's own; else libical's readings' hashes agree.
            guard e.end > e.start, m.end > m.start else { return true }
            return e.end - e.start == m.end - m.start && memcmp(p + e.start, p + m.start, m.end - m.start) == 0
        }
        func warn(_ reason: ImportIssue.Reason, _ detail: String) {
            core.report.warn(locator.issue(p, reason, line: line, offset: start, record: record, field: "UID", detail: detail, source: source),
                             cap: core.options.limits.maxReportedIssues)
        }
        let uid = c.uid
        if let uid, identity.seen[uid] == nil {
            identity.seen[uid] = mine
            return .asWritten
        }
        if let uid, isCopy(uid) {
            warn(.duplicateId, _ICalText.sameItemAgain(uid))
            return .copy
        }
        let id = uid.map { $0 + "-" + _ICalIdentity.hex(h) } ?? "calgrid-" + _ICalIdentity.hex(h)
        if isCopy(id) {
            warn(.duplicateId, _ICalText.sameItemAgain(uid ?? id))
            return .copy
        }
        identity.seen[id] = mine
        warn(uid == nil ? .missingField : .duplicateId, uid.map { _ICalText.takenUID($0, id) } ?? _ICalText.derivedUID(c.kindName, id))
        return .renamed(id)
    }
}

extension _ICalImport {
    /// Moves the warnings the decoder found in `items` (the batch just decoded) into the report,
    /// located as issues are.
    /// - Complexity: O(items + warnings)
    mutating func takeWarnings(_ p: UnsafePointer<UInt8>, _ items: [_ICalItemPlace]) {
        let found = core.pipeline.decoders[0].pointee.decoder.warnings
        guard !found.isEmpty else { return }
        core.pipeline.decoders[0].pointee.decoder.warnings.removeAll(keepingCapacity: true)
        var index: [Int: Int] = [:]
        for (k, it) in items.enumerated() { index[it.at.start] = k }
        for (start, w) in found {
            guard let k = index[start] else { continue }
            let (line, offset) = locator.where_(p, locator.first + k, w.field)
            core.report.warn(locator.issue(p, w.reason, line: line, offset: offset, record: locator.first + k, field: w.field, detail: w.detail,
                                           source: items[k].source), cap: core.options.limits.maxReportedIssues)
        }
    }
}
