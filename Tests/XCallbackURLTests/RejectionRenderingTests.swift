import Testing
import XCallbackURL

/// How rejections read: category, message, and a caret under the offending character.
@Suite struct RejectionRenderingTests {
    @Test func pointsACaretAtABadEscape() {
        let text = rejection("a://x-callback-url/open?ok=%41&bad=%zz")?.description
        #expect(
            text == """
                error: invalid-percent-encoding: '%' must be followed by two hexadecimal digits (at byte 35)
                  a://x-callback-url/open?ok=%41&bad=%zz
                                                     ^
                """)
    }

    @Test func showsControlCharactersVisiblyAndAlignsTheCaret() {
        let text = rejection("a://x-callback-url/o?t=é\u{0}")?.description
        #expect(
            text == """
                error: invalid-character: a raw control character is not allowed in a URL; percent-encode it (at byte 25)
                  a://x-callback-url/o?t=é␀
                                          ^
                """)
    }

    @Test func elidesLongInputAroundTheOffendingCharacter() throws {
        let url = "a://x-callback-url/o?v=" + String(repeating: "a", count: 500) + "%g0" + String(repeating: "b", count: 500)
        let text = try #require(rejection(url)?.description)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("  …") && lines[1].hasSuffix("…"))
        let caretColumn = lines[2].count - 1
        #expect(Array(lines[1])[caretColumn] == "%")
    }
}

/// The table-driven excerpt renders every offset of every input exactly as the earlier scalar-by-scalar code.
@Suite struct RejectionExcerptEquivalenceTests {
    @Test func rendersLikeTheScalarByScalarExcerpt() {
        let pieces = ["a", "é", "\u{0}", "\u{1F}", "\u{7F}", "€", "😀", "%", "\t", " ", "\u{85}", "\r\n"]
        var generator = SplitMix(seed: 11)  // HostileInputTests.swift
        var checked = 0
        for length in [0, 1, 2, 5, 47, 48, 49, 96, 97, 120] {
            for _ in 0..<12 {
                let input = (0..<length).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
                let count = input.utf8.count
                for offset in [-1, 0, count / 2, count, count + 3] + (0...count).filter({ $0 % 7 == 1 }) {
                    let rejection = XCallbackRejection(.invalidCharacter, "m", input: input, offset: offset)
                    #expect(rejection.description == LegacyExcerpt.description(rejection), "offset \(offset) in \(Array(input.utf8))")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }
}

/// The rendering before the table (frozen): decode each half, map scalar by scalar, count scalars.
private enum LegacyExcerpt {
    static func description(_ rejection: XCallbackRejection) -> String {
        var text = "error: \(rejection.category): \(rejection.message)"
        guard let input = rejection.input, let offset = rejection.offset else { return text }
        let (line, caretColumn) = excerpt(of: input, at: offset)
        text += " (at byte \(offset))\n  \(line)\n  \(String(repeating: " ", count: caretColumn))^"
        return text
    }

    static func excerpt(of input: String, at offset: Int, radius: Int = 48) -> (String, Int) {
        let bytes = Array(input.utf8)
        let clamped = max(0, min(offset, bytes.count))
        var start = max(0, clamped - radius)
        var end = min(bytes.count, clamped + radius)
        while start > 0, start < bytes.count, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let before = visible(String(decoding: bytes[start..<clamped], as: UTF8.self))
        let after = visible(String(decoding: bytes[clamped..<end], as: UTF8.self))
        let leading = start > 0 ? "…" : ""
        let trailing = end < bytes.count ? "…" : ""
        return (leading + before + after + trailing, leading.count + before.unicodeScalars.count)
    }

    static func visible(_ text: String) -> String {
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
