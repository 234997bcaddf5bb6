import Foundation
import CalGrid
import Testing

/// What the docs' hidden set-up lines use: files beside the package, a scratch directory.
enum DocFixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A committed TZif file of the core's tests (`Tests/CalGridTests/Fixtures/tzif`).
    static func tzif(_ name: String) throws -> [UInt8] {
        let file = root.appendingPathComponent("Tests/CalGridTests/Fixtures/tzif")
            .appendingPathComponent(name.replacingOccurrences(of: "/", with: "_"))
        return [UInt8](try Data(contentsOf: file))
    }

    /// A fresh directory for a snippet that writes files; the path of `name` inside it, holding
    /// `contents` when given.
    static func scratch(_ name: String, contents: String? = nil) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-doc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent(name)
        if let contents { try Data(contents.utf8).write(to: file) }
        return file.path
    }
}

/// The extraction cannot pass vacuously: the docs are read again here, independently of the
/// extractor, and every ```swift fence in them must have become part of a test with code in it.
@Suite struct DocSnippetCoverage {
    static func docs() throws -> [URL] {
        let pages = try FileManager.default.contentsOfDirectory(atPath: DocFixtures.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted()
            .map { DocFixtures.root.appendingPathComponent("docs").appendingPathComponent($0) }
        return [DocFixtures.root.appendingPathComponent("README.md")] + pages
    }

    @Test func everySwiftBlockIsATest() throws {
        let files = try Self.docs()
        var fences = 0
        for f in files {
            let text = try String(contentsOf: f, encoding: .utf8)
            fences += text.components(separatedBy: "\n").filter { $0.hasPrefix("```swift") && $0.trimmingCharacters(in: .whitespaces) == "```swift" }.count
        }
        #expect(DocSnippetIndex.files == files.count, "the plugin saw \(DocSnippetIndex.files) docs, there are \(files.count)")
        #expect(fences >= 10, "only \(fences) Swift blocks in the docs: were they moved?")
        #expect(DocSnippetIndex.swiftBlocks == fences)
        #expect(!DocSnippetIndex.tests.isEmpty)
        for t in DocSnippetIndex.tests { #expect(t.codeLines > 0, "\(t.file): \(t.name) has no code") }
    }
}

/// The docs' tables that name the core's vocabulary, read from the pages: the native format's
/// field table in docs/formats.md lists exactly the keys `TodoField` writes (plus the one alias).
@Suite struct DocVocabulary {
    @Test func nativeFieldTableNamesEveryField() throws {
        let page = try String(contentsOf: DocFixtures.root.appendingPathComponent("docs/formats.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "\n## The native format").dropFirst().first)
        let rows = section.components(separatedBy: "\n## ")[0].components(separatedBy: "\n")
            .filter { $0.hasPrefix("| `") }
            .filter { !$0.hasPrefix("| `[") && !$0.hasPrefix("| `{") }          // the layout table's rows
        var keys: Set<String> = []
        for row in rows {
            let first = row.dropFirst(2).components(separatedBy: " | ")[0]
            let parts = first.components(separatedBy: "`")
            for i in stride(from: 1, to: parts.count, by: 2) { keys.insert(parts[i]) }
        }
        #expect(rows.count >= 10, "the field table of docs/formats.md was not found (\(rows.count) rows)")
        #expect(keys == Set(TodoField.allCases.map(\.nameText)).union(["isCompleted"]))
    }
}
