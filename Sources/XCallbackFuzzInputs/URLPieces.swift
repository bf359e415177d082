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
        var storage = url
        let utf8 = url.utf8
        // Byte offsets first, on the contiguous UTF-8; then substrings of `url` at those offsets (every cut is
        // next to an ASCII delimiter, so each offset is a scalar boundary).
        let cuts = storage.withUTF8 { URLPieces.cuts(of: $0) }
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        func slice(_ range: Range<Int>) -> Substring { url[index(range.lowerBound)..<index(range.upperBound)] }
        scheme = cuts.scheme.map(slice)
        authority = cuts.authority.map(slice)
        path = slice(cuts.path)
        query = cuts.query.map(slice)
        fragment = cuts.fragment.map(slice)
        pieces = cuts.pieces.map { piece in Piece(name: slice(piece.name), value: piece.value.map(slice)) }
    }

    /// The byte ranges of each part of a URL, as `init(_:)` splits it.
    package struct Cuts {
        package var scheme: Range<Int>?
        package var authority: Range<Int>?
        package var path: Range<Int>
        package var query: Range<Int>?
        package var fragment: Range<Int>?
        package var pieces: [(name: Range<Int>, value: Range<Int>?)]
    }

    package static func cuts(of bytes: UnsafeBufferPointer<UInt8>) -> Cuts {
        var end = bytes.count
        var fragment: Range<Int>?
        if let hash = first(UInt8(ascii: "#"), in: bytes, 0..<bytes.count) {
            fragment = (hash + 1)..<bytes.count
            end = hash
        }
        var query: Range<Int>?
        if let question = first(UInt8(ascii: "?"), in: bytes, 0..<end) {
            query = (question + 1)..<end
            end = question
        }
        var start = 0
        var scheme: Range<Int>?
        if let colon = first(UInt8(ascii: ":"), in: bytes, 0..<end), first(UInt8(ascii: "/"), in: bytes, 0..<colon) == nil {
            scheme = 0..<colon
            start = colon + 1
        }
        var authority: Range<Int>?
        if end - start >= 2, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") {
            start += 2
            let stop = first(UInt8(ascii: "/"), in: bytes, start..<end) ?? end
            authority = start..<stop
            start = stop
        }
        var pieces: [(name: Range<Int>, value: Range<Int>?)] = []
        if let query {
            var pieceStart = query.lowerBound
            for index in query.lowerBound...query.upperBound where index == query.upperBound || bytes[index] == UInt8(ascii: "&") {
                if pieceStart < index {
                    if let equals = first(UInt8(ascii: "="), in: bytes, pieceStart..<index) {
                        pieces.append((pieceStart..<equals, (equals + 1)..<index))
                    } else {
                        pieces.append((pieceStart..<index, nil))
                    }
                }
                pieceStart = index + 1
            }
        }
        return Cuts(scheme: scheme, authority: authority, path: start..<end, query: query, fragment: fragment, pieces: pieces)
    }

    /// The index of the first `byte` within `range` of `bytes`: a plain loop, which a debug build runs several times
    /// faster than the generic `firstIndex(of:)` on a slice (the tests cut inputs of up to a megabyte).
    private static func first(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == byte { return index }
            index &+= 1
        }
        return nil
    }

    /// Splits `text` at every `&` byte.
    public static func split(_ text: Substring, omittingEmpty: Bool) -> [Substring] {
        var out: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "&") {
                if !(omittingEmpty && start == index) { out.append(text[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if !(omittingEmpty && start == utf8.endIndex) { out.append(text[start...]) }
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
        if let bytes = text.utf8.withContiguousStorageIfAvailable({ lenientBytes($0, limit: Int.max) }) { return bytes }
        return Array(text.utf8).withUnsafeBufferPointer { lenientBytes($0, limit: Int.max) }
    }

    /// The first `limit` octets (or all) of `bytes` with valid `%XX` escapes decoded.
    package static func lenientBytes(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(min(bytes.count, limit))
        var index = 0
        while index < bytes.count, out.count < limit {
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

    /// Whether `text`, with its valid escapes decoded, starts with the UTF-8 byte order mark `EF BB BF`.
    static func startsWithByteOrderMark(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, first == 0xEF || first == UInt8(ascii: "%") else { return false }
        let prefix = text.utf8.withContiguousStorageIfAvailable { lenientBytes($0, limit: 3) } ?? Array(lenientBytes(text).prefix(3))
        return prefix == [0xEF, 0xBB, 0xBF]
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

/// UTF-8 validity of bytes, without making a `String` of them.
package enum UTF8Check {
    /// Whether `bytes` are well-formed UTF-8 (what `String(validating:as:)` accepts).
    package static func isValid(_ bytes: [UInt8]) -> Bool {
        if !bytes.contains(where: { $0 >= 0x80 }) { return true }
        return String(validating: bytes, as: UTF8.self) != nil
    }
}

extension URLPieces {
    /// Decodes `%XX` escapes once, as UTF-8; nil for a bad escape or ill-formed UTF-8.
    public static func decodeStrict(_ bytes: some Collection<UInt8>) -> String? {
        let decoded = bytes.withContiguousStorageIfAvailable { decodeStrictBytes($0) } ?? decodeStrictBytes(Array(bytes))
        return decoded.flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// Decodes `%XX` escapes once into bytes, without checking UTF-8; nil for a bad escape.
    package static func decodeStrictBytes(_ bytes: some RandomAccessCollection<UInt8>) -> [UInt8]? {
        var failed = false
        let out = [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, count in
            var written = 0
            var index = bytes.startIndex
            while index != bytes.endIndex {
                let byte = bytes[index]
                index = bytes.index(after: index)
                if byte == UInt8(ascii: "%") {
                    guard index != bytes.endIndex, let h = PercentEncoding.hexDigitValue(bytes[index]) else {
                        failed = true
                        break
                    }
                    index = bytes.index(after: index)
                    guard index != bytes.endIndex, let l = PercentEncoding.hexDigitValue(bytes[index]) else {
                        failed = true
                        break
                    }
                    index = bytes.index(after: index)
                    buffer[written] = h << 4 | l
                } else {
                    buffer[written] = byte
                }
                written += 1
            }
            count = written
        }
        return failed ? nil : out
    }
}
