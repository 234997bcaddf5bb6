import CalGridSystem

/// A byte buffer that collects a command's output and writes it in one go at the end.
/// Commands build text into it; nothing is printed piecemeal (no `print`, no reflection).
struct Output {
    private(set) var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(4096) }

    mutating func write(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Room for `count` more bytes at once: a table of 100,000 rows (10 MB) grown by doubling
    /// copied itself a dozen times, into fresh zeroed pages each time.
    mutating func reserve(_ count: Int) { bytes.reserveCapacity(bytes.count + count) }

    mutating func write(_ text: Substring) { bytes.append(contentsOf: text.utf8) }

    mutating func append(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    mutating func append(_ raw: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: raw) }

    mutating func byte(_ b: UInt8) { bytes.append(b) }

    mutating func line(_ text: String = "") {
        bytes.append(contentsOf: text.utf8)
        bytes.append(10)
    }

    /// Writes everything to `stream` and empties the buffer; gives up quietly on a closed pipe.
    mutating func flush(to stream: Stream = .standardOutput) {
        bytes.withUnsafeBytes { b in
            switch stream {
            case .standardOutput: try? FileDescriptor.standardOutput.writeAll(b)
            case .standardError: try? FileDescriptor.standardError.writeAll(b)
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}

/// A standard stream the command writes to.
enum Stream {
    case standardOutput
    case standardError

    /// True when the stream is a terminal (decides `--color auto` and the import progress bar).
    var isTerminal: Bool {
        switch self {
        case .standardOutput: FileDescriptor.standardOutput.isTerminal
        case .standardError: FileDescriptor.standardError.isTerminal
        }
    }
}

/// One line on standard error: `calgrid: message`.
func reportError(_ message: String) {
    var o = Output()
    o.line("calgrid: " + message)
    o.flush(to: .standardError)
}
