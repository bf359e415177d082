// What a target may say about itself beyond `ConformanceTarget`, which the runner and the fuzz engine ask for:
// the operations it implements, and the breakages it finds only after an exchange has ended.

/// A target that says which operations it implements, such as a subprocess target after its handshake.
public protocol OperationDeclaring {
    /// The operations the target implements.
    var operations: Set<Operation> { get }
}

/// A target that can find, after the fact, that an earlier vector's exchange went wrong (an answer sent twice).
public protocol LateBreakageReporting {
    /// The breakages found since the last call, by vector id; each is reported once.
    func takeLateBreakages() -> [String: TargetBreakage]
}
