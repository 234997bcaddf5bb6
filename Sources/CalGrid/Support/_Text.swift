/// A piece of `_textBytes` (_TextTable.swift): `count` bytes from `offset`.
struct _Text {
    var offset: UInt16
    var count: UInt8
    init(_ offset: UInt16, _ count: UInt8) { self.offset = offset; self.count = count }

    /// - Complexity: O(count); allocates the returned string.
    var string: String { _string() }
    // Never emitted into a client module: Embedded Swift copies a function it inlines there, and with
    // it the table, whose own section (not a shared one) makes the copy a second strong definition
    // that `ld -r` of libcalgrid.a refuses. The table holds valid UTF-8.
    @export(interface)
    func _string() -> String {
        withUnsafeBytes(of: &_textBytes) { String(decoding: $0[Int(offset) ..< Int(offset) + Int(count)], as: UTF8.self) }
    }
}
