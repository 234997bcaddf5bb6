import CalGrid
import CalGridICalendar
import CalGridJSON
import CalGridSystem

/// Reading todo files through the JSON layer, for `--todos FILE` and `import`.
public enum TodoFile {
    public static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// `FILE:LINE:COLUMN: record N: FIELD: message`, leaving out the parts an issue does not have;
    /// records count from 1.
    public static func describe(_ issue: ImportIssue, file: String, warning: Bool = false) -> String {
        // In a vdir the issue is in one of the directory's files, and its line is that file's.
        let where_ = issue.source.isEmpty ? file : (file.hasSuffix("/") ? file : file + "/") + issue.source
        var s = "\(where_):\(issue.line):\(issue.column): "
        if let n = issue.recordNumber { s += "record \(n): " }
        if !issue.field.isEmpty { s += issue.field + ": " }
        if warning { s += "warning: " }
        return s + issue.detail
    }

    public static func read(path: String, format: ImportFormat, policy: ImportPolicy,
                     options: StoreOptions,
                     progress: ((_ bytesDone: Int64, _ bytesTotal: Int64) -> Bool)? = nil) throws(StoreError) -> (TodoSet, ImportReport) {
        var o = ImportOptions(format: format, policy: policy, zone: options.zone)
        o.progress = progress
        var set = TodoSet()
        // Standard input streams through the same windows as a file (memory does not grow with it);
        // the first bytes tell iCalendar (BEGIN:VCALENDAR) from the JSON formats.
        do throws(ImportError) {
            let report: ImportReport
            // A directory is a vdir: every *.ics in it, one item per file.
            if path != "-", FileSystem.isDirectory(path), format == .automatic || format == .icalendar {
                let report = try set.importICalendar(directoryAt: path, options: o)
                return (set, report)
            }
            let input: FileDescriptor
            if path == "-" { input = FileDescriptor.standardInput } else {
                do { input = try FileDescriptor.openForReading(path) } catch { throw .system(error) }
            }
            // The input's size first, as the JSON import asks it (a directory fails here, with stat).
            do { _ = try input.size() } catch { throw .system(error) }
            var prefix: [UInt8] = []
            if format == .automatic || format == .icalendar { prefix = try firstBytes(input) }
            if format == .icalendar || (format == .automatic && ImportFormat.detected(in: prefix) == .icalendar) {
                report = try set.importICalendar(reading: input, after: prefix, options: o)
            } else {
                report = try set.importJSON(reading: input, after: prefix, options: o)
            }
            return (set, report)
        } catch {
            // The import's error, taken apart here: a located issue, or a failed system call
            // reported as every other one is (StoreError.system).
            throw StoreError(reading: error, file: displayName(path))
        }
    }

    /// Up to 64 KiB from the start of `input`: enough to pass blank lines and see the first word.
    public static func firstBytes(_ input: borrowing FileDescriptor) throws(ImportError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        var filled = 0
        var failure: Errno? = nil
        bytes.withUnsafeMutableBytes { b in
            while filled < 64 {
                do throws(Errno) {
                    let n = try input.read(into: b.baseAddress! + filled, count: b.count - filled)
                    if n == 0 { break }
                    filled += n
                } catch { failure = error; break }
            }
        }
        if let failure { throw .system(failure) }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

}
