/// A line of text built from segments that each carry their own styling. Alignment is decided on
/// the plain text; styling is added when the line is rendered, and trailing blanks are trimmed
/// (as long as they are unstyled), so the plain output has no invisible trailing spaces.
struct Line {
    private struct Segment {
        var text: String
        var attributes: Style.Attributes
    }
    private var segments: [Segment] = []

    mutating func add(_ text: String, _ attributes: Style.Attributes = []) {
        segments.append(Segment(text: text, attributes: attributes))
    }

    var columns: Int {
        var n = 0
        for s in segments { n += TextWidth.columns(of: s.text) }
        return n
    }

    /// Renders without trimming, padded with blanks to `width` columns (for side-by-side blocks).
    func render(_ style: Style, paddedTo width: Int) -> String {
        var out = ""
        for s in segments { out += style.apply(s.text, s.attributes) }
        return out + String(repeating: " ", count: max(0, width - columns))
    }

    func render(_ style: Style) -> String {
        var segs = segments
        // Trim trailing unstyled blanks (styled ones, such as an inverse selection, stay visible).
        while let last = segs.last, last.attributes.isEmpty || !style.enabled {
            var t = last.text
            while t.last == " " { t.removeLast() }
            if t.isEmpty { segs.removeLast(); continue }
            segs[segs.count - 1].text = t
            break
        }
        var out = ""
        for s in segs { out += style.apply(s.text, s.attributes) }
        return out
    }
}
