// The printable form of a rejection's excerpt: each control character (U+0000-U+001F, U+007F) becomes its
// Unicode control picture (U+2400-U+241F, U+2421) so that the caret under the excerpt lines up.
//
// In UTF-8 a control character is one byte and no byte of a longer character is below 0x80, so the mapping
// works byte by byte: a 256-entry table holds each byte's output (the byte, or the picture's three bytes),
// its length and whether it starts a Unicode scalar. Writing is one load, one 4-byte store and two adds per
// byte, with no comparison of the byte (which comparison tracing would hook).

/// The byte-by-byte table behind the control pictures of `XCallbackRejection.description`.
enum VisibleForm {
    /// Entry `b`: the 1 or 3 output bytes, little-endian; bits 24-27 their count; bit 28 set unless `b` is a
    /// UTF-8 continuation byte (0x80-0xBF).
    static let table: [UInt32] = (0...UInt8.max).map { byte in
        let startsScalar: UInt32 = byte & 0xC0 == 0x80 ? 0 : 1 << 28
        let picture: UInt32? = byte < 0x20 ? 0x2400 + UInt32(byte) : byte == 0x7F ? 0x2421 : nil
        guard let picture else { return UInt32(byte) | 1 << 24 | startsScalar }
        // U+2400-U+2421 in UTF-8: 0xE2, 0x80 | bits 6-11, 0x80 | bits 0-5.
        let lead: UInt32 = 0xE0 | picture >> 12
        let middle: UInt32 = 0x80 | (picture >> 6) & 0x3F
        let last: UInt32 = 0x80 | picture & 0x3F
        return lead | middle << 8 | last << 16 | 3 << 24 | startsScalar
    }

    /// Writes the visible form of `bytes` (valid UTF-8) at `offset` of `out`, which must have room for three
    /// bytes per byte plus three; adds the number of Unicode scalars to `scalars` and returns the new offset.
    static func append(
        _ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutableRawPointer, at offset: Int, scalars: inout Int
    ) -> Int {
        table.withUnsafeBufferPointer { table in
            var written = offset
            var count = scalars
            for byte in bytes {
                let entry = table[Int(byte)]
                out.storeBytes(of: entry.littleEndian, toByteOffset: written, as: UInt32.self)
                written &+= Int((entry >> 24) & 0xF)
                count &+= Int(entry >> 28)
            }
            scalars = count
            return written
        }
    }
}
