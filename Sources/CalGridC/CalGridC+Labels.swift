import CalGrid
import CCalGrid

func _language(_ l: calgrid_language) throws(CStatus) -> LabelLanguage { try _case(l.rawValue) }

func _width(_ w: calgrid_label_width) throws(CStatus) -> LabelWidth { try _case(w.rawValue) }

/// A static label as C sees it: Swift string literals are stored NUL-terminated.
func _cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// The boundary of the label calls: `*out` = the static name `name` gives for the width and the
/// language (both checked first).
func _label(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ width: calgrid_label_width,
            _ language: calgrid_language, _ name: (LabelWidth, LabelLanguage) throws(CStatus) -> StaticString) -> Int32 {
    _output(out) { () throws(CStatus) in _cString(try name(try _width(width), try _language(language))) }
}

@c(calgrid_label_weekday) @implementation
public func calgrid_label_weekday(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ weekday: calgrid_weekday,
                                  _ width: calgrid_label_width, _ language: calgrid_language) -> Int32 {
    _label(out, width, language) { (w, l) throws(CStatus) in try _weekday(weekday).name(w, l) }
}

@c(calgrid_label_month) @implementation
public func calgrid_label_month(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ month: Int32,
                                _ width: calgrid_label_width, _ language: calgrid_language) -> Int32 {
    _label(out, width, language) { (w, l) throws(CStatus) in
        try _translating { () throws(DateError) in try MonthLabels.name(Int(month), w, l) }
    }
}

@c(calgrid_label_period) @implementation
public func calgrid_label_period(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ kind: calgrid_period_kind,
                                 _ width: calgrid_label_width, _ language: calgrid_language) -> Int32 {
    _label(out, width, language) { (w, l) throws(CStatus) in (try _case(kind.rawValue) as PeriodKind).name(w, l) }
}

@c(calgrid_label_sort) @implementation
public func calgrid_label_sort(_ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?, _ order: calgrid_sort_label,
                               _ width: calgrid_label_width, _ language: calgrid_language) -> Int32 {
    _label(out, width, language) { (w, l) throws(CStatus) in (try _case(order.rawValue) as SortOrderLabel).name(w, l) }
}

@c(calgrid_sort_label_order) @implementation
public func calgrid_sort_label_order(_ outKey: UnsafeMutablePointer<calgrid_sort_key>?,
                                     _ outDescending: UnsafeMutablePointer<Int32>?, _ label: calgrid_sort_label) -> Int32 {
    _boundary { () throws(CStatus) in
        let outKey = try _required(outKey), outDescending = try _required(outDescending)
        let order = (try _case(label.rawValue) as SortOrderLabel).order
        outKey.pointee = calgrid_sort_key(rawValue: UInt32(order.key.rawValue))
        outDescending.pointee = order.descending ? 1 : 0
    }
}

/// Runs a core title writer on the caller's buffer, leaving room for the NUL.
func _title(_ buf: UnsafeMutablePointer<CChar>?, _ size: Int,
            _ write: (UnsafeMutableBufferPointer<UInt8>) throws(CStatus) -> Int) throws(CStatus) {
    let buf = try _required(buf)
    guard try _length(size) >= 1 else { throw .noSpace }
    let bytes = UnsafeMutableRawPointer(buf).assumingMemoryBound(to: UInt8.self)
    let n = try write(UnsafeMutableBufferPointer(start: bytes, count: size - 1))
    guard n > 0 else { buf[0] = 0; throw .noSpace }
    buf[n] = 0
}

@c(calgrid_title_month) @implementation
public func calgrid_title_month(_ buf: UnsafeMutablePointer<CChar>?, _ size: Int, _ year: Int32, _ month: Int32,
                                _ language: calgrid_language) -> Int32 {
    _boundary { () throws(CStatus) in
        let l = try _language(language)
        try _title(buf, size) { (b) throws(CStatus) in
            do throws(DateError) { return try DateTitles.writeMonth(year: Int(year), month: Int(month), l, into: b) }
            catch { throw error._status }
        }
    }
}

@c(calgrid_title_date) @implementation
public func calgrid_title_date(_ buf: UnsafeMutablePointer<CChar>?, _ size: Int, _ date: calgrid_date,
                               _ language: calgrid_language) -> Int32 {
    _boundary { () throws(CStatus) in
        let l = try _language(language), d = try _date(date)
        try _title(buf, size) { (b) throws(CStatus) in DateTitles.writeLongDate(d, l, into: b) }
    }
}
