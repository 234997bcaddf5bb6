// FNV-1a, 64 bits: the same hash on every run, machine and word size (Swift's Hasher is seeded
// per process, and Embedded builds have none), for the id index, ids derived from an item's text,
// and file names made from long UIDs or cache keys. One definition for every layer.

/// FNV-1a of `bytes`.
/// - Complexity: O(n) in the number of bytes.
@inlinable
package func _fnv1a<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    return h
}

/// `h` as 16 hexadecimal digits, most significant first, lower-case unless `uppercase` (the names
/// of vdir files of long UIDs have upper-case ones, and must not change).
/// - Complexity: O(1).
package func _hex16(_ h: UInt64, uppercase: Bool = false) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(16)
    for shift in stride(from: 60, through: 0, by: -4) {
        let d = UInt8(truncatingIfNeeded: (h >> UInt64(shift)) & 15)
        out.append(d < 10 ? 0x30 &+ d : (uppercase ? 0x37 : 0x57) &+ d)
    }
    return String(decoding: out, as: UTF8.self)
}
