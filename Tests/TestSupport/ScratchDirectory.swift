import Foundation

/// A throwaway directory under the system's temporary directory, named for the test and unique to
/// the process and the call, removed by `remove()`.
public struct ScratchDirectory {
    public let url: URL

    public init(_ name: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("calgrid-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var path: String { url.path }
    public func file(_ name: String) -> String { url.appendingPathComponent(name).path }
    public func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: url.appendingPathComponent(name)) }
    public func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }
    public func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs `body` with the path of a fresh scratch directory, removed afterwards.
public func withScratchDirectory(_ name: String, _ body: (String) throws -> Void) throws {
    let dir = try ScratchDirectory(name)
    defer { dir.remove() }
    try body(dir.path)
}
