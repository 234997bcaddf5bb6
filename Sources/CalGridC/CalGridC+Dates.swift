import CalGrid
import CCalGrid

@c(calgrid_date_from_ymd) @implementation
public func calgrid_date_from_ymd(_ out: UnsafeMutablePointer<calgrid_date>?, _ year: Int32, _ month: Int32, _ day: Int32) -> Int32 {
    _output(out) { () throws(CStatus) in
        try _translating { () throws(DateError) in try CivilDate(year: Int(year), month: Int(month), day: Int(day)).dayNumber }
    }
}

@c(calgrid_date_to_ymd) @implementation
public func calgrid_date_to_ymd(_ out: UnsafeMutablePointer<calgrid_ymd>?, _ date: calgrid_date) -> Int32 {
    _output(out) { () throws(CStatus) in
        let c = try _date(date).components
        return calgrid_ymd(year: Int32(truncatingIfNeeded: c.year), month: Int32(truncatingIfNeeded: c.month),
                           day: Int32(truncatingIfNeeded: c.day))
    }
}

@c(calgrid_date_weekday) @implementation
public func calgrid_date_weekday(_ out: UnsafeMutablePointer<calgrid_weekday>?, _ date: calgrid_date) -> Int32 {
    _output(out) { () throws(CStatus) in _cWeekday(try _date(date).weekday) }
}

@c(calgrid_date_day_of_year) @implementation
public func calgrid_date_day_of_year(_ out: UnsafeMutablePointer<Int32>?, _ date: calgrid_date) -> Int32 {
    _output(out) { () throws(CStatus) in Int32(truncatingIfNeeded: try _date(date).dayOfYear) }
}

@c(calgrid_date_days_in_month) @implementation
public func calgrid_date_days_in_month(_ out: UnsafeMutablePointer<Int32>?, _ year: Int32, _ month: Int32) -> Int32 {
    _output(out) { () throws(CStatus) in
        // The 1st exists exactly when the year and the month are valid (ERANGE otherwise).
        let first = try _translating { () throws(DateError) in try CivilDate(year: Int(year), month: Int(month), day: 1) }
        return Int32(truncatingIfNeeded: first.lastOfMonth.day)
    }
}

/// The boundary of the date arithmetic calls: `*out` = `move` applied to a valid `date`.
func _moved(_ out: UnsafeMutablePointer<calgrid_date>?, _ date: calgrid_date,
            _ move: (CivilDate) throws(DateError) -> CivilDate) -> Int32 {
    _output(out) { () throws(CStatus) in
        let d = try _date(date)
        return try _translating { () throws(DateError) in try move(d).dayNumber }
    }
}

// The counts are int64_t; `Int(clamping:)` because `Int(_:)` traps where Int is 32 bits (the
// Cortex-M library) for counts past ±2^31, which are out of range anyway: the core says ERANGE.
@c(calgrid_date_add_days) @implementation
public func calgrid_date_add_days(_ out: UnsafeMutablePointer<calgrid_date>?, _ date: calgrid_date, _ days: Int64) -> Int32 {
    _moved(out, date) { (d) throws(DateError) in try d.adding(days: Int(clamping: days)) }
}

@c(calgrid_date_add_months) @implementation
public func calgrid_date_add_months(_ out: UnsafeMutablePointer<calgrid_date>?, _ date: calgrid_date, _ months: Int64) -> Int32 {
    _moved(out, date) { (d) throws(DateError) in try d.adding(months: Int(clamping: months)) }
}

@c(calgrid_date_add_years) @implementation
public func calgrid_date_add_years(_ out: UnsafeMutablePointer<calgrid_date>?, _ date: calgrid_date, _ years: Int64) -> Int32 {
    _moved(out, date) { (d) throws(DateError) in try d.adding(years: Int(clamping: years)) }
}

/// The length of a C text argument: `length` bytes, or up to the NUL for CALGRID_NUL_TERMINATED.
func _textLength(_ text: UnsafePointer<CChar>, _ length: Int) throws(CStatus) -> Int {
    if length != -1 { return try _length(length) }
    var n = 0
    while text[n] != 0 { n += 1 }
    return n
}

@c(calgrid_date_parse_iso) @implementation
public func calgrid_date_parse_iso(_ out: UnsafeMutablePointer<calgrid_date>?, _ text: UnsafePointer<CChar>?,
                                   _ length: Int, _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _boundary { () throws(CStatus) in
        guard let out, let text else {
            throw _ErrorInfo(.invalid, out == nil ? "out is NULL" : "text is NULL").report(to: err)
        }
        let n: Int
        do throws(CStatus) { n = try _textLength(text, length) } catch {
            throw _ErrorInfo(error, "length \(length) is larger than any buffer").report(to: err)
        }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: n)
        do throws(DateError) {
            out.pointee = try CivilDate(iso8601Bytes: bytes).dayNumber
        } catch {
            var info = _ErrorInfo(error._status, error.description)
            if case .malformedDate(let offset) = error {
                info.byteOffset = Int64(offset); info.line = 1; info.column = Int64(offset) + 1
            }
            throw info.report(to: err)
        }
    }
}

@c(calgrid_date_format_iso) @implementation
public func calgrid_date_format_iso(_ buf: UnsafeMutablePointer<CChar>?, _ size: Int, _ date: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let buf = try _required(buf)
        let size = try _length(size)
        let d = try _date(date)
        guard size >= Int(CALGRID_ISO_DATE_SIZE) else { throw .noSpace }
        let bytes = d.iso8601Bytes
        for i in bytes.indices { buf[i] = CChar(bitPattern: bytes[i]) }
        buf[bytes.count] = 0
    }
}
