// The names of zones a reader made from a file's own rules rather than found by name.

/// The first bytes of the name of a zone made from a VTIMEZONE's expanded offset changes (an Apple
/// iCal zone of RDATE lists, an Exchange zone whose rules changed since 1970): no tz database name
/// and no POSIX TZ string begins so, so no reader of a name (`TimeZoneRules.parse`: the native
/// format's `timeZone`, the vdir cache) takes it for one. The native format leaves such a zone out:
/// its record reads back with the first occurrence's times (docs/icalendar.md, Times of day).
package let _expandedZonePrefix: [UInt8] = Array("VTIMEZONE:".utf8)

/// Whether `name` is the name of such a zone.
/// - Complexity: O(prefix)
@usableFromInline package func _isExpandedZoneName(_ name: String) -> Bool {
    var i = name.utf8.makeIterator()
    for b in _expandedZonePrefix { guard i.next() == b else { return false } }
    return true
}
