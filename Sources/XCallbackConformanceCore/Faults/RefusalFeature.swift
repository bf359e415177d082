import XCallbackURL

// What a refused valid input holds that a plain one does not (Vectors/README.md, "Faults"): the host spelled
// otherwise, the scheme in other letters, an action of several segments, an empty callback. A refusal is put down to
// that feature, in its own field, so that a receiver with two checks too strict shows two faults. `FaultJudgement`
// takes the feature away again when the run also refuses valid inputs that have none: then the refusal is one fault,
// whatever the input.

/// A feature of a valid input that a refusal of it is put down to.
struct RefusalFeature: Hashable, Sendable {
    /// The field the feature lies in.
    var field: FaultField
    /// What the feature is, as the refused fault's qualifier says it: `host spelling`, `action segments`.
    var name: String

    /// The separator between a refusal's category and its feature in a fault's qualifier (`no category; host spelling`).
    static let separator = "; "

    /// The feature of `vector`'s input a refusal is put down to, the likeliest first (the host, the scheme, the
    /// action, then the callbacks); `nil` for an input that has none, or a vector that is no parse.
    static func feature(of vector: Vector, expected: ExpectedResult) -> RefusalFeature? {
        guard case .request(let request) = expected, let text = vector.input.urlText, let colon = text.firstIndex(of: ":")
        else { return nil }
        let afterScheme = text[text.index(after: colon)...]
        if afterScheme.hasPrefix("//") {
            let authority = afterScheme.dropFirst(2).prefix { !"/?#".contains($0) }
            // Other letters and escapes are one feature: a host compared as written refuses both.
            if authority != "x-callback-url", (try? PercentEncoding.decode(String(authority)))?.lowercased() == "x-callback-url" {
                return RefusalFeature(field: .host, name: "host spelling")
            }
        }
        if text[..<colon].contains(where: \.isUppercase) { return RefusalFeature(field: .scheme, name: "scheme case") }
        if request.action.contains("/") { return RefusalFeature(field: .action, name: "action segments") }
        for (field, value) in [(FaultField.success, request.success), (.error, request.error), (.cancel, request.cancel)]
        where value == "" {
            return RefusalFeature(field: field, name: "empty callback")
        }
        return nil
    }

    /// The differences of a refusal of `vector` under `category`: the outcome and the field of the input's feature,
    /// the qualifier naming both; the outcome alone when the input has no feature.
    static func refusal(of vector: Vector, expected: ExpectedResult, category: String) -> [FieldDifference] {
        guard let feature = feature(of: vector, expected: expected) else { return [FieldDifference(.outcome, .refused, category)] }
        let qualifier = category + separator + feature.name
        return [FieldDifference(.outcome, .refused, qualifier), FieldDifference(feature.field, .refused, qualifier)]
    }

    /// A refused fault's qualifier split into its category and its feature (`nil` when it names none).
    static func split(_ qualifier: String?) -> (category: String, feature: String?)? {
        guard let qualifier else { return nil }
        guard let range = qualifier.range(of: separator) else { return (qualifier, nil) }
        return (String(qualifier[..<range.lowerBound]), String(qualifier[range.upperBound...]))
    }
}
