import CalGridSystem

/// ANSI styling, or none. Layout is always computed on plain text first and styled afterwards,
/// so escape sequences never disturb alignment and the plain output is the styled one minus escapes.
struct Style {
    let enabled: Bool

    enum Mode: String { case auto, always, never }

    /// `--color auto` colours only a terminal, and never when `NO_COLOR` is set to anything
    /// non-empty (https://no-color.org) or `TERM=dumb`.
    static func resolve(_ mode: Mode, for stream: Stream) -> Style {
        switch mode {
        case .always: return Style(enabled: true)
        case .never: return Style(enabled: false)
        case .auto:
            if let v = CurrentProcess.environment("NO_COLOR"), !v.isEmpty { return Style(enabled: false) }
            if CurrentProcess.environment("TERM") == "dumb" { return Style(enabled: false) }
            return Style(enabled: stream.isTerminal)
        }
    }

    /// SGR attributes as bits (a plain integer, so styling costs no allocation).
    struct Attributes: OptionSet {
        let rawValue: UInt16
        static let bold = Attributes(rawValue: 1 << 0)
        static let dim = Attributes(rawValue: 1 << 1)
        static let underline = Attributes(rawValue: 1 << 2)
        static let inverse = Attributes(rawValue: 1 << 3)
        static let red = Attributes(rawValue: 1 << 4)
        static let green = Attributes(rawValue: 1 << 5)
        static let yellow = Attributes(rawValue: 1 << 6)
        static let blue = Attributes(rawValue: 1 << 7)
        static let magenta = Attributes(rawValue: 1 << 8)
        static let cyan = Attributes(rawValue: 1 << 9)

    }

    func apply(_ text: String, _ attributes: Attributes) -> String {
        guard enabled, !attributes.isEmpty, !text.isEmpty else { return text }
        let codes = ["1", "2", "4", "7", "31", "32", "33", "34", "35", "36"]
        var sgr = ""
        for bit in 0..<codes.count where attributes.rawValue & (1 << bit) != 0 {
            sgr += (sgr.isEmpty ? "" : ";") + codes[bit]
        }
        return "\u{1B}[" + sgr + "m" + text + "\u{1B}[0m"
    }
}
