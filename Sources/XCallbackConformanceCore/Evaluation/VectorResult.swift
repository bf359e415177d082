import XCallbackURL

/// Why a vector failed, as a stable code that known-failure lists and reports refer to.
public struct FailureKind: RawRepresentable, Hashable, Sendable, Comparable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The stable identifier, for example `wrong-result`.
    public var rawValue: String
    /// Creates a kind from its identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Creates a kind from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The stable identifier.
    public var description: String { rawValue }
    /// Orders kinds by identifier.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The target accepted, but with a different result.
    public static let wrongResult: Self = "wrong-result"
    /// The target accepted an input it should have rejected.
    public static let unexpectedAcceptance: Self = "unexpected-acceptance"
    /// The target rejected an input it should have accepted.
    public static let unexpectedRejection: Self = "unexpected-rejection"
    /// The target rejected, as expected, but reported a different category.
    public static let wrongCategory: Self = "wrong-category"
    /// The URL the target built could not be parsed by the reference.
    public static let unparseableOutput: Self = "unparseable-output"
    /// The URL the target built leaves a character raw that must be percent-encoded inside a value.
    public static let encodingRule: Self = "encoding-rule"
    /// The target caught a failure of its own.
    public static let errored: Self = "errored"
    /// The target crashed.
    public static let crashed: Self = "crashed"
    /// The target did not answer in time.
    public static let timedOut: Self = "timed-out"
    /// The target's answer could not be read.
    public static let unreadableAnswer: Self = "unreadable-answer"
    /// An undeclared choice point answered with another value than the one the rest of the run behaved as.
    public static let inconsistentChoice: Self = "inconsistent-choice"
    /// The answer matches none of the choice point's allowed values.
    public static let noAllowedValue: Self = "no-allowed-value"

    /// Every kind the evaluator and the harness produce, in a stable order (the report and known-failures schemas list them).
    public static let all: [Self] = [
        .wrongResult, .unexpectedAcceptance, .unexpectedRejection, .wrongCategory, .unparseableOutput, .encodingRule,
        .errored, .crashed, .timedOut, .unreadableAnswer, .inconsistentChoice, .noAllowedValue,
    ]
}

/// The verdict on one vector.
public enum Verdict: Sendable, Hashable {
    /// The target did what the vector expects.
    case passed
    /// The target did something else.
    case failed(FailureKind)
    /// The target does not support the operation.
    case skipped(reason: String?, issueURL: String?)
    /// The vector tests a role the target does not claim: it was not sent, and counts neither as passed nor as skipped.
    case notApplicable

    /// The failure kind, when the vector failed.
    public var failureKind: FailureKind? {
        if case .failed(let kind) = self { kind } else { nil }
    }

    /// The verdict's name: `passed`, `failed`, `skipped` or `not-applicable`.
    public var name: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .skipped: "skipped"
        case .notApplicable: "not-applicable"
        }
    }

    /// Whether the target was judged on the vector: it passed or failed (not skipped, not inapplicable).
    public var isJudged: Bool {
        switch self {
        case .passed, .failed: true
        case .skipped, .notApplicable: false
        }
    }
}

extension VectorResult {
    /// The result of a vector whose role the target does not claim: never sent, so its answer only says why.
    public static func notApplicable(_ vector: Vector) -> VectorResult {
        let reason = "not applicable: the target does not claim the role \(vector.role)"
        return VectorResult(
            vector: vector, verdict: .notApplicable, answer: .unsupported(reason: reason, issueURL: nil), detail: reason, matched: nil)
    }
}

/// What a target produced, in a form the evaluator compares: a parsed request or a built URL.
public enum ObservedResult: Sendable, Hashable {
    /// A parsed request.
    case request(XCallbackRequest)
    /// A built URL.
    case url(String)
    /// What is kept of a result too large to keep whole once it has been judged (see `ObservedDigest`).
    case digest(ObservedDigest)

    /// The result as canonical JSON.
    public var canonicalJSON: JSONValue {
        switch self {
        case .request(let request): request.canonicalJSON
        case .url(let url): ["url": .string(url)]
        case .digest(let digest): digest.canonicalJSON
        }
    }
}

