import XCallbackURL

/// One conformance vector: an input, the operation to run on it, and the graded expected outcome.
public struct Vector: Sendable, Identifiable, CustomStringConvertible {
    /// The permanent opaque id, such as `XCU-7K3P`; never renumbered or reused.
    public var id: String
    /// A one-line description of what is tested.
    public var summary: String
    /// The operation under test.
    public var operation: Operation
    /// The responsibility within the operation that the vector tests (format 3).
    public var role: TargetRole
    /// The id of the rule the vector tests, described in `rules.json`; vectors sharing a rule test one behaviour.
    public var rule: String
    /// What the other side gets wrong when a target fails the vector; every must vector says it.
    public var breaks: String?
    /// The input handed to the target.
    public var input: VectorInput
    /// How strongly the spec asks for the expected outcome.
    public var level: Level
    /// The expected outcome.
    public var expectation: Expectation
    /// Citation anchors from `Vectors/citations.json`.
    public var citations: [String]
    /// Free tags, including divergence rows `D1`…`D20`.
    public var tags: [String]
    /// Where the vector comes from: a real app, library, issue or fuzzer find.
    public var provenance: [String]
    /// The vector file it was loaded from, relative to the vectors directory.
    public var file: String

    /// The vector's id, which names its test case.
    public var description: String { id }

    /// Creates a vector that no file holds, such as the one a fuzz finding is judged as: its role is the operation's
    /// (`decode` for a parse), its rule `fuzz`, and it cites nothing.
    public init(id: String, summary: String, input: VectorInput, level: Level, expectation: Expectation) {
        self.id = id
        self.summary = summary
        self.input = input
        self.level = level
        self.expectation = expectation
        switch input {
        case .parseText, .parseBytes: (operation, role) = (.parse, .decode)
        case .buildRequest: (operation, role) = (.buildRequest, .buildRequest)
        case .buildCallback: (operation, role) = (.buildCallback, .buildCallback)
        }
        rule = "fuzz"
        breaks = nil
        citations = []
        tags = []
        provenance = []
        file = ""
    }
}

/// The three roles an app plays in the spec, as operations a target can implement.
public enum Operation: String, Sendable, CaseIterable, Comparable {
    /// Parse an incoming URL (target-app role).
    case parse
    /// Build a request URL (source-app role).
    case buildRequest = "build-request"
    /// Build a callback URL (target-app role).
    case buildCallback = "build-callback"

    /// Orders operations as declared.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    /// The place of the case in the declaration.
    private var rank: Int {
        switch self {
        case .parse: 0
        case .buildRequest: 1
        case .buildCallback: 2
        }
    }
}

/// The grade of a vector's expected outcome.
public enum Level: String, Sendable, CaseIterable, Comparable {
    /// The spec or an RFC requires it.
    case must
    /// Recommended: reported apart from must.
    case should
    /// The spec leaves it open; the target's declared choice decides the expected outcome.
    case implementationDefined = "implementation-defined"
    /// The suite's hardening profile, where the spec is silent (unsafe callback schemes): scored apart from the spec.
    case hardening

    /// Orders levels from strongest to weakest.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    /// The place of the case in the declaration (a switch: levels are compared in every grading loop).
    private var rank: Int {
        switch self {
        case .must: 0
        case .should: 1
        case .implementationDefined: 2
        case .hardening: 3
        }
    }
}

/// The input of a vector, by operation.
public enum VectorInput: Sendable, Hashable {
    /// A URL to parse, as text.
    case parseText(String)
    /// A URL to parse, as bytes that a JSON string cannot carry.
    case parseBytes([UInt8])
    /// Parts to build a request from.
    case buildRequest(XCallbackRequest)
    /// A callback and result to build a callback URL from.
    case buildCallback(XCallbackResponse)
}

/// The expected outcome of a vector.
public indirect enum Expectation: Sendable, Hashable {
    /// The input must be accepted with exactly this result.
    case accept(ExpectedResult)
    /// The input must be rejected, with this category.
    case reject(RejectionCategory)
    /// Any one of these outcomes is acceptable; the report records which one matched.
    case anyOf([Expectation])
    /// The target's declared value for the choice point picks the expected outcome.
    case choice(ChoicePoint, [(value: String, expectation: Expectation)])

    /// Compares expectations; choice outcomes compare in order.
    public static func == (lhs: Expectation, rhs: Expectation) -> Bool {
        switch (lhs, rhs) {
        case (.accept(let a), .accept(let b)): a == b
        case (.reject(let a), .reject(let b)): a == b
        case (.anyOf(let a), .anyOf(let b)): a == b
        case (.choice(let p, let a), .choice(let q, let b)):
            p == q && a.count == b.count && zip(a, b).allSatisfy { $0.value == $1.value && $0.expectation == $1.expectation }
        default: false
        }
    }

    /// Hashes consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .accept(let result): hasher.combine(result)
        case .reject(let category): hasher.combine(category)
        case .anyOf(let all): hasher.combine(all)
        case .choice(let point, let outcomes):
            hasher.combine(point)
            for outcome in outcomes {
                hasher.combine(outcome.value)
                hasher.combine(outcome.expectation)
            }
        }
    }
}

/// An expected successful result: a canonical request, or a built URL.
public enum ExpectedResult: Sendable, Hashable {
    /// The canonical request that parsing (or re-parsing a built request) must give.
    case request(XCallbackRequest)
    /// The reference spelling of a built callback URL.
    case url(String)
}
