import Foundation

/// The record of one run of the suite against one target: provenance, every result, the verdict on the run.
public struct ConformanceRun: Sendable {
    /// Where the vectors came from: suite version, format version, manifest hash and directory.
    public var suite: SuiteProvenance
    /// Who was tested.
    public var target: TargetIdentity
    /// How the target was reached: `reference`, `foundation`, or the subprocess command line.
    public var targetKind: String
    /// The target's declared implementation-defined choices.
    public var declaredChoices: DeclaredChoices
    /// Which vectors were selected.
    public var selection: VectorSelection
    /// One result per selected vector, in suite order.
    public var results: [RunResult]
    /// Everything that makes the run fail once known failures are taken into account.
    public var problems: [KnownFailureProblem]
    /// When the run started.
    public var startedAt: Date
    /// How long the run took, in seconds.
    public var durationSeconds: Double
    /// For each undeclared choice point, the value the target behaved as across the run (ChoiceConsistency).
    public var choiceBehaviours: [ChoiceBehaviour] = []
    /// The parameters the target's builders add unasked: declared, and found across the run (ExtraParameterDetection).
    public var extraParameters = ExtraParameterBehaviour()
    /// Each selected operation: certified, or why not.
    public var operations: [OperationCoverage]
    /// Selected vectors that were never run because the run stopped early, in suite order.
    public var notRun: [Vector]
    /// Why the run stopped before its end (interrupted, deadline, a target that kept timing out), or `nil`.
    public var stopReason: String?
    /// The roles the target claimed, or `nil` for every role of the operations it implements.
    public var claimedRoles: Set<TargetRole>?
    /// Each role of the selected vectors: certified, or why not (`certifiedRoles`, `profile`).
    public var roles: [RoleCoverage] = []
    /// The suite's rules by id, which name the failing rule groups of the summary.
    public var rules: [String: VectorRule] = [:]

    /// Creates a run record.
    public init(
        suite: SuiteProvenance, target: TargetIdentity, targetKind: String, declaredChoices: DeclaredChoices,
        selection: VectorSelection, results: [RunResult], problems: [KnownFailureProblem], startedAt: Date,
        durationSeconds: Double, operations: [OperationCoverage] = [], notRun: [Vector] = [], stopReason: String? = nil
    ) {
        self.suite = suite
        self.target = target
        self.targetKind = targetKind
        self.declaredChoices = declaredChoices
        self.selection = selection
        self.results = results
        self.problems = problems
        self.startedAt = startedAt
        self.durationSeconds = durationSeconds
        self.operations = operations
        self.notRun = notRun
        self.stopReason = stopReason
    }

    /// The operations the run certifies, in `Operation` order.
    public var certifiedOperations: [Operation] { operations.filter(\.certified).map(\.operation) }

    /// Whether the run stopped before running every selected vector.
    public var isIncomplete: Bool { stopReason != nil }

    /// Whether the target conforms: every failure is a listed known failure, every listed entry still holds,
    /// no must vector of a declared operation was skipped unlisted, an operation was certified, and the run completed.
    public var isConformant: Bool { problems.isEmpty }

    /// The scores, one per level, never blended, each with its failing rule groups.
    public var summary: RunSummary { RunSummary(results, rules: rules) }
}

/// Facts that identify the vector set a run used.
public struct SuiteProvenance: Hashable, Sendable {
    /// The suite version from the manifest.
    public var version: String
    /// The vector file format version.
    public var formatVersion: Int
    /// SHA-256 of `manifest.json`, which pins every vector file by its own hash.
    public var manifestSHA256: String
    /// How many vectors the suite holds, selected or not.
    public var totalVectors: Int
    /// The directory the vectors were read from.
    public var directory: String

    /// Creates provenance.
    public init(version: String, formatVersion: Int, manifestSHA256: String, totalVectors: Int, directory: String) {
        self.version = version
        self.formatVersion = formatVersion
        self.manifestSHA256 = manifestSHA256
        self.totalVectors = totalVectors
        self.directory = directory
    }

    /// The provenance of a loaded suite.
    public init(_ suite: VectorSuite) {
        self.init(
            version: suite.manifest.suiteVersion, formatVersion: suite.manifest.formatVersion,
            manifestSHA256: suite.manifestHash, totalVectors: suite.vectors.count, directory: suite.directory.path)
    }
}

/// One vector's result within a run, with its timing and its standing against the known failures.
public struct RunResult: Sendable {
    /// The evaluator's result.
    public var result: VectorResult
    /// How long the target took, in seconds.
    public var durationSeconds: Double
    /// The known-failure entry the result matched, when the vector failed as listed.
    public var knownFailure: KnownFailures.Entry?

    /// Creates a result.
    public init(result: VectorResult, durationSeconds: Double, knownFailure: KnownFailures.Entry? = nil) {
        self.result = result
        self.durationSeconds = durationSeconds
        self.knownFailure = knownFailure
    }

    /// The vector id.
    public var id: String { result.vector.id }
    /// Whether the vector failed in a way the run does not excuse.
    public var isUnexpectedFailure: Bool { result.verdict.failureKind != nil && knownFailure == nil }
}

/// Something that makes a run fail: a failure nobody listed, or a known-failures entry that no longer holds.
public struct KnownFailureProblem: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of problem.
    public struct Kind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
        /// The stable identifier.
        public var rawValue: String
        /// Creates a kind from its identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Creates a kind from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// A vector failed and is not listed.
        public static let newFailure: Self = "new-failure"
        /// A listed vector failed with another kind than the one listed.
        public static let differentKind: Self = "different-kind"
        /// A listed vector no longer fails (it passed or was skipped).
        public static let nowPassing: Self = "now-passing"
        /// An entry names no vector of the suite.
        public static let unknownVector: Self = "unknown-vector"
        /// A must vector of an operation the target declared was skipped, and no entry lists the skip.
        public static let skippedMust: Self = "skipped-must"
        /// No operation was certified: every vector was skipped or none was declared.
        public static let nothingCertified: Self = "nothing-certified"
        /// The target declared an unknown choice point or a value the choice point does not allow.
        public static let invalidChoice: Self = "invalid-choice"
        /// The run stopped early (interrupted, deadline, repeated timeouts); some vectors never ran.
        public static let incomplete: Self = "incomplete"
        /// An entry names a vector of a role the target does not claim, which is never sent.
        public static let notApplicable: Self = "not-applicable"
        /// The target claims a role the suite does not know.
        public static let invalidRoles: Self = "invalid-roles"

        /// Every kind the runner produces, in a stable order (the report schema lists them).
        public static let all: [Self] = [
            .newFailure, .differentKind, .nowPassing, .unknownVector, .notApplicable, .skippedMust, .nothingCertified,
            .invalidChoice, .invalidRoles, .incomplete,
        ]
    }

    /// The kind of problem.
    public var kind: Kind
    /// The vector id concerned.
    public var id: String
    /// What happened and what to do.
    public var message: String

    /// Creates a problem.
    public init(kind: Kind, id: String, message: String) {
        self.kind = kind
        self.id = id
        self.message = message
    }

    /// `id: kind: message`.
    public var description: String { "\(id): \(kind.rawValue): \(message)" }
}
