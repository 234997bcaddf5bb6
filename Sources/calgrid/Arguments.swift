import CalGrid
import CalGridJSON
import CalGridStore

/// The words after the command name, consumed left to right. Accepts `--name value` and
/// `--name=value`; `--` ends the options.
struct Arguments {
    private var words: [String]
    private var position = 0
    /// The value attached with `=` to the option just read, if any.
    private var attached: String?
    private var optionsEnded = false

    init(_ words: [String]) { self.words = words }

    enum Item {
        case option(String)
        case positional(String)
    }

    mutating func next() -> Item? {
        attached = nil
        guard position < words.count else { return nil }
        let w = words[position]
        position += 1
        if optionsEnded || w == "-" || !w.hasPrefix("-") { return .positional(w) }
        if w == "--" { optionsEnded = true; return next() }
        if w.hasPrefix("--"), let eq = w.firstIndex(of: "=") {
            attached = String(w[w.index(after: eq)...])
            return .option(String(w[..<eq]))
        }
        return .option(w)
    }

    /// The value of `option`: the `=value` part or the next word.
    mutating func value(for option: String) throws(CLIError) -> String {
        if let a = attached { attached = nil; return a }
        guard position < words.count else { throw .usage("\(option) needs a value") }
        position += 1
        return words[position - 1]
    }

    /// Throws when a flag that takes no value was given one (`--json=yes`).
    mutating func noValue(for option: String) throws(CLIError) {
        if attached != nil { throw .usage("\(option) takes no value") }
    }

    /// One of a fixed set of words, as an enum whose raw values are those words; `names` lists
    /// them for the error message ("auto|always|never").
    mutating func choice<T: RawRepresentable>(for option: String, _ names: StaticString) throws(CLIError) -> T
        where T.RawValue == String {
        try choice(for: option, "\(names)", T.init(rawValue:))
    }

    /// One of a fixed set of words, read by `parse` (a core vocabulary's parser); `names` lists
    /// the words for the error message.
    mutating func choice<T>(for option: String, _ names: String, _ parse: (String) -> T?) throws(CLIError) -> T {
        let v = try value(for: option)
        if let t = parse(v) { return t }
        throw .usage("\(option): expected \(names), got '\(v)'")
    }

    mutating func date(for option: String) throws(CLIError) -> CivilDate {
        let v = try value(for: option)
        return try Parse.date(v, what: option)
    }

    mutating func integer(for option: String, in range: ClosedRange<Int>) throws(CLIError) -> Int {
        let v = try value(for: option)
        guard let n = Int(v), range.contains(n) else {
            throw .usage("\(option): expected a whole number in \(range.lowerBound)...\(range.upperBound), got '\(v)'")
        }
        return n
    }
}

/// Command-line values: dates, months, years, ranges, offsets.
enum Parse {
    static func date(_ text: String, what: String) throws(CLIError) -> CivilDate {
        do { return try CivilDate(iso8601: text) } catch {
            throw .usage("\(what): '\(text)': \(error.description)")
        }
    }

    /// `YYYY-MM`.
    static func month(_ text: String) throws(CLIError) -> (year: Int, month: Int) {
        let u = Array(text.utf8)
        guard u.count == 7, u[4] == 45, let y = Int(String(text.prefix(4))), let m = Int(String(text.suffix(2))),
              u[0] >= 48, u[0] <= 57, u[5] >= 48, u[5] <= 57 else {
            throw .usage("'\(text)' is not a valid month (YYYY-MM)")
        }
        // The core's sentences for a well-formed month it does not have.
        if !(1...9999).contains(y) { throw .usage("'\(text)': " + DateError.yearOutOfRange(y).description) }
        if !(1...12).contains(m) { throw .usage("'\(text)': " + DateError.invalidMonth(m).description) }
        return (y, m)
    }

    static func year(_ text: String) throws(CLIError) -> Int {
        guard text.utf8.count == 4, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let y = Int(text), y >= 1 else {
            throw .usage("'\(text)' is not a valid year (YYYY, 0001-9999)")
        }
        return y
    }

    /// `FROM..TO`, both `YYYY-MM-DD`, FROM not after TO; a single date selects one day.
    static func range(_ text: String) throws(CLIError) -> RangeSelection {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 1 { return RangeSelection(single: try date(text, what: "--select")) }
        guard parts.count == 3, parts[1].isEmpty else {
            throw .usage("--select: expected FROM..TO (YYYY-MM-DD..YYYY-MM-DD), got '\(text)'")
        }
        let a = try date(String(parts[0]), what: "--select"), b = try date(String(parts[2]), what: "--select")
        do { return try RangeSelection(a, through: b) } catch {
            throw .usage("--select: \(error.description)")
        }
    }

    /// `--tz ZONE`: an IANA name, `UTC`, `±HH:MM` (or a POSIX TZ string). A zone that cannot be had
    /// is a data error (exit 1) whose one line names it; it is found while the options are read, so
    /// nothing has been written yet.
    static func zone(_ text: String, option: String) throws(CLIError) -> TimeZoneRules {
        do { return try TimeZoneRules.parse(text) } catch { throw .data("\(option): \(error.description)") }
    }

    /// `--tz-offset`: `+09:00`, `-05:30`, `+0900`, `Z`, `UTC`, `0`, or `local` (nil: the local zone).
    static func offset(_ text: String) throws(CLIError) -> TimeZoneRules? {
        if text == "local" { return nil }
        if text == "0" { return .utc }
        let u = Array(text.utf8)
        let fixedShape = text == "Z" || text == "UTC"
            || ((u.count == 6 || u.count == 5 || u.count == 3) && (u[0] == 43 || u[0] == 45)
                && u.dropFirst().allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == 58 })
        let bad = CLIError.usage("--tz-offset: expected ±HH:MM, Z or local, got '\(text)'")
        guard fixedShape else { throw bad }
        do { return try TimeZoneRules.parse(text) } catch {
            // A malformed offset falls through to a name lookup; say what the flag expects instead.
            if case .unknownZone = error { throw bad }
            throw .usage("--tz-offset: \(error.description)")
        }
    }
}
