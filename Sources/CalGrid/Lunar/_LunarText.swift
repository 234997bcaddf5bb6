/// The longer pieces of `LunarDateError`'s sentences as UTF-8 (300 bytes, byte k is bits
/// 8 * (k % 4) ... of word k / 4), in a section of their own like the lunar table: as string
/// literals they land in the one shared string section that every firmware keeps whole, lunar or not
/// (docs/lunar-and-holidays.md, Size). Pieces of 3 bytes or fewer stay literals (shared with other sentences).
/// A `var` only so that reads take its address; nothing writes it.
/// 0: "lunar year "
/// 11: " is outside "
/// 23: ", the years the KASI table covers"
/// 56: "lunar month "
/// 68: " is outside 1...12"
/// 86: " has no leap month "
/// 105: " (it has no leap month)"
/// 128: " (its leap month is "
/// 148: "day "
/// 152: " does not exist in lunar "
/// 177: "leap "
/// 182: "month "
/// 188: " of "
/// 192: ", which has "
/// 204: " days"
/// 209: "lunar "
/// 215: " is after "
/// 225: ", the last day the KASI table covers"
/// 261: ", the solar days the lunar table covers"
@section(".rodata.calgrid_lunar_text") nonisolated(unsafe) var _lunarTextBytes: (
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32
) = (
    0x616E756C, 0x65792072, 0x20207261, 0x6F207369, 0x69737475, 0x2C206564, 0x65687420, 0x61657920,
    0x74207372, 0x4B206568, 0x20495341, 0x6C626174, 0x6F632065, 0x73726576, 0x616E756C, 0x6F6D2072,
    0x2068746E, 0x20736920, 0x7374756F, 0x20656469, 0x2E2E2E31, 0x68203231, 0x6E207361, 0x656C206F,
    0x6D207061, 0x68746E6F, 0x69282020, 0x61682074, 0x6F6E2073, 0x61656C20, 0x6F6D2070, 0x2968746E,
    0x74692820, 0x656C2073, 0x6D207061, 0x68746E6F, 0x20736920, 0x20796164, 0x656F6420, 0x6F6E2073,
    0x78652074, 0x20747369, 0x6C206E69, 0x72616E75, 0x61656C20, 0x6F6D2070, 0x2068746E, 0x20666F20,
    0x6877202C, 0x20686369, 0x20736168, 0x79616420, 0x6E756C73, 0x20207261, 0x61207369, 0x72657466,
    0x74202C20, 0x6C206568, 0x20747361, 0x20796164, 0x20656874, 0x4953414B, 0x62617420, 0x6320656C,
    0x7265766F, 0x74202C73, 0x73206568, 0x72616C6F, 0x79616420, 0x68742073, 0x756C2065, 0x2072616E,
    0x6C626174, 0x6F632065, 0x73726576
)

/// `count` bytes of `_lunarTextBytes` from `offset`.
struct _LunarText {
    var offset: UInt16
    var count: UInt8
    init(_ offset: UInt16, _ count: UInt8) { self.offset = offset; self.count = count }
    /// - Complexity: O(count); allocates the returned string.
    var string: String { _string() }
    // Never emitted into a client module: Embedded Swift copies a function it inlines there, and with
    // it the table, whose own section (not a shared one) makes the copy a second strong definition
    // that `ld -r` of libcalgrid.a refuses.
    @export(interface)
    func _string() -> String { withUnsafeBytes(of: &_lunarTextBytes) { _utf8String($0, Int(offset), Int(count)) } }
}
