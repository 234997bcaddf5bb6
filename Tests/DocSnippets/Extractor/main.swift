// Turns the Swift snippets of README.md and docs/*.md into one Swift Testing file, so a doc edit
// that breaks a snippet (it stops compiling, throws, or a claim in its checks stops holding) fails
// `swift test` and `make test`. Run by the DocSnippetPlugin build tool plugin for DocSnippetTests.
//
//   DocSnippetExtractor OUTPUT.swift DOC.md...
//
// The markers (HTML comments, so they do not render; docs/README.md, "Snippets", has the rules):
//
//   <!-- snippet: NAME -->            before a fence; blocks with the same NAME in one file make one
//   <!-- snippet: NAME                test, in order, so a later block may use an earlier one's values;
//   setup code, run first              lines after the first, up to -->, run before the block (hidden
//   -->                                set-up such as a fixture's bytes)
//   ```swift ... ```
//   <!-- check                        right after a fence: Swift checks of what the block's comments
//   #expect(...)                       claim, run after it in the same scope
//   -->
//
// A ```swift fence without a snippet marker, a marker not followed by a fence, and a snippet with
// no code are errors: nothing in the docs escapes extraction silently.
import Foundation

struct Part { var kind: String; var line: Int; var lines: [String] }
struct Snippet { var file: String; var name: String; var language: String; var parts: [Part] }

var errors: [String] = []
@MainActor func fail(_ file: String, _ line: Int, _ message: String) { errors.append("\(file):\(line): error: \(message)") }

/// Reads an HTML comment starting at `start`; returns its inner lines after the first and the index after `-->`.
func comment(_ lines: [String], from start: Int) -> (first: String, body: [String], end: Int)? {
    var first = lines[start].trimmingCharacters(in: .whitespaces)
    first.removeFirst(4)                                 // "<!--"
    if first.hasSuffix("-->") { return (String(first.dropLast(3)).trimmingCharacters(in: .whitespaces), [], start + 1) }
    var body: [String] = []
    var i = start + 1
    while i < lines.count {
        if lines[i].trimmingCharacters(in: .whitespaces) == "-->" { return (first.trimmingCharacters(in: .whitespaces), body, i + 1) }
        body.append(lines[i]); i += 1
    }
    return nil
}

@MainActor func snippets(in path: String) -> [Snippet] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail(path, 1, "cannot read"); return [] }
    let lines = text.components(separatedBy: "\n")
    var found: [Snippet] = []
    var pending: (name: String, setup: Part?, line: Int)? = nil
    var last: Int? = nil                                 // index in `found` of the block just closed
    var i = 0
    while i < lines.count {
        // Markers and fences start in the first column (an indented one is an example in prose).
        let t = lines[i].hasPrefix(" ") ? "" : lines[i].trimmingCharacters(in: .whitespaces)
        if t.hasPrefix("<!-- snippet:") || t.hasPrefix("<!-- check") {
            guard let c = comment(lines, from: i) else { fail(path, i + 1, "unclosed comment"); break }
            if t.hasPrefix("<!-- check") {
                if let l = last { found[l].parts.append(Part(kind: "check", line: i + 2, lines: c.body)) }
                else { fail(path, i + 1, "a check comment must follow a snippet's fence") }
            } else {
                let name = String(c.first.dropFirst("snippet:".count)).trimmingCharacters(in: .whitespaces)
                pending = (name, c.body.isEmpty ? nil : Part(kind: "setup", line: i + 2, lines: c.body), i + 1)
            }
            last = nil; i = c.end; continue
        }
        if t.hasPrefix("```") {
            let language = String(t.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            var body: [String] = []
            let open = i
            i += 1
            while i < lines.count && !(lines[i].hasPrefix("```") && lines[i].trimmingCharacters(in: .whitespaces) == "```") {
                body.append(lines[i]); i += 1
            }
            i += 1
            if let p = pending {
                var parts = p.setup.map { [$0] } ?? []
                parts.append(Part(kind: "code", line: open + 2, lines: body))
                if !body.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) { fail(path, open + 1, "snippet '\(p.name)' is empty") }
                found.append(Snippet(file: path, name: p.name, language: language, parts: parts))
                last = found.count - 1
            } else {
                if language == "swift" { fail(path, open + 1, "a ```swift block without a <!-- snippet: NAME --> marker above it (docs/README.md, Snippets)") }
                last = nil
            }
            pending = nil
            continue
        }
        if !t.isEmpty {
            if let p = pending { fail(path, p.line, "snippet '\(p.name)' is not followed by a fenced block"); pending = nil }
            last = nil
        }
        i += 1
    }
    return found
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { print("usage: DocSnippetExtractor OUTPUT.swift DOC.md..."); exit(2) }
let docs = Array(arguments.dropFirst(2))
let all = docs.flatMap(snippets(in:))
let swift = all.filter { $0.language == "swift" }
if swift.isEmpty { errors.append("\(docs.first ?? "?"): error: no Swift snippets found in \(docs.count) files") }

