// One component's properties through libical, typed: texts as bytes, dates and date-times as
// `_ICalTime` (validated: libical accepts month 13, day 45 and hour 24), durations, the TZID of a
// value, libical's own error properties. The only place that calls icalproperty_* / icalvalue_*.
import CLibical
import CalGrid
import CalGridImport

/// A component (VTODO, VEVENT, VALARM…) of a parsed document; valid while the document lives.
struct _Component {
    let raw: OpaquePointer

    var kind: icalcomponent_kind { icalcomponent_isa(raw) }
    var kindName: String { String(cString: icalcomponent_kind_to_string(kind)) }
    var isTodo: Bool { kind == ICAL_VTODO_COMPONENT }
    var isEvent: Bool { kind == ICAL_VEVENT_COMPONENT }

    /// The component's children of `kind` (`ICAL_ANY_COMPONENT` for all), in order.
    func children(_ kind: icalcomponent_kind) -> [_Component] {
        var out: [_Component] = []
        var c = icalcomponent_get_first_component(raw, kind)
        while let x = c {
            out.append(_Component(raw: x))
            c = icalcomponent_get_next_component(raw, kind)
        }
        return out
    }

    /// The enclosing VCALENDAR (or the top component).
    var root: _Component {
        var c = raw
        while let p = icalcomponent_get_parent(c) { c = p }
        return _Component(raw: c)
    }

    /// The UID's text; nil when there is none.
    var uid: String? { withText(ICAL_UID_PROPERTY) { t in t.map { String(decoding: $0, as: UTF8.self) } } }

    func first(_ kind: icalproperty_kind) -> OpaquePointer? { icalcomponent_get_first_property(raw, kind) }
    func has(_ kind: icalproperty_kind) -> Bool { first(kind) != nil }

    /// Every property of `kind`, in order.
    func all(_ kind: icalproperty_kind) -> [OpaquePointer] {
        var out: [OpaquePointer] = []
        var p = icalcomponent_get_first_property(raw, kind)
        while let x = p {
            out.append(x)
            p = icalcomponent_get_next_property(raw, kind)
        }
        return out
    }

    /// libical's X-LIC-ERROR properties of this component (what it could not parse and dropped).
    var parseErrors: [String] {
        all(ICAL_XLICERROR_PROPERTY).map { p in icalproperty_get_xlicerror(p).map { String(cString: $0) } ?? "" }
    }

    /// The unescaped text of the first `kind` property, as bytes for `body`; nil when absent.
    func withText<R>(_ kind: icalproperty_kind, _ body: (UnsafeRawBufferPointer?) -> R) -> R {
        guard let p = first(kind) else { return body(nil) }
        return _Property.withText(p, body)
    }

    /// The first `kind` property's date or date-time; nil when absent.
    func time(_ kind: icalproperty_kind, _ name: String) throws(_FieldFailure) -> _ICalTime? {
        guard let p = first(kind) else { return nil }
        return try _Property.time(p, name)
    }

    /// The DURATION property as a duration; nil when absent.
    func duration() throws(_FieldFailure) -> icaldurationtype? {
        guard let p = first(ICAL_DURATION_PROPERTY) else { return nil }
        let d = icalproperty_get_duration(p)
        guard icaldurationtype_is_bad_duration(d) == 0 else { throw _FieldFailure(.invalidDateTime, "DURATION", _ICalText.badDuration("DURATION")) }
        return d
    }

    /// True when the todo is done: STATUS:COMPLETED, a COMPLETED date-time, or PERCENT-COMPLETE:100.
    var isDone: Bool {
        if let s = first(ICAL_STATUS_PROPERTY), icalproperty_get_status(s) == ICAL_STATUS_COMPLETED { return true }
        if has(ICAL_COMPLETED_PROPERTY) { return true }
        if let p = first(ICAL_PERCENTCOMPLETE_PROPERTY), icalproperty_get_percentcomplete(p) >= 100 { return true }
        return false
    }
}

