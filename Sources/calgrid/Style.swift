/// ANSI styling, or none. Layout is always computed on plain text first and styled afterwards,
/// so escape sequences never disturb alignment and the plain output is the styled one minus escapes.
struct Style {
    let enabled: Bool

    enum Mode { case auto, always, never }

    /// `--color auto` colours only a terminal, and never when `NO_COLOR` is set to anything
    /// non-empty (https://no-color.org) or `TERM=dumb`.
    static func resolve(_ mode: Mode, for stream: Stream) -> Style {
        switch mode {
        case .always: return Style(enabled: true)
        case .never: return Style(enabled: false)
        case .auto:
            if let v = System.environment("NO_COLOR"), !v.isEmpty { return Style(enabled: false) }
            if System.environment("TERM") == "dumb" { return Style(enabled: false) }
            return Style(enabled: stream.isTerminal)
        }
    }

    enum Attribute: String {
        case bold = "1", dim = "2", underline = "4", inverse = "7"
        case red = "31", green = "32", yellow = "33", blue = "34", magenta = "35", cyan = "36"
    }

    func apply(_ text: String, _ attributes: Attribute...) -> String {
        apply(text, attributes)
    }

    func apply(_ text: String, _ attributes: [Attribute]) -> String {
        guard enabled, !attributes.isEmpty, !text.isEmpty else { return text }
        var codes = ""
        for (i, a) in attributes.enumerated() { codes += (i == 0 ? "" : ";") + a.rawValue }
        return "\u{1B}[" + codes + "m" + text + "\u{1B}[0m"
    }
}
