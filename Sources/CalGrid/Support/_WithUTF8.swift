// A typed-throwing parse over a String's UTF-8 bytes: `String.withUTF8` rethrows untyped, so each
// caller carried the same Result round trip (the date, rule and POSIX TZ parsers, the C API's text
// copy). One definition for the core and the layers above it.

/// `body` over the UTF-8 bytes of `text` (a contiguous copy first when `text` is not native), its
/// typed error passed on as it is.
/// - Complexity: O(1) plus `body`'s, O(n) when `text` must be made contiguous.
@inlinable
package func _withUTF8<T, E: Error>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> T) throws(E) -> T {
    var copy = text
    let r: Result<T, E> = copy.withUTF8 { buf in
        do throws(E) { return .success(try body(buf)) } catch { return .failure(error) }
    }
    return try r.get()
}
