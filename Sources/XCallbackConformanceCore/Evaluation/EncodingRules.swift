import XCallbackURL

// The encoding rules a built URL must meet inside every parameter name and value: no raw '&', '=', '#',
// '+' or space (RFC 3986 §2.2; '+' and space because receivers disagree on them, divergences D1–D3),
// no raw non-ASCII or control characters (RFC 3986 §2), and every '%' starts a valid escape (§2.1).
// The action, in the path, is held to the rules a path has: no raw space, control or non-ASCII character
// and no stray '%' (RFC 3986 §2, §2.1); '&', '=' and '+' are path data there (§3.3 pchar). In both, a character
// RFC 3986 allows nowhere in a URI (`" < > \ ^ ` { | }`, and `[ ]` outside a host: §2, §3.3, §3.4) is never raw.
// Lowercase hex digits in an escape are checked only where a vector asks (tag `hex-case`): RFC 3986 §2.1
// says producers should use uppercase, and one builder's habit should fail one vector, not every one. So is
// an escaped unreserved character (tag `unreserved-raw`: `%7E` for `~`, `%41` for `A`), which RFC 3986 §2.3
// says producers should not create: it decodes to the same value, so everywhere else `%7E` and `~` are equal.

/// Checks the percent-encoding of built URLs.
public enum EncodingRules {
    /// The tag of the vectors whose built URL must write every escape with uppercase hex digits.
    public static let hexCaseTag = "hex-case"
    /// The tag of the vectors whose built URL must not escape an unreserved character (RFC 3986 §2.3).
    public static let unreservedRawTag = "unreserved-raw"

    /// The first violation of a check a vector asks for by tag (`hex-case`, `unreserved-raw`) in `text`, or `nil`.
    public static func firstTaggedViolation(in text: some StringProtocol, tags: [String]) -> String? {
        (tags.contains(hexCaseTag) ? firstLowercaseEscape(in: text) : nil)
            ?? (tags.contains(unreservedRawTag) ? firstUnreservedEscape(in: text) : nil)
    }

    /// The first escape in `text` of an unreserved character (ALPHA, DIGIT, `-`, `.`, `_`, `~`), or `nil`
    /// (RFC 3986 §2.3: such escapes "should not be created by URI producers").
    public static func firstUnreservedEscape(in text: some StringProtocol) -> String? {
        let bytes = Array(text.utf8)
        var index = 0
        while index + 2 < bytes.count {
            guard bytes[index] == UInt8(ascii: "%"), let high = PercentEncoding.hexDigitValue(bytes[index + 1]),
                let low = PercentEncoding.hexDigitValue(bytes[index + 2])
            else {
                index += 1
                continue
            }
            let octet = high << 4 | low
            if octet < 0x80, isUnreserved(octet) {
                let escape = String(decoding: bytes[index...(index + 2)], as: UTF8.self)
                return "writes \(escape) for the unreserved character '\(Character(Unicode.Scalar(octet)))', where RFC 3986 "
                    + "§2.3 says producers should not escape it"
            }
            index += 3
        }
        return nil
    }

