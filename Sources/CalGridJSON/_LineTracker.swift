// Where a window offset is in the whole input: byte offset, 1-based line and byte column. The
// window slides over the input, so the tracker keeps only the line number and start of the line at
// window[0], and counts newlines lazily: only when an issue needs a location, or when bytes leave
// the window. Most records never need one, so framing does not pay for line counting.
import CalGridSystem

@usableFromInline
struct _LineTracker {
    /// Offset in the input of window[0].
    var windowBase: Int64 = 0
    /// 1-based line of window[0].
    var lineAtWindow = 1
    /// Offset in the input of the start of that line.
    var lineStartAbsolute: Int64 = 0

    /// Offset in the input of window offset `x`.
    func absolute(_ x: Int) -> Int64 { windowBase + Int64(x) }

    /// Line and column of window offset `x` (the window must still hold bytes 0..<x).
    /// - Complexity: O(x), a memchr over the window.
    func location(_ p: UnsafePointer<UInt8>, _ x: Int) -> (line: Int, column: Int) {
        let l = line(p, at: x)
        return (l.line, Int(windowBase + Int64(x) - l.start) + 1)
    }

    /// Called before bytes 0..<n of the window are dropped: counts their newlines.
    mutating func dropping(_ p: UnsafePointer<UInt8>, _ n: Int) {
        (lineAtWindow, lineStartAbsolute) = line(p, at: n)
        windowBase += Int64(n)
    }

    /// The line window offset `n` is on and the input offset where that line starts, from the
    /// newlines of bytes 0..<n.
    func line(_ p: UnsafePointer<UInt8>, at n: Int) -> (line: Int, start: Int64) {
        var line = lineAtWindow
        var lineStart = lineStartAbsolute
        var k = 0
        while k < n {
            guard let nl = _firstByte(0x0A, in: p + k, count: n - k) else { break }
            let at = nl - p
            line += 1
            lineStart = windowBase + Int64(at) + 1
            k = at + 1
        }
        return (line, lineStart)
    }
}
