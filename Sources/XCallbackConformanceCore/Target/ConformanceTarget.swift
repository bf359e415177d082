import XCallbackURL

/// An x-callback-url implementation under test: anything that can parse a URL, build a request or build a callback.
///
/// Each operation is optional: one a target does not implement answers `.unsupported`, and its vectors
/// are reported as skipped, not failed. The target returns plain values; the harness does every comparison.
///
/// ```swift
/// struct MyParser: ConformanceTarget {
///     var identity: TargetIdentity { TargetIdentity(name: "MyParser", version: "2.1.0") }
///     var declaredChoices: DeclaredChoices { [.plus: "space"] }
///     func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
///         do { return .accepted(try myParse(url).asXCallbackRequest) }
///         catch { return .rejected(category: nil, message: "\(error)") }
///     }
/// }
/// ```
public protocol ConformanceTarget: Sendable {
    /// Who the target is: its name, version and, optionally, language and homepage.
    var identity: TargetIdentity { get }
    /// The target's choices on implementation-defined points, which decide the expected result of those vectors.
    var declaredChoices: DeclaredChoices { get }
    /// Names of parameters the target's builders add on their own to URLs nobody asked them to (a request id, an `x-source`).
    ///
    /// The comparator sets these names aside when it judges built URLs, so that one behaviour is judged once:
    /// by the vectors tagged `extra-parameters`, which test exactly that a builder adds nothing unasked.
    var extraParameters: [String] { get }
    /// The responsibilities the target takes on, or `nil` for every role of every operation it implements.
    ///
    /// A vector of a role outside the claim is not applicable: it is never sent, never counted as passed, and reported
    /// apart. Claiming a role declares its operation, so a skipped must vector of a claimed role fails the run. The
    /// profile a run certifies is named from the roles (`TargetProfile`): claim `.decode` alone and it is `decoder`.
    var roles: Set<TargetRole>? { get }
    /// Parses an incoming URL given as a string.
    func parse(_ url: String) -> TargetAnswer<XCallbackRequest>
    /// Parses an incoming URL given as bytes, which may be ill-formed UTF-8.
    func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest>
    /// Builds a request URL (source-app role) from its parts.
    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String>
    /// Builds a callback URL (target-app role) from a callback and its result.
    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String>
}

extension ConformanceTarget {
    /// No implementation-defined choice declared.
    public var declaredChoices: DeclaredChoices { [:] }

    /// No parameter added unasked.
    public var extraParameters: [String] { [] }

    /// Every role of every operation the target implements.
    public var roles: Set<TargetRole>? { nil }

    /// Whether the target takes on `role`: its claim holds it, or it made no claim.
    public func claims(_ role: TargetRole) -> Bool { roles?.contains(role) ?? true }

    /// Unsupported unless the target implements it.
    public func parse(_ url: String) -> TargetAnswer<XCallbackRequest> { .unsupported(reason: nil, issueURL: nil) }

    /// Decodes well-formed UTF-8 and calls `parse(_:)`; ill-formed bytes are unsupported, since a `String` can't hold them.
    public func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .unsupported(reason: "the input is not well-formed UTF-8 and this target takes a String", issueURL: nil)
        }
        return parse(text)
    }

    /// Unsupported unless the target implements it.
    public func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        .unsupported(reason: nil, issueURL: nil)
    }

    /// Unsupported unless the target implements it.
    public func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        .unsupported(reason: nil, issueURL: nil)
    }
}

/// The identity a target reports: what it is and where to learn more.
public struct TargetIdentity: Hashable, Sendable {
    /// The implementation's name.
    public var name: String
    /// The implementation's version.
    public var version: String
    /// The language it is written in, for reports.
    public var language: String?
    /// Where to find it.
    public var homepage: String?

    /// Creates an identity.
    public init(name: String, version: String, language: String? = nil, homepage: String? = nil) {
        self.name = name
        self.version = version
        self.language = language
        self.homepage = homepage
    }
}
