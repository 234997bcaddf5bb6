import CalGrid
import CalGridSystem

/// `calgrid stats`: what the todo set holds: counts, spans and memory.
enum StatsCommand {
    static let command = Command(usage: "stats", summary: "counts, spans and memory of the todo set",
                                 help: { help }, run: run)

    static let help = """
    usage: calgrid stats [options]

    Counts (todos, challenges, dated, open-ended, undated, done, overdue), spans (earliest
    start, latest end, longest todo, tracked days) and memory (the todo set's allocated bytes by
    part, and the process's peak resident size).

    options:
    \(CommonOptions.help)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        try parseOptions(words, "stats", &common, takes: .nothing)
        var out = Output()
        let context = try Context.load(common)
        let todos = context.todos, s = todos.store
        var challenges = 0, dated = 0, openEnded = 0, undated = 0, done = 0, overdue = 0
        var trackedDays = 0, doneDays = 0
        var earliest: CivilDate?, latest: CivilDate?
        var longest: (index: Int, days: Int)?
        for i in s.indices {
            if s.isChallenge(at: i) { challenges += 1 }
            let a = s.start(at: i), b = s.end(at: i)
            if a == nil && b == nil { undated += 1 } else if a != nil && b != nil { dated += 1 } else { openEnded += 1 }
            if s.isDone(at: i) { done += 1 }
            if s.isOverdue(on: context.today, at: i) { overdue += 1 }
            if s.isTracked(at: i) { trackedDays += s.trackedDayCount(at: i); doneDays += s.doneDayCount(at: i) }
            if let a { earliest = min(earliest ?? a, a) }
            if let b { latest = max(latest ?? b, b) }
            if let a, let b {
                let n = a.days(to: b) + 1
                if n > (longest?.days ?? 0) { longest = (i, n) }
            }
        }
        let peak = CurrentProcess.peakResidentKiB()
        let fp = s.memoryFootprint

        if common.json {
            var w = JSONWriter()
            w.beginObject()
            w.field("todos", s.count)
            w.field("challenges", challenges)
            w.field("dated", dated)
            w.field("openEnded", openEnded)
            w.field("undated", undated)
            w.field("done", done)
            w.field("overdue", overdue)
            w.field("trackedDays", trackedDays)
            w.field("doneDays", doneDays)
            w.field("earliestStart", earliest)
            w.field("latestEnd", latest)
            w.key("longest")
            if let l = longest {
                w.beginObject(); w.field("id", s.id(at: l.index)); w.field("days", l.days); w.endObject()
            } else { w.null() }
            w.key("memory")
            w.beginObject()
            w.field("totalBytes", fp.totalBytes)
            w.field("columnBytes", fp.columnBytes)
            w.field("idIndexBytes", fp.idIndexBytes)
            w.field("textBytes", fp.textBytes)
            w.field("flagBytes", fp.flagBytes)
            w.field("histogramBytes", fp.histogramBytes)
            w.field("intervalIndexBytes", fp.intervalIndexBytes)
            w.endObject()
            w.field("peakResidentKiB", peak)
            w.endObject()
            return w.document
        }
        let style = context.style
        func row(_ label: String, _ value: String) {
            var l = Line()
            l.add(TextWidth.padRight(label, to: 14), .bold)
            l.add(value)
            l.write(to: &out, style)
        }
        row(context.t("Todos", "할 일"), context.t("\(s.count): \(challenges) challenges, \(dated) dated, \(openEnded) open-ended, \(undated) undated",
                                                 "\(s.count)개: 챌린지 \(challenges), 기간 \(dated), 한쪽 열림 \(openEnded), 날짜 없음 \(undated)"))
        row(context.t("Done", "완료"), context.t("\(done) done, \(s.count - done) not done, \(overdue) overdue",
                                                "완료 \(done), 미완료 \(s.count - done), 마감 지남 \(overdue)"))
        let pct = TodoTally(total: trackedDays, completed: doneDays).percentDone
        row(context.t("Tracked days", "추적 일수"), context.t("\(doneDays) of \(trackedDays) done (\(pct)%)",
                                                            "\(trackedDays)일 중 \(doneDays)일 완료 (\(pct)%)"))
        if let e = earliest, let l = latest {
            row(context.t("Span", "기간"), "\(e.iso8601) … \(l.iso8601) (" + context.t("\(e.days(to: l) + 1) days)", "\(e.days(to: l) + 1)일)"))
        } else if let e = earliest ?? latest {
            row(context.t("Span", "기간"), e.iso8601)
        }
        if let l = longest {
            row(context.t("Longest", "가장 긴 것"), "\(s.title(at: l.index)) (" + context.t("\(l.days) days)", "\(l.days)일)"))
        }
        row(context.t("Memory", "메모리"), context.t("todo set \(fp.totalBytes) bytes", "할 일 집합 \(fp.totalBytes)바이트")
            + " (" + context.t("columns", "열") + " \(fp.columnBytes), id " + context.t("index", "색인") + " \(fp.idIndexBytes), "
            + context.t("text", "텍스트") + " \(fp.textBytes), " + context.t("day flags", "일별 완료") + " \(fp.flagBytes), "
            + context.t("per-day histogram", "일별 집계") + " \(fp.histogramBytes), " + context.t("interval index", "구간 색인")
            + " \(fp.intervalIndexBytes))")
        row("", context.t("process peak resident size \(peak) KiB", "프로세스 최대 상주 메모리 \(peak) KiB"))
        return out
    }
}
