/// A byte buffer that collects a command's output and writes it in one go at the end.
/// Commands build text into it; nothing is printed piecemeal (no `print`, no reflection).
struct Output {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(4096) }

    mutating func write(_ text: String) { bytes.append(contentsOf: text.utf8) }

    mutating func write(_ text: Substring) { bytes.append(contentsOf: text.utf8) }

    mutating func append(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    mutating func line(_ text: String = "") {
        bytes.append(contentsOf: text.utf8)
        bytes.append(10)
    }

    /// Writes everything to `stream` and empties the buffer.
    mutating func flush(to stream: Stream = .standardOutput) {
        bytes.withUnsafeBytes { System.write($0, to: stream) }
        bytes.removeAll(keepingCapacity: true)
    }
}

/// One line on standard error: `calgrid: message`.
func reportError(_ message: String) {
    var o = Output()
    o.line("calgrid: " + message)
    o.flush(to: .standardError)
}
