// calgrid_recurrence_*: RFC 5545 rules for C callers. Parsing, the error sentences and the
// expansion are the core's (Recurrence, RecurrenceRule); this file only moves values across.
import CalGrid
import CCalGrid

/// The object behind a `calgrid_recurrence *`: immutable after creation, so threads may share it.
final class _RecurrenceBox {
    let recurrence: Recurrence
    init(_ r: Recurrence) { recurrence = r }
}

func _recurrence(_ p: OpaquePointer?) throws(CStatus) -> Recurrence {
    guard let p else { throw .invalid }
    return Unmanaged<_RecurrenceBox>.fromOpaque(UnsafeRawPointer(p)).takeUnretainedValue().recurrence
}

/// `count` days from C (NULL allowed only for 0), each validated.
func _days(_ p: UnsafePointer<calgrid_date>?, _ count: Int, _ name: StaticString,
           _ err: UnsafeMutablePointer<calgrid_error>?) throws(CStatus) -> [CivilDate] {
    guard count >= 0, count == 0 || p != nil else {
        throw _ErrorInfo(.invalid, _text(name) + (p == nil ? " is NULL" : " count is larger than any buffer")).report(to: err)
    }
    var out: [CivilDate] = []
    out.reserveCapacity(count)
    for i in 0..<count {
        do throws(CStatus) { out.append(try _date(p![i])) } catch {
            throw _ErrorInfo(error, _text(name) + "[\(i)] = \(p![i]) is outside 0001-01-01...9999-12-31").report(to: err)
        }
    }
    return out
}

extension RecurrenceError {
    /// EPARSE with the offending part located and named.
    func _info() -> _ErrorInfo {
        var info = _ErrorInfo(.parse, description)
        info.byteOffset = Int64(offset)
        info.line = 1
        info.column = Int64(offset) + 1
        var name = ""
        for c in part.utf8 {
            guard c != 61 else { break }               // '='
            name.unicodeScalars.append(Unicode.Scalar(c))
        }
        info.field = name
        return info
    }
}

@c(calgrid_recurrence_new) @implementation
public func calgrid_recurrence_new(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ rule: UnsafePointer<CChar>?, _ length: Int,
                                   _ start: calgrid_date, _ rdates: UnsafePointer<calgrid_date>?, _ rdateCount: Int,
                                   _ exdates: UnsafePointer<calgrid_date>?, _ exdateCount: Int,
                                   _ tz: OpaquePointer?, _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let out, let rule else { throw _ErrorInfo(.invalid, out == nil ? "out is NULL" : "rule is NULL").report(to: err) }
        let n: Int
        do throws(CStatus) { n = try _textLength(rule, length) } catch {
            throw _ErrorInfo(error, "length \(length) is larger than any buffer").report(to: err)
        }
        let day: CivilDate
        do throws(CStatus) { day = try _date(start) } catch {
            throw _ErrorInfo(error, "start \(start) is outside 0001-01-01...9999-12-31").report(to: err)
        }
        try _reserveRecurrence(length: n, dates: _add(Swift.max(rdateCount, 0), Swift.max(exdateCount, 0)), err: err)
        let added = try _days(rdates, rdateCount, "rdates", err)
        let removed = try _days(exdates, exdateCount, "exdates", err)
        let zone = tz == nil ? TimeZoneRules.utc : try _zone(tz)
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(rule).assumingMemoryBound(to: UInt8.self), count: n)
        let parsed: RecurrenceRule
        do throws(RecurrenceError) { parsed = try RecurrenceRule(parsingBytes: bytes) } catch { throw error._info().report(to: err) }
        let r = Recurrence(start: day, rule: parsed, zone: zone, rdates: added, exdates: removed)
        out.pointee = OpaquePointer(Unmanaged.passRetained(_RecurrenceBox(r)).toOpaque())
    }
}

@c(calgrid_recurrence_free) @implementation
public func calgrid_recurrence_free(_ recurrence: OpaquePointer?) {
    guard let recurrence else { return }
    Unmanaged<_RecurrenceBox>.fromOpaque(UnsafeRawPointer(recurrence)).release()
}

@c(calgrid_recurrence_format) @implementation
public func calgrid_recurrence_format(_ outLength: UnsafeMutablePointer<Int>?, _ buf: UnsafeMutablePointer<CChar>?,
                                      _ size: Int, _ recurrence: OpaquePointer?) -> Int32 {
    _boundary { () throws(CStatus) in
        let r = try _recurrence(recurrence)
        try _reserve(_recurrenceTextBound)
        let text = r.rule?.text ?? ""
        let n = text.utf8.count
        outLength?.pointee = n
        guard size >= 0, size > n else { throw .noSpace }
        let buf = try _required(buf)
        var k = 0
        for b in text.utf8 { buf[k] = CChar(bitPattern: b); k += 1 }
        buf[n] = 0
    }
}

@c(calgrid_recurrence_occurrences) @implementation
public func calgrid_recurrence_occurrences(_ days: UnsafeMutablePointer<calgrid_date>?, _ size: Int,
                                           _ outCount: UnsafeMutablePointer<Int>?, _ recurrence: OpaquePointer?,
                                           _ first: calgrid_date, _ last: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let outCount = try _required(outCount)
        let r = try _recurrence(recurrence)
        let lo = try _date(first), hi = try _date(last)
        guard lo <= hi, size >= 0, size == 0 || days != nil else { throw .invalid }
        try _reserve(TodoSet.constantAllocationBytes)   // the expansion's state (88 bytes measured)
        var n = 0
        for d in r.occurrences(in: lo...hi) {
            guard n < size else { outCount.pointee = n; throw .noSpace }
            days![n] = d.dayNumber
            n += 1
        }
        outCount.pointee = n
    }
}

@c(calgrid_recurrence_next) @implementation
public func calgrid_recurrence_next(_ out: UnsafeMutablePointer<calgrid_date>?, _ recurrence: OpaquePointer?,
                                    _ day: calgrid_date) -> Int32 {
    _neighbour(out, recurrence, day) { r, d in r.next(after: d) }
}

@c(calgrid_recurrence_previous) @implementation
public func calgrid_recurrence_previous(_ out: UnsafeMutablePointer<calgrid_date>?, _ recurrence: OpaquePointer?,
                                        _ day: calgrid_date) -> Int32 {
    _neighbour(out, recurrence, day) { r, d in r.previous(before: d) }
}

/// The occurrence `find` gives next to `day` into *out; ENOTFOUND when there is none.
@inline(__always)
func _neighbour(_ out: UnsafeMutablePointer<calgrid_date>?, _ recurrence: OpaquePointer?, _ day: calgrid_date,
                _ find: (Recurrence, CivilDate) -> CivilDate?) -> Int32 {
    _output(out) { () throws(CStatus) in
        let r = try _recurrence(recurrence)
        try _reserve(TodoSet.constantAllocationBytes)   // the expansion's state
        guard let d = find(r, try _date(day)) else { throw CStatus(CALGRID_ENOTFOUND) }
        return d.dayNumber
    }
}
