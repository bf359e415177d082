// A raw, non-decoding split of a URL into the parts the differential driver reasons about.
//
// Splits like RFC 3986 §3 and the reference: scheme before the first `:`, the authority after `//` up to
// `/ ? #`, the path up to `? #`, the query after the first `?` up to the first `#`, pieces on `&`, each
// piece at its first `=`. Nothing is decoded and nothing is rejected: it only describes the input.

import XCallbackURL

/// The raw parts of a URL string, undecoded.
public struct URLPieces: Sendable {
    /// One raw `name=value` query piece; `value` is nil when the piece has no `=`.
    public struct Piece: Sendable {
        /// Raw name.
        public var name: Substring
        /// Raw value, nil without `=`.
        public var value: Substring?
    }

    /// The raw scheme, or nil when there is no `:`.
    public var scheme: Substring?
    /// The raw authority after `//`, or nil when there is no `//`.
    public var authority: Substring?
    /// The raw path (with its leading `/`).
    public var path: Substring
    /// The raw query without `?`, or nil when there is no `?`.
    public var query: Substring?
    /// The non-empty query pieces in order.
    public var pieces: [Piece]
    /// The raw fragment without `#`, or nil.
    public var fragment: Substring?

    /// Splits `url` into its raw parts (on UTF-8 bytes, so a delimiter followed by a combining mark still splits).
    public init(_ url: String) {
        var rest = Substring(url)
        fragment = nil
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = rest[rest.utf8.index(after: hash)...]
            rest = rest[..<hash]
        }
        query = nil
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.utf8.index(after: question)...]
            rest = rest[..<question]
        }
        scheme = nil
        if let colon = rest.utf8.firstIndex(of: UInt8(ascii: ":")), !rest[..<colon].utf8.contains(UInt8(ascii: "/")) {
            scheme = rest[..<colon]
            rest = rest[rest.utf8.index(after: colon)...]
        }
        authority = nil
        if rest.utf8.starts(with: "//".utf8) {
            rest = rest[rest.utf8.index(rest.startIndex, offsetBy: 2)...]
            let end = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            authority = rest[..<end]
            rest = rest[end...]
        }
        path = rest
        pieces = URLPieces.split(query ?? "", omittingEmpty: true).map { piece in
            guard let equals = piece.utf8.firstIndex(of: UInt8(ascii: "=")) else { return Piece(name: piece, value: nil) }
            return Piece(name: piece[..<equals], value: piece[piece.utf8.index(after: equals)...])
        }
    }

    /// Splits `text` at every `&` byte.
    public static func split(_ text: Substring, omittingEmpty: Bool) -> [Substring] {
        var out: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            if text.utf8[index] == UInt8(ascii: "&") {
                if !(omittingEmpty && start == index) { out.append(text[start..<index]) }
                start = text.utf8.index(after: index)
            }
            index = text.utf8.index(after: index)
        }
        if !(omittingEmpty && start == text.endIndex) { out.append(text[start...]) }
        return out
    }

    /// Whether `text` contains `needle` as bytes, ignoring ASCII case.
    public static func containsBytes(_ text: Substring, _ needle: String) -> Bool {
        let haystack = Array(text.utf8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let pattern = Array(needle.lowercased().utf8)
        guard haystack.count >= pattern.count, !pattern.isEmpty else { return pattern.isEmpty }
        return (0...(haystack.count - pattern.count)).contains { haystack[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// Decodes `%XX` escapes leniently (bad escapes kept as written, bad UTF-8 replaced) for comparisons.
    public static func lenientDecode(_ text: Substring) -> String {
        String(decoding: lenientBytes(text), as: UTF8.self)
    }

    /// The octets of `text` with its valid `%XX` escapes decoded and invalid ones kept as written.
    public static func lenientBytes(_ text: Substring) -> [UInt8] {
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = PercentEncoding.hexDigitValue(bytes[index + 1]), let low = PercentEncoding.hexDigitValue(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    /// Whether `text` holds a `%` that is not followed by two hex digits (RFC 3986 §2.1).
    public static func hasInvalidEscape(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, PercentEncoding.hexDigitValue(bytes[index + 1]) != nil, PercentEncoding.hexDigitValue(bytes[index + 2]) != nil
            else { return true }
        }
        return false
    }

    /// Whether the valid escapes of `text` decode to ill-formed UTF-8 (invalid escapes count as literal text).
    public static func hasNonUTF8Escape(_ text: Substring) -> Bool {
        text.utf8.contains(UInt8(ascii: "%")) && String(validating: lenientBytes(text), as: UTF8.self) == nil
    }
}
