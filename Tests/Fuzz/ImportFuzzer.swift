// libFuzzer target for the importer and the time zone readers (built by `make fuzz-json` with
// `swiftc -sanitize=fuzzer,address`). A first byte 0x01 routes the rest of the input to the TZif
// reader, 0x02 to the POSIX TZ string parser; anything else is JSON import input as a whole (so the
// JSON corpus needs no prefix). Any input: no crash, no hang, no leak.
// Import: a report consistent with the set; locations inside the input; whatever imports also
// exports and re-imports to the same set.
// Zones: whatever parses answers every query; offsets stay within ±25:59:59; the local time of an
// instant maps back to that instant.
import CalGrid
import CalGridJSON

@inline(never)
func check(_ condition: Bool, _ what: StaticString) {
    if !condition { fatalError("fuzz invariant: \(what)") }
}

func checkIssue(_ i: ImportIssue, size: Int) {
    check(i.byteOffset >= 0 && i.byteOffset <= Int64(size), "issue offset inside the input")
    check(i.line >= 1 && i.column >= 1, "1-based line and column")
    check(!i.detail.isEmpty, "issue says why")
}

func checkInstant(_ z: TimeZoneRules, _ t: Int64) {
    let o = z.utcOffset(at: t)
    check(o >= -93_599 && o <= 93_599, "offset within ±25:59:59")
    guard let l = z.localTime(at: t) else { return }
    check(l.utcOffset == o && l.secondOfDay >= 0 && l.secondOfDay < 86_400, "local time consistent")
    switch z.instant(of: l.day, secondOfDay: l.secondOfDay) {
    case .unique(let u): check(u == t, "unique local time maps back")
    case .ambiguous(let e, let later): check(e < later && e <= t && t <= later, "fold holds the instant")
    case .nonexistent: check(false, "an instant's local time is never in a gap")
    }
}

func checkZone(_ z: TimeZoneRules) {
    let probes: [Int64] = [Int64.min, -62_135_596_800, -2_208_988_800, -1, 0, 1_719_792_000, 2_147_483_648,
                           4_102_444_800, 253_402_300_799, Int64.max]
    for start in probes {
        // The probe, then a few offset changes after it and the seconds around each.
        var t = start
        for _ in 0..<4 {
            checkInstant(z, t)
            guard let next = z.nextOffsetChange(after: t) else { break }
            check(next > t && z.utcOffset(at: next) != z.utcOffset(at: t) && z.utcOffset(at: next - 1) == z.utcOffset(at: t),
                  "next offset change is the first instant with another offset")
            checkInstant(z, next - 1)
            t = next
        }
    }
}

func fuzzZone(_ selector: UInt8, _ bytes: UnsafeRawBufferPointer) {
    do throws(TimeZoneError) {
        let z = selector == 1 ? try TimeZoneRules(tzif: bytes, name: "fuzz")
                              : try TimeZoneRules(posixTZ: String(decoding: bytes, as: UTF8.self))
        checkZone(z)
    } catch {
        check(!error.description.isEmpty, "a zone error says why")
    }
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
