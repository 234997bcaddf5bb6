import CalGrid
import CCalGrid

extension LunarDateError {
    /// ERANGE with the core's sentence in `err` (if any): every lunar failure is a value out of range.
    func _report(to err: UnsafeMutablePointer<calgrid_error>?) -> CStatus {
        _ErrorInfo(.range, description).report(to: err)
    }
}

@c(calgrid_lunar_from_date) @implementation
public func calgrid_lunar_from_date(_ out: UnsafeMutablePointer<calgrid_lunar_date>?, _ date: calgrid_date,
                                    _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _output(out) { () throws(CStatus) in
        let l: LunarDate
        do throws(LunarDateError) {
            guard date >= CivilDate.minDayNumber, date <= CivilDate.maxDayNumber else { throw .dayOutOfRange(date) }
            l = try LunarDate(CivilDate(_unchecked: date))
        } catch { throw error._report(to: err) }
        return calgrid_lunar_date(year: Int32(truncatingIfNeeded: l.year), month: Int32(truncatingIfNeeded: l.month),
                                  day: Int32(truncatingIfNeeded: l.day), is_leap_month: l.isLeapMonth ? 1 : 0)
    }
}

@c(calgrid_date_from_lunar) @implementation
public func calgrid_date_from_lunar(_ out: UnsafeMutablePointer<calgrid_date>?, _ year: Int32, _ month: Int32, _ day: Int32,
                                    _ isLeapMonth: Int32, _ err: UnsafeMutablePointer<calgrid_error>?) -> Int32 {
    _output(out) { () throws(CStatus) in
        do throws(LunarDateError) {
            return try LunarDate(year: Int(year), month: Int(month), day: Int(day), isLeapMonth: isLeapMonth != 0).civilDate.dayNumber
        } catch { throw error._report(to: err) }
    }
}
