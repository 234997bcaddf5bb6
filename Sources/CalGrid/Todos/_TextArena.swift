// Every todo's text lives in one `[UInt8]` arena as one record:
//
//   varint idLen, varint titleLen, varint memoTag (0 = no memo, else memoLen + 1),
//   varint tagCount, varint tagLen × tagCount, then the bytes: id, title, memo, tags.
//
// A todo stores only the record's offset (UInt32). Updates append a new record; the old one
// becomes garbage that `TodoSet` compacts when it outweighs the live text.

@inlinable @inline(__always)
func _appendVarint(_ v: Int, to a: inout [UInt8]) {
    var x = UInt(bitPattern: v)
    while x >= 0x80 { a.append(UInt8(truncatingIfNeeded: x) | 0x80); x >>= 7 }
    a.append(UInt8(truncatingIfNeeded: x))
}

@inlinable @inline(__always)
func _varintSize(_ v: Int) -> Int {
    var x = UInt(bitPattern: v), n = 1
    while x >= 0x80 { x >>= 7; n += 1 }
    return n
}

@inlinable @inline(__always)
func _readVarint(_ p: UnsafePointer<UInt8>, _ i: inout Int) -> Int {
    var shift = 0, r = 0
    while true {
        let b = p[i]; i &+= 1
        r |= Int(b & 0x7F) &<< shift
        if b < 0x80 { return r }
        shift &+= 7
    }
}

/// The decoded layout of one record: absolute byte ranges in the arena.
@usableFromInline
struct _TextRecord {
    @usableFromInline var idStart: Int, idCount: Int
    @usableFromInline var titleStart: Int, titleCount: Int
    /// -1 when there is no memo.
    @usableFromInline var memoStart: Int, memoCount: Int
    /// Where the tag length varints start, how many tags, where the tag bytes start.
    @usableFromInline var tagLengthsStart: Int, tagCount: Int, tagBytesStart: Int
    /// One past the record's last byte.
    @usableFromInline var end: Int

    @inlinable
    init(_ p: UnsafePointer<UInt8>, at offset: Int) {
        var i = offset
        idCount = _readVarint(p, &i)
        titleCount = _readVarint(p, &i)
        let memoTag = _readVarint(p, &i)
        tagCount = _readVarint(p, &i)
        tagLengthsStart = i
        var tagBytes = 0
        for _ in 0..<tagCount { tagBytes &+= _readVarint(p, &i) }
        idStart = i
        titleStart = idStart &+ idCount
        memoStart = memoTag == 0 ? -1 : titleStart &+ titleCount
        memoCount = memoTag == 0 ? 0 : memoTag &- 1
        tagBytesStart = titleStart &+ titleCount &+ memoCount
        end = tagBytesStart &+ tagBytes
    }
}

/// Reads only the counts at the head of a record: whether it has a memo, how many tags.
@inlinable @inline(__always)
func _textHeader(_ p: UnsafePointer<UInt8>, at offset: Int) -> (hasMemo: Bool, tagCount: Int) {
    var i = offset
    _ = _readVarint(p, &i)
    _ = _readVarint(p, &i)
    let memoTag = _readVarint(p, &i)
    return (memoTag != 0, _readVarint(p, &i))
}

/// Reads only the id or the title of a record, skipping the rest of the header.
@inlinable @inline(__always)
func _idAndTitleRanges(_ p: UnsafePointer<UInt8>, at offset: Int)
    -> (idStart: Int, idCount: Int, titleStart: Int, titleCount: Int) {
    var i = offset
    let idn = _readVarint(p, &i)
    let tn = _readVarint(p, &i)
    _ = _readVarint(p, &i)
    let tags = _readVarint(p, &i)
    for _ in 0..<tags { _ = _readVarint(p, &i) }
    return (i, idn, i &+ idn, tn)
}

/// FNV-1a, 64 bit: deterministic across runs and platforms (no per-process seed), which keeps
/// the id index free of `Hasher` and identical in Embedded mode.
@inlinable
func _hashBytes(_ p: UnsafeRawBufferPointer) -> UInt64 {
    var h = _fnv1a(p)
    // Final avalanche so the low bits (the table slot) depend on every byte.
    h ^= h >> 33; h &*= 0xff51_afd7_ed55_8ccd; h ^= h >> 33
    return h
}

@inlinable @inline(__always)
func _bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    guard a.count == b.count else { return false }
    var i = 0
    while i < a.count { if a[i] != b[i] { return false }; i &+= 1 }
    return true
}

/// String from bytes known to be valid UTF-8 (they were copied out of a Swift `String`).
@inlinable
func _string(_ p: UnsafePointer<UInt8>, _ start: Int, _ count: Int) -> String {
    String(decoding: UnsafeBufferPointer(start: p + start, count: count), as: UTF8.self)
}
