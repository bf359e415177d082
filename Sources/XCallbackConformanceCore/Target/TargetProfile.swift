// The profiles a certificate, a badge and the matrix name (Vectors/README.md, "Roles"), so that nobody is a
// "receiver" by declaring less: `receiver` is recognise and decode together; `decoder` is decode without
// recognise; `request builder` and `callback builder` are their one role each. A target's profile is the list
// of these its roles make.

/// A name for what a target is certified as, made from the roles it claims, such as `receiver`.
public struct TargetProfile: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name, as reports print it: `receiver`, `decoder`, `request builder`, `callback builder`.
    public var rawValue: String

    /// Creates a profile from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The name.
    public var description: String { rawValue }

    /// Recognises incoming x-callback-urls and decodes them: what an app that receives requests needs.
    public static let receiver = Self(rawValue: "receiver")
    /// Decodes x-callback-urls it is handed, leaving the scheme and host checks to its caller.
    public static let decoder = Self(rawValue: "decoder")
    /// Writes the URLs a source app opens.
    public static let requestBuilder = Self(rawValue: "request builder")
    /// Writes the URLs a target app opens when it returns.
    public static let callbackBuilder = Self(rawValue: "callback builder")

    /// The roles the profile stands for.
    public var roles: [TargetRole] {
        switch self {
        case .receiver: [.recognise, .decode]
        case .decoder: [.decode]
        case .requestBuilder: [.buildRequest]
        case .callbackBuilder: [.buildCallback]
        default: []
        }
    }

    /// The profiles `roles` make, in report order: `receiver` only with both parse roles, `decoder` with decode alone.
    ///
    /// Recognise without decode makes no profile: the report still lists the role.
    public static func profiles(of roles: some Sequence<TargetRole>) -> [Self] {
        let roles = Set(roles)
        var out: [Self] = []
        if roles.contains(.decode) { out.append(roles.contains(.recognise) ? .receiver : .decoder) }
        if roles.contains(.buildRequest) { out.append(.requestBuilder) }
        if roles.contains(.buildCallback) { out.append(.callbackBuilder) }
        return out
    }
}
