import CalGrid
import CalGridSystem
import CalGridStore

/// `calgrid add TITLE`: a new todo in the store; prints its id.
enum AddCommand {
    static let command = Command(usage: "add TITLE", summary: "add a todo to your store; prints its id",
                                 help: { help }, run: run)

    static let help = """
    usage: calgrid add TITLE [options]

    Adds a todo to your store (see STORE below) and prints its id. Words after the options
    are joined into the title: calgrid add Buy milk --end friday.

      --start DAY|none       first day (default: today when --end, --repeat or --challenge
                             is given, or the end when that is already past; else none)
      --end DAY              last day, the deadline (default: none)
      --repeat DAYS|RULE     the weekdays it falls on: mon,wed,fri (any English weekday names),
                             weekdays, weekends or daily (default: daily); or a rule: 'every 2
                             weeks on mon,thu', 'monthly on the 3rd thu', '3rd thursday', 'last
                             day of month', 'last weekday of month', 'monthly on the 15th',
                             'yearly', 'every 3 days', or RRULE text ('FREQ=MONTHLY;BYDAY=-1FR')
      --except DAY           a day the rule skips (EXDATE); repeat for more
      --also DAY             an extra day (RDATE); repeat for more
      --challenge            a challenge: its days are ticked one by one (calgrid done)
      --event                an event (a meeting, a holiday), not a todo: it falls on its days
                             and is never done; without --end it lasts its one day
      --memo TEXT            a note
      --tag TAG              a tag; repeat for more
      --remind HH:MM         a reminder time
      --id ID                the id (default: six random letters and digits)
    \(SkipHolidays.help)

    DAY is YYYY-MM-DD, today, tomorrow, yesterday, a weekday name (its next occurrence, today
    included), +3d or +2w (from today). A todo with both a start and an end keeps one tick per
    repeat day (per occurrence of its rule); the others are done or not as a whole. A rule starts
    on the todo's first day, which is always an occurrence.

    STORE: --todos FILE, else $CALGRID_TODOS, else $XDG_DATA_HOME/calgrid/todos.json
    (default ~/.local/share/calgrid/todos.json), in the native format; the first change creates
    it. Every change locks the store, and replaces it atomically. A directory is a vdir: the
    todo becomes one new .ics file there (docs/cli.md, The store as a vdir).
    \(CommonOptions.help)
    """

    /// The id alphabet: Crockford's base 32 in lower case, without i, l, o and u, so an id read
    /// aloud or copied by hand has one spelling.
    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        var title: [String] = []
        var fields = TodoFields()
        var id: String?
        var skip = SkipHolidays()
        try parseOptions(words, "add", &common, extra: { (o: String, a: inout Arguments) throws(CLIError) -> Bool in
            if o == "--id" { id = try a.value(for: o); return true }
            if try skip.parse(o, &a) { return true }
            return try fields.parse(o, &a)
        }) { (p: String) throws(CLIError) in title.append(p) }
        var out = Output()
        guard !title.isEmpty else { throw .usage("add: what is the todo? (calgrid add TITLE)") }
        let today = common.resolvedToday()

        var draft = TodoDraft(id: id ?? "", title: title.joined(separator: " "), createdAt: CurrentProcess.secondsSince1970())
        try fields.apply(to: &draft, today: today)
        skip.defaultRepetition(fields, &draft)
        // A todo given a deadline, a repetition or a challenge starts today unless told otherwise:
        // a todo open on the left would fall on every day before its end (`--start none` asks for that).
        // A deadline already past starts on that day instead, so a task recorded late shows as
        // overdue rather than being refused for a start the person never gave.
        if fields.start == nil, fields.end != nil || fields.repetition != nil || fields.rule != nil || fields.isChallenge == true
            || fields.isEvent == true || skip.isOn {
            draft.start = draft.end.map { Swift.min($0, today) } ?? today
        }
        // An event is of its day unless given an end (open on the right it would fill every day after).
        if fields.isEvent == true, fields.end == nil, draft.end == nil, fields.rule == nil { draft.end = draft.start }
        try fields.bindRule(to: &draft, today: today, zone: common.zone)
        try skip.bind(to: &draft, zone: common.zone)
        var notes = Output()
        if fields.repetition != nil || fields.rule != nil || skip.isOn, let given = draft.start, TodoFields.synchronise(&draft, zone: common.zone) {
            notes.line("calgrid: \(draft.title) starts on \(TodoText.day(draft.start!)), its first repeat day on or after \(TodoText.day(given))")
        }

        let store = try storeCall { () throws(StoreError) in try Store.forChanges(common.store) }
        let (set, index) = try store.change(common.store) { (set: inout TodoSet) throws(CLIError) in
            if id == nil { draft.id = try freshID(in: set) }
            do throws(TodoError) { let i = try set.append(draft); return ((set, i), true) } catch {
                throw .data("add: " + TodoText.describe(error, in: set))
            }
        }
        notes.flush(to: .standardError)
        if common.json {
            var w = JSONWriter()
            TodoPresentation.json(index, TodoData(set), today: today, &w)
            w.finish(into: &out)
        } else {
            out.line(set.id(at: index))
        }
        return out
    }

    /// Six random characters of `alphabet` (30 bits: two ids collide by chance once in about
    /// 30,000 todos); one character more after each collision with an id in `set`.
    static func freshID(in set: TodoSet) throws(CLIError) -> String {
        var length = 6
        while true {
            let random: [UInt8]
            do { random = try CurrentProcess.randomBytes(length) } catch { throw .system(error) }
            let id = String(decoding: random.map { alphabet[Int($0 & 31)] }, as: UTF8.self)
            if !set.contains(id: id) { return id }
            length += 1
        }
    }
}

