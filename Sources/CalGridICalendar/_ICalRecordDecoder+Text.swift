// Text values CalGrid keeps (UID, SUMMARY, DESCRIPTION, CATEGORIES) must survive being written
// back. iCalendar text cannot carry a control character other than a tab (RFC 5545 3.3.11: a line
// break is the escape \n), yet libical keeps a bare CR or other control byte inside a value; written
// out again it would break the line or be dropped. Such a value is refused, located, at import.
import CLibical
import CalGridImport

extension _ICalRecordDecoder {
    /// The first kept text property holding a control character (other than a tab, or a line
    /// feed from `\n` outside the UID), and that byte.
    static func controlCharacter(in c: _Component) -> (property: String, byte: UInt8)? {
        let named: [(icalproperty_kind, String)] = [(ICAL_UID_PROPERTY, "UID"), (ICAL_SUMMARY_PROPERTY, "SUMMARY"),
                                                    (ICAL_DESCRIPTION_PROPERTY, "DESCRIPTION")]
        for (kind, name) in named {
            if let b = c.withText(kind, { t in t.flatMap { firstControl($0, lineFeed: name != "UID") } }) { return (name, b) }
        }
        for p in c.all(ICAL_CATEGORIES_PROPERTY) {
            if let b = _Property.withText(p, { t in t.flatMap { firstControl($0, lineFeed: false) } }) { return ("CATEGORIES", b) }
        }
        return nil
    }

    static func firstControl(_ t: UnsafeRawBufferPointer, lineFeed: Bool) -> UInt8? {
        t.first { b in (b < 0x20 && b != 0x09 && !(lineFeed && b == 0x0A)) || b == 0x7F }
    }

    /// The failure for a control character in `property`.
    static func controlCharacterFailure(_ property: String, _ byte: UInt8) -> _FieldFailure {
        _FieldFailure(.controlCharacterInString, property, _ICalText.controlCharacter(property, byte))
    }
}
