// What the reference would answer if it had made a target's declared choices, and which open points an
// input touches.
//
// The expected answer is computed in three steps:
// 1. Rewrite the input for choices that change how text is read: `invalid-escape: literal` turns a `%`
//    without two hex digits into `%25`; `non-utf8-escape: replacement|literal` turns the escapes of each
//    ill-formed UTF-8 subpart into `%EF%BF%BD` or `%25XX`; `plus: space` turns a raw `+` in the query into
//    `%20`; `duplicate-reserved: first|last` and, under `flag-parameter: drop`, a reserved flag discard a
//    piece, which becomes a placeholder parameter holding its value (so it is still decoded: a malformed
//    escape or ill-formed UTF-8 in a discarded piece rejects the URL as the plain reference does).
// 2. Parse the rewritten input with the reference, and remove the placeholders.
// 3. Transform the result for choices that change what is kept: `flag-parameter`, `duplicate-parameter`,
//    `trailing-slash` (`strip` removes every trailing `/`). (`parameter-order` and `fragment: not-reported`
//    are handled by the comparison.)
// A choice only ever changes what the plain reference would answer where the input touches it.

import XCallbackConformanceCore
import XCallbackURL

/// The reference's answer under declared choices, and the traits of an input.
public enum ChoiceModel {
    static let rawOutsideRFC3986: Set<UInt8> = Set(" \"<>\\^`{|}[]".utf8)
    /// `rawOutsideRFC3986` as a table, with every byte from 0x80 up: what makes an input `raw-character`.
    static let rawCharacterTable: [Bool] = (0...255).map { $0 >= 0x80 || rawOutsideRFC3986.contains(UInt8($0)) }

