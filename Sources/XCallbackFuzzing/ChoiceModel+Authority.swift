// What in a URL's scheme and authority tells the recognise vectors apart: a URL with no scheme at all, a host
// written with escapes (of `@` or `:` too), a userinfo that hides another host, a bracketed (IP literal) host. Found only for an
// input on which the target disagrees.

import XCallbackURL

extension InputTrait {
    /// No `scheme:` before the first `/`, `?` or `#` (`x-callback-url/open`, `//x-callback-url/a`).
    public static let missingScheme = Self(rawValue: "missing-scheme")
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
        let end = input.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? input.count
        if !input[..<end].contains(UInt8(ascii: ":")) { traits.append(.missingScheme) }
        let text = String(decoding: input, as: UTF8.self)
        guard let authority = URLPieces(text).authority else { return traits }
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
}
