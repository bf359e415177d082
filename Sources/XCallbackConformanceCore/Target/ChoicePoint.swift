/// A point the spec leaves open, on which each target declares its choice.
///
/// Vectors graded implementation-defined are keyed by a choice point; the target's declared value picks
/// the expected result, so the suite checks that a target does what it says without picking a winner.
public struct ChoicePoint: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The stable identifier, for example `plus`.
    public var rawValue: String
    /// Creates a choice point from its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a choice point from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The stable identifier.
    public var description: String { rawValue }
    /// Orders choice points by identifier.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether `+` in a query is a literal plus (`literal`) or a space (`space`). Divergence D1.
    public static let plus: Self = "plus"
    /// What a malformed escape such as `%zz` does: `reject` or `literal` (kept as written). Divergence D4.
    public static let invalidEscape: Self = "invalid-escape"
    /// What a non-UTF-8 escape such as `%E9` does: `reject`, `replacement` (U+FFFD) or `literal`. Divergence D5.
    public static let nonUTF8Escape: Self = "non-utf8-escape"
    /// What a key without `=` becomes: `no-value`, `empty-value` or `drop`. Divergence D7.
    public static let flagParameter: Self = "flag-parameter"
    /// What a repeated action parameter does: `keep-all`, `first` or `last`. Divergence D6.
    public static let duplicateParameter: Self = "duplicate-parameter"
    /// What a repeated reserved parameter does: `reject`, `first` or `last`.
    public static let duplicateReserved: Self = "duplicate-reserved"
    /// Whether a trailing `/` stays in the action: `keep` or `strip`. Divergence D12.
    public static let trailingSlash: Self = "trailing-slash"
    /// Whether parameter order is kept: `preserved` or `unordered`. Divergence D20.
    public static let parameterOrder: Self = "parameter-order"
    /// Whether the parser reports the fragment (`reported`) or never does (`not-reported`: it is not compared).
    public static let fragment: Self = "fragment"

    /// Every choice point with its allowed values, the reference's value first.
    public static let all: [(point: ChoicePoint, values: [String])] = [
        (.plus, ["literal", "space"]),
        (.invalidEscape, ["reject", "literal"]),
        (.nonUTF8Escape, ["reject", "replacement", "literal"]),
        (.flagParameter, ["no-value", "empty-value", "drop"]),
        (.duplicateParameter, ["keep-all", "first", "last"]),
        (.duplicateReserved, ["reject", "first", "last"]),
        (.trailingSlash, ["keep", "strip"]),
        (.parameterOrder, ["preserved", "unordered"]),
        (.fragment, ["reported", "not-reported"]),
    ]

    /// The allowed values of this choice point, or `nil` for an unknown point.
    public var allowedValues: [String]? {
        Self.all.first { $0.point == self }?.values
    }
}

/// A target's declared values for the choice points it has an answer to.
public struct DeclaredChoices: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// The declared values by choice point.
    public var values: [ChoicePoint: String]

    /// Creates declarations from a dictionary.
    public init(_ values: [ChoicePoint: String] = [:]) { self.values = values }

    /// Creates declarations from a dictionary literal.
    public init(dictionaryLiteral elements: (ChoicePoint, String)...) {
        self.values = Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// The declared value for `point`, or `nil` when the target did not declare one.
    public subscript(point: ChoicePoint) -> String? {
        get { values[point] }
        set { values[point] = newValue }
    }

    /// The declarations sorted by choice point, for stable reports.
    public var sorted: [(point: ChoicePoint, value: String)] {
        values.sorted { $0.key < $1.key }.map { (point: $0.key, value: $0.value) }
    }

    /// The reference implementation's choices: the first value of every choice point.
    public static let reference = DeclaredChoices(
        Dictionary(uniqueKeysWithValues: ChoicePoint.all.map { ($0.point, $0.values[0]) }))
}
