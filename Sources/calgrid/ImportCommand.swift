import CalGrid
import CalGridICalendar
import CalGridJSON
import CalGridSystem
import CalGridStore

/// `calgrid import FILE|-`: validate a todo file, report what it holds, convert it to the native format.
enum ImportCommand {
    static let command = Command(usage: "import FILE|-", summary: "validate a todo file and convert it to the native format",
                                 help: { help }, run: run)

    /// The `--format` and `--policy` words: the JSON layer's names, in its order.
    static let formatChoices = ImportFormat.allCases.map(\.name).joined(separator: "|")
    static let policyChoices = ImportPolicy.allCases.map(\.name).joined(separator: "|")

    static let help = """
    usage: calgrid import FILE|- [options]

    Reads a todo file (- for standard input): CalGrid's JSON, JSON Lines, a Taskwarrior export or
    iCalendar (.ics, found from BEGIN:VCALENDAR). Validates every record and reports the counts and
    each problem as FILE:LINE:COLUMN: record N: FIELD: message (records count from 1). With
    --out the todos are written in the native format. A failed import writes nothing.
    Progress is drawn on standard error when an import takes over a second on a terminal.

      --format \(formatChoices)
                             the input's format (default: auto, decided from the first record)
      --policy \(policyChoices)
                             strict: the first bad record fails the import (exit 1);
                             skip-invalid: bad records are skipped and listed (default: strict)
      --out FILE             write the todos in the native format (- for standard output,
                             the report then goes to standard error)
    \(CommonOptions.help)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        var format = ImportFormat.automatic, policy = ImportPolicy.strict
        var outPath: String?
        let input = try parseOptions(words, "import", &common, takes: .one) { (o: String, a: inout Arguments) throws(CLIError) -> Bool in
            switch o {
            case "--format": format = try a.choice(for: o, formatChoices, ImportFormat.init(name:))
            case "--policy": policy = try a.choice(for: o, policyChoices, ImportPolicy.init(name:))
            case "--out": outPath = try a.value(for: o)
            default: return false
            }
            return true
        }
        guard let path = input else { throw .usage("import: which file? (calgrid import FILE|-)") }
        if common.todosPath != nil { throw .usage("import: --todos does not apply; name the file to import") }
        // The lock rule: with --out FILE, FILE's lock is held from reading the input to replacing FILE.
        if let o = outPath, o != "-" {
            return try Store.locking(o) { () throws(CLIError) -> Output in
                try convert(path, format: format, policy: policy, common, outPath: outPath)
            }
        }
        return try convert(path, format: format, policy: policy, common, outPath: outPath)
    }

    /// Reads `path`, reports on it and, with `outPath`, writes the todos in the native format.
    static func convert(_ path: String, format: ImportFormat, policy: ImportPolicy, _ common: CommonOptions,
                        outPath: String?) throws(CLIError) -> Output {
        let (set, report) = try TodoFile.readShowingProgress(path: path, format: format, policy: policy, options: common.store)
        let name = TodoFile.displayName(path)

        // Problems go to standard error, one line each, in the FILE:LINE:COLUMN form editors jump to.
        var diagnostics = Output()
        for issue in report.issues { diagnostics.line(TodoFile.describe(issue, file: name)) }
        if report.unreportedIssues > 0 {
            diagnostics.line("\(name): \(report.unreportedIssues) more problems not listed")
        }
        // Warnings (what was read liberally, docs/icalendar.md) in the same form, marked as such.
        for warning in report.warnings { diagnostics.line(TodoFile.describe(warning, file: name, warning: true)) }
        if report.unreportedWarnings > 0 {
            diagnostics.line("\(name): \(report.unreportedWarnings) more warnings not listed")
        }
        diagnostics.flush(to: .standardError)

        if let o = outPath {
            let bytes = set.exportJSONBytes(format: .native)
            if o == "-" {
                var out = Output()
                out.append(bytes)
                out.flush()
            } else {
                do { try AtomicFile.replace(o, with: bytes) } catch { throw .system(error, path: o) }
            }
        }
        let reportStream: Stream = outPath == "-" ? .standardError : .standardOutput
        var r = Output()
        if common.json {
            var w = JSONWriter()
            w.beginObject()
            w.field("file", name)
            w.field("format", report.format.name)
            w.field("zone", report.zoneName)
            w.field("bytes", report.bytes)
            w.field("records", report.records)
            w.field("imported", report.imported)
            w.field("skipped", report.skipped)
            w.field("unknownFields", report.unknownFields)
            w.field("deletedSkipped", report.deletedSkipped)
            w.field("recurringSkipped", report.recurringSkipped)
            for (key, list) in [("issues", report.issues), ("warnings", report.warnings)] {
                w.key(key)
                w.beginArray()
                for issue in list {
                    w.beginObject()
                    w.field("line", issue.line)
                    w.field("column", issue.column)
                    w.field("byteOffset", issue.byteOffset)
                    w.key("record")
                    if let n = issue.recordNumber { w.int(n) } else { w.null() }
                    w.field("field", issue.field)
                    w.field("reason", issue.reason.rawValue)
                    w.field("message", issue.detail)
                    if !issue.source.isEmpty { w.field("source", issue.source) }
                    w.endObject()
                }
                w.endArray()
            }
            w.field("unreportedIssues", report.unreportedIssues)
            w.field("unreportedWarnings", report.unreportedWarnings)
            w.field("out", outPath)
            w.endObject()
            w.finish(into: &r)
        } else {
            var line = "\(name): \(report.format.name), \(report.records) record\(report.records == 1 ? "" : "s"), "
                + "\(report.imported) imported, \(report.skipped) skipped"
            if report.unknownFields > 0 { line += ", \(report.unknownFields) unknown fields ignored" }
            if report.deletedSkipped > 0 { line += ", \(report.deletedSkipped) deleted tasks left out" }
            if report.recurringSkipped > 0 { line += ", \(report.recurringSkipped) recurring templates left out" }
            if report.componentsSkipped > 0 { line += ", \(report.componentsSkipped) journal, free/busy or override components left out" }
            if !report.warnings.isEmpty || report.unreportedWarnings > 0 {
                let n = report.warnings.count + report.unreportedWarnings
                line += ", \(n) warning\(n == 1 ? "" : "s")"
            }
            line += "; date-times read in " + report.zoneName
            r.line(line)
            if let o = outPath, o != "-" { r.line("wrote \(set.count) todos to \(o) (native format)") }
        }
        if reportStream == .standardError { r.flush(to: .standardError); return Output() }
        return r
    }
}

/// `calgrid export`: the todos in the native format.
enum ExportCommand {
    static let command = Command(usage: "export", summary: "write the todos in the native format",
                                 help: { help }, run: run)

    /// The `--format` words: the JSON layer's names, in its order, then iCalendar's.
    static let formatChoices = (ExportFormat.allCases.map(\.name) + ["ics", "vdir"]).joined(separator: "|")

    /// What `--format` asked for: a JSON layout, or iCalendar as one file or as a vdir.
    enum Target { case json(ExportFormat), ics, vdir }
    static func target(_ word: String) -> Target? {
        switch word {
        case "ics": .ics
        case "vdir": .vdir
        default: ExportFormat(name: word).map { .json($0) }
        }
    }

    static let help = """
    usage: calgrid export [options]

