// Inputs the vectors let a parser accept or reject (graded should, or with an `anyOf` of both): a target
// that answers the other way is not wrong at must. They are kept apart from
// `ChoiceModel.traits(of:)`, whose scan `TraitEquivalenceTests` holds equal to an earlier version.

import XCallbackURL

extension InputTrait {
    /// `x-success=`, `x-error=` or `x-cancel=` with an empty value: accept it as `""`, or refuse it as no URL.
    public static let emptyCallback = Self(rawValue: "empty-callback")
    /// An escape that decodes to NUL (`%00`): accept it decoded, or reject it (other decoded controls are accepted).
    public static let escapedNUL = Self(rawValue: "escaped-nul")
    /// A host written with escapes that decodes to `x-callback-url`, or one whose decoded text holds a
    /// non-ASCII or control character (a look-alike): accept it, or reject it.
    public static let hostLookAlike = Self(rawValue: "host-look-alike")
}

extension ChoiceModel {
    /// The traits of `input` that make rejecting it as acceptable as accepting it, in a fixed order.
    public static func eitherWayTraits(of input: [UInt8]) -> [InputTrait] {
        var traits: [InputTrait] = []
        let percent = UInt8(ascii: "%")
        guard let text = String(validating: input, as: UTF8.self) else { return traits }
        let pieces = URLPieces(text)
        if let authority = pieces.authority, authority != "x-callback-url" {
            let host = URLPieces.lenientBytes(authority)
            let encodedSpelling = authority.utf8.contains(percent)
                && String(decoding: host, as: UTF8.self).lowercased() == "x-callback-url"
            if encodedSpelling || host.contains(where: { $0 >= 0x80 || $0 < 0x20 || $0 == 0x7F }) { traits.append(.hostLookAlike) }
        }
        let callbacks: Set<String> = ["x-success", "x-error", "x-cancel"]
        if pieces.pieces.contains(where: { $0.value?.isEmpty == true && callbacks.contains(URLPieces.lenientDecode($0.name)) }) {
            traits.append(.emptyCallback)
        }
        let zero = UInt8(ascii: "0")
        if input.indices.contains(where: { input[$0] == percent && $0 + 2 < input.count && input[$0 + 1] == zero && input[$0 + 2] == zero }) {
            traits.append(.escapedNUL)
        }
        return traits
    }
}
