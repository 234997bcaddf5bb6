import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridJSON
import CalGridSystem
import Foundation
import Testing

/// Lunar rules (RFC 7529 `RSCALE=DANGI`, `SKIP`) through the formats: a set of lunar birthdays,
/// memorial days and a monthly lunar rule, exported as iCalendar (through libical) and as native
/// JSON and read back, must give the same rules and the same days over every year of the lunar
/// table. The days themselves are checked against korean-lunar-calendar by LunarRecurrenceTests;
/// here the formats must not change them. A lunar rule written with the Gregorian reading of its
/// parts (RSCALE dropped) is the negative control: it must differ.
@Suite struct ICalendarLunarRuleTests {
    static let rules = [
        "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=12",
        "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=8;BYMONTHDAY=15",
        "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=6L;BYMONTHDAY=1;SKIP=FORWARD",
        "RSCALE=DANGI;FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=30;SKIP=BACKWARD",
        "RSCALE=DANGI;FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=-1;COUNT=40",
    ]

    static func lunarSet() throws -> TodoSet {
        var set = TodoSet()
        let start = try CivilDate(year: 2026, month: 1, day: 1)
        for (k, text) in rules.enumerated() {
            let rule = try RecurrenceRule(parsing: text)
            let r = Recurrence(start: start, rule: rule)
            let first = r.firstRuleDay ?? start
            _ = try set.append(TodoDraft(id: "lunar-\(k)", title: "Lunar \(k)", start: first,
                                         recurrence: Recurrence(start: first, rule: rule)))
        }
        return set
    }

    /// Every rule's text and its days over 2026...2050, by id.
    static func days(_ set: TodoSet) throws -> [String: [String]] {
        let window = try CivilDate(year: 2026, month: 1, day: 1)...CivilDate(year: 2050, month: 12, day: 31)
        var out: [String: [String]] = [:]
        for i in set.indices {
            guard let r = set.recurrence(at: i) else { continue }
            out[set.id(at: i)] = [r.rule?.text ?? ""] + r.occurrences(in: window).map(\.iso8601)
        }
        return out
    }

    @Test func iCalendarRoundTripKeepsLunarRules() throws {
        let set = try Self.lunarSet()
        let want = try Self.days(set)
        #expect(want.count == Self.rules.count && want.values.allSatisfy { $0.count > 20 })
        let bytes = set.exportICalendarBytes(now: 1_780_000_000)
        let text = String(decoding: bytes, as: UTF8.self)
        let rrules = text.split(separator: "\r\n").filter { $0.hasPrefix("RRULE:") }
        #expect(rrules.count == Self.rules.count && rrules.allSatisfy { $0.contains("RSCALE=DANGI") }, "\(rrules)")
        #expect(rrules.contains { $0.contains("6L") && $0.contains("SKIP=FORWARD") }, "\(rrules)")
        var back = TodoSet()
        _ = try back.importICalendar(bytes: bytes)
        #expect(try Self.days(back) == want)
    }

    @Test func jsonRoundTripKeepsLunarRules() throws {
        let set = try Self.lunarSet()
        let want = try Self.days(set)
        let bytes = set.exportJSONBytes()
        var back = TodoSet()
        _ = try bytes.withUnsafeBytes { (b) throws(ImportError) in try back.importJSON(bytes: b) }
        #expect(try Self.days(back) == want)
        #expect(String(decoding: bytes, as: UTF8.self).contains("RSCALE=DANGI;FREQ=YEARLY;BYMONTH=6L;BYMONTHDAY=1;SKIP=FORWARD"))
    }

    /// The control: the same parts read as Gregorian (the scale lost on the way) give other days.
    @Test func droppingTheScaleChangesTheDays() throws {
        let set = try Self.lunarSet()
        let want = try Self.days(set)
        var text = String(decoding: set.exportICalendarBytes(now: 1_780_000_000), as: UTF8.self)
        text = text.replacingOccurrences(of: "RSCALE=DANGI;", with: "")
        text = text.replacingOccurrences(of: ";SKIP=FORWARD", with: "").replacingOccurrences(of: ";SKIP=BACKWARD", with: "")
        text = text.replacingOccurrences(of: "6L", with: "6")
        var back = TodoSet()
        _ = try? back.importICalendar(bytes: Array(text.utf8))
        let got = try Self.days(back)
        #expect(got != want)
        #expect(Self.rules.indices.filter { got["lunar-\($0)"] == want["lunar-\($0)"] }.isEmpty)
    }
}
