import CalGrid
import CalGridStore

/// `calgrid edit ID`: change a todo's fields; ticks of days that stay tracked are kept.
enum EditCommand {
    static let command = Command(usage: "edit ID", summary: "change a todo's fields; ticks of days that stay are kept",
                                 help: { help }, run: run)

    static let help = """
    usage: calgrid edit ID [options]

    Changes the fields given, keeps the rest. When the dates or the repetition change, every day
    tracked before and after keeps its tick; days new to the span start not done. ID is the full
    id or a unique prefix of it.

      --title TEXT           the title
      --start DAY|none       first day (none: no start)
      --end DAY|none         last day (none: no deadline)
      --repeat DAYS|RULE     mon,wed,fri (any English weekday names), weekdays, weekends or daily,
                             or a rule as for add ('every 2 weeks on mon,thu', RRULE text)
      --except DAY           a day the rule skips (EXDATE); repeat for more
      --also DAY             an extra day (RDATE); repeat for more
      --challenge            make it a challenge
      --no-challenge         make it a plain todo
      --memo TEXT|none       the note (none: no note)
      --tag TAG              the tags: the --tag options given replace all of them
      --no-tags              remove every tag
      --remind HH:MM|none    the reminder time (none: no reminder)

    DAY is YYYY-MM-DD, today, tomorrow, yesterday, a weekday name (its next occurrence, today
    included), +3d or +2w (from today).
    \(CommonOptions.help)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        var fields = TodoFields()
        var clearTags = false
        let idText = try parseOptions(words, "edit", &common, takes: .oneTodo) { (o: String, a: inout Arguments) throws(CLIError) -> Bool in
            switch o {
            case "--title": fields.title = try a.value(for: o)
            case "--no-challenge": try a.noValue(for: o); fields.isChallenge = false
            case "--no-tags": try a.noValue(for: o); clearTags = true
            default: return try fields.parse(o, &a)
            }
            return true
        }
        var out = Output()
        guard let idText else { throw .usage("edit: which todo? (calgrid edit ID --title ...)") }
        if fields.isEmpty && !clearTags { throw .usage("edit: nothing to change (see calgrid edit --help)") }
        if clearTags && fields.tags != nil { throw .usage("edit: --no-tags and --tag contradict each other") }
        let today = common.resolvedToday()
        // Malformed values are usage errors before the store is even locked.
        var probe = TodoDraft(id: "-", title: "")
        try fields.apply(to: &probe, today: today)

        let store = try storeCall { () throws(StoreError) in try Store.forChanges(common.store) }
        let wholeItems = store.isICalendar
        let (set, i) = try store.change(common.store, creating: false) { (set: inout TodoSet) throws(CLIError) in
            let i = try TodoLookup.index(of: idText, in: set)
            let before = set.draft(at: i)
            let wasDone = set.isDone(at: i)
            var d = before
            try fields.apply(to: &d, today: today)
            try fields.bindRule(to: &d, today: today, zone: common.zone)
            if clearTags { d.tags = [] }
            do throws(TodoError) { try set.reschedule(at: i, to: d) } catch {
                throw .data("edit: " + TodoText.describe(error, in: set))
            }
            // A vdir item that does not repeat by a rule is done as a whole (its STATUS): new days
            // of a done one are done too.
            // (An event is never done: it has no whole completion to carry, and only it would refuse.)
            if wholeItems && set.recurrence(at: i) == nil && !set.isEvent(at: i) { _ = try? set.setDone(wasDone, at: i) }
            return ((set, i), set.draft(at: i) != before)
        }
        if common.json {
            var w = JSONWriter()
            TodoPresentation.json(i, TodoData(set), today: today, &w)
            w.finish(into: &out)
        } else {
            out.line(TodoText.summary(i, in: set))
        }
        return out
    }
}
