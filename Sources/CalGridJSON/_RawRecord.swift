// Walks the raw bytes of a record the strict scanner already accepted. Used only on error paths
// (to point at the offending field) and for format detection, so it favors being small over fast.

@usableFromInline
struct _RawRecord {
    @usableFromInline let p: UnsafePointer<UInt8>
    @usableFromInline let start: Int
    @usableFromInline let end: Int

    @inlinable
    init(_ p: UnsafePointer<UInt8>, start: Int, end: Int) { self.p = p; self.start = start; self.end = end }

    /// The offset after the value at `i` (valid JSON assumed).
    @inlinable
    func skipValue(_ i: Int) -> Int {
        var i = i
        var depth = 0
        repeat {
            guard i < end else { return end }
            let c = p[i]
            if c == 0x22 {
                i += 1
                while i < end, p[i] != 0x22 { i += p[i] == 0x5C ? 2 : 1 }
                i += 1
            } else if c == 0x7B || c == 0x5B {
                depth += 1; i += 1
            } else if c == 0x7D || c == 0x5D {
                depth -= 1; i += 1
            } else if depth == 0 {
                // a scalar at the top: runs to the next delimiter
                while i < end, !(p[i] == 0x2C || p[i] == 0x7D || p[i] == 0x5D || _StrictScanner.isSpace(p[i])) { i += 1 }
                return i
            } else {
                i += 1
            }
        } while depth > 0
        return i
    }

    /// Calls `body(keyStart, keyEnd, valueStart)` for each key of the outermost object, in order;
    /// key offsets exclude the quotes. Stops when `body` returns false.
    @inlinable
    func forEachKey(_ body: (Int, Int, Int) -> Bool) {
        var i = _StrictScanner.skipSpace(p, start, end)
        guard i < end, p[i] == 0x7B else { return }
        i += 1
        while true {
            i = _StrictScanner.skipSpace(p, i, end)
            guard i < end, p[i] == 0x22 else { return }
            let ks = i + 1
            let ke = skipValue(i) - 1
            i = _StrictScanner.skipSpace(p, ke + 1, end)
            guard i < end, p[i] == 0x3A else { return }
            let v = _StrictScanner.skipSpace(p, i + 1, end)
            guard body(ks, ke, v) else { return }
            i = _StrictScanner.skipSpace(p, skipValue(v), end)
            guard i < end, p[i] == 0x2C else { return }
            i += 1
        }
    }

    @inlinable
    func keyEquals(_ ks: Int, _ ke: Int, _ name: String) -> Bool {
        var name = name
        return name.withUTF8 { n in
            guard n.count == ke - ks else { return false }
            for k in 0..<n.count where p[ks + k] != n[k] { return false }
            return true
        }
    }

    /// Offset of the value of `name` in the outermost object, or of the record when absent.
    @inlinable
    func offset(ofField name: String) -> Int {
        var found = start
        guard !name.isEmpty else { return start }
        forEachKey { ks, ke, v in
            if keyEquals(ks, ke, name) { found = v; return false }
            return true
        }
        return found
    }

    /// Number of keys of the object that starts at `i` (valid JSON assumed).
    @inlinable
    func keyCount(ofObjectAt i: Int) -> Int {
        var n = 0
        _RawRecord(p, start: i, end: end).forEachKey { _, _, _ in n += 1; return true }
        return n
    }

    /// Whether the outermost object has a key `name`.
    @inlinable
    func hasField(_ name: String) -> Bool {
        var found = false
        forEachKey { ks, ke, _ in
            if keyEquals(ks, ke, name) { found = true; return false }
            return true
        }
        return found
    }

    /// The first key of the outermost object that repeats an earlier one (raw bytes compared), and its offset.
    func firstDuplicateKey() -> (name: String, offset: Int)? {
        var keys: [(Int, Int)] = []
        var result: (String, Int)? = nil
        forEachKey { ks, ke, _ in
            for (s, e) in keys where e - s == ke - ks {
                var same = true
                for k in 0..<(e - s) where p[s + k] != p[ks + k] { same = false; break }
                if same {
                    result = (String(decoding: UnsafeBufferPointer(start: p + ks, count: ke - ks), as: UTF8.self), ks - 1)
                    return false
                }
            }
            keys.append((ks, ke))
            return true
        }
        return result
    }
}
