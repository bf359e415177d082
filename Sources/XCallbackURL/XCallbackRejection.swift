/// Why a URL was rejected or a URL could not be built, with the place in the input where it went wrong.
public struct XCallbackRejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// The stable category of the rejection.
    public var category: RejectionCategory
    /// A sentence for people saying what was expected.
    public var message: String
    /// The input the rejection is about, when there is one to point into.
    public var input: String?
    /// The UTF-8 byte offset of the offending character in `input`, when one can be named.
    public var offset: Int?

    /// Creates a rejection.
    public init(_ category: RejectionCategory, _ message: String, input: String? = nil, offset: Int? = nil) {
        self.category = category
        self.message = message
        self.input = input
        self.offset = offset
    }

    /// The rejection as a diagnostic: the category, the message, and the input with a caret under the offending character.
    public var description: String {
        guard let input, let offset else { return "error: \(category.rawValue): \(message)" }
        let (line, caretColumn) = Self.excerpt(of: input, at: offset)
        let at = String(offset)
        // Written once into one String: no intermediate strings for the pieces.
        return URLWriter.build { writer in
            writer.append(literal: "error: ")
            writer.append(category.rawValue)
            writer.append(literal: ": ")
            writer.append(message)
            writer.append(literal: " (at byte ")
            writer.append(at)
            writer.append(literal: ")\n  ")
            writer.append(line)
            writer.append(literal: "\n  ")
            for _ in 0..<caretColumn { writer.append(UInt8(ascii: " ")) }
            writer.append(UInt8(ascii: "^"))
        }
    }

    /// Returns a printable window of `input` around `offset` and the column of `offset` in it.
    ///
    /// Control characters are shown as their Unicode control pictures so that the caret lines up.
    static func excerpt(of input: String, at offset: Int, radius: Int = 48) -> (String, Int) {
        // Reads the window in place: a native string lends its storage, so a long input is not copied.
        var text = input
        return text.withUTF8 { bytes in
            let clamped = max(0, min(offset, bytes.count))
            var start = max(0, clamped - radius)
            var end = min(bytes.count, clamped + radius)
            while start > 0, start < bytes.count, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            let elided = (before: start > 0, after: end < bytes.count)
            guard clamped == bytes.count || bytes[clamped] & 0xC0 != 0x80 else {
                // The offset splits a character: each half is repaired on its own, as `String(decoding:)` does.
                let before = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<clamped]), as: UTF8.self)
                let after = String(decoding: UnsafeBufferPointer(rebasing: bytes[clamped..<end]), as: UTF8.self)
                return withUTF8Bytes(before) { left in
                    withUTF8Bytes(after) { right in Self.visibleLine(left, right, elided: elided) }
                }
            }
            // The window starts, splits and ends between characters of valid UTF-8: no repair is needed.
            return Self.visibleLine(
                UnsafeBufferPointer(rebasing: bytes[start..<clamped]),
                UnsafeBufferPointer(rebasing: bytes[clamped..<end]), elided: elided)
        }
    }

    /// `before` then `after` with every control character as its control picture, between `…` where the
    /// window was cut, and the column (in Unicode scalars) where `after` starts.
    private static func visibleLine(
        _ before: UnsafeBufferPointer<UInt8>, _ after: UnsafeBufferPointer<UInt8>, elided: (before: Bool, after: Bool)
    ) -> (String, Int) {
        var column = elided.before ? 1 : 0
        // Three bytes per input byte at most, an ellipsis at each end, and the slack of the 4-byte stores.
        let capacity = (before.count &+ after.count) &* 3 &+ 9
        let line = String(unsafeUninitializedCapacity: capacity) { buffer in
            let out = UnsafeMutableRawPointer(buffer.baseAddress.unsafelyUnwrapped)
            var written = 0
            if elided.before { written = appendEllipsis(out, at: written) }
            written = VisibleForm.append(before, to: out, at: written, scalars: &column)
            var ignored = 0
            written = VisibleForm.append(after, to: out, at: written, scalars: &ignored)
            if elided.after { written = appendEllipsis(out, at: written) }
            return written
        }
        return (line, column)
    }

    /// Writes `…` (U+2026) at `offset`; returns the offset after it.
    private static func appendEllipsis(_ out: UnsafeMutableRawPointer, at offset: Int) -> Int {
        out.storeBytes(of: 0xE2, toByteOffset: offset, as: UInt8.self)
        out.storeBytes(of: 0x80, toByteOffset: offset &+ 1, as: UInt8.self)
        out.storeBytes(of: 0xA6, toByteOffset: offset &+ 2, as: UInt8.self)
        return offset &+ 3
    }
}
