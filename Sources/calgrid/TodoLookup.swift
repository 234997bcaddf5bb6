import CalGrid
import CalGridStore

/// Todos named on the command line by their full id or a unique prefix of it.
enum TodoLookup {
    /// The index of the todo `text` names: the todo with exactly that id, else the only one whose
    /// id starts with it. Unknown and ambiguous names are data errors listing the candidates.
    /// - Complexity: O(1) expected for a full id, else O(todos × prefix length).
    static func index(of text: String, in set: TodoSet) throws(CLIError) -> Int {
        if let i = set.index(ofID: text) { return i }
        let prefix = Array(text.utf8)
        var matches: [Int] = []
        if !prefix.isEmpty {
            for i in set.indices where set.withIDBytes(at: i, { $0.starts(with: prefix) }) { matches.append(i) }
        }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty {
            let known = set.isEmpty ? "there are no todos yet" : "ids: " + candidates(Array(set.indices), in: set)
            throw .data("no todo has the id '\(text)' (\(known))")
        }
        throw .data("'\(text)' matches \(matches.count) todos: \(candidates(matches, in: set)); type more of the id")
    }

    /// `id (title), id (title), …`, at most ten, on one line.
    static func candidates(_ rows: [Int], in set: TodoSet) -> String {
        var parts: [String] = []
        for i in rows.prefix(10) {
            let title = set.title(at: i)
            parts.append(title.isEmpty ? set.id(at: i) : "\(set.id(at: i)) (\(TextWidth.truncate(title, to: 24)))")
        }
        if rows.count > 10 { parts.append("… \(rows.count - 10) more") }
        return parts.joined(separator: ", ")
    }
}
