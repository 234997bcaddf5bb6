// The calgrid command. Imports no Foundation (start-up time is a feature); Glibc only for the clock.
import CalGrid
#if canImport(Glibc)
import Glibc
#endif

func printError(_ text: String) {
    var t = text
    t.withUTF8 { buf in _ = write(2, buf.baseAddress, buf.count) }
}

func usage() -> Never {
    printError("usage: calgrid month [YYYY-MM] [--first-weekday sun|mon|tue|wed|thu|fri|sat] [--rows fixed|auto] [--today YYYY-MM-DD] [--json]\n")
    exit(2)
}

func fail(_ message: String, code: Int32) -> Never {
    printError("calgrid: \(message)\n")
    exit(code)
}

func systemToday() -> CivilDate {
    let seconds = Int64(time(nil))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    return (try? CivilDate(dayNumber: days)) ?? CivilDate.epoch
}

let weekdayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

var args = Array(CommandLine.arguments.dropFirst())
guard let command = args.first else { usage() }
args.removeFirst()
guard command == "month" else { usage() }

var firstWeekday = Weekday.sunday
var rows = GridRowPolicy.fixed
var today = systemToday()
var json = false
var monthArg: String? = nil
var i = 0
while i < args.count {
    let a = args[i]
    func value() -> String {
        i += 1
        guard i < args.count else { fail("\(a) needs a value", code: 2) }
        return args[i]
    }
    switch a {
    case "--first-weekday":
        let v = value()
        guard let n = weekdayNames.firstIndex(of: v.lowercased()) else { fail("--first-weekday: unknown weekday '\(v)'", code: 2) }
        firstWeekday = Weekday(rawValue: UInt8(n))!
    case "--rows":
        switch value() {
        case "fixed": rows = .fixed
        case "auto": rows = .auto
        case let v: fail("--rows: expected fixed or auto, got '\(v)'", code: 2)
        }
    case "--today":
        let v = value()
        do { today = try CivilDate(iso8601: v) } catch { fail("--today: '\(v)' is not a valid YYYY-MM-DD date", code: 2) }
    case "--json": json = true
    default:
        if a.hasPrefix("-") || monthArg != nil { usage() }
        monthArg = a
    }
    i += 1
}

var year = today.year, month = today.month
if let m = monthArg {
    let parts = m.split(separator: "-")
    guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
          let y = Int(parts[0]), let mo = Int(parts[1]) else { fail("'\(m)' is not YYYY-MM", code: 2) }
    year = y; month = mo
}
let grid: MonthGrid
do { grid = try MonthGrid(year: year, month: month, firstWeekday: firstWeekday, rows: rows, today: today) }
catch { fail("'\(monthArg ?? "")' is not a valid month (\(error))", code: 2) }

if json {
    var out = "{\"year\":\(year),\"month\":\(month),\"firstWeekday\":\(firstWeekday.rawValue),\"rows\":\(grid.rowCount),\"cells\":["
    for (k, c) in grid.enumerated() {
        if k > 0 { out += "," }
        out += "{\"date\":\"\(c.date.iso8601)\",\"inMonth\":\(c.isInMonth),\"weekday\":\(c.weekday.rawValue),\"isToday\":\(c.isToday)}"
    }
    out += "]}"
    print(out)
} else {
    let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    let title = "\(names[month - 1]) \(year)"
    let pad = max(0, (20 - title.count) / 2)
    print(String(repeating: " ", count: pad) + title)
    print((0..<7).map { ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"][Int(firstWeekday.advanced(by: $0).rawValue)] }.joined(separator: " "))
    for r in 0..<grid.rowCount {
        var line = ""
        for c in 0..<7 {
            let cell = grid[r * 7 + c]
            let d = cell.date.day
            let text = cell.isInMonth ? (d < 10 ? " \(d)" : "\(d)") : "  "
            line += (c > 0 ? " " : "") + text
        }
        print(line)
    }
}
