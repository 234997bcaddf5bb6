// libFuzzer target for the iCalendar import (built by `make fuzz-icalendar`): libical parses, and
// CalGrid checks every value libical lets through. Any input: no crash, no hang, no leak. Import:
// a report consistent with the set, every issue located inside the input, a failed import leaves
// the set untouched, whatever imports exports as iCalendar and re-imports to the same todos, and
// the import parsing one component at a time gives what parsing the input whole gives.
import CalGrid
import CalGridImport
import CalGridICalendar

/// `i` without its place: where the whole parse cannot match libical's components to their BEGIN
/// lines (a STANDARD or DAYLIGHT outside its VTIMEZONE), it locates an item's issue at its
/// VCALENDAR; the framing knows each item's own line (docs/icalendar.md, Parsing).
func unlocated(_ i: ImportIssue) -> ImportIssue {
    var i = i
    i.line = 0; i.column = 0; i.byteOffset = 0
    return i
}

func unlocated(_ r: ImportReport) -> ImportReport {
    var r = r
    r.issues = r.issues.map(unlocated)
    return r
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICalendar(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: size)
    for policy in [ImportPolicy.strict, .skipInvalid] {
        var o = ImportOptions()
        o.policy = policy
        o.limits.maxReportedIssues = 5
        var set = TodoSet()
        // The reference: the same import with libical parsing the input whole (the import parses a
        // framed input one component at a time); both give the same set, report or issue.
        var whole = TodoSet()
        let reference: Result<ImportReport, ImportError>
        do throws(ImportError) { reference = .success(try whole._importICalendar(bytes: bytes, options: o, streaming: false)) } catch {
            reference = .failure(error)
        }
        do throws(ImportError) {
            let r = try set.importICalendar(bytes: bytes, options: o)
            guard case .success(let wr) = reference else { fatalError("streamed import succeeded, whole parse failed") }
            check(unlocated(wr) == unlocated(r) && whole.drafts == set.drafts, "streamed import == whole parse")
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
            // Every field comes back, a missing creation time too (X-CALGRID-CREATED:NONE keeps the
            // import from taking the export's DTSTAMP for one; docs/icalendar.md, CalGrid's own fields).
            check(back.drafts == set.drafts, "import(export(set)) == set")
        } catch {
            check(set.isEmpty, "a failed import leaves the set untouched")
            guard case .failure(let we) = reference else { fatalError("whole parse succeeded, streamed import failed: " + error.message) }
            if case .invalidInput(let a) = error, case .invalidInput(let b) = we { check(unlocated(a) == unlocated(b), "streamed import's issue == whole parse's") }
        }
    }
    return 0
}
