// The agenda and the alarms of issue 39, in Swift, over the set `make bench-agenda` reads through
// C (Benchmarks/CAPI/bench_agenda.c): N todos, 30% with a weekly rule of 1-52 weeks, the others
// spans of 1-10 days, starts over two years, half of every kind timed. Each against the plain scan
// a user would write over the same items kept in arrays (every item tested, then the same order),
// in the same interleaved repetitions, checksums compared.
//
// - *agenda-7d*: the 8 days from day 365 (`occurrences(from:through:)`; the C row is `make
//   bench-agenda`); the scan tests every item's span and rule on each day, then sorts by day,
//   all-day first, start minute, title bytes, index.
// - *alarms-24h*: every timed item has one alarm 15 minutes before its start (UTC clock, as an
//   alarm on a UTC DTSTART is kept); the 24 hours of day 365 (`alarmInstants(from:to:zone:)`); the
//   scan walks each timed item's occurrences near the window, up to its end, then sorts by
//   instant and row.
import CalGrid

struct AgendaItem {
    var start: Int32, end: Int32, weekly: Bool, minutes: Int32   // minutes -1: all-day
    var title: [UInt8]
}

func agendaItems(_ n: Int) -> [AgendaItem] {
    var lcg: UInt64 = 88172645463325252
    func rnd() -> UInt32 { lcg = lcg &* 6364136223846793005 &+ 1442695040888963407; return UInt32(truncatingIfNeeded: lcg >> 33) }
    let base: Int32 = 20393   // 2025-11-02
    return (0..<n).map { _ in
        let start = base + Int32(rnd() % 730)
        let weekly = rnd() % 10 < 3
        let end = weekly ? start + 7 * Int32(1 + rnd() % 52) : start + Int32(rnd() % 10)
        let minutes: Int32 = rnd() % 2 == 1 ? Int32(rnd() % 1440) : -1
        return AgendaItem(start: start, end: end, weekly: weekly, minutes: minutes, title: Array("t\(rnd() % 100000)".utf8))
    }
}

func runAgenda(_ s: Settings) -> [Measurement] {
    let n = s.quick ? 100_000 : 1_000_000
    let items = agendaItems(n)
    let weekly = try! RecurrenceRule(parsing: "FREQ=WEEKLY")
    var set = try! TodoSet(items.enumerated().map { k, it in
        let start = (try! CivilDate(dayNumber: Int64(it.start)))
        return TodoDraft(id: "i\(k)", title: String(decoding: it.title, as: UTF8.self), start: start, end: (try! CivilDate(dayNumber: Int64(it.end))),
                         recurrence: it.weekly ? Recurrence(start: start, rule: weekly) : nil,
                         times: it.minutes >= 0 ? TodoTimes(start: Int(it.minutes), end: Int(it.minutes)) : nil)
    })
    // One alarm 15 minutes before each timed item's start, on UTC's clock.
    func alarm(_ m: Int32) -> TodoAlarm {
        let t = m * 60 - 900
        return TodoAlarm(clock: .utc, day: t < 0 ? -1 : 0, second: t < 0 ? t + 86_400 : t)
    }
    for (i, it) in items.enumerated() where it.minutes >= 0 { set.setAlarms([alarm(it.minutes)], at: i) }
    let first: Int32 = 20393 + 365, last = first + 7
    let from = Int64(first) * 86_400, to = from + 86_400

    let agendaLibrary = Implementation(name: "TodoSet.occurrences (indexes)", role: .candidate) {
        var h = foldSeed
        for o in set.occurrences(from: opaque((try! CivilDate(dayNumber: Int64(first)))), through: (try! CivilDate(dayNumber: Int64(last)))) {
            h = fold(fold(h, UInt64(UInt32(bitPattern: o.day.dayNumber))), UInt64(o.index))
        }
        return h
    }
    let agendaScan = Implementation(name: "plain scan of the items + sort (baseline)", role: .baseline) {
        var found: [(day: Int32, minutes: Int32, index: Int)] = []
        for (i, it) in items.enumerated() {
            var d = max(it.start, opaque(first))
            while d <= min(it.end, last) {
                if !it.weekly || (d - it.start) % 7 == 0 { found.append((d, it.minutes + 1, i)) }
                d += 1
            }
        }
        found.sort { a, b in
            if a.day != b.day { return a.day < b.day }
            if a.minutes != b.minutes { return a.minutes < b.minutes }
            let ta = items[a.index].title, tb = items[b.index].title
            if ta != tb { return ta.lexicographicallyPrecedes(tb) }
            return a.index < b.index
        }
        var h = foldSeed
        for o in found { h = fold(fold(h, UInt64(UInt32(bitPattern: o.day))), UInt64(o.index)) }
        return h
    }

    let alarmsLibrary = Implementation(name: "TodoSet.alarmInstants", role: .candidate) {
        var h = foldSeed
        for a in set.alarmInstants(from: opaque(from), to: to, zone: .utc) { h = fold(fold(h, UInt64(bitPattern: a.at)), UInt64(a.row)) }
        return h
    }
    let alarmsScan = Implementation(name: "plain scan of the timed items + sort (baseline)", role: .baseline) {
        var found: [(at: Int64, index: Int)] = []
        let lo = opaque(from)
        for (i, it) in items.enumerated() where it.minutes >= 0 {
            let offset = Int64(it.minutes) * 60 - 900
            // Occurrences whose ring (its start day + offset) can fall in [from, to).
            var o = it.start
            if it.weekly, Int64(o) * 86_400 + offset < lo - 7 * 86_400 {
                o += Int32((lo - 7 * 86_400 - Int64(o) * 86_400 - offset) / (7 * 86_400)) * 7
            }
            while o <= it.end {
                let at = Int64(o) * 86_400 + offset
                if at >= to { break }
                if at >= lo { found.append((at, i)) }
                if !it.weekly { break }
                o += 7
            }
        }
        found.sort { a, b in a.at != b.at ? a.at < b.at : a.index < b.index }
        var h = foldSeed
        for a in found { h = fold(fold(h, UInt64(bitPattern: a.at)), UInt64(a.index)) }
        return h
    }
    return measure("agenda-7d", n: n, [agendaScan, agendaLibrary], settings: s)
        + measure("alarms-24h", n: n, [alarmsScan, alarmsLibrary], settings: s)
}
