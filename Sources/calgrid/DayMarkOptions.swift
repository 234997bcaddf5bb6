import CalGrid
import CalGridStore
import CalGridSystem

/// What `month` and `day` may mark on a day besides its todos: the Korean lunar date (`--lunar`) and
/// a country's public holidays (`--holidays`).
struct DayMarkOptions {
    /// `--lunar`: the lunar date under each day of `month`, after `day`'s title, "lunar" in JSON.
    var lunar = false
    /// `--holidays CC` or `--holidays none` as given; nil when not given (then `defaultCountry`).
    var given: HolidayCountry?? = nil
    /// Whose holidays to mark: `--holidays`, else the default country (`defaultCountry`).
    var holidays: HolidayCountry? { given ?? DayMarkOptions.defaultCountry }

    /// No marks (the views that take no mark options: week, year).
    static var none: DayMarkOptions { var m = DayMarkOptions(); m.given = .some(nil); return m }

    mutating func parse(_ option: String, _ args: inout Arguments) throws(CLIError) -> Bool {
        switch option {
        case "--lunar": lunar = true
        case "--holidays":
            let v = try args.value(for: option)
            guard let c = DayMarkOptions.country(v) else { throw .usage("--holidays: " + DayMarkOptions.notACountry(v)) }
            given = c
        default: return false
        }
        return true
    }

    /// A country code or "none" (`.some(nil)`), in either case; nil for anything else.
    static func country(_ text: String) -> HolidayCountry?? {
        if let c = HolidayCountry(code: text) { return c }
        return text.lowercased() == "none" ? .some(nil) : nil
    }

    /// The one sentence for a value that names no country, after the name of where it was given.
    static func notACountry(_ v: String) -> String {
        "'\(v)' is not a country CalGrid has holidays for (kr, us, de or none)"
    }

    /// The country when `--holidays` is not given, from the first of these that says one:
    /// `$CALGRID_HOLIDAYS`, the config file's `holidays` (`ConfigFile`), the locale (KR when
    /// LC_ALL, LC_MESSAGES or LANG, the first one set, starts with "ko_KR"); else none. A value that
    /// names no country is reported (the config file's with its FILE:LINE, as the file is read) and
    /// passed over. Worked out once, on first use: a command given `--holidays` reads no config file.
    static let defaultCountry: HolidayCountry? = {
        if let v = CurrentProcess.environment("CALGRID_HOLIDAYS"), !v.isEmpty {
            if let c = country(v) { return c }
            reportError("CALGRID_HOLIDAYS: " + notACountry(v) + "; ignored")
        }
        if let v = ConfigFile.current?.value("holidays")?.value, let c = country(v) { return c }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let v = CurrentProcess.environment(name), !v.isEmpty else { continue }
            return v.hasPrefix("ko_KR") ? .korea : nil
        }
        return nil
    }()

    static let help = """
      --lunar                the Korean lunar date (음력, KASI's, 1000...2050) under each day
                             of month, after day's title; "lunar" in the JSON
      --holidays CODE        kr|us|de|none: mark a country's public holidays (red, listed
                             under the month; "holidays" in the JSON); by default
                             $CALGRID_HOLIDAYS, else holidays = CODE in the config file
                             (~/.config/calgrid/config), else kr when LANG is ko_KR
    """
}

extension JSONWriter {
    /// "holidays": [{"name", "nameKo"}] for a day's holidays.
    mutating func holidays(_ list: [Holiday]) {
        key("holidays")
        beginArray()
        for h in list {
            beginObject(); field("name", h.name); field("nameKo", h.nameKo); endObject()
        }
        endArray()
    }
}
