// The transformations that explain a difference between an answer and the expected result (Vectors/README.md,
// "Faults"). Each names what the code did, so that one bug reads as one transformation wherever it shows.

/// What a target did to a field, as a stable code: `decoded-again`, `plus-as-space`, `refused`.
public struct FaultTransformation: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The stable code.
    public var rawValue: String
    /// Creates a transformation from its code.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a transformation from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The stable code.
    public var description: String { rawValue }
    /// Orders transformations by code.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A field the expected result has is absent.
    public static let missing: Self = "missing"
    /// A field the expected result lacks is present.
    public static let added: Self = "added"
    /// A name written otherwise, its value kept (`error-Code` for `errorCode`).
    public static let renamed: Self = "renamed"
    /// A value found in another field than expected (a parameter read as `x-success`).
    public static let moved: Self = "moved"
    /// Percent-decoded once more than it should be.
    public static let decodedAgain: Self = "decoded-again"
    /// Left percent-encoded where it should be decoded.
    public static let notDecoded: Self = "not-decoded"
    /// Percent-encoded once more than it should be.
    public static let encodedAgain: Self = "encoded-again"
    /// Written without the percent-encoding it needs, so it reads back otherwise.
    public static let notEncoded: Self = "not-encoded"
    /// `+` read as a space.
    public static let plusAsSpace: Self = "plus-as-space"
    /// A space written as `+`.
    public static let spaceAsPlus: Self = "space-as-plus"
    /// Letters in another case.
    public static let caseChanged: Self = "case-changed"
    /// Cut short.
    public static let truncated: Self = "truncated"
    /// Whitespace or control characters taken off its ends, as a trim does (`" a b "` as `"a b"`, `" "` as `""`).
    public static let trimmed: Self = "trimmed"
    /// Cut down to nothing: an empty name or value where one was expected, or the reverse.
    public static let emptied: Self = "emptied"
    /// A delimiter (`/`, `?`, `#`, `&`, `=`) kept that belongs to the syntax.
    public static let delimiterKept: Self = "delimiter-kept"
    /// A delimiter at an end of the field removed.
    public static let delimiterRemoved: Self = "delimiter-removed"
    /// Characters removed from inside the field (controls, whitespace).
    public static let charactersRemoved: Self = "characters-removed"
    /// Another delimiter written where one was expected (`?` for `&`).
    public static let otherDelimiter: Self = "other-delimiter"
    /// One field split into several at a delimiter.
    public static let split: Self = "split"
    /// Several fields merged into one.
    public static let merged: Self = "merged"
    /// The same items in another order.
    public static let reordered: Self = "reordered"
    /// A flag (a name without `=`) written or read with an empty value, or the reverse.
    public static let flagForm: Self = "flag-form"
    /// Invalid UTF-8 replaced by U+FFFD.
    public static let replacementCharacter: Self = "replaced-by-U+FFFD"
    /// UTF-8 octets read as Latin-1 or another single-byte charset.
    public static let latin1: Self = "decoded-as-latin-1"
    /// Unicode normalisation applied.
    public static let normalised: Self = "unicode-normalised"
    /// An unreserved character percent-encoded.
    public static let unreservedEscaped: Self = "unreserved-escaped"
    /// A reserved character escaped where it delimits nothing and the reference leaves it raw, in a field a receiver
    /// may read as written (the action, a name, the fragment).
    public static let reservedEscaped: Self = "reserved-escaped"
    /// Lowercase hex digits in an escape.
    public static let lowercaseHex: Self = "lowercase-hex"
    /// Written with other escapes (`+` for `%2B`, `%3F` for `?`), every name and value decoding as before.
    public static let respelled: Self = "respelled"
    /// A valid input refused.
    public static let refused: Self = "refused"
    /// An invalid input accepted.
    public static let accepted: Self = "accepted"
    /// Refused, as expected, under another category.
    public static let otherCategory: Self = "other-category"
    /// An answer that matches none of a choice point's values, or contradicts the rest of the run.
    public static let inconsistentChoice: Self = "inconsistent-choice"
    /// The built URL is no URL the reference can read.
    public static let unreadableURL: Self = "unreadable-url"
    /// The target crashed, hung, errored or answered garbage.
    public static let broke: Self = "broke"
    /// A difference no transformation explains.
    public static let unexplained: Self = "unexplained"
}
