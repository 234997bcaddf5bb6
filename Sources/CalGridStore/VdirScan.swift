import CalGrid

/// Which items a vdir file holds, from its content lines alone, so many files can be imported in
/// one run (one libical parse, one import) and each todo still be traced to its file: the UIDs of
/// the VTODOs and VEVENTs directly in a VCALENDAR, overrides (RECURRENCE-ID) aside, in order; the
/// import reads the same items in the same order. Not a parser: nil whenever the lines are not
/// plainly that (a folded UID, a UID with parameters, BEGIN and END that do not pair), and the
/// caller then reads the files one by one. The import's rows are checked against these UIDs.
public enum VdirScan {
    /// The UIDs of the items of `bytes` in order; nil when unsure.
    /// - Complexity: O(bytes)
    public static func uids(_ bytes: [UInt8]) -> [String]? {
        var result: [String] = []
        var depth = 0
        var inItem = false, isOverride = false
        var uid: String? = nil
        var lastWasUID = false
        var ok = true
        bytes.withUnsafeBufferPointer { b in
            var start = 0
            while start < b.count && ok {
                var end = start
                while end < b.count && b[end] != 0x0A { end += 1 }
                var stop = end
                if stop > start && b[stop - 1] == 0x0D { stop -= 1 }
                let line = UnsafeBufferPointer(rebasing: b[start..<stop])
                start = end + 1
                if line.isEmpty { continue }
                if line[0] == 0x20 || line[0] == 0x09 {
                    if lastWasUID { ok = false }  // a folded UID
                    continue
                }
                lastWasUID = false
                if has(line, "BEGIN:") {
                    depth += 1
                    if depth == 2 && (equals(line, "BEGIN:VTODO") || equals(line, "BEGIN:VEVENT")) {
                        inItem = true; isOverride = false; uid = nil
                    }
                } else if has(line, "END:") {
                    if depth == 2 && inItem {
                        inItem = false
                        if !isOverride {
                            guard let u = uid else { ok = false; continue }
                            result.append(u)
                        }
                    }
                    depth -= 1
                    if depth < 0 { ok = false }
                } else if inItem && depth == 2 {
                    if has(line, "UID:") {
                        uid = String(decoding: UnsafeBufferPointer(rebasing: line[4...]), as: UTF8.self)
                        lastWasUID = true
                    } else if has(line, "UID;") {
                        ok = false
                    } else if has(line, "RECURRENCE-ID:") || has(line, "RECURRENCE-ID;") {
                        isOverride = true
                    }
                }
            }
        }
        return ok && depth == 0 ? result : nil
    }

    /// `line` starts with `prefix` (ASCII, upper case), letters compared without case as RFC 5545 says.
    public static func has(_ line: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        guard line.count >= n else { return false }
        let p = prefix.utf8Start
        for k in 0..<n {
            var c = line[k]
            if c >= 0x61 && c <= 0x7A { c -= 0x20 }
            if c != p[k] { return false }
        }
        return true
    }

    /// `line` is `text` (ASCII, upper case), trailing blanks aside.
    public static func equals(_ line: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard has(line, text) else { return false }
        return line[text.utf8CodeUnitCount...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }
}
