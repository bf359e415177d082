// What the differential driver reports: each disagreement with how it was judged, and the report of one input.

import XCallbackConformanceCore
import XCallbackURL

/// One disagreement between the target and the reference, with how it was judged.
public struct Disagreement: Sendable, CustomStringConvertible {
    /// The rule the disagreement is about.
    public var rule: DifferentialRule
    /// The level the vectors give the fault (`allowed` when a vector allows the answer), once judged.
    public var level: DifferentialLevel
    /// What differed.
    public var detail: String
    /// What tells faults of one rule apart, when a word does (`category`: the target's category; a choice rule:
    /// the choice point): part of the fault's signature.
    public var qualifier: String?
    /// The traits of the part of the input the disagreement is about (a build's differing field), when they are
    /// narrower than the whole input's; part of the fault's signature in place of the report's traits.
    public var scopedTraits: [InputTrait]?
    /// The vector grade the level comes from (`FaultTable`), or nil when no vector grades the rule.
    public var grade: FaultGrade?
    /// The normalisation that accepts the difference, if any.
    public var normalisedBy: String?

    /// Creates an unjudged disagreement.
    public init(rule: DifferentialRule, detail: String, qualifier: String? = nil) {
        self.rule = rule
        self.level = .must
        self.detail = detail
        self.qualifier = qualifier
    }

    /// A refusal where the reference accepts or builds: `acceptance`, qualified by the target's category (`none`).
    static func refusal(_ what: String, _ category: RejectionCategory?) -> Self {
        Self(rule: .acceptance, detail: "\(what) (\(category?.rawValue ?? "no category"))", qualifier: category?.rawValue ?? "none")
    }

    /// A rejection with another category than the reference's: `category`, qualified by both (`want>got`).
    static func category(_ want: RejectionCategory?, _ got: RejectionCategory) -> Self {
        Self(
            rule: .category, detail: "the reference says \(want?.rawValue ?? "?"), the target \(got.rawValue)",
            qualifier: (want?.rawValue ?? "none") + ">" + got.rawValue)
    }

    /// The rule as a fault's signature names it: its id, and its qualifier after a colon.
    public var signatureRule: String { qualifier.map { rule.id + ":" + $0 } ?? rule.id }

    /// One line: rule, level, detail and how it was judged.
    public var description: String {
        var text = "\(rule.id) [\(level)] \(detail)"
        if let grade { text += " (graded as \(grade.vector), \(grade.rule))" }
        if let normalisedBy { text += " (normalised: \(normalisedBy))" }
        return text
    }
}

/// Everything the differential driver saw for one input.
public struct DifferentialReport: Sendable {
    /// The operation compared: `parse`, `build-request` or `build-callback`.
    public var operation: String
    /// The role the input tests: for a URL, `TargetRole.parseRole(of:)`; for a build, its operation's.
    public var role: TargetRole {
        get { storedRole ?? TargetRole(rawValue: operation) }
        set { storedRole = newValue }
    }
    var storedRole: TargetRole?
    /// The case as text (the URL, or the request/response built from the bytes); empty when nothing disagrees.
    public var subject: String
    /// The reference's (choice-adjusted) answer; empty when nothing disagrees.
    public var expected: String
    /// The target's answer; empty when nothing disagrees.
    public var actual: String
    /// Traits of the input; found only when something disagrees (a build refusal names its own), empty otherwise.
    public var traits: [InputTrait]
    /// All disagreements, judged.
    public var disagreements: [Disagreement]
    /// Whether the reference (choice-adjusted) rejects the URL or refuses the build.
    public var referenceRejected = false
    /// The category of the reference's rejection or refusal, if it gave one.
    public var referenceCategory: RejectionCategory?
    /// How the target broke, when it did.
    public var breakage: BreakageKind?
    /// The case, the reference's answer and the target's, kept when something disagrees, for the fault model.
    public var answers: (input: VectorInput, expected: TargetAnswer<ObservedResult>, actual: TargetAnswer<ObservedResult>)?
    /// The reference's (choice-adjusted) outcome in a word or two: `accepted`, `rejected <category>`,
    /// `not-utf8`, or the build operation's name and whether the reference built or refused it
    /// (`build-request built`, `build-callback refused unsafe-callback-scheme`); a fuzzing loop's corpus uses it.
    public var referenceOutcome = ""
}
