// The faster trait scan and URL split of the differential driver give exactly what the earlier,
// straightforward versions gave (kept here, verbatim, as the oracle), on seeds and on many mutants;
// the fuzz corpus's layer scan gives what the tree of nested layers gives.

import Foundation
import Testing
import XCallbackConformance
import XCallbackFuzzEngine
import XCallbackFuzzing
import XCallbackURL

@Suite struct TraitEquivalenceTests {
    @Test func theTraitsAndPiecesMatchTheEarlierImplementationOnMutants() throws {
        var inputs = FuzzEngine<DifferentialDriver<ReferenceTarget>>.builtInSeeds
        let seeds = RunnerFixtures.root.appendingPathComponent("Corpus/seeds")
        for name in try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted().prefix(400) {
            inputs.append(Array(try Data(contentsOf: seeds.appendingPathComponent(name))))
        }
        inputs += ["", "%", "a:", "\u{FEFF}s://x-callback-url/a", "s://x-callback-url/a?%EF%BB%BFk=v&&x=1&", "S\u{301}://x", "É://x",
                   "s://x-callback-url/%2Fa%3f?k", "s://x-callback-url/a?k=%E9&x-success=1&x%2Dsuccess=2#a#b"].map { Array($0.utf8) }
        inputs += [[0x73, 0x3A, 0xFF, 0x25, 0x34], [0xEF, 0xBB, 0xBF, 0x3F, 0x26]]
        let mutator = NestedMutator.simpleByteMutator(seed: 5)
        var rng = SplitMix64(seed: 11)
        let base = inputs
        for round in 0..<20_000 {
            let parent = base[rng.below(base.count)]
            inputs.append(NestedMutator.mutate(parent, maxSize: 512, seed: UInt32(round), byteMutator: mutator))
        }
        var checked = 0
        for input in inputs {
            let new = ChoiceModel.traits(of: input)
            let old = LegacyTraits.traits(of: input)
            #expect(new == old, "\(FuzzFailure.escape(input)): \(new) vs \(old)")
            let text = String(decoding: input, as: UTF8.self)
            let pieces = URLPieces(text)
            let legacy = LegacyURLPieces(text)
            #expect(pieces.scheme == legacy.scheme && pieces.authority == legacy.authority && pieces.path == legacy.path
                && pieces.query == legacy.query && pieces.fragment == legacy.fragment)
            #expect(pieces.pieces.map(\.name) == legacy.pieces.map(\.name) && pieces.pieces.map(\.value) == legacy.pieces.map(\.value))
            if let query = pieces.query {
                #expect(URLPieces.split(query, omittingEmpty: false) == LegacyURLPieces.split(query, omittingEmpty: false))
            }
            for piece in pieces.pieces {
                #expect(URLPieces.lenientBytes(piece.name) == LegacyURLPieces.lenientBytes(piece.name))
            }
            // The corpus shape's scan gives what the tree of nested layers gives.
            let tree = NestedLayer(decoding: text)
            let deepest = tree.layerPaths.max { $0.count < $1.count } ?? []
            var delimiters = Set<UInt8>()
            for parameter in tree.layer(at: deepest)?.parameters ?? [] {
                if case .raw(let raw) = parameter.value, let decoded = URLPieces.decodeStrict(raw.utf8) {
                    delimiters.formUnion(decoded.utf8.filter { "#%&+=?".utf8.contains($0) })
                }
            }
            let summary = NestedLayer.deepestLayerSummary(of: input)
            #expect(summary.depth == deepest.count, "\(FuzzFailure.escape(input))")
            #expect(NestedLayer.delimiters(summary.delimiters) == String(decoding: delimiters.sorted(), as: UTF8.self), "\(FuzzFailure.escape(input))")
            checked += 1
        }
        #expect(checked > 20_000)
    }
}

/// `ChoiceModel.traits(of:)` as it was before it was made faster.
private enum LegacyTraits {
    static let rawOutsideRFC3986: Set<UInt8> = Set(" \"<>\\^`{|}[]".utf8)