    /// The open points `input` touches, in a fixed order.
    ///
    /// Computed on the UTF-8 bytes (ill-formed input repaired first, as `String(decoding:)` does) with the
    /// byte ranges of `URLPieces`; `TraitEquivalenceTests` holds it equal to the plain version on substrings.
    public static func traits(of input: [UInt8]) -> [InputTrait] {
        var traits: [InputTrait] = []
        let valid = UTF8Check.isValid(input)
        if !valid { traits.append(.invalidUTF8Bytes) }
        var control = false
        var raw = false
        var percent = false
        for byte in input {
            if byte < 0x20 || byte == 0x7F { control = true }
            if rawCharacterTable[Int(byte)] { raw = true }
            if byte == UInt8(ascii: "%") { percent = true }
        }
        if control { traits.append(.controlCharacter) }
        let text = valid ? input : Array(String(decoding: input, as: UTF8.self).utf8)
        text.withUnsafeBufferPointer { bytes in
            let cuts = URLPieces.cuts(of: bytes)
            func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[range]) }
            // A second '#' is data inside the fragment, where RFC 3986 §3.5 does not allow it raw.
            if raw || cuts.fragment.map({ slice($0).contains(UInt8(ascii: "#")) }) == true {
                traits.append(.rawCharacter)
            }
            if let scheme = cuts.scheme.map(slice) {
                let upper = scheme.allSatisfy { $0 < 0x80 }
                    ? scheme.contains { $0 >= 0x41 && $0 <= 0x5A }
                    : String(decoding: scheme, as: UTF8.self).contains { $0.isUppercase }
                if upper { traits.append(.schemeCase) }
            }
            if let authority = cuts.authority.map(slice) {
                if authority.contains(UInt8(ascii: "@")) || authority.contains(UInt8(ascii: ":")) {
                    traits.append(.userinfoOrPort)
                }
                if !equals(authority, "x-callback-url") { traits.append(.hostVariant) }
            }
            let path = slice(cuts.path)
            if path.isEmpty || equals(path, "/") { traits.append(.emptyAction) }
            if path.count > 1, path.last == UInt8(ascii: "/") { traits.append(.trailingSlash) }
            if percent, ["%2f", "%3f", "%23"].contains(where: { containsIgnoringCase(path, $0) }) {
                traits.append(.encodedDelimiterInPath)
            }
            if percent, hasInvalidEscape(bytes) { traits.append(.invalidEscape) }
            var components: [Range<Int>] = [cuts.path] + [cuts.authority, cuts.fragment].compactMap { $0 }
            for piece in cuts.pieces { components += [piece.name] + [piece.value].compactMap { $0 } }
            if percent, components.contains(where: { range in
                let component = slice(range)
                return component.contains(UInt8(ascii: "%"))
                    && !UTF8Check.isValid(URLPieces.lenientBytes(component, limit: Int.max))
            }) {
                traits.append(.nonUTF8Escape)
            }
            if components.contains(where: { range in
                let component = slice(range)
                guard let first = component.first, first == 0xEF || first == UInt8(ascii: "%") else { return false }
                return URLPieces.lenientBytes(component, limit: 3) == [0xEF, 0xBB, 0xBF]
            }) {
                traits.append(.leadingByteOrderMark)
            }
            if cuts.query.map({ slice($0).contains(UInt8(ascii: "+")) }) == true { traits.append(.plusInQuery) }
            if cuts.pieces.contains(where: { $0.value == nil }) { traits.append(.flagParameter) }
            if let query = cuts.query, hasEmptyPiece(slice(query)) {
                traits.append(.emptyPiece)
            }
            var duplicateAction = false
            var duplicateReserved = false
            if cuts.pieces.contains(where: { piece in
                let raw = slice(piece.name)
                // Cheap first: a look-alike holds an 'x' (or an escape of one) and six letters at least.
                guard raw.count >= 6,
                    raw.contains(where: { $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: "X") || $0 == UInt8(ascii: "%") })
                else { return false }
                return ReservedLookalikes.isLookalike(String(decoding: URLPieces.lenientBytes(raw, limit: Int.max), as: UTF8.self))
            }) {
                traits.append(.reservedLookalike)
            }
            if cuts.pieces.count > 1 {
                var seen: Set<String> = []
                seen.reserveCapacity(cuts.pieces.count)
                for piece in cuts.pieces {
                    let raw = slice(piece.name)
                    let name = raw.contains(UInt8(ascii: "%"))
                        ? String(decoding: URLPieces.lenientBytes(raw, limit: Int.max), as: UTF8.self)
                        : String(decoding: raw, as: UTF8.self)
                    if !seen.insert(name).inserted {
                        if XCallbackRequest.reservedNames.contains(name) { duplicateReserved = true } else { duplicateAction = true }
                    }
                }
            }
            if duplicateAction { traits.append(.duplicateParameter) }
            if duplicateReserved { traits.append(.duplicateReserved) }
        }
        return traits
    }

    /// Whether `bytes` equal the ASCII `text`, as `Substring == String` compares them (by canonical
    /// equivalence, which for text other than plain ASCII is left to `String`).
    static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        let other = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        if bytes.elementsEqual(other) { return true }
        if bytes.allSatisfy({ $0 < 0x80 }) { return false }
        return String(decoding: bytes, as: UTF8.self) == String(decoding: other, as: UTF8.self)
    }

    /// Whether `bytes` contain the lowercase ASCII `needle`, ignoring ASCII case.
    static func containsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) {
            var index = 0
            while index < pattern.count {
                let byte = bytes[start + index]
                if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != pattern[index] { break }
                index += 1
            }
            if index == pattern.count { return true }
        }
        return false
    }

    /// Whether `bytes` hold a `%` not followed by two hex digits.
    static func hasInvalidEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in bytes.indices where bytes[index] == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, PercentEncoding.hexDigitValue(bytes[index + 1]) != nil,
                PercentEncoding.hexDigitValue(bytes[index + 2]) != nil
            else { return true }
        }
        return false
    }

    /// Whether splitting `query` at every `&` gives an empty piece: it is empty, starts or ends with `&`, or has `&&`.
    static func hasEmptyPiece(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        if first == UInt8(ascii: "&") || last == UInt8(ascii: "&") { return true }
        for index in 1..<bytes.count where bytes[index] == UInt8(ascii: "&") && bytes[index - 1] == UInt8(ascii: "&") {
            return true
        }
        return false
    }

    /// The reference's answer for `text` had it made `choices` (undeclared points keep the reference's value).
    public static func expected(for text: String, choices: DeclaredChoices) -> TargetAnswer<XCallbackRequest> {
        let rewritten = rewriting(text, choices: choices)
        var answer = ReferenceTarget().parse(rewritten.text)
        if case .accepted(var request) = answer {
            if !rewritten.placeholders.isEmpty {
                request.parameters = request.parameters.indices.filter { !rewritten.placeholders.contains($0) }.map { request.parameters[$0] }
            }
            transform(&request, choices: choices)
            answer = .accepted(request)
        }
        return answer
    }

    /// Step 1: the input rewritten for the text-level choices.
    public static func rewrite(_ text: String, choices: DeclaredChoices) -> String {
        rewriting(text, choices: choices).text
    }

    /// Step 1, with the positions (among the parsed request's parameters) of the placeholders that stand
    /// for the pieces a choice discards: a repeated reserved parameter that does not win, a reserved flag
    /// under `flag-parameter: drop`. A placeholder keeps the piece's value where it was, so the reference
    /// still decodes it (a malformed escape or ill-formed UTF-8 in it rejects the URL, as in any piece),
    /// and it is removed from the result after the parse.
    static func rewriting(_ text: String, choices: DeclaredChoices) -> (text: String, placeholders: Set<Int>) {
        var text = text
        if choices[.invalidEscape] == "literal" {
            var out: [UInt8] = []
            let bytes = Array(text.utf8)
            for (index, byte) in bytes.enumerated() {
                out.append(byte)
                if byte == UInt8(ascii: "%"),
                    !(index + 2 < bytes.count && PercentEncoding.hexDigitValue(bytes[index + 1]) != nil && PercentEncoding.hexDigitValue(bytes[index + 2]) != nil)
                {
                    out += Array("25".utf8)
                }
            }
            text = String(decoding: out, as: UTF8.self)
        }
        if let value = choices[.nonUTF8Escape], value == "replacement" || value == "literal" {
            text = rewritingIllFormedEscapes(text, literal: value == "literal")
        }
        let plusAsSpace = choices[.plus] == "space"
        let reservedWinner = choices[.duplicateReserved]
        let dropsReservedFlags = choices[.flagParameter] == "drop"
        guard plusAsSpace || reservedWinner == "first" || reservedWinner == "last" || dropsReservedFlags else { return (text, []) }
        let pieces = URLPieces(text)
        guard let query = pieces.query else { return (text, []) }
        let names = pieces.pieces.map { URLPieces.lenientDecode($0.name) }
        var discarded = [Bool](repeating: false, count: names.count)
        if dropsReservedFlags {
            for index in names.indices where pieces.pieces[index].value == nil && XCallbackRequest.reservedNames.contains(names[index]) {
                discarded[index] = true
            }
        }
        if reservedWinner == "first" || reservedWinner == "last" {
            for name in XCallbackRequest.reservedNames {
                let indices = names.indices.filter { !discarded[$0] && names[$0] == name }
                guard indices.count > 1 else { continue }
                for index in indices where index != (reservedWinner == "first" ? indices.first : indices.last) {
                    discarded[index] = true
                }
            }
        }
        var written: [String] = []
        var placeholders: Set<Int> = []
        var parameterCount = 0
        for (index, piece) in pieces.pieces.enumerated() {
            if discarded[index] {
                placeholders.insert(parameterCount)
                parameterCount += 1
                written.append(piece.value.map { Self.placeholderName + "=" + $0 } ?? Self.placeholderName)
                continue
            }
            if !XCallbackRequest.reservedNames.contains(names[index]) { parameterCount += 1 }
            written.append(piece.value.map { piece.name + "=" + $0 } ?? String(piece.name))
        }
        var newQuery = written.joined(separator: "&")
        if plusAsSpace { newQuery = newQuery.replacingPlus() }
        let head = text[..<query.startIndex]
        return (String(head) + newQuery + (pieces.fragment.map { "#" + $0 } ?? ""), placeholders)
    }

    /// The name of a placeholder piece: an action parameter, so the reference keeps it in order.
    static let placeholderName = "_"

    /// Step 3: the accepted result transformed for the keep/drop choices.
    public static func transform(_ request: inout XCallbackRequest, choices: DeclaredChoices) {
        switch choices[.flagParameter] {
        case "empty-value":
            request.parameters = request.parameters.map { XCallbackParameter($0.name, $0.value ?? "") }
        case "drop":
            request.parameters.removeAll { $0.value == nil }
        default:
            break
        }
        let winner = choices[.duplicateParameter]
        if winner == "first" || winner == "last" {
            var keep = [Bool](repeating: false, count: request.parameters.count)
            let order = winner == "first" ? Array(request.parameters.indices) : request.parameters.indices.reversed()
            var seen: Set<String> = []
            for index in order where seen.insert(request.parameters[index].name).inserted {
                keep[index] = true
            }
            request.parameters = request.parameters.indices.filter { keep[$0] }.map { request.parameters[$0] }
        }
        if choices[.trailingSlash] == "strip" {
            while request.action.hasSuffix("/") { request.action.removeLast() }
        }
    }
}

extension String {
    /// The string with every `+` replaced by `%20`.
    fileprivate func replacingPlus() -> String {
        var out: [UInt8] = []
        for byte in utf8 { out += byte == UInt8(ascii: "+") ? Array("%20".utf8) : [byte] }
        return String(decoding: out, as: UTF8.self)
    }
}
