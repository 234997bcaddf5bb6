import CalGrid
import CalGridStore

/// `calgrid rm ID…`: remove todos from the store, all or none.
enum RemoveCommand {
    static let command = Command(usage: "rm ID...", summary: "remove todos",
                                 help: { help }, run: run)

    static let help = """
    usage: calgrid rm ID... [options]

    Removes the todos named (full ids or unique prefixes) from your store. When one of them is
    unknown or ambiguous, none is removed. With --json prints {"removed": [todo, ...]}.
    \(CommonOptions.help)
    """

    static func run(_ words: [String]) throws(CLIError) -> Output {
        var common = CommonOptions()
        var names: [String] = []
        try parseOptions(words, "rm", &common) { (p: String) throws(CLIError) in names.append(p) }
        var out = Output()
        guard !names.isEmpty else { throw .usage("rm: which todos? (calgrid rm ID...)") }
        let today = common.resolvedToday()

        let store = try storeCall { () throws(StoreError) in try Store.forChanges(common.store) }
        let removed = try store.change(common.store, creating: false) { (set: inout TodoSet) throws(CLIError) in
            var rows: [Int] = []
            for n in names {
                let i = try TodoLookup.index(of: n, in: set)
                if !rows.contains(i) { rows.append(i) }
            }
            // What the removed todos were, rendered before they go.
            var w = JSONWriter()
            w.beginObject()
            w.key("removed")
            w.beginArray()
            let data = TodoData(set)
            var lines: [String] = []
            for i in rows {
                TodoPresentation.json(i, data, today: today, &w)
                lines.append("removed " + TodoText.summary(i, in: set))
            }
            w.endArray()
            w.endObject()
            let gone = Set(rows)
            set.removeAll { gone.contains($0) }
            return ((w, lines), true)
        }
        if common.json { removed.0.finish(into: &out) } else { for l in removed.1 { out.line(l) } }
        return out
    }
}
