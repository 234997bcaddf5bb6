// C-callable views of the core, compiled as Embedded Swift and linked with libCalGridCore.a into
// core_probe.c, which checks their answers against glibc's calendar (`make test-embedded`). Only
// the C program decides what is right; these functions just forward.
import CalGrid

/// The day number (days since 1970-01-01) of a civil date, or `Int64.min` when the core rejects it.
@c(probe_day_number)
public func probe_day_number(_ year: Int32, _ month: Int32, _ day: Int32) -> Int64 {
    do throws(DateError) {
        return Int64(try CivilDate(year: Int(year), month: Int(month), day: Int(day)).dayNumber)
    } catch {
        return Int64.min
    }
}

/// The civil date of a day number as `year * 10000 + month * 100 + day`, and its weekday
/// (0 = Sunday) in `weekday`; -1 when the day number is outside the years 1...9999.
@c(probe_civil_date)
public func probe_civil_date(_ dayNumber: Int64, _ weekday: UnsafeMutablePointer<Int32>) -> Int64 {
    do throws(DateError) {
        let date = try CivilDate(dayNumber: dayNumber)
        weekday.pointee = Int32(date.weekday.rawValue)
        return Int64(date.year * 10_000 + date.month * 100 + date.day)
    } catch {
        return -1
    }
}

/// The number of days in a month of the years 1...9999.
@c(probe_days_in_month)
public func probe_days_in_month(_ year: Int32, _ month: Int32) -> Int32 {
    Int32(CivilDate.daysInMonth(year: Int(year), month: Int(month)))
}
