// The fields a fault can touch (Vectors/README.md, "Faults"): the parts of a parsed request, of a built callback,
// and the outcome itself. The same names appear as `fields` in rules.json, so a failure can be held against the
// rules it touches and no others.

/// A field of an answer that a difference touches, such as `parameter-value` or `callback-query`.
public struct FaultField: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The field's name, as rules.json writes it.
    public var rawValue: String
    /// Creates a field from its name.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a field from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The field's name.
    public var description: String { rawValue }
    /// Orders fields as `all` lists them, unknown names last.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        let left = all.firstIndex(of: lhs) ?? all.count, right = all.firstIndex(of: rhs) ?? all.count
        return left == right ? lhs.rawValue < rhs.rawValue : left < right
    }

    /// The URL's scheme.
    public static let scheme: Self = "scheme"
    /// The host, `x-callback-url`.
    public static let host: Self = "host"
    /// Userinfo or a port.
    public static let authority: Self = "authority"
    /// The action, the path after the host.
    public static let action: Self = "action"
    /// An action parameter's name.
    public static let parameterName: Self = "parameter-name"
    /// An action parameter's value.
    public static let parameterValue: Self = "parameter-value"
    /// The order or number of the parameters.
    public static let parameterOrder: Self = "parameter-order"
    /// `x-source`'s value.
    public static let source: Self = "x-source"
    /// `x-success`'s value.
    public static let success: Self = "x-success"
    /// `x-error`'s value.
    public static let error: Self = "x-error"
    /// `x-cancel`'s value.
    public static let cancel: Self = "x-cancel"
    /// The fragment.
    public static let fragment: Self = "fragment"
    /// Whether the input was accepted or refused, and the refusal's category.
    public static let outcome: Self = "outcome"
    /// The callback's own scheme.
    public static let callbackScheme: Self = "callback-scheme"
    /// The callback's own path (and authority).
    public static let callbackPath: Self = "callback-path"
    /// The callback's own query, kept byte for byte.
    public static let callbackQuery: Self = "callback-query"
    /// The callback's own fragment.
    public static let callbackFragment: Self = "callback-fragment"
    /// The `?` or `&` between the callback and what is appended.
    public static let separator: Self = "separator"
    /// The appended result parameters and `x-source`.
    public static let appended: Self = "appended"
    /// The appended `errorCode`.
    public static let errorCode: Self = "errorCode"
    /// The appended `errorMessage`.
    public static let errorMessage: Self = "errorMessage"
    /// The spelling of the built URL: raw characters, hex case, escaped unreserved characters.
    public static let encoding: Self = "encoding"

    /// Every field, in report order (rules.json's vocabulary).
    public static let all: [Self] = [
        .scheme, .host, .authority, .action, .parameterName, .parameterValue, .parameterOrder, .source, .success,
        .error, .cancel, .fragment, .outcome, .callbackScheme, .callbackPath, .callbackQuery, .callbackFragment,
        .separator, .appended, .errorCode, .errorMessage, .encoding,
    ]

    /// The field of a reserved parameter's value, by its name (`x-success` → `.success`).
    public static func reserved(_ name: String) -> Self? {
        switch name {
        case "x-source": .source
        case "x-success": .success
        case "x-error": .error
        case "x-cancel": .cancel
        default: nil
        }
    }

    /// Whether the field carries a decoded value the other side acts on: a name or value, a callback, the action.
    public var carriesData: Bool {
        switch self {
        case .action, .parameterName, .parameterValue, .source, .success, .error, .cancel, .callbackQuery,
            .callbackPath, .appended, .errorCode, .errorMessage:
            true
        default: false
        }
    }
}
