import CalGrid
import CalGridStore

/// Command-line values of the commands that change todos: dates relative to today, weekday
/// lists, reminder times.
extension Parse {
    /// `YYYY-MM-DD`, `today`, `tomorrow`, `yesterday`, a weekday name (`mon` or `monday`: that
    /// day this week if it is today or later, else next week's, like GNU date), `+3d` / `-3d` /
    /// `+2w` (days or weeks from today).
    static func day(_ text: String, what: String, today: CivilDate) throws(CLIError) -> CivilDate {
        let lower = text.lowercased()
        let offset: Int
        switch lower {
        case "today": offset = 0
        case "tomorrow": offset = 1
        case "yesterday": offset = -1
        default:
            if let w = weekday(lower) {
                offset = w.offset(from: today.weekday)
            } else if let n = relativeDays(lower) {
                offset = n
            } else if let d = try? CivilDate(iso8601: text) {
                return d
            } else {
                throw .usage("\(what): '\(text)' is not a date (YYYY-MM-DD, today, tomorrow, yesterday, a weekday, +3d, +2w)")
            }
        }
        do { return try today.adding(days: offset) } catch {
            throw .usage("\(what): '\(text)' leaves the supported calendar (0001-01-01 ... 9999-12-31)")
        }
    }

    /// A weekday by its English name, short (`mon`) or long (`monday`), any case; the core's labels.
    static func weekday(_ text: String) -> Weekday? {
        let lower = text.lowercased()
        for w in Weekday.allCases
        where lower == "\(w.name(.short, .english))".lowercased() || lower == "\(w.name(.long, .english))".lowercased() {
            return w
        }
        return nil
    }

    /// `+Nd`, `-Nd`, `+Nw`, `-Nw` as a number of days (N below 10^7, beyond any calendar).
    private static func relativeDays(_ text: String) -> Int? {
        let u = Array(text.utf8)
        guard u.count >= 3, u.count <= 9, u[0] == 43 || u[0] == 45, u.last == 100 || u.last == 119,
              let n = Int(String(decoding: u[1..<(u.count - 1)], as: UTF8.self)), n >= 0,
              u[1] >= 48, u[1] <= 57 else { return nil }
        let days = u.last == 119 ? n * 7 : n
        return u[0] == 45 ? -days : days
    }

    /// `mon,wed,fri` (short or long weekday names), `weekdays`, `weekends`, `daily`.
    static func repetition(_ text: String) throws(CLIError) -> WeekdaySet {
        switch text.lowercased() {
        case "daily", "every-day", "everyday": return .all
        case "weekdays": return .weekdays
        case "weekends", "weekend": return .weekend
        default: break
        }
        var days: [Weekday] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let w = weekday(String(part)) else {
                throw .usage("--repeat: unknown weekday '\(part)' (mon,tue,wed,thu,fri,sat,sun, weekdays, weekends or daily)")
            }
            days.append(w)
        }
        return WeekdaySet(days)
    }

    /// `HH:MM` (00:00 ... 23:59) as minutes after midnight.
    static func reminder(_ text: String) throws(CLIError) -> Int16 {
        let u = Array(text.utf8)
        func digit(_ i: Int) -> Int? { i < u.count && u[i] >= 48 && u[i] <= 57 ? Int(u[i] - 48) : nil }
        guard u.count == 5, u[2] == 58, let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4),
              h1 * 10 + h2 < 24, m1 * 10 + m2 < 60 else {
            throw .usage("--remind: '\(text)' is not a time of day (HH:MM, 00:00 ... 23:59)")
        }
        return Int16((h1 * 10 + h2) * 60 + m1 * 10 + m2)
    }
}