/// The options `add` and `edit` share, as given; `apply` turns them into a draft's fields once
/// today is known (`--today` may come after them).
struct TodoFields {
    var start: String?
    var end: String?
    var repetition: WeekdaySet?
    /// `--repeat` as an RFC 5545 rule (a friendly form or RRULE text), checked by the core.
    var rule: RecurrenceRule?
    var except: [String] = []
    var also: [String] = []
    var isChallenge: Bool?
    /// `--event`: an event, never done (`TodoFields.isEvent`).
    var isEvent: Bool?
    var memo: String?
    var tags: [String]?
    var reminder: String?
    var title: String?

    /// True when no field was given.
    var isEmpty: Bool {
        start == nil && end == nil && repetition == nil && rule == nil && except.isEmpty && also.isEmpty
            && isChallenge == nil && isEvent == nil && memo == nil && tags == nil && reminder == nil && title == nil
    }

    /// Consumes a field option.
    mutating func parse(_ o: String, _ a: inout Arguments) throws(CLIError) -> Bool {
        switch o {
        case "--start": start = try a.value(for: o)
        case "--end": end = try a.value(for: o)
        case "--repeat":
            let text = try a.value(for: o)
            switch text.lowercased() {
            case "every day": repetition = .all
            case "every weekday": repetition = .weekdays
            default:
                if let r = try? Parse.repetition(text) { repetition = r; break }
                // Neither a rule nor weekdays: the weekday list's own error.
                guard let rrule = RuleWords.rruleText(text) else { _ = try Parse.repetition(text); break }
                do throws(RecurrenceError) { rule = try RecurrenceRule(parsing: rrule) } catch {
                    throw .usage("--repeat: '\(text)': " + error.description)
                }
            }
        case "--except": except.append(try a.value(for: o))
        case "--also": also.append(try a.value(for: o))
        case "--challenge": try a.noValue(for: o); isChallenge = true
        case "--event": try a.noValue(for: o); isEvent = true
        case "--memo": memo = try a.value(for: o)
        case "--tag":
            let t = try a.value(for: o)
            if t.isEmpty { throw .usage("--tag: a tag cannot be empty") }
            tags = (tags ?? []) + [t]
        case "--remind": reminder = try a.value(for: o)
        default: return false
        }
        return true
    }

    /// Writes the given fields into `draft`; `none` clears a field (for add: leaves it unset).
    func apply(to draft: inout TodoDraft, today: CivilDate) throws(CLIError) {
        if let t = title { draft.title = t }
        if let s = start { draft.start = s == "none" ? nil : try Parse.day(s, what: "--start", today: today) }
        if let e = end { draft.end = e == "none" ? nil : try Parse.day(e, what: "--end", today: today) }
        if let r = repetition { draft.repetition = r }
        if let c = isChallenge { draft.isChallenge = c }
        if let e = isEvent { draft.isEvent = e }
        if let m = memo { draft.memo = m == "none" ? nil : m }
        if let t = tags { draft.tags = t }
        if let r = reminder { draft.reminderMinutes = r == "none" ? nil : try Parse.reminder(r) }
    }

    /// Moves a repeating todo's start to its first repeat day on or after it: the first weekday of
    /// its repetition, or the first day its rule gives (RFC 5545 leaves a DTSTART the rule does not
    /// give undefined, and clients disagree on it). True when the start moved.
    static func synchronise(_ d: inout TodoDraft, zone: TimeZoneRules) -> Bool {
        guard let s = d.start else { return false }
        if let r = d.recurrence {
            guard r.rule != nil, let f = r.firstRuleDay, f != s else { return false }
            d.recurrence = Recurrence(start: f, rule: r.rule, zone: zone, rdates: r.rdates, exdates: r.exdates)
            d.start = f
            return true
        }
        guard d.repetition != .all, !d.repetition.isEmpty else { return false }
        var f = s
        while !d.repetition.contains(f.weekday) { f = f.advanced(by: 1) }
        d.start = f
        return f != s
    }

    /// After the start is known: a new rule, days removed (`--except`) or added (`--also`) bound
    /// to the draft's start; a rule already there follows a new start; weekdays replace a rule.
    /// A UTC `UNTIL` bounds the rule at its day in `zone` (`--tz`, else the local zone).
    func bindRule(to d: inout TodoDraft, today: CivilDate, zone: TimeZoneRules) throws(CLIError) {
        if repetition != nil && rule == nil { d.recurrence = nil; return }
        let old = d.recurrence
        guard rule != nil || old != nil || !except.isEmpty || !also.isEmpty else { return }
        var removed = old?.exdates ?? [], added = old?.rdates ?? []
        for x in except { removed.append(try Parse.day(x, what: "--except", today: today)) }
        for x in also { added.append(try Parse.day(x, what: "--also", today: today)) }
        guard let s = d.start else { throw .usage("--repeat: a rule needs a first day (--start)") }
        d.repetition = .all
        let r = Recurrence(start: s, rule: rule ?? old?.rule, zone: zone, rdates: added, exdates: removed)
        // A lunar rule counts from its first day's lunar date and stops with the lunar table; the
        // core gives such a rule no day but its start outside the table (recurrence.md), which a
        // person asking for a lunar birthday never means: refused, in the core's words.
        if let rule = r.rule, rule.scale == .dangi {
            do throws(LunarDateError) { _ = try LunarDate(s) } catch {
                throw .usage("--repeat: a lunar rule counts from its first day's lunar date, and \(error)")
            }
            if r.ruleNeverOccurs {
                throw .usage("--repeat: \(rule.text) gives no day from \(s.iso8601) through \(LunarDate.civilRange.upperBound.iso8601), the last day the lunar table covers")
            }
        }
        d.recurrence = r
    }
}