    static func traits(of input: [UInt8]) -> [InputTrait] {
        var traits: [InputTrait] = []
        if String(validating: input, as: UTF8.self) == nil { traits.append(.invalidUTF8Bytes) }
        if input.contains(where: { $0 < 0x20 || $0 == 0x7F }) { traits.append(.controlCharacter) }
        let text = String(decoding: input, as: UTF8.self)
        let pieces = LegacyURLPieces(text)
        // A second '#' is data inside the fragment, where RFC 3986 §3.5 does not allow it raw.
        if input.contains(where: { $0 >= 0x80 || LegacyTraits.rawOutsideRFC3986.contains($0) })
            || pieces.fragment?.utf8.contains(UInt8(ascii: "#")) == true
        {
            traits.append(.rawCharacter)
        }
        if let scheme = pieces.scheme, scheme.contains(where: { $0.isUppercase }) { traits.append(.schemeCase) }
        if let authority = pieces.authority {
            if authority.utf8.contains(UInt8(ascii: "@")) || authority.utf8.contains(UInt8(ascii: ":")) {
                traits.append(.userinfoOrPort)
            }
            if authority != "x-callback-url" { traits.append(.hostVariant) }
        }
        if pieces.path.isEmpty || pieces.path == "/" { traits.append(.emptyAction) }
        if pieces.path.utf8.count > 1, pieces.path.utf8.last == UInt8(ascii: "/") { traits.append(.trailingSlash) }
        if ["%2f", "%3f", "%23"].contains(where: { LegacyURLPieces.containsBytes(pieces.path, $0) }) {
            traits.append(.encodedDelimiterInPath)
        }
        if LegacyURLPieces.hasInvalidEscape(Substring(text)) { traits.append(.invalidEscape) }
        var components: [Substring] = [pieces.path] + [pieces.authority, pieces.fragment].compactMap { $0 }
        for piece in pieces.pieces { components += [piece.name] + [piece.value].compactMap { $0 } }
        if components.contains(where: LegacyURLPieces.hasNonUTF8Escape) { traits.append(.nonUTF8Escape) }
        if components.contains(where: { LegacyURLPieces.lenientBytes($0).starts(with: [0xEF, 0xBB, 0xBF]) }) {
            traits.append(.leadingByteOrderMark)
        }
        if pieces.query?.utf8.contains(UInt8(ascii: "+")) == true { traits.append(.plusInQuery) }
        if pieces.pieces.contains(where: { $0.value == nil }) { traits.append(.flagParameter) }
        if let query = pieces.query, LegacyURLPieces.split(query, omittingEmpty: false).contains(where: \.isEmpty) {
            traits.append(.emptyPiece)
        }
        // A name that reads as a reserved one once case, punctuation and spaces are ignored (added in 5.0.0).
        let squeezed = Set(XCallbackRequest.reservedNames.map { $0.filter { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        if pieces.pieces.contains(where: { piece in
            let name = LegacyURLPieces.lenientDecode(piece.name)
            let letters = String(name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
            return !XCallbackRequest.reservedNames.contains(name) && squeezed.contains(letters)
        }) {
            traits.append(.reservedLookalike)
        }
        var seen: Set<String> = []
        var duplicateAction = false
        var duplicateReserved = false
        for piece in pieces.pieces {
            let name = LegacyURLPieces.lenientDecode(piece.name)
            if !seen.insert(name).inserted {
                if XCallbackRequest.reservedNames.contains(name) { duplicateReserved = true } else { duplicateAction = true }
            }
        }
        if duplicateAction { traits.append(.duplicateParameter) }
        if duplicateReserved { traits.append(.duplicateReserved) }
        return traits
    }

}

/// `URLPieces` as it was before it was made faster.
private struct LegacyURLPieces {
    /// One raw `name=value` query piece; `value` is nil when the piece has no `=`.
    struct Piece: Sendable {
        /// Raw name.
        var name: Substring
        /// Raw value, nil without `=`.
        var value: Substring?
    }

    /// The raw scheme, or nil when there is no `:`.
    var scheme: Substring?
    /// The raw authority after `//`, or nil when there is no `//`.
    var authority: Substring?
    /// The raw path (with its leading `/`).
    var path: Substring
    /// The raw query without `?`, or nil when there is no `?`.
    var query: Substring?
    /// The non-empty query pieces in order.
    var pieces: [Piece]
    /// The raw fragment without `#`, or nil.
    var fragment: Substring?

    /// Splits `url` into its raw parts (on UTF-8 bytes, so a delimiter followed by a combining mark still splits).
    init(_ url: String) {
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
        pieces = LegacyURLPieces.split(query ?? "", omittingEmpty: true).map { piece in
            guard let equals = piece.utf8.firstIndex(of: UInt8(ascii: "=")) else { return Piece(name: piece, value: nil) }
            return Piece(name: piece[..<equals], value: piece[piece.utf8.index(after: equals)...])
        }
    }

    /// Splits `text` at every `&` byte.
    static func split(_ text: Substring, omittingEmpty: Bool) -> [Substring] {
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
    static func containsBytes(_ text: Substring, _ needle: String) -> Bool {
        let haystack = Array(text.utf8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        let pattern = Array(needle.lowercased().utf8)
        guard haystack.count >= pattern.count, !pattern.isEmpty else { return pattern.isEmpty }
        return (0...(haystack.count - pattern.count)).contains { haystack[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// Decodes `%XX` escapes leniently (bad escapes kept as written, bad UTF-8 replaced) for comparisons.
    static func lenientDecode(_ text: Substring) -> String {
        String(decoding: lenientBytes(text), as: UTF8.self)
    }

    /// The octets of `text` with its valid `%XX` escapes decoded and invalid ones kept as written.
    static func lenientBytes(_ text: Substring) -> [UInt8] {
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
    static func hasInvalidEscape(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, PercentEncoding.hexDigitValue(bytes[index + 1]) != nil, PercentEncoding.hexDigitValue(bytes[index + 2]) != nil
            else { return true }
        }
        return false
    }

    /// Whether the valid escapes of `text` decode to ill-formed UTF-8 (invalid escapes count as literal text).
    static func hasNonUTF8Escape(_ text: Substring) -> Bool {
        text.utf8.contains(UInt8(ascii: "%")) && String(validating: lenientBytes(text), as: UTF8.self) == nil
    }
}
