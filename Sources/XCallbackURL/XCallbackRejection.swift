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
        var text = "error: \(category): \(message)"
        guard let input, let offset else { return text }
        let (line, caretColumn) = Self.excerpt(of: input, at: offset)
        text += " (at byte \(offset))\n  \(line)\n  \(String(repeating: " ", count: caretColumn))^"
        return text
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
            let before = visible(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<clamped]), as: UTF8.self))
            let after = visible(String(decoding: UnsafeBufferPointer(rebasing: bytes[clamped..<end]), as: UTF8.self))
            let leading = start > 0 ? "…" : ""
            let trailing = end < bytes.count ? "…" : ""
            let column = leading.count + before.unicodeScalars.count
            return (leading + before + after + trailing, column)
        }
    }

    private static func visible(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0..<0x20: out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: out.append("\u{2421}")
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