// One test per (file, name), in document order.
var groups: [(file: String, name: String, parts: [Part])] = []
for s in swift {
    if let g = groups.firstIndex(where: { $0.file == s.file && $0.name == s.name }) { groups[g].parts += s.parts }
    else { groups.append((s.file, s.name, s.parts)) }
}

/// A statement that only shows a value (`d.weekday   // .wednesday`) is compiled as `_ = …`, so the
/// docs' style of "expression, then its value in a comment" builds without unused-result warnings.
/// Only statements on one line, starting with a name or `try`, and assigning nothing, are touched.
let keywords: Set<String> = ["let", "var", "for", "if", "guard", "while", "switch", "do", "return", "func", "struct",
                             "enum", "import", "print", "case", "default", "break", "continue", "throw", "defer", "_"]
func discardingValues(_ line: String, depth: inout Int) -> String {
    let code = line.components(separatedBy: "//")[0]
    let startDepth = depth
    for ch in code { if "([{".contains(ch) { depth += 1 } else if ")]}".contains(ch) { depth -= 1 } }
    guard startDepth == 0, depth == 0 else { return line }
    let indent = String(line.prefix { $0 == " " })
    let rest = String(line.dropFirst(indent.count))
    let statements = code.dropFirst(indent.count).components(separatedBy: ";")
    guard let first = statements.first, let c = first.first, c.isLetter || c == "_" else { return line }
    let word = String(first.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
    if keywords.contains(word) || code.contains(" = ") || code.contains("+=") || code.contains("-=") || rest.hasSuffix("{") { return line }
    if statements.count > 1 && statements.dropFirst().contains(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("let ") }) { return line }
    let comment = String(line.dropFirst(code.count))
    return indent + statements.map { "_ = " + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ") + " " + comment
}

func literal(_ s: String) -> String {
    "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}
func identifier(_ s: String) -> String {
    String(s.map { $0.isLetter || $0.isNumber ? $0 : "_" })
}

var imports: Set<String> = ["import Testing"]
var body = ""
var index = ""
for (n, g) in groups.enumerated() {
    let short = (g.file as NSString).lastPathComponent
    body += "\n    @Test(\(literal(short + ": " + g.name))) func snippet\(n)_\(identifier(g.name))() throws {\n"
    var codeLines = 0
    for p in g.parts {
        body += "#sourceLocation(file: \(literal(g.file)), line: \(p.line))\n"
        var depth = 0
        for line in p.lines {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("import ") || t.hasPrefix("@testable import ") { imports.insert(t); body += "\n"; continue }
            if p.kind == "code" && !t.isEmpty && !t.hasPrefix("//") { codeLines += 1 }
            body += (p.kind == "code" ? discardingValues(line, depth: &depth) : line) + "\n"
        }
        body += "#sourceLocation()\n"
    }
    body += "    }\n"
    index += "        (file: \(literal(short)), name: \(literal(g.name)), codeLines: \(codeLines)),\n"
}
let blocks = swift.count
var out = "// Generated by DocSnippetExtractor from \(docs.count) documentation files; do not edit.\n"
out += imports.sorted().joined(separator: "\n") + "\n\n"
out += "/// Every Swift snippet of the docs, run as written, with the checks that follow it.\n"
out += "@Suite struct DocSnippets {\(body)}\n\n"
out += "/// What was extracted, for the test that no snippet was skipped.\n"
out += "enum DocSnippetIndex {\n    static let swiftBlocks = \(blocks)\n    static let files = \(docs.count)\n"
out += "    static let tests: [(file: String, name: String, codeLines: Int)] = [\n\(index)    ]\n}\n"

if !errors.isEmpty {
    for e in errors { FileHandle.standardError.write((e + "\n").data(using: .utf8)!) }
    exit(1)
}
do { try out.write(toFile: arguments[1], atomically: true, encoding: .utf8) }
catch { FileHandle.standardError.write("cannot write \(arguments[1]): \(error)\n".data(using: .utf8)!); exit(1) }
