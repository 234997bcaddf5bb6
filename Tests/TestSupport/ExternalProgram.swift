import Foundation

/// A program the tests run (a Python oracle, a fixture script, the real `task`) that failed.
public struct ExternalProgramFailure: Error, CustomStringConvertible {
    public var description: String
}

/// Runs `executable` with `arguments` and returns its whole standard output (standard error goes to
/// the test's); throws unless it exits with status 0.
@discardableResult
public func runProgram(_ executable: String, _ arguments: [String]) throws -> [UInt8] {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: executable)
    p.arguments = arguments
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    guard p.terminationReason == .exit, p.terminationStatus == 0 else {
        let how = p.terminationReason == .exit ? "exited with \(p.terminationStatus)" : "was killed by signal \(p.terminationStatus)"
        throw ExternalProgramFailure(description: "\(([executable] + arguments).joined(separator: " ").prefix(200)) \(how)")
    }
    return [UInt8](data)
}

/// Runs a Python 3 script (found on PATH) with `arguments`; its whole standard output.
@discardableResult
public func runPython(_ script: String, _ arguments: [String] = []) throws -> [UInt8] {
    try runProgram("/usr/bin/env", ["python3", script] + arguments)
}

/// The repository's Tests folder, and the oracle scripts in Tests/oracle.
public enum TestPaths {
    public static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    public static func oracle(_ name: String) -> String { tests.appendingPathComponent("oracle/" + name).path }
}
