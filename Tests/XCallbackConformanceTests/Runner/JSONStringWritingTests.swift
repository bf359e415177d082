import Testing
import XCallbackConformance

/// Strings are written with exactly the escapes JSON requires (and DEL), everything else as it is, and
/// read back unchanged.
@Suite struct JSONStringWritingTests {
    @Test(arguments: 0..<128)
    func everyASCIIByteIsWrittenWithItsOwnEscapeAndReadBack(_ byte: Int) throws {
        let text = "a" + String(UnicodeScalar(UInt8(byte))) + "b"
        let written = JSONValue.string(text).compactText
        let expected: String
        switch byte {
        case 0x22: expected = #"\""#
        case 0x5C: expected = #"\\"#
        case 0x0A: expected = #"\n"#
        case 0x0D: expected = #"\r"#
        case 0x09: expected = #"\t"#
        case 0..<0x20, 0x7F:
            let hex = String(byte, radix: 16)
            expected = #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
        default: expected = String(UnicodeScalar(UInt8(byte)))
        }
        #expect(written == "\"a" + expected + "b\"")
        #expect(try JSONValue(parsing: written) == .string(text))
    }

    @Test(arguments: ["", "é", "e\u{301}", "\"é\"\n", "日本\u{0}語", "🏳️‍🌈\\", "\u{2028}\u{85}\u{202E}", "%E9&x=\u{7F}"])
    func textBeyondASCIIIsWrittenAsItIsBetweenEscapes(_ text: String) throws {
        let written = JSONValue.string(text).compactText
        #expect(try JSONValue(parsing: written) == .string(text))
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(written.unicodeScalars.filter { $0.value >= 0x80 }.elementsEqual(text.unicodeScalars.filter { $0.value >= 0x80 }))
    }
}
