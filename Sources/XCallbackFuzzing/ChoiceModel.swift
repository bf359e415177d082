// What the reference would answer if it had made a target's declared choices, and which open points an
// input touches.
//
// The expected answer is computed in three steps:
// 1. Rewrite the input for choices that change how text is read: `plus: space` turns a raw `+` in the
//    query into `%20`; `invalid-escape: literal` turns a `%` without two hex digits into `%25`;
//    `duplicate-reserved: first|last` drops the other occurrences of a repeated reserved parameter.
// 2. Parse the rewritten input with the reference.
// 3. Transform the result for choices that change what is kept: `flag-parameter`, `duplicate-parameter`,
//    `trailing-slash` (`strip` removes every trailing `/`). (`parameter-order` is handled by the comparison.)
// `non-utf8-escape` is not modelled; inputs that touch it are relaxed instead (see `DifferentialRelaxation`).

import XCallbackConformanceCore
import XCallbackURL

/// The reference's answer under declared choices, and the traits of an input.
public enum ChoiceModel {
    static let rawOutsideRFC3986: Set<UInt8> = Set(" \"<>\\^`{|}[]".utf8)
    /// `rawOutsideRFC3986` as a table, with every byte from 0x80 up: what makes an input `raw-character`.
    static let rawCharacterTable: [Bool] = (0...255).map { $0 >= 0x80 || rawOutsideRFC3986.contains(UInt8($0)) }

    /// The open points `input` touches, in a fixed order.
    public static func traits(of input: [UInt8]) -> [InputTrait] {
        var traits: [InputTrait] = []
        let validated = String(validating: input, as: UTF8.self)
        if validated == nil { traits.append(.invalidUTF8Bytes) }
        var control = false
        var raw = false
        var percent = false
        for byte in input {
            if byte < 0x20 || byte == 0x7F { control = true }
            if rawCharacterTable[Int(byte)] { raw = true }
            if byte == UInt8(ascii: "%") { percent = true }
        }
        if control { traits.append(.controlCharacter) }
        let text = validated ?? String(decoding: input, as: UTF8.self)
        let pieces = URLPieces(text)
        // A second '#' is data inside the fragment, where RFC 3986 §3.5 does not allow it raw.
        if raw || pieces.fragment?.utf8.contains(UInt8(ascii: "#")) == true {
            traits.append(.rawCharacter)
        }
        if let scheme = pieces.scheme,
            scheme.utf8.allSatisfy({ $0 < 0x80 })
                ? scheme.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) : scheme.contains(where: { $0.isUppercase })
        {
            traits.append(.schemeCase)
        }
        if let authority = pieces.authority {
            if authority.utf8.contains(UInt8(ascii: "@")) || authority.utf8.contains(UInt8(ascii: ":")) {
                traits.append(.userinfoOrPort)
            }
            if authority != "x-callback-url" { traits.append(.hostVariant) }
        }
        if pieces.path.isEmpty || pieces.path == "/" { traits.append(.emptyAction) }
        if pieces.path.utf8.count > 1, pieces.path.utf8.last == UInt8(ascii: "/") { traits.append(.trailingSlash) }
        if percent, ["%2f", "%3f", "%23"].contains(where: { URLPieces.containsBytes(pieces.path, $0) }) {
            traits.append(.encodedDelimiterInPath)
        }
        if percent, URLPieces.hasInvalidEscape(Substring(text)) { traits.append(.invalidEscape) }
        var components: [Substring] = [pieces.path] + [pieces.authority, pieces.fragment].compactMap { $0 }
        for piece in pieces.pieces { components += [piece.name] + [piece.value].compactMap { $0 } }
        if percent, components.contains(where: URLPieces.hasNonUTF8Escape) { traits.append(.nonUTF8Escape) }
        if components.contains(where: URLPieces.startsWithByteOrderMark) {
            traits.append(.leadingByteOrderMark)
        }
        if pieces.query?.utf8.contains(UInt8(ascii: "+")) == true { traits.append(.plusInQuery) }
        if pieces.pieces.contains(where: { $0.value == nil }) { traits.append(.flagParameter) }
        if let query = pieces.query, hasEmptyPiece(query) {
            traits.append(.emptyPiece)
        }
        var duplicateAction = false
        var duplicateReserved = false
        if pieces.pieces.count > 1 {
            var seen: Set<String> = []
            seen.reserveCapacity(pieces.pieces.count)
            for piece in pieces.pieces {
                let name = piece.name.utf8.contains(UInt8(ascii: "%")) ? URLPieces.lenientDecode(piece.name) : String(piece.name)
                if !seen.insert(name).inserted {
                    if XCallbackRequest.reservedNames.contains(name) { duplicateReserved = true } else { duplicateAction = true }
                }
            }
        }
        if duplicateAction { traits.append(.duplicateParameter) }
        if duplicateReserved { traits.append(.duplicateReserved) }
        return traits
    }

    /// Whether splitting `query` at every `&` gives an empty piece: it is empty, starts or ends with `&`, or has `&&`.
    static func hasEmptyPiece(_ query: Substring) -> Bool {
        let bytes = query.utf8
        guard let first = bytes.first, let last = bytes.last else { return true }
        if first == UInt8(ascii: "&") || last == UInt8(ascii: "&") { return true }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: "&"), previous == UInt8(ascii: "&") { return true }
            previous = byte
        }
        return false
    }

    /// The reference's answer for `text` had it made `choices` (undeclared points keep the reference's value).
    public static func expected(for text: String, choices: DeclaredChoices) -> TargetAnswer<XCallbackRequest> {
        let rewritten = rewrite(text, choices: choices)
        var answer = ReferenceTarget().parse(rewritten)
        if case .accepted(var request) = answer {
            transform(&request, choices: choices)
            answer = .accepted(request)
        }
        return answer
    }

    /// Step 1: the input rewritten for the text-level choices.
    public static func rewrite(_ text: String, choices: DeclaredChoices) -> String {
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
        let plusAsSpace = choices[.plus] == "space"
        let reservedWinner = choices[.duplicateReserved]
        guard plusAsSpace || reservedWinner == "first" || reservedWinner == "last" else { return text }
        let pieces = URLPieces(text)
        guard let query = pieces.query else { return text }
        var kept = pieces.pieces
        if reservedWinner == "first" || reservedWinner == "last" {
            var keep = [Bool](repeating: true, count: kept.count)
            for name in XCallbackRequest.reservedNames {
                let indices = kept.indices.filter { URLPieces.lenientDecode(kept[$0].name) == name }
                guard indices.count > 1 else { continue }
                for index in indices where index != (reservedWinner == "first" ? indices.first : indices.last) {
                    keep[index] = false
                }
            }
            kept = kept.indices.filter { keep[$0] }.map { kept[$0] }
        }
        var newQuery = kept.map { piece in piece.value.map { piece.name + "=" + $0 } ?? String(piece.name) }.joined(separator: "&")
        if plusAsSpace { newQuery = newQuery.replacingPlus() }
        let head = text[..<query.startIndex]
        return String(head) + newQuery + (pieces.fragment.map { "#" + $0 } ?? "")
    }

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
