// C-callable view of CalGridJSON, compiled as Embedded Swift and linked with libCalGridJSON.a,
// libCalGridCore.a and json-c into json_probe.c, which generates the JSON and checks the answers
// with its own arithmetic (`make test-json`). Only the C program decides what is right.
import CalGrid
import CalGridJSON

/// Imports `count` bytes of JSON (automatic format, bad records skipped) into an empty set and
/// writes how many todos fall on each of the `days` days from day number `first` on into `totals`.
/// Returns the number of todos imported, or -1 when the import fails; `skipped` gets the number of
/// bad records skipped.
@c(probe_import_day_totals)
public func probe_import_day_totals(
    _ json: UnsafeRawPointer, _ count: Int, _ first: Int32, _ days: Int32,
    _ totals: UnsafeMutablePointer<Int32>, _ skipped: UnsafeMutablePointer<Int>
) -> Int {
    var set = TodoSet()
    do throws(ImportError) {
        let report = try set.importJSON(bytes: UnsafeRawBufferPointer(start: json, count: count),
                                        options: ImportOptions(policy: .skipInvalid))
        skipped.pointee = report.skipped
        let counts = set.dayCounts(from: CivilDate(_unchecked: first), through: CivilDate(_unchecked: first + days - 1))
        for i in 0..<Int(days) { totals[i] = counts.total[i] }
        return report.imported == set.count ? report.imported : -1
    } catch {
        return -1
    }
}
