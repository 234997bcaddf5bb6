import CalGrid
import CalGridStore

/// `add --skip-holidays`: a todo (a challenge, typically) whose days are working days: its repeat
/// days (Monday to Friday unless `--repeat` says otherwise) minus the public holidays between its
/// first and last day, which become the rule's EXDATEs. Its ticks, progress and streaks then count
/// only those days (a holiday between two working days does not break a streak: it is no day of
/// the todo), and every format keeps it as an ordinary rule with exceptions.
struct SkipHolidays {
    /// `--skip-holidays` was given.
    var isOn = false
    /// `--holidays CC` as `add` takes it (nil: not given; then the default country).
    var marks: DayMarkOptions?

    /// Consumes `--skip-holidays` and `--holidays CC`.
    mutating func parse(_ o: String, _ a: inout Arguments) throws(CLIError) -> Bool {
        switch o {
        case "--skip-holidays": try a.noValue(for: o); isOn = true; return true
        case "--holidays":
            var m = DayMarkOptions()
            _ = try m.parse(o, &a)
            marks = m
            return true
        default: return false
        }
    }

    /// Repeats on weekdays when no `--repeat` was given: working days are Monday to Friday.
    func defaultRepetition(_ fields: TodoFields, _ d: inout TodoDraft) {
        if isOn, fields.repetition == nil, fields.rule == nil { d.repetition = .weekdays }
    }

    /// After the start, the end and the rule are bound: the holidays of the span among the todo's
    /// days become EXDATEs (weekday repetitions become the same days as a weekly rule first).
    func bind(to d: inout TodoDraft, zone: TimeZoneRules) throws(CLIError) {
        guard isOn else { return }
        guard let country = (marks ?? DayMarkOptions()).holidays else {
            throw .usage("--skip-holidays: whose holidays? Give --holidays kr, us or de (or set holidays = kr in the config file)")
        }
        guard let s = d.start, let e = d.end else {
            throw .usage("--skip-holidays: the todo needs a last day (--end): the holidays skipped are those up to it")
        }
        var r = d.recurrence ?? Recurrence(start: s, rule: SkipHolidays.weeklyRule(d.repetition), zone: zone)
        var skipped: [CivilDate] = []
        var previous: CivilDate? = nil
        for h in HolidayCalendar.holidays(in: s...e, country: country) where h.date != previous {
            previous = h.date
            if r.contains(h.date) { skipped.append(h.date) }
        }
        r = Recurrence(start: s, rule: r.rule, zone: zone, rdates: r.rdates, exdates: r.exdates + skipped)
        d.repetition = .all
        d.recurrence = r
    }

    /// The weekly rule of a weekday repetition ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"); daily for all.
    static func weeklyRule(_ days: WeekdaySet) -> RecurrenceRule? {
        let byday = (0..<7).filter { days.contains(Weekday(rawValue: UInt8($0))!) }.map { RuleWords.weekdayCodes[$0] }
        let text = days == .all || byday.isEmpty ? "FREQ=DAILY" : "FREQ=WEEKLY;BYDAY=" + byday.joined(separator: ",")
        return try? RecurrenceRule(parsing: text)
    }

    static let help = """
      --skip-holidays        its days are working days: the --repeat days (default Monday to
                             Friday) minus the public holidays up to --end, which it skips
                             (EXDATE); ticks, progress and streaks count only working days
      --holidays CODE        kr|us|de: whose holidays --skip-holidays skips (default
                             $CALGRID_HOLIDAYS, else holidays = CODE in the config file,
                             else kr when LANG is ko_KR)
    """
}
