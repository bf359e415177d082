import XCallbackURL

/// A target with its claim of roles replaced, such as the reference restricted to decoding (`--roles decode`).
///
/// Everything else is the base target's. Over a target that declares its operations (a subprocess target), the
/// operations are narrowed to those of the claimed roles; the claim can widen the base's own claim only within them.
///
/// ```swift
/// let run = ConformanceRunner().run(suite, against: ReferenceTarget().claiming([.decode]))
/// ```
public struct ClaimedRoles<Base: ConformanceTarget>: ConformanceTarget {
    /// The target whose claim is replaced.
    public var base: Base
    /// The roles claimed instead of the base's.
    public var claimed: Set<TargetRole>

    /// Wraps `base` with the claim `claimed`.
    public init(_ base: Base, claiming claimed: Set<TargetRole>) {
        self.base = base
        self.claimed = claimed
    }

    /// The base's identity.
    public var identity: TargetIdentity { base.identity }
    /// The base's choices.
    public var declaredChoices: DeclaredChoices { base.declaredChoices }
    /// The base's extra parameters.
    public var extraParameters: [String] { base.extraParameters }
    /// The claim that replaces the base's.
    public var roles: Set<TargetRole>? { claimed }

    /// The base's parse.
    public func parse(_ url: String) -> TargetAnswer<XCallbackRequest> { base.parse(url) }
    /// The base's parse of bytes.
    public func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> { base.parse(utf8: bytes) }
    /// The base's request builder.
    public func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> { base.buildRequest(request) }
    /// The base's callback builder.
    public func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> { base.buildCallback(response) }
}

extension ClaimedRoles: OperationDeclaring where Base: OperationDeclaring {
    /// The base's operations that a claimed role belongs to.
    public var operations: Set<Operation> { base.operations.filter { operation in claimed.contains { $0.operation == operation } } }
}

extension ClaimedRoles: LateBreakageReporting where Base: LateBreakageReporting {
    /// The base's late breakages.
    public func takeLateBreakages() -> [String: TargetBreakage] { base.takeLateBreakages() }
}

extension ConformanceTarget {
    /// This target claiming `roles` instead of its own claim.
    public func claiming(_ roles: Set<TargetRole>) -> ClaimedRoles<Self> { ClaimedRoles(self, claiming: roles) }
}