    Writes the todos (--todos FILE, or the built-in sample set) in CalGrid's native JSON format:
    {"format": "calgrid", "version": 1, "todos": [...]}, one record per line; `calgrid import`
    reads it back unchanged. The output is JSON already, so --json changes nothing.

      --format \(formatChoices)
                             the wrapped native document, one record per line, or iCalendar:
                             one VCALENDAR of VTODOs and VEVENTs, or a vdir: one .ics file per
                             todo in the directory --out names, named from its UID (default: native)
      --out FILE             write to FILE (replaced atomically) instead of standard output;
                             with --format vdir, the directory, made when missing with the
                             directories above it (each file replaced atomically)
    \(CommonOptions.help)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        var format = Target.json(.native), outPath: String?
        try parseOptions(words, "export", &common, takes: .nothing) { (o: String, a: inout Arguments) throws(CLIError) -> Bool in
            switch o {
            case "--format": format = try a.choice(for: o, formatChoices, target)
            case "--out": outPath = try a.value(for: o)
            default: return false
            }
            return true
        }
        if let o = outPath, o != "-" {
            // The lock rule: FILE's lock is held from reading the todos to replacing FILE. A vdir's
            // writers hold its own lock (DIR/.calgrid.lock, the vdir store's), so DIR is made first
            // with every missing directory above it, as mkdir -p would (the export makes DIR anyway).
            if case .vdir = format {
                return try VdirStore(directory: o).creatingLocked { () throws(CLIError) -> Output in try write(format, to: o, common) }
            }
            return try Store.locking(o) { () throws(CLIError) -> Output in try write(format, to: o, common) }
        }
        var out = Output()
        let store = try Context.load(common).todos.store
        switch format {
        case .ics: out.append(store.exportICalendarBytes(zone: common.zone))
        case .vdir: throw .usage("export: --format vdir writes a directory; name it with --out DIR")
        case .json(let f): out.append(store.exportJSONBytes(format: f))
        }
        return out
    }

    /// Reads the todos and writes them to `o` in `format`, under the lock the caller holds.
    static func write(_ format: Target, to o: String, _ common: CommonOptions) throws(CLIError) -> Output {
        let context = try Context.load(common)
        switch format {
        case .vdir:
            // Into the items already there: an unchanged todo's file is not written again.
            try storeCall { () throws(StoreError) in try VdirStore(directory: o).write(context.todos.store, zone: common.zone) }
        case .ics, .json:
            do throws(ExportError) {
                if case .json(let f) = format { try context.todos.store.exportJSON(to: o, format: f) }
                else { try context.todos.store.exportICalendar(to: o, zone: common.zone) }
            } catch { throw .data("\(o): \(error.message)") }
        }
        return Output()
    }
}
