// What in a URL's scheme and authority tells the recognise vectors apart: a URL with no scheme at all, a host
// written with escapes (of `@` or `:` too), a userinfo that hides another host, a bracketed (IP literal) host;
// and where the escapes of a decoded URL are, which the vectors grade apart (decoding the action, a name or the
// fragment is should, a value's octets must; UTF-8 is should). Found only for an input on which the target disagrees.

import XCallbackURL

extension InputTrait {
    /// No `scheme:` before the first `/`, `?` or `#` (`x-callback-url/open`, `//x-callback-url/a`).
    public static let missingScheme = Self(rawValue: "missing-scheme")
    /// An escape in the action (the path after the host).
    public static let escapedAction = Self(rawValue: "escaped-action")
    /// An escape in a parameter name.
    public static let escapedName = Self(rawValue: "escaped-name")
    /// An escape in the fragment.
    public static let escapedFragment = Self(rawValue: "escaped-fragment")
    /// An escape of an octet 0x80 or above (percent-encoded UTF-8, or not UTF-8).
    public static let nonASCIIEscape = Self(rawValue: "non-ascii-escape")
    /// A scheme that is not RFC 3986 §3.1 syntax (a letter, then letters, digits, `+`, `-`, `.`).
    public static let invalidSchemeSyntax = Self(rawValue: "invalid-scheme-syntax")
    /// Spaces before a URL whose scheme is valid once they are stripped, as the URL Standard and RFC 3986 Appendix C
    /// strip them: graded apart from a space inside the scheme (XCU-QQGG, hardening, beside XCU-MCTF, must).
    public static let leadingSpace = Self(rawValue: "leading-space")
    /// A scheme with no `//` authority after it (`s:x-callback-url/a`, `tgt:\\x-callback-url\go`).
    public static let missingAuthority = Self(rawValue: "missing-authority")
    /// A `%` in the authority.
    public static let encodedHost = Self(rawValue: "encoded-host")
    /// An escape in the authority that decodes to `@` or `:`, which delimit userinfo and a port.
    public static let encodedAuthorityDelimiter = Self(rawValue: "encoded-authority-delimiter")
    /// Userinfo before a host other than x-callback-url (`x-callback-url@evil.example`).
    public static let userinfoHidesHost = Self(rawValue: "userinfo-hides-host")
    /// A `[` or `]` in the authority (an IP literal, or half of one).
    public static let bracketedHost = Self(rawValue: "bracketed-host")
    /// A bracket in the authority that does not enclose it, which leaves no well-formed host.
    public static let unbalancedBracket = Self(rawValue: "unbalanced-bracket")
}

extension ChoiceModel {
    /// The traits of `input`'s scheme and authority, in a fixed order.
    static func authorityTraits(of input: [UInt8]) -> [InputTrait] {
        var traits: [InputTrait] = []
        let stripped = input.drop { $0 == UInt8(ascii: " ") }
        if stripped.count < input.count, let colon = stripped.firstIndex(of: UInt8(ascii: ":")),
            CallbackExpectation.isScheme(stripped[..<colon]) {
            traits.append(.leadingSpace)
        }
        let end = input.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? input.count
        if let colon = input[..<end].firstIndex(of: UInt8(ascii: ":")) {
            if !input[(colon + 1)...].starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) { traits.append(.missingAuthority) }
            let scheme = input[..<colon]
            let letter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
            if scheme.first.map(letter) != true || !scheme.allSatisfy({ letter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }) {
                traits.append(.invalidSchemeSyntax)
            }
        } else {
            traits.append(.missingScheme)
        }
        let text = String(decoding: input, as: UTF8.self)
        let pieces = URLPieces(text)
        if pieces.path.contains("%") { traits.append(.escapedAction) }
        if pieces.pieces.contains(where: { $0.name.contains("%") }) { traits.append(.escapedName) }
        if pieces.fragment?.contains("%") == true { traits.append(.escapedFragment) }
        if hasNonASCIIEscape(input) { traits.append(.nonASCIIEscape) }
        guard let authority = pieces.authority else { return traits }
        if authority.contains("%") { traits.append(.encodedHost) }
        let lower = authority.lowercased()
        if lower.contains("%40") || lower.contains("%3a") { traits.append(.encodedAuthorityDelimiter) }
        if let at = authority.lastIndex(of: "@") {
            let host = authority[authority.index(after: at)...].prefix { $0 != ":" }
            if host.lowercased() != "x-callback-url" { traits.append(.userinfoHidesHost) }
        }
        if authority.contains("[") || authority.contains("]") {
            traits.append(.bracketedHost)
            if !(authority.hasPrefix("[") && authority.hasSuffix("]")) { traits.append(.unbalancedBracket) }
        }
        return traits
    }

    /// Whether `input` holds an escape `%XY` of an octet 0x80 or above.
    static func hasNonASCIIEscape(_ input: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < input.count {
            if input[index] == UInt8(ascii: "%"), let high = PercentEncoding.hexDigitValue(input[index + 1]),
                PercentEncoding.hexDigitValue(input[index + 2]) != nil, high >= 8
            {
                return true
            }
            index += 1
        }
        return false
    }
}
