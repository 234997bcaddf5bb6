import CalGrid
import CalGridSystem
import CalGridStore

/// `calgrid stats`: what the todo set holds: counts, spans and memory.
enum StatsCommand {
    static let command = Command(usage: "stats", summary: "counts, spans and memory of the todo set",
                                 help: { help }, run: run)

    static let help = """
    usage: calgrid stats [options]

    Counts (todos, challenges, events, dated, open-ended, undated, done, overdue), spans (earliest
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
        let st = s.statistics(on: context.today)
        let peak = CurrentProcess.peakResidentKiB()
        let fp = s.memoryFootprint

        if common.json {
            var w = JSONWriter()
            w.beginObject()
            w.fields(["todos": s.count, "challenges": st.challenges, "events": st.events, "dated": st.dated,
                      "openEnded": st.openEnded, "undated": st.undated, "done": st.done, "overdue": st.overdue,
                      "trackedDays": st.trackedDays, "doneDays": st.doneDays])
            w.field("earliestStart", st.earliestStart)
            w.field("latestEnd", st.latestEnd)
            w.key("longest")
            if let l = st.longestIndex {
                w.beginObject(); w.field("id", s.id(at: l)); w.field("days", st.longestDays); w.endObject()
            } else { w.null() }
            w.key("memory")
            w.beginObject()
            w.fields(["totalBytes": fp.totalBytes, "columnBytes": fp.columnBytes, "idIndexBytes": fp.idIndexBytes,
                      "textBytes": fp.textBytes, "flagBytes": fp.flagBytes, "histogramBytes": fp.histogramBytes,
                      "intervalIndexBytes": fp.intervalIndexBytes])
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
        row(context.t("Todos", "할 일"), context.t("\(s.count): \(st.challenges) challenges, \(st.dated) dated, \(st.openEnded) open-ended, \(st.undated) undated",
                                                 "\(s.count)개: 챌린지 \(st.challenges), 기간 \(st.dated), 한쪽 열림 \(st.openEnded), 날짜 없음 \(st.undated)")
            + (st.events > 0 ? context.t(" (\(st.events) of them events)", " (일정 \(st.events) 포함)") : ""))
        // Events are never done: "not done" counts the todos only.
        let notDone = s.count - st.events - st.done
        row(context.t("Done", "완료"), context.t("\(st.done) done, \(notDone) not done, \(st.overdue) overdue",
                                                "완료 \(st.done), 미완료 \(notDone), 마감 지남 \(st.overdue)"))
        let pct = TodoTally(total: st.trackedDays, completed: st.doneDays).percentDone
        row(context.t("Tracked days", "추적 일수"), context.t("\(st.doneDays) of \(st.trackedDays) done (\(pct)%)",
                                                            "\(st.trackedDays)일 중 \(st.doneDays)일 완료 (\(pct)%)"))
        if let e = st.earliestStart, let l = st.latestEnd {
            row(context.t("Span", "기간"), "\(e.iso8601) … \(l.iso8601) (" + context.t("\(e.days(to: l) + 1) days)", "\(e.days(to: l) + 1)일)"))
        } else if let e = st.earliestStart ?? st.latestEnd {
            row(context.t("Span", "기간"), e.iso8601)
        }
        if let l = st.longestIndex {
            row(context.t("Longest", "가장 긴 것"), "\(s.title(at: l)) (" + context.t("\(st.longestDays) days)", "\(st.longestDays)일)"))
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
