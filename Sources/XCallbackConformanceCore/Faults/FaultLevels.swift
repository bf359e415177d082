// The fault table (Vectors/README.md, "Faults"): the level of a transformation in a field, from the rule for must.
// A difference that changes what the other side receives (the action, a name, a value, which callback is opened) is
// must; a respelling that decodes the same, a choice the spec leaves open, and UTF-8 niceties are should; whether an
// input is refused or accepted is graded by the vector that holds it, and another refusal category never above should.

/// The level of each kind of difference, used for a fault outside the rule of the vector that shows it.
public enum FaultLevels {
    /// The level of one difference, given the level of the vector that shows it.
    public static func level(of difference: FieldDifference, vectorLevel: Level) -> Level {
        let field = difference.field, qualifier = difference.qualifier ?? "", note = difference.note ?? ""
        switch difference.transformation {
        case .otherCategory: return max(vectorLevel, .should)
        case .inconsistentChoice: return .implementationDefined
        case .replacementCharacter, .latin1, .normalised, .lowercaseHex, .unreservedEscaped, .respelled,
            .reordered, .flagForm:
            return .should
        case .refused, .accepted, .broke, .unreadableURL: return vectorLevel
        case .notEncoded where !note.isEmpty: return ["'+'", "'='", "space"].contains(note) ? .should : vectorLevel
        case .caseChanged where field == .scheme || field == .callbackScheme: return .should
        case .notDecoded where field == .action || field == .parameterName || field == .fragment: return .should
        case .delimiterKept where qualifier == "trailing '/'", .delimiterRemoved where qualifier == "trailing '/'":
            return .should
        case .otherDelimiter where note == "bare": return .should
        default:
            switch field {
            case .encoding, .outcome: return vectorLevel
            case .separator, .parameterOrder, .fragment, .callbackFragment, .scheme, .host, .authority,
                .callbackScheme:
                return .must
            default: return field.carriesData ? .must : vectorLevel
            }
        }
    }

    /// The transformations graded should at most even within a vector's rule: another refusal category, and the
    /// respellings that every name and value reads the same through (Vectors/README.md, "The rule for must").
    public static let shouldAtMost: Set<FaultTransformation> = [.otherCategory, .respelled, .lowercaseHex, .unreservedEscaped]

    /// The strictest level among `differences`.
    public static func level(of differences: [FieldDifference], vectorLevel: Level) -> Level {
        differences.map { level(of: $0, vectorLevel: vectorLevel) }.min() ?? vectorLevel
    }
}
