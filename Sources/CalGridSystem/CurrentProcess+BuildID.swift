// Which build of CalGrid is running: what a cache one build wrote is keyed on, so that another
// (a new calgrid, or a new libcalgrid.so under the same program) never reads it.
import CSystem

extension CurrentProcess {
    /// The GNU build id of the program or shared library CalGrid is linked into, in hex; nil when
    /// it has none. A cache written by one build is no cache for another.
    /// - Complexity: O(loaded objects)
    public static var buildID: String? {
        var id = InlineArray<64, UInt8>(repeating: 0)
        var span = id.mutableSpan
        let n = span.withUnsafeMutableBufferPointer { b in cg_build_id(b.baseAddress!, 64) }
        guard n > 0 else { return nil }
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        for k in 0..<Int(n) { hex.append(digits[Int(id[k] >> 4)]); hex.append(digits[Int(id[k] & 15)]) }
        return String(decoding: hex, as: UTF8.self)
    }
}
