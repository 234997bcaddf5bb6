import CalGridSystem

/// The command's config file, `$XDG_CONFIG_HOME/calgrid/config` (`~/.config/calgrid/config`): lines
/// of `key = value`, `#` comments and blank lines. One key today, `holidays` (the default country,
/// after `--holidays` and `$CALGRID_HOLIDAYS`, before the locale). Read once, and only when a
/// command needs a default it holds. A line it cannot use is reported on standard error as
/// `calgrid: FILE:LINE: why` and skipped, as is a file it cannot read; the command goes on.
struct ConfigFile {
    /// The keys a config file may set, each with what is wrong with a value (nil: nothing), so a
    /// bad value is reported in the line's order, where it is read.
    static let keys: [(name: String, problem: @Sendable (String) -> String?)] = [
        ("holidays", { DayMarkOptions.country($0) == nil ? DayMarkOptions.notACountry($0) : nil }),
    ]

    let path: String
    /// Each key's value and line; a key given twice keeps its last good value.
    private var values: [String: (value: String, line: Int)] = [:]

    /// The config file's path by the XDG base directory rule: `$XDG_CONFIG_HOME/calgrid/config`
    /// (only an absolute `$XDG_CONFIG_HOME` counts), else `$HOME/.config/calgrid/config`; nil
    /// when neither is set.
    static var path: String? {
        if let d = CurrentProcess.environment("XDG_CONFIG_HOME"), d.hasPrefix("/") { return d + "/calgrid/config" }
        if let h = CurrentProcess.environment("HOME"), !h.isEmpty { return h + "/.config/calgrid/config" }
        return nil
    }

    /// The config file, read on first use (its problems reported then, once); nil when there is none.
    static let current: ConfigFile? = path.flatMap(ConfigFile.read)

    /// The file at `path`, its problems reported; nil when it is not there or cannot be read.
    static func read(_ path: String) -> ConfigFile? {
        let bytes: [UInt8]
        do { bytes = try FileSystem.contents(of: path) } catch {
            if !error.isNotFound { reportError(path + ": " + error.message + "; ignored") }
            return nil
        }
        var file = ConfigFile(path: path)
        for (n, raw) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            file.parse(line: raw, number: n + 1)
        }
        return file
    }

    init(path: String) { self.path = path }

    /// One line: blank, a comment, or `key = value` with a known key and a value (spaces around
    /// both are dropped; a value keeps its inner spaces).
    private mutating func parse(line raw: ArraySlice<UInt8>, number: Int) {
        guard let text = String(validating: raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw, as: UTF8.self) else {
            return report(number, "not UTF-8 text")
        }
        let line = ConfigFile.trimmed(Substring(text))
        if line.isEmpty || line.hasPrefix("#") { return }
        guard let eq = line.firstIndex(of: "=") else {
            return report(number, "expected key = value, got '\(line)'")
        }
        let key = ConfigFile.trimmed(line[..<eq]), value = ConfigFile.trimmed(line[line.index(after: eq)...])
        guard let known = ConfigFile.keys.first(where: { $0.name == key }) else {
            let names = ConfigFile.keys.map(\.name).joined(separator: ", ")
            return report(number, key.isEmpty ? "no key before '='" : "unknown key '\(key)' (keys: \(names))")
        }
        guard !value.isEmpty else { return report(number, "\(key): no value after '='") }
        if let why = known.problem(String(value)) { return report(number, "\(key): " + why) }
        values[String(key)] = (String(value), number)
    }

    /// The value of `key` (one its `problem` accepts) and its line, if the file sets it.
    func value(_ key: String) -> (value: String, line: Int)? { values[key] }

    /// `calgrid: FILE:LINE: why` on standard error.
    func report(_ line: Int, _ why: String) { reportError("\(path):\(line): \(why); ignored") }

    private static func trimmed(_ s: Substring) -> Substring {
        var s = s
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}