    /// Whether `octet` is an unreserved character of RFC 3986 §2.3.
    static func isUnreserved(_ octet: UInt8) -> Bool {
        switch octet {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    /// The characters RFC 3986 allows nowhere in a path or a query, not even raw in a lenient URI (§2, §3.3, §3.4).
    static let outsideURI: Set<UInt8> = Set("\"<>\\^`{|}[]".utf8)
    /// Why a character of `outsideURI` is a violation.
    static let outsideURIReason = "which RFC 3986 allows nowhere in a URI (percent-encode it)"

    /// Whether every byte of `text` may stand in a URI as it is (RFC 3986 §2): no control, space or non-ASCII, none of
    /// `outsideURI` but the brackets around an IP literal host (§3.2.2), one `#` at most (§3.5), and every `%` an escape.
    public static func isURIText(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let ipLiteral = ipLiteralHost(in: bytes)
        var hashes = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "%"):
                guard index + 2 < bytes.count, PercentEncoding.hexDigitValue(bytes[index + 1]) != nil,
                    PercentEncoding.hexDigitValue(bytes[index + 2]) != nil
                else { return false }
                index += 3
                continue
            case UInt8(ascii: "#"):
                hashes += 1
                if hashes > 1 { return false }
            case UInt8(ascii: "["), UInt8(ascii: "]"):
                if !ipLiteral.contains(index) { return false }
            case ...0x20, 0x7F...: return false
            case _ where outsideURI.contains(byte): return false
            default: break
            }
            index += 1
        }
        return true
    }

    /// `text` with every byte RFC 3986 allows nowhere raw (a control, a space, non-ASCII, one of `outsideURI` but the
    /// brackets) written as an uppercase escape, `%` left as it is; with `brackets`, `[` and `]` too, but those around
    /// an IP literal host (§3.2.2).
    static func escapingOutsideURI(_ text: some StringProtocol, brackets: Bool) -> String {
        let bytes = Array(text.utf8)
        let ipLiteral = brackets ? ipLiteralHost(in: bytes) : 0..<0
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for (index, byte) in bytes.enumerated() {
            let bracket = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
            let escaped = byte < 0x21 || byte >= 0x7F
                || (bracket ? brackets && !ipLiteral.contains(index) : outsideURI.contains(byte))
            if escaped { out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]] } else { out.append(byte) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The host of `bytes` (after `scheme://` and any userinfo, up to `/`, `?` or `#`) when it is an IP literal, `[`
    /// then one `]`; otherwise an empty range.
    static func ipLiteralHost(in bytes: [UInt8]) -> Range<Int> {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[(colon + 1)...].starts(with: Array("//".utf8)) else { return 0..<0 }
        let start = colon + 3
        let end = bytes[start...].firstIndex { "/?#".utf8.contains($0) } ?? bytes.count
        let host = (bytes[start..<end].lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 } ?? start)..<end
        let brackets = bytes[host].filter { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }
        return bytes[host].first == UInt8(ascii: "[") && brackets == Array("[]".utf8) ? host : 0..<0
    }

    /// The first violation in the query of `url` (after the first `?`, before the first `#`), or `nil`.
    public static func firstViolation(inQueryOf url: String) -> String? {
        let bytes = Array(url.utf8)
        guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let end = bytes[question...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        return firstViolation(inPieces: bytes[(question + 1)..<end])
    }

    /// The first violation in the path of `url` (what follows the authority, up to `?` or `#`), or `nil`.
    public static func firstViolation(inPathOf url: String) -> String? {
        let bytes = Array(url.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        var start = colon + 1
        if bytes[start...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            guard let slash = bytes[(start + 2)...].firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
            else { return nil }
            start = slash
        }
        let end = bytes[start...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
        var index = start
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "%"):
                guard index + 2 < end, PercentEncoding.hexDigitValue(bytes[index + 1]) != nil,
                    PercentEncoding.hexDigitValue(bytes[index + 2]) != nil
                else { return "has a '%' in the path that does not start an escape (write %25)" }
                index += 3
                continue
            case UInt8(ascii: " "): return "has a raw space in the path (write %20)"
            case 0..<0x20, 0x7F: return "has a raw control character in the path"
            case _ where outsideURI.contains(byte): return "has a raw '\(Character(Unicode.Scalar(byte)))' in the path, " + outsideURIReason
            case 0x80...: return "has raw non-ASCII in the path (percent-encode its UTF-8 bytes)"
            default: index += 1
            }
        }
        return nil
    }

    /// The first escape in `text` written with a lowercase hex digit, or `nil` (RFC 3986 §2.1: producers should use uppercase).
    public static func firstLowercaseEscape(in text: some StringProtocol) -> String? {
        let bytes = Array(text.utf8)
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), PercentEncoding.hexDigitValue(bytes[index + 1]) != nil,
                PercentEncoding.hexDigitValue(bytes[index + 2]) != nil
            {
                let escape = bytes[index...(index + 2)]
                if escape.contains(where: { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f") }) {
                    return "writes the escape \(String(decoding: escape, as: UTF8.self)), where RFC 3986 §2.1 says producers "
                        + "should use uppercase hex digits (\(String(decoding: escape, as: UTF8.self).uppercased()))"
                }
                index += 3
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The first violation among `&`-separated `name=value` pieces, or `nil`.
    public static func firstViolation(inPieces query: ArraySlice<UInt8>) -> String? {
        for piece in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = piece.firstIndex(of: UInt8(ascii: "="))
            let name = piece[..<(equals ?? piece.endIndex)]
            let value = equals.map { piece[($0 + 1)...] } ?? []
            if let problem = violation(in: name) ?? violation(in: value) {
                return "'\(String(decoding: piece, as: UTF8.self))' \(problem)"
            }
        }
        return nil
    }

    /// Describes the first raw character in `text` that must be percent-encoded, or `nil`.
    static func violation(in text: ArraySlice<UInt8>) -> String? {
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "%"):
                guard index + 2 < text.endIndex,
                    PercentEncoding.hexDigitValue(text[index + 1]) != nil,
                    PercentEncoding.hexDigitValue(text[index + 2]) != nil
                else { return "has a '%' that does not start an escape (write %25)" }
                index += 3
                continue
            case UInt8(ascii: "="), UInt8(ascii: "#"), UInt8(ascii: "&"):
                return "has a raw '\(Character(Unicode.Scalar(byte)))' inside a value"
            case UInt8(ascii: "+"): return "has a raw '+', which receivers read as a space or a plus (write %2B)"
            case UInt8(ascii: " "): return "has a raw space (write %20)"
            case 0..<0x20, 0x7F: return "has a raw control character"
            case _ where outsideURI.contains(byte): return "has a raw '\(Character(Unicode.Scalar(byte)))', " + outsideURIReason
            case 0x80...: return "has raw non-ASCII (percent-encode its UTF-8 bytes)"
            default: index += 1
            }
        }
        return nil
    }
}
