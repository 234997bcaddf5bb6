// The holidays' names as UTF-8, 1012 bytes in 253 words (byte k is bits 8 * (k % 4) ... of word
// k / 4), each row naming its own as a _HolidayText(offset, count) with the text in a comment beside
// it. In a section of its own, like the lunar table, so that `--gc-sections` drops the names from a
// program that never names a holiday: as string literals they land in the one shared string section
// every firmware keeps whole (docs/lunar-and-holidays.md, Size). A `var` only so that reads take its
// address; nothing writes it.
@section(".rodata.calgrid_holiday_names") nonisolated(unsafe) var _holidayNameBytes: (
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
    UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32
) = (
    0x65746C41, 0x74616E72, 0x20657669, 0x696C6F68, 0x20796164, 0x20726F66, 0x626F2820, 0x76726573,
    0x20296465, 0xEC808CEB, 0xED20B4B2, 0x9DECB49C, 0x77654EBC, 0x61655920, 0x20732772, 0xEC796144,
    0xA0ECA08B, 0xB097EC95, 0x54B49CED, 0x64206568, 0x70207961, 0x65636572, 0x676E6964, 0x726F4B20,
    0x206E6165, 0x2077654E, 0x72616559, 0xEBA484EC, 0xEC20A082, 0x82EB84A0, 0x726F4BA0, 0x206E6165,
    0x2077654E, 0x72616559, 0xEBA484EC, 0x6854A082, 0x65732065, 0x646E6F63, 0x79616420, 0x20666F20,
    0x65726F4B, 0x4E206E61, 0x59207765, 0xEC726165, 0x82EBA484, 0x8BEB20A0, 0x8C9DECA4, 0x49A082EB,
    0x7065646E, 0x65646E65, 0x2065636E, 0x65766F4D, 0x746E656D, 0x79614420, 0xECBC82EC, 0xA0ECBC9D,
    0x65725488, 0x6C502065, 0x69746E61, 0x4420676E, 0x8BEC7961, 0xA9AAEB9D, 0x42BC9DEC, 0x68646475,
    0x20732761, 0x74726942, 0x79616468, 0xEA9D84EC, 0x83ED80B0, 0xA08BEC84, 0xEBBC9DEC, 0xB2EC80B6,
    0x988BEB98, 0xECA498EC, 0x82EBA08B, 0x62614CA0, 0x4420726F, 0x85EB7961, 0x998FEBB8, 0x4388A0EC,
    0x646C6968, 0x276E6572, 0x61442073, 0xB496EC79, 0xECB0A6EB, 0x82EBB49D, 0x6D654DA0, 0x6169726F,
    0x6144206C, 0x8498ED79, 0xECA9B6EC, 0x6F43BC9D, 0x6974736E, 0x69747574, 0x44206E6F, 0xA0EC7961,
    0x8C97ED9C, 0x4C88A0EC, 0x72656269, 0x6F697461, 0x6144206E, 0x91B4EA79, 0xECB5B3EB, 0x724188A0,
    0x2064656D, 0x63726F46, 0x44207365, 0xB5EA7961, 0xB0B5EAAD, 0x20989DEC, 0x4EA082EB, 0x6F697461,
    0x206C616E, 0x6E756F46, 0x69746164, 0x44206E6F, 0xB0EA7961, 0x9CB2EC9C, 0x4888A0EC, 0x75676E61,
    0x6144206C, 0x9C95ED79, 0xEB80B8EA, 0x6854A082, 0x61642065, 0x72702079, 0x64656365, 0x20676E69,
    0x73756843, 0xEC6B6F65, 0x84EC94B6, 0xA0EC209D, 0xA082EB84, 0x73756843, 0xEC6B6F65, 0x84EC94B6,
    0x6568549D, 0x63657320, 0x20646E6F, 0x20796164, 0x4320666F, 0x65737568, 0xB6EC6B6F, 0x9D84EC94,
    0xA48BEB20, 0xEB8C9DEC, 0x6843A082, 0x74736972, 0x2073616D, 0xEA796144, 0x8FEBB0B8, 0x8483ED85,
    0xECA08BEC, 0x614DBC9D, 0x6E697472, 0x74754C20, 0x20726568, 0x676E694B, 0x2E724A20, 0x79614420,
    0x68736157, 0x74676E69, 0x73276E6F, 0x72694220, 0x61646874, 0x6E754A79, 0x65657465, 0x2068746E,
    0x6974614E, 0x6C616E6F, 0x646E4920, 0x6E657065, 0x636E6564, 0x61442065, 0x646E4979, 0x6E657065,
    0x636E6564, 0x61442065, 0x6C6F4379, 0x75626D75, 0x61442073, 0x74655679, 0x6E617265, 0x61442073,
    0x61685479, 0x67736B6E, 0x6E697669, 0x61442067, 0x75654E79, 0x7268616A, 0x646F6F47, 0x69724620,
    0x4B796164, 0x72667261, 0x61746965, 0x73614567, 0x20726574, 0x646E6F4D, 0x734F7961, 0x6D726574,
    0x61746E6F, 0x73724567, 0x20726574, 0x4169614D, 0x6E656373, 0x6E6F6973, 0x79614420, 0x69726843,
    0x20697473, 0x6D6D6948, 0x61666C65, 0x50747268, 0x65746E65, 0x74736F63, 0x6E6F4D20, 0x50796164,
    0x676E6966, 0x6F6D7473, 0x6761746E, 0x6D726547, 0x55206E61, 0x7974696E, 0x79614420, 0x20676154,
    0x20726564, 0x74756544, 0x65686373, 0x6945206E, 0x6965686E, 0x66655274, 0x616D726F, 0x6E6F6974,
    0x79614420, 0x6F666552, 0x74616D72, 0x736E6F69, 0x45676174, 0x65747372, 0x65572072, 0x616E6869,
    0x73746863, 0x53676174, 0x6E6F6365, 0x61442064, 0x666F2079, 0x72684320, 0x6D747369, 0x775A7361,
    0x65746965, 0x65572072, 0x616E6869, 0x73746863, 0x00676174
)

/// A holiday's name: `count` bytes of `_holidayNameBytes` from `offset`.
struct _HolidayText {
    var offset: UInt16
    var count: UInt8
    init(_ offset: UInt16, _ count: UInt8) { self.offset = offset; self.count = count }
    /// "Alternative holiday for ", " (observed)", " 대체 휴일": the substitute days' affixes.
    static var alternativeFor: _HolidayText { _HolidayText(0, 24) }
    static var observed: _HolidayText { _HolidayText(24, 11) }
    static var substituteKo: _HolidayText { _HolidayText(35, 14) }

    /// - Complexity: O(count); allocates the returned string.
    var string: String { _string() }
    // Never emitted into a client module: Embedded Swift copies a function it inlines there, and with
    // it the table, whose own section (not a shared one) makes the copy a second strong definition
    // that `ld -r` of libcalgrid.a refuses.
    @export(interface)
    func _string() -> String { withUnsafeBytes(of: &_holidayNameBytes) { _utf8String($0, Int(offset), Int(count)) } }
}

/// `count` bytes of a table of UTF-8 text from `offset`, decoded (the tables hold valid UTF-8).
/// - Complexity: O(count); allocates the returned string.
func _utf8String(_ raw: UnsafeRawBufferPointer, _ offset: Int, _ count: Int) -> String {
    String(decoding: raw[offset ..< offset + count], as: UTF8.self)
}
