import CalGrid
import CCalGrid

func _cPeriod(_ p: Period) -> calgrid_period {
    calgrid_period(kind: calgrid_period_kind(rawValue: UInt32(p.kind.rawValue)), first: p.first.dayNumber,
                   last: p.last.dayNumber, first_weekday: _cWeekday(p.firstWeekday))
}

/// Rebuilds a `Period` from a C value through the core's own constructors, and accepts it only if
/// the core would have produced exactly that value.
func _period(_ p: UnsafePointer<calgrid_period>?) throws(CStatus) -> Period {
    let c = try _required(p).pointee
    let kind: PeriodKind = try _case(c.kind.rawValue)
    let first = try _date(c.first), last = try _date(c.last)
    let weekday = try _weekday(c.first_weekday)
    let rebuilt: Period
    do throws(DateError) {
        switch kind {
        case .day: rebuilt = .day(first)
        case .week: rebuilt = try .week(containing: first, firstWeekday: weekday)
        case .month: rebuilt = .month(containing: first)
        case .year: rebuilt = try .year(first.year)
        case .range: rebuilt = try .range(first, last)
        }
    } catch { throw .invalid }
    guard rebuilt.first == first, rebuilt.last == last, rebuilt.firstWeekday == weekday else { throw .invalid }
    return rebuilt
}

/// The boundary of a call that makes a period: `*out` = the period `make` builds, in C form.
func _outputPeriod(_ out: UnsafeMutablePointer<calgrid_period>?,
                   _ make: () throws(CStatus) -> Period) -> Int32 {
    _output(out) { () throws(CStatus) in _cPeriod(try make()) }
}

/// The boundary of `calgrid_period_next` / `_previous`: `*out` = `step` of the C period.
func _step(_ out: UnsafeMutablePointer<calgrid_period>?, _ period: UnsafePointer<calgrid_period>?,
           _ step: (Period) throws(DateError) -> Period) -> Int32 {
    _outputPeriod(out) { () throws(CStatus) in
        let p = try _period(period)
        return try _translating { () throws(DateError) in try step(p) }
    }
}

@c(calgrid_period_day) @implementation
public func calgrid_period_day(_ out: UnsafeMutablePointer<calgrid_period>?, _ date: calgrid_date) -> Int32 {
    _outputPeriod(out) { () throws(CStatus) in .day(try _date(date)) }
}

@c(calgrid_period_week) @implementation
public func calgrid_period_week(_ out: UnsafeMutablePointer<calgrid_period>?, _ date: calgrid_date,
                                _ firstWeekday: calgrid_weekday) -> Int32 {
    _outputPeriod(out) { () throws(CStatus) in
        let d = try _date(date), w = try _weekday(firstWeekday)
        return try _translating { () throws(DateError) in try .week(containing: d, firstWeekday: w) }
    }
}

@c(calgrid_period_month) @implementation
public func calgrid_period_month(_ out: UnsafeMutablePointer<calgrid_period>?, _ year: Int32, _ month: Int32) -> Int32 {
    _outputPeriod(out) { () throws(CStatus) in
        try _translating { () throws(DateError) in try .month(year: Int(year), month: Int(month)) }
    }
}

@c(calgrid_period_year) @implementation
public func calgrid_period_year(_ out: UnsafeMutablePointer<calgrid_period>?, _ year: Int32) -> Int32 {
    _outputPeriod(out) { () throws(CStatus) in try _translating { () throws(DateError) in try .year(Int(year)) } }
}

@c(calgrid_period_range) @implementation
public func calgrid_period_range(_ out: UnsafeMutablePointer<calgrid_period>?, _ first: calgrid_date, _ last: calgrid_date) -> Int32 {
    _outputPeriod(out) { () throws(CStatus) in
        let f = try _date(first), l = try _date(last)
        return try _translating { () throws(DateError) in try .range(f, l) }
    }
}

@c(calgrid_period_next) @implementation
public func calgrid_period_next(_ out: UnsafeMutablePointer<calgrid_period>?, _ period: UnsafePointer<calgrid_period>?) -> Int32 {
    _step(out, period) { (p) throws(DateError) in try p.next() }
}

@c(calgrid_period_previous) @implementation
public func calgrid_period_previous(_ out: UnsafeMutablePointer<calgrid_period>?, _ period: UnsafePointer<calgrid_period>?) -> Int32 {
    _step(out, period) { (p) throws(DateError) in try p.previous() }
}

@c(calgrid_period_contains) @implementation
public func calgrid_period_contains(_ out: UnsafeMutablePointer<Int32>?, _ period: UnsafePointer<calgrid_period>?,
                                    _ date: calgrid_date) -> Int32 {
    _output(out) { () throws(CStatus) in try _period(period).contains(try _date(date)) ? 1 : 0 }
}