/// The result of running one vector against one target.
public struct VectorResult: Sendable {
    /// The vector.
    public var vector: Vector
    /// The verdict.
    public var verdict: Verdict
    /// What the target answered.
    public var answer: TargetAnswer<ObservedResult>
    /// A readable explanation: the difference on failure, the matched alternative or choice on a pass.
    public var detail: String
    /// Which alternative or declared choice matched (`anyOf[1]`, `plus=literal`), when one did.
    public var matched: String?
    /// The level the result is scored at: the vector's, or `should` for a choice answer that matches no allowed
    /// value or contradicts the rest of the run (Vectors/README.md, "Levels").
    public var level: Level
    /// For an undeclared choice point: the point and the values the answer is consistent with.
    public var evidence: ChoiceEvidence?
    /// The faults the failing answer shows (`FaultModel`), one per transformation, the strictest first; set once the
    /// run is judged, empty otherwise. Two bugs that meet in one answer are two faults.
    public var faults: [Fault] = []
    /// The explanations the failing answer allows, equally close, found before a large answer is cut to a digest;
    /// the run picks one (`FaultJudgement`).
    public var faultCandidates: [[Fault]] = []

    /// The strictest fault the answer shows, or `nil`.
    public var fault: Fault? { faults.first }

    /// Creates a result scored at the vector's level.
    public init(
        vector: Vector, verdict: Verdict, answer: TargetAnswer<ObservedResult>, detail: String, matched: String?,
        level: Level? = nil, evidence: ChoiceEvidence? = nil
    ) {
        self.vector = vector
        self.verdict = verdict
        self.answer = answer
        self.detail = detail
        self.matched = matched
        self.level = level ?? vector.level
        self.evidence = evidence
    }
}

/// The values of an undeclared choice point that one answer is consistent with, for run-wide judgement.
public struct ChoiceEvidence: Hashable, Sendable {
    /// The choice point.
    public var point: ChoicePoint
    /// The allowed values whose outcome the answer matched, in the point's order (never empty).
    public var values: [String]

    /// Creates evidence.
    public init(point: ChoicePoint, values: [String]) {
        self.point = point
        self.values = values
    }
}

extension TargetAnswer<ObservedResult> {
    /// The answer as JSON, for reports.
    public var canonicalJSON: JSONValue {
        switch self {
        case .accepted(let result): ["accepted": result.canonicalJSON]
        case .rejected(let category, let message):
            ["rejected": ["category": .optional(category?.rawValue), "message": .optional(message)]]
        case .unsupported(let reason, let issueURL):
            ["skipped": ["reason": .optional(reason), "issueURL": .optional(issueURL)]]
        case .errored(let message): ["errored": .string(message)]
        case .broken(let breakage): ["broken": ["kind": .string(breakage.kind.rawValue), "detail": .string(breakage.detail)]]
        }
    }

    /// A one-line rendering of the answer.
    public var summary: String {
        switch self {
        case .accepted(let result): "accepted \(result.canonicalJSON.compactText)"
        case .rejected(let category, let message):
            "rejected (\(category?.rawValue ?? "no category"))" + (message.map { ": \($0)" } ?? "")
        case .unsupported(let reason, _): "skipped" + (reason.map { ": \($0)" } ?? "")
        case .errored(let message): "errored: \(message)"
        case .broken(let breakage): "\(breakage.kind.rawValue): \(breakage.detail)"
        }
    }
}

extension Expectation {
    /// The expectation in the vector-file JSON form.
    public var canonicalJSON: JSONValue {
        switch self {
        case .accept(.request(let request)): ["accept": request.canonicalJSON]
        case .accept(.url(let url)): ["accept": ["url": .string(url)]]
        case .reject(let category): ["reject": .string(category.rawValue)]
        case .anyOf(let alternatives): ["anyOf": .array(alternatives.map(\.canonicalJSON))]
        case .choice(let point, let outcomes):
            [
                "choice": .string(point.rawValue),
                "outcomes": .object(outcomes.map { (key: $0.value, value: $0.expectation.canonicalJSON) }),
            ]
        }
    }
}

/// A judged result too large to keep: its prefix, its size and a hash of the whole, so a report stays
/// small and still identifies exactly what the target answered.
public struct ObservedDigest: Sendable, Hashable {
    /// The first bytes of the result's compact canonical JSON, ending on a whole character.
    public var prefix: String
    /// The size of the whole compact canonical JSON, in UTF-8 bytes.
    public var bytes: Int
    /// The SHA-256 of the whole compact canonical JSON, in lowercase hex.
    public var sha256: String

    /// Creates a digest.
    public init(prefix: String, bytes: Int, sha256: String) {
        self.prefix = prefix
        self.bytes = bytes
        self.sha256 = sha256
    }

    /// `{"truncated": {"prefix", "bytes", "sha256"}}`, the shape reports use for any cut answer.
    public var canonicalJSON: JSONValue {
        ["truncated": ["prefix": .string(prefix), "bytes": .number(Double(bytes)), "sha256": .string(sha256)]]
    }
}
