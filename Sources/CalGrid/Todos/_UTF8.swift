// UTF-8 for the byte-text path (`TodoBatch` staged from bytes) where Int is 32 bits: validated
// and repaired here, on bytes, so that a firmware staging todos links none of the standard
// library's String repair and UTF-16 code (11 KB of a Cortex-M firmware's flash; see
// docs/embedded.md). 64-bit builds keep String's (libcalgrid.a's size target counts every byte);
// the Swift tests check this code against it on the host.

/// Appends `bytes` to `a` as well-formed UTF-8, each maximal ill-formed subpart replaced by
/// U+FFFD (Unicode §3.9, "U+FFFD substitution of maximal subparts"), which is exactly what
/// `String(decoding:as: UTF8.self)` does; returns the number of bytes appended.
/// - Complexity: O(bytes)
@usableFromInline
func _appendRepairedUTF8(_ bytes: UnsafeRawBufferPointer, to a: inout [UInt8]) -> Int {
    let before = a.count, n = bytes.count
    var i = 0, clean = 0   // bytes[clean..<i] are well-formed and not yet appended
    while i < n {
        let b = bytes[i]
        if b < 0x80 { i &+= 1; continue }
        let (length, valid) = _utf8Sequence(bytes, at: i)
        if !valid {
            a.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[clean..<i]))
            a.append(contentsOf: [0xEF, 0xBF, 0xBD])
            clean = i &+ length
        }
        i &+= length
    }
    a.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[clean..<n]))
    return a.count - before
}

/// The sequence starting at the non-ASCII byte `bytes[i]`: its length and whether it is
/// well-formed (Unicode Table 3-7). When it is not, `length` is its maximal subpart: the longest
/// prefix that could start a well-formed sequence, at least 1 byte.
@inlinable
func _utf8Sequence(_ bytes: UnsafeRawBufferPointer, at i: Int) -> (length: Int, valid: Bool) {
    let b0 = bytes[i]
    let count: Int, low: UInt8, high: UInt8   // continuation bytes, and the second byte's range
    switch b0 {
    case 0xC2...0xDF: count = 1; low = 0x80; high = 0xBF
    case 0xE0: count = 2; low = 0xA0; high = 0xBF
    case 0xE1...0xEC, 0xEE...0xEF: count = 2; low = 0x80; high = 0xBF
    case 0xED: count = 2; low = 0x80; high = 0x9F
    case 0xF0: count = 3; low = 0x90; high = 0xBF
    case 0xF1...0xF3: count = 3; low = 0x80; high = 0xBF
    case 0xF4: count = 3; low = 0x80; high = 0x8F
    default: return (1, false)   // a continuation byte, C0, C1 or F5...FF
    }
    for k in 1...count {
        guard i &+ k < bytes.count else { return (k, false) }
        let c = bytes[i &+ k]
        let ok = k == 1 ? (c >= low && c <= high) : (c >= 0x80 && c <= 0xBF)
        if !ok { return (k, false) }
    }
    return (count &+ 1, true)
}

/// A String of bytes already known to be well-formed UTF-8 (they passed `_appendRepairedUTF8`).
/// Where `Int` is 32 bits (microcontrollers, whose flash is scarce) it is built by validating a
/// NUL-terminated copy, which links none of the repairing decoder; elsewhere by
/// `String(decoding:)`, which the rest of the library links anyway (libcalgrid.a's size target).
@usableFromInline
func _stringOfValidUTF8(_ bytes: UnsafeRawBufferPointer) -> String {
    #if _pointerBitWidth(_32)
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { t -> String in
        UnsafeMutableRawBufferPointer(t).copyMemory(from: bytes)
        t[bytes.count] = 0
        return String(validatingCString: t.baseAddress!) ?? ""
    }
    #else
    return String(decoding: bytes, as: UTF8.self)
    #endif
}
