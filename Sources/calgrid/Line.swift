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

    /// How many segments `render` keeps, and the last one's text, once trailing unstyled blanks
    /// are trimmed (styled ones, such as an inverse selection, stay visible).
    private func trimmed(_ style: Style) -> (count: Int, last: Substring) {
        var end = segments.count
        while end > 0 {
            let s = segments[end - 1]
            if style.enabled && !s.attributes.isEmpty { return (end, s.text[...]) }
            var t = s.text[...]
            while t.last == " " { t.removeLast() }
            if !t.isEmpty { return (end, t) }
            end -= 1
        }
        return (0, "")
    }

    func render(_ style: Style) -> String {
        let (n, last) = trimmed(style)
        var out = ""
        for k in 0..<n { out += style.apply(k == n - 1 ? String(last) : segments[k].text, segments[k].attributes) }
        return out
    }

    /// `render(style)` and a newline, appended to `out` without building the line as a String.
    func write(to out: inout Output, _ style: Style) {
        let (n, last) = trimmed(style)
        for k in 0..<n {
            let s = segments[k]
            if style.enabled && !s.attributes.isEmpty {
                out.write(style.apply(k == n - 1 ? String(last) : s.text, s.attributes))
            } else if k == n - 1 {
                out.write(last)
            } else {
                out.write(s.text)
            }
        }
        out.line()
    }
}
