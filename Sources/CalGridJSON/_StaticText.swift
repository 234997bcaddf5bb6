/// A static string's bytes as a String (messages written as literals).
@usableFromInline
func _text(_ s: StaticString) -> String {
    String(decoding: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount), as: UTF8.self)
}
