import XCallbackURL

// A callback value is a URL that the receiver will open. A receiver that holds it as a URL object (Foundation's
// `URL`, an `NSURL`) holds its URI form: every character a URI cannot hold raw is percent-encoded as UTF-8
// (RFC 3986 section 2.1 and section 2: non-ASCII, controls, space, `"<>\^`{|}`, and `[` `]` outside the
// authority). Both spellings open the same callback, so a decoder's callback value is compared in that form
// (Vectors/README.md, "Comparator").

/// The URI form of a callback value, in which a decoder's callback values are compared.
public enum CallbackURIForm {
    /// Whether `expected` and `got` name the same callback: equal as written, or equal once every character a URI
    /// cannot hold raw is percent-encoded in both.
    public static func same(_ expected: String?, _ got: String?) -> Bool {
        if XCallbackRequest.exactlyEqual(expected, got) { return true }
        guard let expected, let got else { return false }
        return uriForm(expected) == uriForm(got)
    }

    /// `text` with every byte that no URI holds raw percent-encoded in uppercase hex, existing escapes kept.
    static func uriForm(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let authority = authorityRange(bytes)
        var written = ""
        for (offset, byte) in bytes.enumerated() {
            let bracketInAuthority = (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")) && authority.contains(offset)
            if byte < 0x21 || byte > 0x7E || (forbidden.contains(byte) && !bracketInAuthority) {
                written += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            } else {
                written.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return written
    }

    /// The printable ASCII characters RFC 3986 allows nowhere raw (brackets only in the authority).
    static let forbidden: Set<UInt8> = Set("\"<>\\^`{|}[]".utf8)

    /// The offsets of the authority, between `://` and the next `/`, `?` or `#`, when there is one.
    static func authorityRange(_ bytes: [UInt8]) -> Range<Int> {
        let delimiters = Set("/?#".utf8)
        guard let colon = bytes.firstIndex(where: { $0 == UInt8(ascii: ":") || delimiters.contains($0) }),
            bytes[colon] == UInt8(ascii: ":"), bytes.count >= colon + 3,
            bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
        else { return 0..<0 }
        let from = colon + 3
        let end = bytes[from...].firstIndex { delimiters.contains($0) } ?? bytes.count
        return from..<end
    }
}

extension String {
    /// Two hex digits.
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
