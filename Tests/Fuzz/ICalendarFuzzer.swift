// libFuzzer target for the iCalendar import (built by `make fuzz-icalendar`): libical parses, and
// CalGrid checks every value libical lets through. Any input: no crash, no hang, no leak. Import:
// a report consistent with the set, every issue located inside the input, a failed import leaves
// the set untouched, and whatever imports exports as iCalendar and re-imports to the same todos.
import CalGrid
import CalGridImport
import CalGridICalendar

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICalendar(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: size)
    for policy in [ImportPolicy.strict, .skipInvalid] {
        var o = ImportOptions()
        o.policy = policy
        o.limits.maxReportedIssues = 5
        var set = TodoSet()
        do throws(ImportError) {
            let r = try set.importICalendar(bytes: bytes, options: o)
            check(r.imported == set.count, "imported count matches the set")
            check(r.issues.count <= 5 && r.issues.count + r.unreportedIssues == r.skipped, "issue cap")
            for i in r.issues {
                check(i.byteOffset >= 0 && i.byteOffset <= Int64(size) && i.line >= 1, "issue inside the input")
                check(!i.detail.isEmpty, "issue says why")
            }
            if policy == .strict { check(r.skipped == 0 && r.issues.isEmpty, "strict never skips") }
            let out = set.exportICalendarBytes(now: 1_800_000_000)
            var back = TodoSet()
            do throws(ImportError) { _ = try back.importICalendar(bytes: out) } catch { fatalError("re-import failed: " + error.message) }
            // The one documented change (docs/icalendar.md, Export): an item with neither CREATED
            // nor DTSTAMP comes back with the export's DTSTAMP as its creation time.
            let want = set.drafts.map { d in var d = d; d.createdAt = d.createdAt ?? 1_800_000_000; return d }
            check(back.drafts == want, "import(export(set)) == set")
        } catch {
            check(set.isEmpty, "a failed import leaves the set untouched")
        }
    }
    return 0
}
