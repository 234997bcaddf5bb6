/// Appends `s` to `out` as a JSON string literal: quoted, with `"`, `\` and the control characters
/// escaped (`\n`, `\r`, `\t`, else `\u00XX`) and every other byte as is, so valid UTF-8 stays byte
/// for byte (no `\/`, no `\uXXXX` for non-ASCII text). What the exporter writes and the importer
/// reads back unchanged.
/// - Complexity: O(s.utf8.count)
@inlinable
public func appendJSONString(_ s: String, to out: inout [UInt8]) {
    let hex: StaticString = "0123456789abcdef"
    out.append(0x22)
    for c in s.utf8 {
        switch c {
        case 0x22: out.append(0x5C); out.append(0x22)
        case 0x5C: out.append(0x5C); out.append(0x5C)
        case 0x0A: out.append(0x5C); out.append(0x6E)
        case 0x0D: out.append(0x5C); out.append(0x72)
        case 0x09: out.append(0x5C); out.append(0x74)
        case 0..<0x20:
            out.append(0x5C); out.append(0x75); out.append(0x30); out.append(0x30)
            out.append(hex.utf8Start[Int(c >> 4)])
            out.append(hex.utf8Start[Int(c & 15)])
        default: out.append(c)
        }
    }
    out.append(0x22)
}
