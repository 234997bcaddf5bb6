import CalGrid

/// Table cells written straight into the output's bytes: a row of `list` is its fields cut and
/// padded in place, with no String built for a cell, a padding or the row (a 100,000-row list spent
/// 60 % of its time building and concatenating them). The widths are those of `TextWidth`: a cell
/// of printable ASCII is counted by its bytes, anything else goes through `TextWidth` itself.
extension Output {
    /// `bytes` (UTF-8) cut to `width` columns as `TextWidth.truncate` cuts, then padded with blanks
    /// to `width` as `TextWidth.padRight` pads.
    /// - Complexity: O(bytes)
    mutating func cell(_ bytes: UnsafeBufferPointer<UInt8>, width: Int) {
        if Output.isPlainASCII(bytes) {
            if bytes.count <= width {
                append(bytes)
                blanks(width - bytes.count)
            } else {
                append(UnsafeBufferPointer(rebasing: bytes[..<Swift.max(0, width - 1)]))
                write("…")
                blanks(width - Swift.max(0, width - 1) - 1)
            }
            return
        }
        let cut = TextWidth.truncate(String(decoding: bytes, as: UTF8.self), to: width)
        write(cut)
        blanks(width - TextWidth.columns(of: cut))
    }

    /// `text` padded on the left with blanks to `width` columns (`TextWidth.padLeft`).
    /// - Complexity: O(text)
    mutating func rightAligned(_ text: String, width: Int) {
        blanks(width - TextWidth.columns(of: text))
        write(text)
    }

    /// `day` as YYYY-MM-DD.
    /// - Complexity: O(1)
    mutating func date(_ day: CivilDate) {
        let b = day.iso8601Bytes
        for k in 0..<10 { byte(b[k]) }
    }

    /// `count` blanks (none for a count of 0 or less).
    /// - Complexity: O(count)
    mutating func blanks(_ count: Int) {
        for _ in 0..<Swift.max(0, count) { byte(0x20) }
    }

    /// True when every byte is printable ASCII, one column each.
    /// - Complexity: O(bytes)
    static func isPlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b < 0x20 || b >= 0x7F { return false }
        return true
    }
}
