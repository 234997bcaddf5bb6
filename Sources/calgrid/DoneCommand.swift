import CalGrid
import CalGridStore

/// `calgrid done ID` / `calgrid undo ID`: tick a day of a todo, or the whole todo, or take the tick back.
enum DoneCommand {
    static let done = Command(usage: "done ID", summary: "tick a day of a todo (--on DAY, default today), or the whole todo",
                              help: { help("done") }, run: { (w: [String]) throws(CLIError) in try run(w, done: true) })
    static let undo = Command(usage: "undo ID", summary: "take a tick back",
                              help: { help("undo") }, run: { (w: [String]) throws(CLIError) in try run(w, done: false) })

    static func help(_ name: String) -> String {
        let (verb, state) = name == "done" ? ("Marks", "done") : ("Marks", "not done")
        return """
        usage: calgrid \(name) ID [options]

        \(verb) a todo \(state) on a day. A todo with a start and an end keeps one tick per
        repeat day: the day given by --on (default: today, or the todo's only day when it has
        one, such as a task recorded after its deadline) must be one of them. A todo with a
        rule and no end keeps one tick per occurrence the same way (--all: as a whole). Any
        other todo is \(state) as a whole (a dated one only on one of its days). ID is the full
        id or a unique prefix of it.

          --on DAY               the day (YYYY-MM-DD, today, yesterday, a weekday name, -1d, …;
                                 a weekday name means the next one, today included)
          --all                  every day of the todo at once: the todo as a whole
        \(CommonOptions.help)
        """
    }

    static func run(_ words: [String], done: Bool) throws(CLIError) -> Output {
        let name = done ? "done" : "undo"
        var common = CommonOptions()
        var onText: String?
        var all = false
        let idText = try parseOptions(words, name, &common, takes: .oneTodo) { (o: String, a: inout Arguments) throws(CLIError) -> Bool in
            switch o {
            case "--on": onText = try a.value(for: o)
            case "--all": try a.noValue(for: o); all = true
            default: return false
            }
            return true
        }
        var out = Output()
        guard let idText else { throw .usage("\(name): which todo? (calgrid \(name) ID)") }
        if all && onText != nil { throw .usage("\(name): --on and --all contradict each other") }
        let today = common.resolvedToday()
        let given = try onText.map { (t: String) throws(CLIError) in try Parse.day(t, what: "--on", today: today) }
        var day = given ?? today

        let store = try storeCall { () throws(StoreError) in try Store.forChanges(common.store) }
        // In a vdir an item is done or not as iCalendar says it (STATUS), unless it repeats (by a
        // rule or on weekdays) or is a challenge: those are ticked day by day, as in any store.
        let wholeItems = store.isICalendar && given == nil
        // A day ticked after the fact is completed on that day (iCalendar's COMPLETED): its noon in
        // the zone, which reads as that day in the zone; today's tick is completed now.
        let completedAt = given.flatMap { (d: CivilDate) -> Int64? in
            d == today ? nil : Store.completionInstant(of: d, in: common.zone)
        }
        let (set, i, tracked) = try store.change(common.store, creating: false, completedAt: completedAt) { (set: inout TodoSet) throws(CLIError) in
            let i = try TodoLookup.index(of: idText, in: set)
            // A todo of one day (todoman's DUE-only todo) is done as a whole by ticking that day, as in
            // a native store: the same days, the same answer.
            let oneDay = set.isTracked(at: i) && set.trackedDayCount(at: i) == 1
            if all || (wholeItems && set.recurrence(at: i) == nil && set.repetition(at: i) == .all && !set.isChallenge(at: i) && !oneDay) {
                let changed: Bool
                do throws(TodoError) { changed = try set.setDone(done, at: i) } catch {
                    throw .data("\(name): " + TodoText.describe(error, in: set))
                }
                return ((set, i, false), changed)
            }
            // A span without a single repeat day has no day to tick: its completion is the whole todo's.
            if set.isTracked(at: i), set.trackedDayCount(at: i) > 0 {
                // A todo of one day (a late task, an appointment) is ticked on that day unless told
                // otherwise: "done" on it means that day, whenever it is said.
                if given == nil, set.trackedDayCount(at: i) == 1, let only = onlyDay(at: i, in: set) { day = only }
                let was = set.isDone(on: day, at: i)
                do throws(TodoError) { try set.setDone(done, on: day, at: i) } catch {
                    throw .data("\(name): " + TodoText.describe(error, in: set))
                }
                return ((set, i, true), was != done)
            }
            // A rule without an end ticks its occurrences one by one, kept as far as the last ticked.
            if set.ticksPerDay(at: i) {
                let was = set.isDone(on: day, at: i)
                do throws(TodoError) { try set.setDone(done, on: day, at: i) } catch {
                    throw .data("\(name): " + TodoText.describe(error, in: set))
                }
                return ((set, i, true), was != set.isDone(on: day, at: i))
            }
            // Done as a whole, but on a day of its own: a dated todo refuses a day it does not fall on
            // (the core's sentence); an undated one has no days for --on to name.
            if let given, set.start(at: i) != nil || set.end(at: i) != nil, !set.fallsOn(given, at: i) {
                throw .data("\(name): " + TodoText.describe(TodoError.dayNotTracked(position: i, day: given), in: set))
            }
            let was = set.isCompleted(at: i)
            do throws(TodoError) { try set.setIsCompleted(done, at: i) } catch {
                throw .data("\(name): " + TodoText.describe(error, in: set))
            }
            return ((set, i, false), was != done)
        }
        if common.json {
            var w = JSONWriter()
            TodoPresentation.json(i, TodoData(set), today: today, &w)
            return w.document
        }
        var line = "\(set.id(at: i))  \(set.title(at: i)): "
        if tracked, !set.isTracked(at: i) {
            line += "\(TodoText.day(day)) \(done ? "done" : "not done") · \(set.doneDayCount(at: i)) ticked"
            if set.isCompleted(at: i) { line += " · done as a whole (calgrid undo \(set.id(at: i)) --all)" }
            let streak = set.currentStreak(on: day, at: i)
            if streak > 1 { line += " · streak \(streak)" }
        } else if tracked {
            line += "\(TodoText.day(day)) \(done ? "done" : "not done") · "
                + "\(set.doneDayCount(at: i))/\(set.trackedDayCount(at: i)) days"
            let streak = set.currentStreak(on: day, at: i)
            if streak > 1 { line += " · streak \(streak)" }
        } else {
            line += done ? "done" : "not done"
            if all, set.isTracked(at: i), set.trackedDayCount(at: i) > 0 {
                line += " · \(set.doneDayCount(at: i))/\(set.trackedDayCount(at: i)) days"
            }
        }
        out.line(line)
        return out
    }

    /// The one repeat day of a tracked todo with a single one: its span is under two weeks.
    /// - Complexity: O(span)
    static func onlyDay(at i: Int, in set: TodoSet) -> CivilDate? {
        guard let start = set.start(at: i), let end = set.end(at: i) else { return nil }
        var d = start
        while d <= end {
            if set.fallsOn(d, at: i) { return d }
            guard let next = try? d.adding(days: 1) else { return nil }
            d = next
        }
        return nil
    }
}
