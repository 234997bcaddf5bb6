extension TodoSet {
    /// Todos whose title contains `query`, ignoring ASCII case (A–Z match a–z); every other byte
    /// must match exactly, so Korean (or any non-ASCII) text matches byte for byte. Because UTF-8
    /// never uses ASCII byte values inside a multi-byte character, a match always starts and ends
    /// on character boundaries. The empty query matches every todo.
    /// - Returns: row indices, ascending.
    /// - Complexity: O(total title bytes × query length) worst case, usually close to linear.
    public func indices(matchingTitle query: String, kind: TodoKind = .all) -> [Int] {
        let needle = query.utf8.map(_asciiLower)
        var out: [Int] = []
        guard !needle.isEmpty else { return indices(kind: kind) }
        _text.withUnsafeBufferPointer { t in
            needle.withUnsafeBufferPointer { q in
                let p = t.baseAddress!, m = q.count, first = q[0]
                for i in 0..<count where _kindMatches(i, kind) {
                    let r = _idAndTitleRanges(p, at: Int(_columns.textOffset[i]))
                    guard r.titleCount >= m else { continue }
                    var s = r.titleStart
                    let last = r.titleStart + r.titleCount - m
                    search: while s <= last {
                        if _asciiLower(p[s]) == first {
                            var j = 1
                            while j < m, _asciiLower(p[s + j]) == q[j] { j += 1 }
                            if j == m { out.append(i); break search }
                        }
                        s += 1
                    }
                }
            }
        }
        return out
    }
}

@inlinable @inline(__always)
func _asciiLower(_ b: UInt8) -> UInt8 { b &- 65 < 26 ? b | 0x20 : b }
