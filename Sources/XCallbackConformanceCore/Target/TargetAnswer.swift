import XCallbackURL

/// What a target answered for one operation, keeping its four outcomes and the harness's own observations apart.
public enum TargetAnswer<Value: Sendable>: Sendable {
    /// The target accepted the input and produced a result.
    case accepted(Value)
    /// The target rejected the input; a `nil` category means it reported none, and the category goes unchecked.
    case rejected(category: RejectionCategory?, message: String?)
    /// The target does not support the operation; the vector is skipped, not failed.
    case unsupported(reason: String?, issueURL: String?)
    /// The target caught a failure of its own; the vector fails.
    case errored(String)
    /// The harness saw the target break (crash, timeout, unreadable answer); the vector fails.
    case broken(TargetBreakage)
}

extension TargetAnswer {
    /// Wraps a throwing reference call: a value is accepted, an `XCallbackRejection` is a rejection with its category.
    public init(_ body: () throws(XCallbackRejection) -> Value) {
        do {
            self = .accepted(try body())
        } catch {
            self = .rejected(category: error.category, message: error.message)
        }
    }
}

/// How the harness saw a target break.
public struct TargetBreakage: Error, Hashable, Sendable {
    /// The kind of breakage.
    public var kind: BreakageKind
    /// What was seen: the stderr tail, the bytes that could not be read, the time waited.
    public var detail: String

    /// Creates a breakage record.
    public init(_ kind: BreakageKind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }
}

/// The kinds of breakage the harness tells apart.
public struct BreakageKind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The stable identifier.
    public var rawValue: String
    /// Creates a kind from its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a kind from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The target process exited or was killed while a request was outstanding.
    public static let crashed: Self = "crashed"
    /// The target did not answer within the timeout.
    public static let timedOut: Self = "timed-out"
    /// The target answered with something that is not a valid answer to the request.
    public static let unreadableAnswer: Self = "unreadable-answer"
}
