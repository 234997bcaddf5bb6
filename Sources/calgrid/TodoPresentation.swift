import CalGrid

/// How one todo reads in the text views and in `--json`.
enum TodoPresentation {
    /// A short note after a todo's title: the challenge's progress, the deadline, or "no deadline".
    static func note(_ i: Int, on day: CivilDate?, _ todos: TodoData, _ context: Context) -> (text: String, attributes: Style.Attributes) {
        let s = todos.store
        let today = context.today
        // An event is never done or due: the note says what it is.
        if s.isEvent(at: i) { return (context.t("event", "일정"), [.magenta]) }
        if s.isChallenge(at: i) {
            let p = s.progress(at: i)
            var text = context.t("challenge \(p.done)/\(p.total) days", "챌린지 \(p.total)일 중 \(p.done)일")
            let streak = s.currentStreak(on: day ?? today, at: i)
            if streak > 1 { text += context.t(" · streak \(streak)", " · 연속 \(streak)일") }
            return (text, [.cyan])
        }
        if let o = TodoText.occurrenceDue(i, in: s, today: today) {
            // Occurrences of several days: the one due now, by its last day.
            let left = today.days(to: o.last), date = Labels.shortDate(o.last, context.lang).replacing("  ", with: " ")
            let each = context.t(" · each occurrence \(o.days) days", " · 회마다 \(o.days)일")
            if left == 0 { return (context.t("due today", "오늘 마감") + each, [.yellow]) }
            return (context.t("due \(date) (in \(left) day\(left == 1 ? "" : "s"))", "\(date) 마감 (\(left)일 남음)") + each, [])
        }
        // The deadline: the end, or a rule's last occurrence's last day (the core's `deadline(at:)`).
        guard let end = s.deadline(at: i) else {
            return (s.start(at: i) == nil ? context.t("undated", "날짜 없음") : context.t("no deadline", "마감 없음"), [.dim])
        }
        if s.isDone(at: i) { return (context.t("done", "완료"), [.green]) }
        let left = today.days(to: end)
        let date = singleBlanks(Labels.shortDate(end, context.lang))
        if left < 0 {
            return (context.t("overdue since \(date)", "\(date) 마감 지남"), [.bold, .red])
        }
        if left == 0 { return (context.t("due today", "오늘 마감"), [.yellow]) }
        return (context.t("due \(date) (in \(left) day\(left == 1 ? "" : "s"))", "\(date) 마감 (\(left)일 남음)"), [])
    }

    /// `startTime`, `endTime` (`"HH:MM"`) and `location` of item `i`, as the native format: absent
    /// for an all-day item and one without a location. On `day`, its occurrence's own times
    /// (`TodoSet.times(at:on:)`), else the item's.
    static func timeFields(_ i: Int, _ s: TodoSet, _ w: inout JSONWriter, on day: CivilDate? = nil) {
        if let t = day.map({ s.times(at: i, on: $0) }) ?? s.times(at: i) {
            w.field(TodoField.startTime.nameText, TodoTimes.text(t.start))
            w.field(TodoField.endTime.nameText, TodoTimes.text(t.end))
        }
        if let l = s.location(at: i) { w.field(TodoField.location.nameText, l) }
    }

    /// `text` with each pair of blanks made one, left to right (`replacing("  ", with: " ")`, which
    /// took 6 % of a 100,000-row list), without a copy when it has none.
    /// - Complexity: O(text)
    static func singleBlanks(_ text: String) -> String {
        var previous: UInt8 = 0, found = false
        for b in text.utf8 {
            if b == 0x20 && previous == 0x20 { found = true; break }
            previous = b
        }
        guard found else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var it = Array(text.utf8)[...]
        while let b = it.popFirst() {
            out.append(b)
            if b == 0x20, it.first == 0x20 { it.removeFirst() }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Every field of todo `i` as a JSON object (the `list`, `day` and `week` schemas share it).
    /// `extra` adds fields at the end (`show` adds streaks and what is due).
    static func json(_ i: Int, _ todos: TodoData, today: CivilDate, _ w: inout JSONWriter, on day: CivilDate? = nil,
                     extra: (inout JSONWriter) -> Void = { _ in }) {
        let s = todos.store
        let p = s.progress(at: i)
        w.beginObject()
        w.field("id", s.id(at: i))
        w.field("title", s.title(at: i))
        w.field("memo", s.memo(at: i))
        w.field("start", s.start(at: i))
        w.field("end", s.end(at: i))
        w.key("createdAt")
        if let c = s.createdAt(at: i) { w.int(c) } else { w.null() }
        w.field(TodoField.kind.nameText, TodoField.kindText(isEvent: s.isEvent(at: i)))
        w.field("isChallenge", s.isChallenge(at: i))
        w.field("isDone", s.isDone(at: i))
        w.field("isOverdue", s.isOverdue(on: today, at: i))
        // A rule with no end has no total: its ticked occurrences are its done days (progress
        // would say 0 of 1 until isCompleted), and the occurrences never run out.
        if s.ticksPerDay(at: i), !s.isTracked(at: i), !s.isEvent(at: i) {
            w.field("doneDays", s.doneDayCount(at: i))
            w.key("totalDays")
            w.null()
        } else {
            w.field("doneDays", p.done)
            w.field("totalDays", p.total)
        }
        w.key("repetition")
        w.beginArray()
        let rep = s.repetition(at: i)
        for d in Weekday.allCases where rep.contains(d) { w.int(d.rawValue) }
        w.endArray()
        w.key("tags")
        w.beginArray()
        for t in s.tags(at: i) { w.string(t) }
        w.endArray()
        // The rule in the native format's own keys and text (null and empty without one).
        let r = s.recurrence(at: i)
        w.field(TodoField.rule.nameText, r?.rule?.text)
        for (field, days) in [(TodoField.exceptionDates, r?.exdates ?? []), (.additionalDates, r?.rdates ?? [])] {
            w.key(field.nameText)
            w.beginArray()
            for d in days { w.date(d) }
            w.endArray()
        }
        // As the native format: present only when an occurrence covers several days.
        if s.occurrenceDays(at: i) > 1 { w.field(TodoField.occurrenceDays.nameText, Int(s.occurrenceDays(at: i))) }
        timeFields(i, s, &w, on: day)
        extra(&w)
        w.endObject()
    }
}
