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
