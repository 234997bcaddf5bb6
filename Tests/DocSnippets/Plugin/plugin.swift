// Build tool plugin of DocSnippetTests: hands README.md and every docs/*.md to DocSnippetExtractor,
// which writes the snippets as tests. The docs are the inputs, so editing one rebuilds the tests.
import Foundation
import PackagePlugin

@main struct DocSnippetPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let docsDirectory = root.appending(path: "docs")
        let pages = ((try? FileManager.default.contentsOfDirectory(atPath: docsDirectory.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { docsDirectory.appending(path: $0) }
        let docs = [root.appending(path: "README.md")] + pages
        let output = context.pluginWorkDirectoryURL.appending(path: "DocSnippets.swift")
        return [.buildCommand(
            displayName: "Extracting the Swift snippets of \(docs.count) docs",
            executable: try context.tool(named: "DocSnippetExtractor").url,
            arguments: [output.path] + docs.map(\.path),
            inputFiles: docs,
            outputFiles: [output])]
    }
}
