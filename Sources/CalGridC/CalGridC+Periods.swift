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
    guard c.kind.rawValue <= 4, let kind = PeriodKind(rawValue: UInt8(truncatingIfNeeded: c.kind.rawValue)) else {
        throw .invalid
    }
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

@c(calgrid_period_day)
public func calgrid_period_day(_ out: UnsafeMutablePointer<calgrid_period>?, _ date: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        out.pointee = _cPeriod(.day(try _date(date)))
    }
}

@c(calgrid_period_week)
public func calgrid_period_week(_ out: UnsafeMutablePointer<calgrid_period>?, _ date: calgrid_date,
                                _ firstWeekday: calgrid_weekday) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let d = try _date(date), w = try _weekday(firstWeekday)
        do throws(DateError) { out.pointee = _cPeriod(try .week(containing: d, firstWeekday: w)) } catch { throw error._status }
    }
}

@c(calgrid_period_month)
public func calgrid_period_month(_ out: UnsafeMutablePointer<calgrid_period>?, _ year: Int32, _ month: Int32) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        do throws(DateError) { out.pointee = _cPeriod(try .month(year: Int(year), month: Int(month))) } catch { throw error._status }
    }
}

@c(calgrid_period_year)
public func calgrid_period_year(_ out: UnsafeMutablePointer<calgrid_period>?, _ year: Int32) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        do throws(DateError) { out.pointee = _cPeriod(try .year(Int(year))) } catch { throw error._status }
    }
}

@c(calgrid_period_range)
public func calgrid_period_range(_ out: UnsafeMutablePointer<calgrid_period>?, _ first: calgrid_date, _ last: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let f = try _date(first), l = try _date(last)
        do throws(DateError) { out.pointee = _cPeriod(try .range(f, l)) } catch { throw error._status }
    }
}

@c(calgrid_period_next)
public func calgrid_period_next(_ out: UnsafeMutablePointer<calgrid_period>?, _ period: UnsafePointer<calgrid_period>?) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let p = try _period(period)
        do throws(DateError) { out.pointee = _cPeriod(try p.next()) } catch { throw error._status }
    }
}

@c(calgrid_period_previous)
public func calgrid_period_previous(_ out: UnsafeMutablePointer<calgrid_period>?, _ period: UnsafePointer<calgrid_period>?) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let p = try _period(period)
        do throws(DateError) { out.pointee = _cPeriod(try p.previous()) } catch { throw error._status }
    }
}

@c(calgrid_period_contains)
public func calgrid_period_contains(_ out: UnsafeMutablePointer<Int32>?, _ period: UnsafePointer<calgrid_period>?,
                                    _ date: calgrid_date) -> Int32 {
    _boundary { () throws(CStatus) in
        let out = try _required(out)
        let p = try _period(period)
        out.pointee = p.contains(try _date(date)) ? 1 : 0
    }
}
