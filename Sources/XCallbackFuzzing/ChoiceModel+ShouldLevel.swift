// Inputs the vectors grade should, not must: a target that answers them the other way fails the suite
// at should, so the driver grades the disagreement at should too (`ChoiceOracleLevelTests`).
//
// These traits are computed only for an input on which the target already disagrees, so an agreeing
// execution never pays for the scan.

import XCallbackURL

extension InputTrait {
    /// A parameter with an empty name (`?=v`, `?==`), which the reference keeps as an action parameter.
    public static let emptyName = Self(rawValue: "empty-name")
    /// A non-empty query with an empty piece (`?&&&`, `?a=1&`): the reference skips the empty pieces.
    public static let emptyQueryPiece = Self(rawValue: "empty-query-piece")
    /// An escaped CR LF pair (`%0D%0A`, the shape of header injection): accepted decoded by the reference.
    public static let escapedCRLF = Self(rawValue: "escaped-crlf")
    /// A parameter name that resembles a reserved one without being it: another ASCII case (`X-Source`),
    /// another `x-` name (`x-foo`), or the reserved letters with spaces, `_` or no hyphen (`x_success`).
    public static let reservedLookAlikeName = Self(rawValue: "reserved-look-alike-name")
    /// An action with a dot segment (`../etc`, `%2E%2E%2F`) or a version-like first segment (`1.0/lookup`), kept as is.
    public static let dotOrVersionSegment = Self(rawValue: "dot-or-version-segment")
    /// An escaped `/` in the action (`a%2Fb`), kept in the action decoded.
    public static let encodedSlashInPath = Self(rawValue: "encoded-slash-in-path")
    /// An action with an empty segment before its end (`//open`, `a//b`): the reference keeps it, `/open` and `a//b`.
    public static let emptyPathSegment = Self(rawValue: "empty-path-segment")
    /// An input longer than 8 KiB (a limit some systems put on URLs), or with more than 1,000 query pieces.
    public static let longInput = Self(rawValue: "long-input")
    /// A callback value whose scheme runs code (`javascript:`, `data:`, `file:`, `vbscript:`); the parser keeps it.
    public static let unsafeCallbackValue = Self(rawValue: "unsafe-callback-value")
    /// A host with a Punycode label (`xn--x-callback-url-`), which is not `x-callback-url` once decoded either.
    public static let punycodeHost = Self(rawValue: "punycode-host")
}

extension ChoiceModel {
    /// The letters of the reserved names, for `reservedLookAlikeName`.
    static let reservedLetters: Set<String> = ["xsource", "xsuccess", "xerror", "xcancel"]
    /// Callback schemes that run code.
    static let unsafeSchemes = ["javascript:", "data:", "file:", "vbscript:"]

    /// The traits of `input` that put a disagreement on it at should (see the file's overview), in a fixed order.
    public static func shouldLevelTraits(of input: [UInt8]) -> [InputTrait] {
        var traits: [InputTrait] = []
        if input.count > 8192 { traits.append(.longInput) }
        guard let text = String(validating: input, as: UTF8.self) else { return traits }
        let pieces = URLPieces(text)
        if pieces.pieces.count > 1000, !traits.contains(.longInput) { traits.append(.longInput) }
        let names = pieces.pieces.map { URLPieces.lenientDecode($0.name) }
        if names.contains("") { traits.append(.emptyName) }
        if let query = pieces.query, !query.isEmpty,
            query.hasPrefix("&") || query.hasSuffix("&") || query.contains("&&")
        {
            traits.append(.emptyQueryPiece)
        }
        if text.lowercased().contains("%0d%0a") { traits.append(.escapedCRLF) }
        if names.contains(where: isReservedLookAlike) { traits.append(.reservedLookAlikeName) }
        let path = pieces.path.dropFirst().lowercased()
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let versionLike = segments.count > 1 && segments[0].contains(".") && segments[0].allSatisfy { $0 == "." || $0.isNumber }
        if versionLike || segments.contains(where: { $0 == "." || $0 == ".." }) || path.contains("%2e") {
            traits.append(.dotOrVersionSegment)
        }
        if path.contains("%2f") { traits.append(.encodedSlashInPath) }
        if path.hasPrefix("/") || path.contains("//") { traits.append(.emptyPathSegment) }
        let callbacks: Set<String> = ["x-success", "x-error", "x-cancel"]
        if pieces.pieces.indices.contains(where: { index in
            guard callbacks.contains(names[index]), let value = pieces.pieces[index].value else { return false }
            let decoded = URLPieces.lenientDecode(value).lowercased()
            return unsafeSchemes.contains(where: decoded.hasPrefix)
        }) {
            traits.append(.unsafeCallbackValue)
        }
        if let authority = pieces.authority?.lowercased(), authority.hasPrefix("xn--") || authority.contains(".xn--") {
            traits.append(.punycodeHost)
        }
        return traits
    }

    /// Whether a decoded parameter name resembles a reserved name without being one (`reservedLookAlikeName`).
    static func isReservedLookAlike(_ name: String) -> Bool {
        if XCallbackRequest.reservedNames.contains(name) { return false }
        let lower = name.lowercased()
        if lower.hasPrefix("x-") { return true }
        let letters = String(lower.filter { $0.isLetter })
        return reservedLetters.contains(letters)
    }
}
