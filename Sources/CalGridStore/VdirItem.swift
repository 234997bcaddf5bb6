import CalGrid
import CalGridICalendar
import CalGridImport
import CalGridSystem

/// One vdir item file: read into todos, patched from a changed todo, rendered for a new one. Every
/// write is read back before it is made: a change iCalendar as CalGrid writes it cannot hold is
/// refused by name instead of being lost on the way to the file.
public enum VdirItem {
    /// The todos of one file's text, read in the command's zone. A todo whose item is completed
    /// (STATUS:COMPLETED) is done as a whole: the import ticks its tracked days, as a client that
    /// shows the item done means it.
    public static func read(_ bytes: [UInt8], file: String, _ options: StoreOptions) throws(StoreError) -> [TodoDraft] {
        let set: TodoSet
        do throws(ImportError) { set = try todos(of: bytes, options) } catch {
            if case .invalidInput(let issue) = error { throw .unreadable(TodoFile.describe(issue, file: file) + "; left out") }
            throw StoreError(reading: error, file: file)
        }
        return set.indices.map { set.draft(at: $0) }
    }

    /// The todos of iCalendar text (one item file, or several one after the other); a completed
    /// item is done as a whole (the import ticks every tracked day).
    public static func todos(of bytes: [UInt8], _ options: StoreOptions) throws(ImportError) -> TodoSet {
        var set = TodoSet()
        var o = ImportOptions(format: .icalendar, policy: .strict, zone: options.zone)
        o.threads = 1
        try set.importICalendar(bytes: bytes, options: o)
        return set
    }

    /// `original` with the item of `todo.id` changed to `todo`; DTSTAMP, LAST-MODIFIED and
    /// SEQUENCE move on (`ICalendarItem.patch`), everything CalGrid does not model stays.
    /// A completion it writes is at `completedAt` (default: `now`).
    public static func patch(_ original: [UInt8], to todo: TodoDraft, file: String, now: Int64, completedAt: Int64? = nil,
                      _ options: StoreOptions) throws(StoreError) -> [UInt8] {
        let bytes: [UInt8]
        do throws(ImportError) {
            bytes = try ICalendarItem.patch(original, with: asItem(todo), now: now, zone: options.zone, completedAt: completedAt)
        } catch {
            throw .refused("\(file): \(error.message); the file is unchanged")
        }
        try check(bytes, holds: todo, file: file, options)
        return bytes
    }

    /// A new item file for `todo`: one VCALENDAR with its VTODO (its VEVENT for an event).
    public static func render(_ todo: TodoDraft, file: String, now: Int64, _ options: StoreOptions) throws(StoreError) -> [UInt8] {
        let one: TodoSet
        do throws(TodoError) { one = try TodoSet([asItem(todo)]) } catch { throw .refused("\(file): \(error)") }
        let bytes = one.exportICalendarBytes(now: now, zone: options.zone)
        try check(bytes, holds: todo, file: file, options)
        return bytes
    }

    /// `todo` with `isCompleted` saying what the item's STATUS must say: done as a whole; no day
    /// ticked, or every day of a span, is that STATUS alone (no X-CALGRID-TICKED beside it).
    public static func asItem(_ todo: TodoDraft) -> TodoDraft {
        var d = todo
        d.isCompleted = isDone(todo)
        if let f = d.completedDays, !f.contains(true) || (d.recurrence == nil && d.repetition == .all && d.isCompleted) {
            d.completedDays = nil
        }
        return d
    }

    /// Done as a whole, as `TodoSet.isDone(at:)` says it, from a draft: every tracked day ticked
    /// when it has tracked days, else its own flag.
    public static func isDone(_ d: TodoDraft) -> Bool {
        guard d.start != nil, d.end != nil, let flags = d.completedDays, !flags.isEmpty else { return d.isCompleted }
        return flags.allSatisfy { $0 }
    }

    /// Throws, naming the fields, unless `bytes` reads back as `todo`.
    public static func check(_ bytes: [UInt8], holds todo: TodoDraft, file: String, _ options: StoreOptions) throws(StoreError) {
        let back: [TodoDraft]
        do throws(StoreError) { back = try read(bytes, file: file, options) } catch {
            throw .refused("\(file): the item calgrid wrote does not read back (\(error.message)); nothing was changed")
        }
        guard let got = back.first(where: { $0.id == todo.id }) else {
            throw .refused("\(file): the item calgrid wrote has no UID \(todo.id); nothing was changed")
        }
        let lost = lostFields(todo, got)
        if !lost.isEmpty {
            throw .refused("\(file): iCalendar as calgrid writes it cannot hold this todo's "
                        + lost.map { $0.nameText }.joined(separator: ", ") + " yet; nothing was changed")
        }
    }

    /// The fields in which `got` (read back) differs from `want`; creation time aside (an item
    /// without CREATED reads its DTSTAMP as one).
    public static func lostFields(_ want: TodoDraft, _ got: TodoDraft) -> [TodoField] {
        var lost: [TodoField] = []
        if want.title != got.title { lost.append(.title) }
        if (want.memo ?? "") != (got.memo ?? "") { lost.append(.memo) }
        if want.tags != got.tags { lost.append(.tags) }
        if want.start != got.start { lost.append(.start) }
        if want.end != got.end { lost.append(.end) }
        if want.isEvent != got.isEvent { lost.append(.kind) }
        if want.isChallenge != got.isChallenge { lost.append(.isChallenge) }
        if want.repetition != got.repetition { lost.append(.repetition) }
        if !sameDays(want, got) { lost.append(.rule) }
        if want.reminderMinutes != got.reminderMinutes { lost.append(.reminderMinutes) }
        // Flags by meaning: none ticked, or every one (a todo done as a whole, which is how
        // iCalendar writes it and how the set reads a completed item back), are no per-day flags;
        // isDone then tells them apart.
        let flags = { (d: TodoDraft) -> [Bool] in
            let days = d.completedDays ?? []
            return days.contains(true) && days.contains(false) ? days : []
        }
        if flags(want) != flags(got) { lost.append(.completedDays) } else if isDone(want) != isDone(got) { lost.append(.isCompleted) }
        return lost
    }

    /// True when both todos fall on the same days: the same rule, or rules that give the same
    /// days over the todo's span (iCalendar writes a rule without an end with the todo's end as
    /// its UNTIL, which reads back as another text of the same days).
    /// - Complexity: O(span) when the rules' texts differ, else O(1).
    public static func sameDays(_ want: TodoDraft, _ got: TodoDraft) -> Bool {
        if want.recurrence == got.recurrence { return true }
        guard let a = want.recurrence, let b = got.recurrence, want.start == got.start, want.end == got.end,
              let s = want.start, let e = want.end, s <= e else { return false }
        return a.occurrences(in: s...e).elementsEqual(b.occurrences(in: s...e))
    }
}
