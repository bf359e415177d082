// The responsibilities a target takes on within its operations (Vectors/README.md, "Roles"): a parse
// target recognises incoming x-callback-urls and decodes them; builders build requests or callbacks.
// Every vector names the role it tests; the generator computes a parse vector's role from its input.

/// A responsibility a target takes on within one operation, such as recognising incoming x-callback-urls.
public struct TargetRole: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The stable identifier written into the vectors, for example `recognise`.
    public var rawValue: String

    /// Creates a role from its identifier; check `operation` for whether it is one this suite knows.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The identifier.
    public var description: String { rawValue }

    /// Deciding whether an incoming URL is an x-callback-url at all: the scheme's syntax and case, the authority.
    public static let recognise = Self(rawValue: "recognise")
    /// Reading an x-callback-url: the action, parameters, reserved values, fragment and percent-decoding.
    public static let decode = Self(rawValue: "decode")
    /// Writing the URL a source app opens.
    public static let buildRequest = Self(rawValue: "build-request")
    /// Writing the URL a target app opens when it returns.
    public static let buildCallback = Self(rawValue: "build-callback")

    /// Every role the suite knows, in the order of their operations.
    public static let allCases: [Self] = [.recognise, .decode, .buildRequest, .buildCallback]

    /// The operation the role belongs to, or nil for a role the suite does not know.
    public var operation: Operation? {
        switch self {
        case .recognise, .decode: .parse
        case .buildRequest: .buildRequest
        case .buildCallback: .buildCallback
        default: nil
        }
    }

    /// The roles of `operation`, in order.
    public static func roles(of operation: Operation) -> [Self] {
        allCases.filter { $0.operation == operation }
    }

    /// Orders roles as `allCases` lists them; unknown roles last, by identifier.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        let left = allCases.firstIndex(of: lhs) ?? allCases.count
        let right = allCases.firstIndex(of: rhs) ?? allCases.count
        return left == right ? lhs.rawValue < rhs.rawValue : left < right
    }

    /// The role a parse input tests: `recognise` when its scheme is not a plain lowercase valid scheme or its
    /// authority is not exactly `//x-callback-url`, `decode` otherwise (the vectors' generator computes the same).
    ///
    /// A vector file may override the computed role with a reason, so a vector's own `role` is what counts.
    public static func parseRole(of bytes: [UInt8]) -> Self {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return .recognise }
        let scheme = bytes[..<colon]
        let lowerLetter = { (byte: UInt8) in byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        let digit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard lowerLetter(scheme[scheme.startIndex]),
            scheme.allSatisfy({ lowerLetter($0) || digit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return .recognise }
        let authority = Array("//x-callback-url".utf8)
        let rest = bytes[(colon + 1)...]
        guard rest.starts(with: authority) else { return .recognise }
        let after = rest.dropFirst(authority.count)
        guard let next = after.first else { return .decode }
        return next == UInt8(ascii: "/") || next == UInt8(ascii: "?") || next == UInt8(ascii: "#") ? .decode : .recognise
    }
}
