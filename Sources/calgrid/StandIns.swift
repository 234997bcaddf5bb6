import CalGrid

// Week numbers and range-selection states belong to the core (`core` engineer,
// Sources/CalGrid/{Grid,Periods}). Until they land on main these LOCAL STAND-INS let the views be
// written; each is marked TODO(core) and is to be deleted, not extended.

/// `--week-numbers iso|simple|none`.
enum WeekNumbering: String { case iso, simple, none }

/// How a cell sits in the `--select FROM..TO` range.
enum SelectionState: String {
    case none, single, first, middle, last
}

enum StandIn {
    // TODO(core): replace with the core's ISO 8601 week number.
    static func isoWeek(_ d: CivilDate) -> Int {
        // The ISO week is the one containing the Thursday of d's Monday-based week.
        let thursday = CivilDate(_unchecked: d.dayNumber - Int32(d.weekday.isoNumber) + 4)
        let jan1 = try! CivilDate(year: thursday.year, month: 1, day: 1)
        return jan1.days(to: thursday) / 7 + 1
    }

    // TODO(core): replace with the core's first-weekday week number (week 1 contains January 1st).
    static func simpleWeek(_ d: CivilDate, firstWeekday: Weekday) -> Int {
        let jan1 = try! CivilDate(year: d.year, month: 1, day: 1)
        let row0 = jan1.dayNumber - Int32(jan1.weekday.offset(from: firstWeekday))
        return Int(d.dayNumber - row0) / 7 + 1
    }

    /// The number shown for a week row starting on `rowFirst`.
    static func weekNumber(rowFirst: CivilDate, _ kind: WeekNumbering, firstWeekday: Weekday) -> Int? {
        switch kind {
        case .none: return nil
        // A row that does not start on Monday spans two ISO weeks; it shows the one holding its Thursday.
        case .iso: return isoWeek(CivilDate(_unchecked: rowFirst.dayNumber + Int32(Weekday.thursday.offset(from: firstWeekday))))
        // A row holding January 1st is week 1 of the new year, so count from the row's last day.
        case .simple: return simpleWeek(CivilDate(_unchecked: rowFirst.dayNumber + 6), firstWeekday: firstWeekday)
        }
    }

    // TODO(core): replace with the core's range-selection cell states.
    static func selection(_ d: CivilDate, _ range: ClosedRange<CivilDate>?) -> SelectionState {
        guard let r = range, r.contains(d) else { return .none }
        if r.lowerBound == r.upperBound { return .single }
        if d == r.lowerBound { return .first }
        if d == r.upperBound { return .last }
        return .middle
    }
}
