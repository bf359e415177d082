/// A stable, machine-readable reason why an x-callback-url was rejected or could not be built.
///
/// Categories are written into the conformance vectors and reports, so their raw values never change.
/// New categories may be added; a `String`-backed struct keeps that from breaking anyone.
public struct RejectionCategory: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The stable identifier, for example `invalid-percent-encoding`.
    public var rawValue: String

    /// Creates a category from its stable identifier.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a category from a string literal holding its stable identifier.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The stable identifier.
    public var description: String { rawValue }

    /// Orders categories by identifier, for stable listings.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension RejectionCategory {
    /// The URL has no `scheme://` authority, or its host is not `x-callback-url` (spec, URL Structure).
    public static let notXCallbackURL: Self = "not-x-callback-url"
    /// The scheme is empty or not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1).
    public static let invalidScheme: Self = "invalid-scheme"
    /// The authority carries userinfo (`@`) or a port (`:`), which the spec's URL structure has no room for.
    public static let invalidAuthority: Self = "invalid-authority"
    /// The path after the host is empty, so there is no action to run.
    public static let missingAction: Self = "missing-action"
    /// A `%` is not followed by two hexadecimal digits (RFC 3986 §2.1).
    public static let invalidPercentEncoding: Self = "invalid-percent-encoding"
    /// Percent-decoded octets, or the raw input, are not well-formed UTF-8 (RFC 3629 §3).
    public static let invalidUTF8: Self = "invalid-utf8"
    /// A raw control character (U+0000–U+001F or U+007F) appears in the URL (RFC 3986 §2).
    public static let invalidCharacter: Self = "invalid-character"
    /// One of `x-source`, `x-success`, `x-error` or `x-cancel` appears more than once.
    public static let duplicateReservedParameter: Self = "duplicate-reserved-parameter"
    /// An action parameter to be built uses the `x-` prefix that the spec reserves.
    public static let reservedParameterName: Self = "reserved-parameter-name"
    /// A parameter to be built has an empty name, which no receiver can tell apart from nothing.
    public static let emptyParameterName: Self = "empty-parameter-name"
    /// A callback URL to be built upon has no valid `scheme:`.
    public static let invalidCallbackURL: Self = "invalid-callback-url"
    /// A callback URL to be built upon uses a scheme that runs code or reads files (`javascript:`, `data:`, …).
    public static let unsafeCallbackScheme: Self = "unsafe-callback-scheme"
}
