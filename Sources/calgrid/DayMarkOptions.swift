import CalGrid
import CalGridStore
import CalGridSystem

/// What `month` and `day` may mark on a day besides its todos: the Korean lunar date (`--lunar`) and
/// a country's public holidays (`--holidays`).
struct DayMarkOptions {
    /// `--lunar`: the lunar date under each day of `month`, after `day`'s title, "lunar" in JSON.
    var lunar = false
    /// `--holidays CC`: whose holidays to mark; by default $CALGRID_HOLIDAYS, else KR for a Korean
    /// locale (LC_ALL, LC_MESSAGES or LANG starting "ko_KR"), else none.
    var holidays: HolidayCountry? = DayMarkOptions.defaultCountry
    /// Whether --holidays was given (JSON cells carry "holidays" then, or with a default country).
    var holidaysShown: Bool { holidays != nil }

    /// No marks (the views that take no mark options: week, year).
    static var none: DayMarkOptions { var m = DayMarkOptions(); m.holidays = nil; return m }

    mutating func parse(_ option: String, _ args: inout Arguments) throws(CLIError) -> Bool {
        switch option {
        case "--lunar": lunar = true
        case "--holidays":
            let v = try args.value(for: option)
            if v == "none" { holidays = nil; return true }
            guard let c = HolidayCountry(code: v) else {
                throw .usage("--holidays: '\(v)' is not a country CalGrid has holidays for (kr, us, de or none)")
            }
            holidays = c
        default: return false
        }
        return true
    }

    static var defaultCountry: HolidayCountry? {
        if let v = CurrentProcess.environment("CALGRID_HOLIDAYS"), !v.isEmpty { return HolidayCountry(code: v) }
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let v = CurrentProcess.environment(name), !v.isEmpty else { continue }
            return v.hasPrefix("ko_KR") ? .korea : nil
        }
        return nil
    }

    /// The holidays of the marked country in `days` (none without one).
    func holidays(in days: ClosedRange<CivilDate>) -> [Holiday] {
        holidays.map { HolidayCalendar.holidays(in: days, country: $0) } ?? []
    }

    static let help = """
      --lunar                the Korean lunar date (음력, KASI's, 1000...2050) under each day
                             of month, after day's title; "lunar" in the JSON
      --holidays CODE        kr|us|de|none: mark a country's public holidays (red, listed
                             under the month; "holidays" in the JSON); by default
                             $CALGRID_HOLIDAYS, else kr when LANG is ko_KR
    """
}

extension JSONWriter {
    /// "holidays": [{"name", "nameKo"}] for the holidays on `day` among `list`.
    mutating func holidays(_ list: [Holiday], on day: CivilDate) {
        key("holidays")
        beginArray()
        for h in list where h.date == day {
            beginObject(); field("name", h.name); field("nameKo", h.nameKo); endObject()
        }
        endArray()
    }
}
