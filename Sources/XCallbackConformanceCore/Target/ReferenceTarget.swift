import XCallbackURL

/// The reference implementation (module `XCallbackURL`) as a conformance target.
public struct ReferenceTarget: ConformanceTarget {
    /// Creates the reference target.
    public init() {}

    /// The reference's identity.
    public var identity: TargetIdentity {
        TargetIdentity(
            name: "xcallback-reference", version: SuiteInfo.version, language: "Swift",
            homepage: "https://x-callback-url.com/specification/")
    }

    /// The reference's choices: the first value of every choice point.
    public var declaredChoices: DeclaredChoices { .reference }

    /// Every role: the reference recognises, decodes and builds requests and callbacks (profile `receiver`,
    /// `request builder`, `callback builder`).
    public var roles: Set<TargetRole>? { Set(TargetRole.allCases) }

    /// Parses with `XCallbackRequest(parsing:)`.
    public func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        TargetAnswer { () throws(XCallbackRejection) in try XCallbackRequest(parsing: url) }
    }

    /// Parses bytes with `XCallbackRequest(parsingUTF8:)`, which rejects ill-formed UTF-8.
    public func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> {
        TargetAnswer { () throws(XCallbackRejection) in try XCallbackRequest(parsingUTF8: bytes) }
    }

    /// Builds with `XCallbackRequest.url()`.
    public func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
        TargetAnswer { () throws(XCallbackRejection) in try request.url() }
    }

    /// Builds with `XCallbackResponse.url()`.
    public func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> {
        TargetAnswer { () throws(XCallbackRejection) in try response.url() }
    }
}

/// Facts about this suite that reports and identities name.
public enum SuiteInfo {
    /// The version of the suite's code and command-line tool.
    public static let version = "5.4.0"
}
