import CalGrid
import CalGridImport
import CalGridStore
import CalGridSystem

extension TodoFile {
    /// `read` with a progress bar on standard error when it is a terminal.
    static func readShowingProgress(path: String, format: ImportFormat, policy: ImportPolicy,
                                    options: StoreOptions) throws(CLIError) -> (TodoSet, ImportReport) {
        let bar = ProgressBar()
        defer { bar.finish() }
        let progress: ((Int64, Int64) -> Bool)? = Stream.standardError.isTerminal ? { done, total in
            bar.update(done: done, total: total)
            return true
        } : nil
        return try storeCall { () throws(StoreError) in try read(path: path, format: format, policy: policy, options: options, progress: progress) }
    }

    static func load(path: String, options: StoreOptions) throws(CLIError) -> TodoData {
        let (set, _) = try readShowingProgress(path: path, format: .automatic, policy: .strict, options: options)
        return TodoData(set)
    }
}

/// A one-line progress bar on standard error, drawn only once an import has run for a second.
final class ProgressBar {
    private let start = CurrentProcess.monotonicSeconds()
    private var drawn = false
    private var lastPercent = -1

    func update(done: Int64, total: Int64) {
        guard CurrentProcess.monotonicSeconds() - start > 1 else { return }
        let percent = total > 0 ? Int(done * 100 / total) : -1
        guard percent != lastPercent || total == 0 else { return }
        lastPercent = percent
        var o = Output()
        let mib = done >> 20
        if total > 0 {
            let filled = percent * 30 / 100
            o.write("\r[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
                    + "] \(percent)%  \(mib) / \(total >> 20) MiB")
        } else {
            o.write("\rimporting… \(mib) MiB")
        }
        o.flush(to: .standardError)
        drawn = true
    }

    func finish() {
        guard drawn else { return }
        var o = Output()
        o.write("\r\u{1B}[K")
        o.flush(to: .standardError)
    }
}
