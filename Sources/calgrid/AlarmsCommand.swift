import CalGrid
import CalGridSystem
import CalGridStore

/// `calgrid alarms [--from T] [--to T]`: every instant an alarm rings in [from, to), in time order.
enum AlarmsCommand {
    static let command = Command(usage: "alarms", summary: "the instants alarms and reminders ring at, in time order",
                                 help: { help }, run: run)

    static let help = """
    usage: calgrid alarms [--from T] [--to T] [options]

    Every instant an alarm rings in [--from, --to) (default: now and the next 24 hours), in time
    order: when (in --tz, else the local zone), the action (DISPLAY, AUDIO, EMAIL, OTHER), the
    item, the occurrence it rings for (its first day) and the alarm's DESCRIPTION. Alarms are
    the items' VALARMs (a vdir, an .ics store and the native format keep every one: relative to
    the start or the end, absolute, repeating, per occurrence, an override's own) and each todo's
    reminder time (add --remind). An item done, or an occurrence ticked, does not ring. Ringing
    is left to your tools: see docs/cli.md for a systemd timer running
    `calgrid alarms --from now --to +5m --json` into notify-send.

    options:
      --from T, --to T       now, +5m, +24h, +2d, -1h (--from: from now; --to: after --from),
                             a date (its midnight in the zone), or an RFC 3339 date-time
                             (2026-03-10T08:00:00Z, 2026-03-10T09:00+01:00; without an
                             offset, on the zone's clock)
    \(CommonOptions.help)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        var fromText = "now", toText: String? = nil
        try parseOptions(words, "alarms", &common, takes: .nothing) { (o: String, a: inout Arguments) throws(CLIError) -> Bool in
            switch o {
            case "--from": fromText = try a.value(for: o)
            case "--to": toText = try a.value(for: o)
            default: return false
            }
            return true
        }
        let zone = common.zone
        let now = CurrentProcess.secondsSince1970()
        let from = try AlarmTime.parse(fromText, now: now, base: now, zone: zone, option: "--from")
        let to = try toText.map { t throws(CLIError) in try AlarmTime.parse(t, now: now, base: from, zone: zone, option: "--to") } ?? from + 86_400
        guard from < to else { throw .usage("alarms: --to (\(AlarmTime.rfc3339(to))) is not after --from (\(AlarmTime.rfc3339(from)))") }
        let context = try Context.load(common)
        let set = context.todos.store
        let rings = set.alarmInstants(from: from, to: to, zone: zone)
        var out = Output()
        if common.json {
            var w = JSONWriter()
            w.beginObject()
            w.field("from", AlarmTime.rfc3339(from))
            w.field("to", AlarmTime.rfc3339(to))
            w.key("alarms")
            w.beginArray()
            for r in rings {
                w.beginObject()
                w.field("at", AlarmTime.rfc3339(r.at))
                w.field("id", set.id(at: r.row))
                w.field("title", set.title(at: r.row))
                w.field("occurrence", r.occurrence)
                w.field("action", r.action.name)
                if let d = description(r) { w.field("description", d) }
                w.endObject()
            }
            w.endArray()
            w.endObject()
            w.finish(into: &out)
            return out
        }
        if rings.isEmpty {
            out.line(context.t("No alarms from \(AlarmTime.local(from, zone)) to \(AlarmTime.local(to, zone)).",
                               "\(AlarmTime.local(from, zone))부터 \(AlarmTime.local(to, zone))까지 알림이 없습니다."))
        }
        for r in rings {
            let occurrence = r.occurrence.map { " (" + context.t("occurrence ", "회차 ") + $0.iso8601 + ")" } ?? ""
            out.line(AlarmTime.local(r.at, zone) + "  " + r.action.name + "  " + set.title(at: r.row) + occurrence
                     + (description(r).map { ": " + $0 } ?? ""))
        }
        return out

        /// The ringing alarm's DESCRIPTION (a reminder time's own ring has none).
        func description(_ r: TodoAlarmInstant) -> String? { r.alarm < 0 ? nil : set.alarm(r.alarm, at: r.row).description }
    }
}
