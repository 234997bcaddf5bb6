// libFuzzer target for the importer (built by `make fuzz-json` with `swiftc -sanitize=fuzzer,address`).
// A first byte 0x01 routes the rest of the input to the TZif reader, 0x02 to the POSIX TZ string
// parser (the zone targets fuzz-tzif and fuzz-posix do only that, from their own corpora); anything
// else is JSON import input as a whole (so the JSON corpus needs no prefix). Any input: no crash,
// no hang, no leak.
// Import: a report consistent with the set; locations inside the input; whatever imports also
// exports and re-imports to the same set.
import CalGrid
import CalGridJSON

func checkIssue(_ i: ImportIssue, size: Int) {
    check(i.byteOffset >= 0 && i.byteOffset <= Int64(size), "issue offset inside the input")
    check(i.line >= 1 && i.column >= 1, "1-based line and column")
    check(!i.detail.isEmpty, "issue says why")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if size > 0, let data, data[0] == 1 || data[0] == 2 {
        fuzzZone(data[0], UnsafeRawBufferPointer(start: data + 1, count: size - 1))
        return 0
    }
    let bytes = UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: size)
    for (policy, threads) in [(ImportPolicy.strict, 1), (.skipInvalid, 2)] {
        var o = ImportOptions()
        o.policy = policy
        o.threads = threads
        o.limits.maxRecordBytes = 1 << 20
        o.limits.maxReportedIssues = 5
        var set = TodoSet()
        do throws(ImportError) {
            let r = try set.importJSON(bytes: bytes, options: o)
            check(r.imported == set.count, "imported count matches the set")
            check(r.records >= r.imported + r.skipped + r.deletedSkipped + r.recurringSkipped, "records add up")
            check(r.issues.count <= 5 && r.issues.count + r.unreportedIssues == r.skipped, "issue cap")
            for i in r.issues { checkIssue(i, size: size) }
            if policy == .strict { check(r.skipped == 0 && r.issues.isEmpty, "strict never skips") }
            for format in [ExportFormat.native, .jsonLines] where !set.isEmpty || format == .native {
                let out = set.exportJSONBytes(format: format)
                var back = TodoSet()
                do throws(ImportError) { _ = try back.importJSON(bytes: out) } catch { fatalError("re-import failed: " + error.message) }
                check(back.drafts == set.drafts, "import(export(set)) == set")
            }
        } catch {
            check(set.isEmpty, "a failed import leaves the set untouched")
            if case .invalidInput(let i) = error { checkIssue(i, size: size) }
        }
    }
    return 0
}