enum _Property {
    /// The unescaped text value of `p` as bytes (libical keeps it NUL-terminated UTF-8), as it
    /// reads back once libical has written it: without backspace, form feed or carriage return,
    /// which libical drops when it writes TEXT (RFC 5545 3.3.11 allows no control character there
    /// but HTAB), and then without the spaces, tabs and vertical tabs that dropping them left at
    /// either end, which libical's parser trims. Otherwise a value read with one would not survive
    /// CalGrid's own export (fuzz-icalendar: Thunderbird's `LOCATION:Pfarrsaal<CR>J…`, a
    /// `Leisure centre<BS>`).
    static func withText<R>(_ p: OpaquePointer, _ body: (UnsafeRawBufferPointer?) -> R) -> R {
        guard let v = icalproperty_get_value(p), let s = icalvalue_get_text(v) else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let text = UnsafeRawBufferPointer(start: s, count: strlen(s))
        guard text.contains(where: { $0 == 0x08 || $0 == 0x0C || $0 == 0x0D }) else { return body(text) }
        var kept = text.filter { $0 != 0x08 && $0 != 0x0C && $0 != 0x0D }
        func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0B }
        while let last = kept.last, blank(last) { kept.removeLast() }
        let lead = kept.prefix(while: blank).count
        return kept[lead...].withUnsafeBytes { body($0) }
    }

    /// `p`'s value as libical writes it (an RRULE's parts in libical's order), as bytes.
    static func valueText(_ p: OpaquePointer) -> [UInt8] {
        guard let s = icalproperty_get_value_as_string_r(p) else { return [] }
        defer { cg_ical_free(s) }
        return Array(UnsafeRawBufferPointer(start: s, count: strlen(s)))
    }

    /// `p`'s value as a date or date-time in the zone its TZID names (if any), validated.
    static func time(_ p: OpaquePointer, _ name: String) throws(_FieldFailure) -> _ICalTime {
        guard let v = icalproperty_get_value(p) else { throw _FieldFailure(.invalidDateTime, name, _ICalText.notADate(name)) }
        let k = icalvalue_isa(v)
        let t: icaltimetype
        if k == ICAL_DATE_VALUE { t = icalvalue_get_date(v) } else if k == ICAL_DATETIME_VALUE { t = icalvalue_get_datetime(v) } else {
            throw _FieldFailure(.invalidDateTime, name, _ICalText.notADate(name))
        }
        return try time(t, of: p, name)
    }

    /// The value `t` of property `p` (a TZID parameter names its zone), validated.
    static func time(_ t: icaltimetype, of p: OpaquePointer, _ name: String) throws(_FieldFailure) -> _ICalTime {
        let day: CivilDate
        do { day = try CivilDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)) } catch {
            throw _FieldFailure(.invalidDate, name, _ICalText.invalidDate(name, t.year, t.month, t.day))
        }
        if t.is_date != 0 { return _ICalTime(day: day, secondOfDay: 0, form: .date) }
        guard (0...23).contains(t.hour), (0...59).contains(t.minute), (0...60).contains(t.second) else {
            throw _FieldFailure(.invalidDateTime, name, _ICalText.invalidTime(name, t.hour, t.minute, t.second))
        }
        // A leap second is the last second of its minute (tzdata-based instants have none).
        let second = Int32(t.hour) * 3600 + Int32(t.minute) * 60 + Swift.min(Int32(t.second), 59)
        if icaltime_is_utc(t) != 0 { return _ICalTime(day: day, secondOfDay: second, form: .utc) }
        if let param = icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER), let tzid = icalparameter_get_tzid(param) {
            return _ICalTime(day: day, secondOfDay: second, form: .zoned(String(cString: tzid)))
        }
        return _ICalTime(day: day, secondOfDay: second, form: .floating)
    }
}

/// A DATE or DATE-TIME value as written: its civil day, its time of day, and how to read it.
struct _ICalTime {
    enum Form {
        /// A DATE: a day as written.
        case date
        /// A date-time without zone: a wall-clock time as written.
        case floating
        /// A date-time in UTC: an instant.
        case utc
        /// A date-time in the zone of this TZID: an instant, through the file's VTIMEZONE or tzdata.
        case zoned(String)
    }
    var day: CivilDate
    var secondOfDay: Int32
    var form: Form

    var isDate: Bool { if case .date = form { return true } else { return false } }
    /// Seconds since 1970 of the wall-clock reading (day and time as written, zone ignored).
    var wallSeconds: Int64 { Int64(day.dayNumber) * 86_400 + Int64(secondOfDay) }
}
