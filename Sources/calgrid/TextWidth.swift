/// Terminal column widths, so Korean (and other East Asian wide) text lines up in the grids.
///
/// Wide and fullwidth characters (Unicode East Asian Width W/F: Hangul, CJK, fullwidth forms,
/// most emoji) take two columns; combining marks and zero-width joiners take none; everything
/// else one. Ambiguous-width characters count as one, as in every non-CJK terminal default, so
/// the command's own marks are all from the neutral set (✓, ✗) or ASCII.
enum TextWidth {
    static func columns(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : 1 }
        switch v {
        case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD, 0x0610...0x061A, 0x064B...0x065F,
             0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F, 0x20D0...0x20FF, 0xFE00...0xFE0F,
             0xFE20...0xFE2F, 0x1160...0x11FF, 0xD7B0...0xD7FF, 0xE0100...0xE01EF:
            return 0   // combining marks, variation selectors, Hangul medial/final jamo
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A,
             0x1F200...0x1F2FF, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB,
             0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// Display width of `text` in terminal columns.
    static func columns(of text: String) -> Int {
        var n = 0
        for s in text.unicodeScalars { n += columns(of: s) }
        return n
    }

    /// `text` cut to at most `width` columns, ending in "…" when something was cut.
    static func truncate(_ text: String, to width: Int) -> String {
        if columns(of: text) <= width { return text }
        var out = String.UnicodeScalarView()
        var used = 0
        for s in text.unicodeScalars {
            let w = columns(of: s)
            if used + w > width - 1 { break }
            out.append(s); used += w
        }
        return String(out) + "…"
    }

    static func padRight(_ text: String, to width: Int) -> String {
        let n = columns(of: text)
        return n >= width ? text : text + String(repeating: " ", count: width - n)
    }

    static func padLeft(_ text: String, to width: Int) -> String {
        let n = columns(of: text)
        return n >= width ? text : String(repeating: " ", count: width - n) + text
    }

    static func center(_ text: String, in width: Int) -> String {
        let n = columns(of: text)
        guard n < width else { return text }
        let left = (width - n) / 2
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: width - n - left)
    }
}
