// How the vectors grade a fault, learnt from the vectors themselves: the level of a fuzz finding is the level the
// vectors give the same fault, never a second, hand-kept level system.
//
// A fault's signature is what the differential driver sees of it: the operation, the driver's rule the answer
// breaks (`same-action`, `build-round-trip`, ...) and the input's traits. The table is built once per set of
// declarations (choices, extra parameters, roles):
// 1. For every vector of a claimed role, every answer of `FaultAnswers` is judged twice: by the runner's
//    comparator (`Evaluator`: passed, or failed at a level) and by the differential driver (its disagreements,
//    unjudged, and the input's traits).
// 2. Each disagreement's signature records a claim: the vector's rule, role and tags, and the level the answer
//    fails at, or none when the vector allows the answer. A disagreement of a rule the runner checks only in
//    tagged vectors (lowercase hex, extra parameters) is claimed as allowed only by vectors with that tag.
// 3. A forbidden answer that gives no disagreement is a miss: a fault the vectors see and the driver does not.
// Grading a disagreement (`grade(_:)`) looks its signature up; without an exact entry, it takes the entries of
// the same operation and rule whose traits are all in the input's, the most specific ones, else the nearest.
// One signature's claims give the strictest level a vector fails the answer at (an allowance only when every
// vector allows it); among the nearest signatures, one that allows the answer explains it, else the strictest. `conflicts` lists the signatures
// two levels claim: a test holds it empty, which keeps the traits fine enough to tell the vectors apart.

import Synchronization
import XCallbackConformanceCore
import XCallbackURL

/// What the differential driver sees of a fault: the role the input tests, the rule broken and the input's traits.
public struct FaultSignature: Hashable, Sendable, CustomStringConvertible {
    /// The role the input tests (for a URL, from its scheme and authority: `TargetRole.parseRole(of:)`).
    public var role: TargetRole
    /// The id of the `DifferentialRule` broken.
    public var rule: String
    /// The input's traits, sorted by identifier, each once.
    public var traits: [InputTrait]

    /// Creates a signature; the traits are sorted and made unique.
    public init(role: TargetRole, rule: String, traits: [InputTrait]) {
        self.role = role
        self.rule = rule
        self.traits = Array(Set(traits)).sorted { $0.rawValue < $1.rawValue }
    }

    /// `parse same-action [plus-in-query, raw-character]`.
    public var description: String { "\(role) \(rule) [\(traits.map(\.rawValue).joined(separator: ", "))]" }
}

/// How one vector grades a fault: the level an answer with it fails at (none when the vector allows it), and the
/// vector's rule, role and tags, which a finding written as a vector carries.
public struct FaultGrade: Hashable, Sendable, CustomStringConvertible {
    /// The level the runner fails the answer at, or nil when the vector allows it.
    public var level: Level?
    /// The vector's rule (an id of `rules.json`).
    public var rule: String
    /// The vector's role.
    public var role: TargetRole
    /// The vector's id.
    public var vector: String
    /// The vector's tags.
    public var tags: [String]
    /// The vector's choice point, when its expectation is a choice.
    public var choice: ChoicePoint?
    /// The vector's citation anchors.
    public var cite: [String]
    /// What the other side gets wrong when a target fails the vector, when it says.
    public var breaks: String?

    /// `must by XCU-ABCD (decode-action)`, or `allowed by ...`.
    public var description: String { "\(level?.rawValue ?? "allowed") by \(vector) (\(rule))" }
}

/// The signatures of the faults every vector grades, with their grades.
public final class FaultTable: Sendable {
    /// Every signature's claims, in the order the vectors made them.
    public let claims: [FaultSignature: [FaultGrade]]
    /// Forbidden answers the driver has no disagreement for: the vector, and the answer.
    public let misses: [(vector: String, answer: String)]
    /// The signatures of each operation and rule, for the lookup by traits.
    let byRule: [String: [(traits: Set<InputTrait>, signature: FaultSignature)]]
    /// How the vectors grade a builder that takes an invalid callback (`build-callback-invalid`, should): the grade
    /// of a fault on a callback that is no URI, which no vector holds.
    public let invalidCallbackGrade: FaultGrade?
    /// The grade of each signature looked up, found once (a claimed one has thousands of grades to choose from).
    private let graded = Mutex<[FaultSignature: FaultGrade?]>([:])

    /// A table with no claims: every disagreement is graded must (the driver that builds a table uses it).
    public static let empty = FaultTable(claims: [:], misses: [])

    init(claims: [FaultSignature: [FaultGrade]], misses: [(vector: String, answer: String)]) {
        self.claims = claims
        self.misses = misses
        var byRule: [String: [(traits: Set<InputTrait>, signature: FaultSignature)]] = [:]
        for signature in claims.keys.sorted(by: { $0.description < $1.description }) {
            byRule[Self.key(signature), default: []].append((Set(signature.traits), signature))
        }
        self.byRule = byRule
        invalidCallbackGrade = claims.values.joined().filter { $0.rule == "build-callback-invalid" && $0.level == .should }.min { $0.vector < $1.vector }
    }

    static func key(_ signature: FaultSignature) -> String { signature.role.rawValue + " " + signature.rule }

    /// Rules the runner checks only in vectors with a tag (one habit fails those vectors, not every one), by the
    /// tag: a vector without it never claims them as allowed, so the fuzzer reports the habit at the tagged level.
    public static let taggedRules: [String: String] = [
        DifferentialRule.hexCase.id: EncodingRules.hexCaseTag, DifferentialRule.unreservedEscape.id: EncodingRules.unreservedRawTag,
    ]

    /// Learns the grades of `vectors` for a target with these declarations and roles (nil: every role).
    public convenience init(vectors: [Vector], choices: DeclaredChoices, extraParameters: [String] = [], roles: Set<TargetRole>? = nil) {
        self.init(learnt: vectors.filter { roles?.contains($0.role) ?? true }.map {
            Self.claims(of: $0, choices: choices, extraParameters: extraParameters)
        })
    }

    /// A table from each vector's claims.
    convenience init(learnt: [VectorClaims]) {
        var claims: [FaultSignature: [FaultGrade]] = [:]
        // Each claim once, in the order made: a set beside each list, as a signature may hold thousands of grades.
        var made: [FaultSignature: Set<FaultGrade>] = [:]
        var misses: [(vector: String, answer: String)] = []
        for learnt in learnt {
            for (signature, grade) in learnt.claims where made[signature, default: []].insert(grade).inserted {
                claims[signature, default: []].append(grade)
            }
            misses += learnt.misses.map { (learnt.vector, $0) }
        }
        self.init(claims: claims, misses: misses)
    }

    /// What one vector says: the signature and grade of each disagreement of each answer, and its misses.
    struct VectorClaims: Sendable {
        var vector: String
        var claims: [(FaultSignature, FaultGrade)]
        var misses: [String]
    }

    /// Judges every answer of `FaultAnswers` to `vector` by the runner's comparator and by the driver.
    static func claims(of vector: Vector, choices: DeclaredChoices, extraParameters: [String]) -> VectorClaims {
        var out = VectorClaims(vector: vector.id, claims: [], misses: [])
        var choice: ChoicePoint?
        if case .choice(let point, _) = vector.expectation { choice = point }
        let reporter = Reporter(vector.input, choices: choices, extraParameters: extraParameters)
        for answer in FaultAnswers.answers(for: vector) {
            let result = Evaluator.evaluate(vector, answer: answer, choices: choices, extraParameters: Set(extraParameters))
            if case .skipped = result.verdict { continue }
            var level: Level? = result.verdict == .passed ? nil : result.level
            // A breakage is scored as the fault model scores it (hardening on an input to refuse).
            switch answer {
            case .broken, .errored: if level != nil, let breakage = FaultModel.breakageLevel(of: vector) { level = breakage }
            default: break
            }
            let report = reporter.report(answer)
            let grade = FaultGrade(
                level: level, rule: vector.rule, role: vector.role, vector: vector.id, tags: vector.tags, choice: choice, cite: vector.citations,
                breaks: vector.breaks)
            if level != nil, report.disagreements.isEmpty { out.misses.append("\(answer)") }
            for disagreement in carriers(of: result.verdict.failureKind, in: report.disagreements) {
                if level == nil, let tag = taggedRules[disagreement.rule.id], !vector.tags.contains(tag) { continue }
                let traits = disagreement.scopedTraits ?? report.traits
                var claim = grade
                // Lowercase hex, an escaped unreserved character and a callback's own query respelled alike are
                // should at most, as the fault model scores them, even beside a must fault of the same answer.
                if let level, let respelling = Self.respelling(disagreement) {
                    claim.level = max(level, .should)
                    // Graded, and written as a finding, under the rule of that respelling, whose level it has.
                    let builder = vector.role == .buildCallback ? "build-callback" : "build-request"
                    if claim.level == .should {
                        claim.rule = builder + respelling.rule
                        claim.cite = [respelling.cite]
                        claim.tags = respelling.tag.map { [$0] } ?? []
                        claim.breaks = nil
                    }
                }
                out.claims.append((FaultSignature(role: report.role, rule: disagreement.signatureRule, traits: traits), claim))
            }
        }
        return out
    }

    /// The driver's rules for respellings that decode the same (`FaultModel`'s should-at-most transformations), each
    /// with the suffix of the should rule its findings are written under, that rule's anchor and its comparator tag.
    static let respellingRules: [String: (rule: String, cite: String, tag: String?)] = [
        DifferentialRule.hexCase.id: ("-hex-case", "rfc3986-2.1-uppercase", EncodingRules.hexCaseTag),
        DifferentialRule.unreservedEscape.id: ("-unreserved-raw", "rfc3986-2.3-producers", EncodingRules.unreservedRawTag),
    ]

    /// The respelling `disagreement` is, if any: a rule of `respellingRules`, or a callback whose own text changed
    /// while its query decodes to the same pieces (the fault model's `respelled` in the callback's query).
    static func respelling(_ disagreement: Disagreement) -> (rule: String, cite: String, tag: String?)? {
        if let rule = respellingRules[disagreement.rule.id] { return rule }
        guard disagreement.rule == .callbackShape, disagreement.qualifier == "query-respelled" else { return nil }
        return ("-query-bytes", "rfc3986-2.2-not-equivalent", "query-bytes")
    }

    /// The rules whose disagreements say what the runner's failure of each kind says: a wrong result is a field's
    /// (or the round trip's, the callback's parameters' or shape's), an encoding failure an encoding rule's.
    static let encodingRules: Set<String> = [
        DifferentialRule.encodingRule.id, DifferentialRule.pathEncoding.id, DifferentialRule.reservedEscape.id, DifferentialRule.hexCase.id,
        DifferentialRule.unreservedEscape.id,
    ]

    /// The disagreements that carry the fault the runner failed the answer for (`kind`): one answer may break
    /// several rules, and only those of the kind the runner reports are graded by it (a value written raw that
    /// also escapes an unreserved character is a wrong result, not an unreserved escape); all of them when none
    /// is of that kind, or when the answer passes.
    static func carriers(of kind: FailureKind?, in disagreements: [Disagreement]) -> [Disagreement] {
        let chosen: [Disagreement]
        switch kind {
        case .encodingRule?: chosen = disagreements.filter { encodingRules.contains($0.rule.id) }
        case .wrongResult?, .unparseableOutput?: chosen = disagreements.filter { !encodingRules.contains($0.rule.id) }
        default: chosen = disagreements
        }
        return chosen.isEmpty ? disagreements : chosen
    }

    /// The declarations that can change what `vector` says: the choice points its input touches, its own point,
    /// and the two that change comparisons (`parameter-order`, `fragment`); two declarations equal on these
    /// give the same claims.
    static func relevantChoices(of vector: Vector, in choices: DeclaredChoices) -> DeclaredChoices {
        var points: Set<ChoicePoint> = [.parameterOrder, .fragment]
        if case .choice(let point, _) = vector.expectation { points.insert(point) }
        switch vector.input {
        case .parseText(let text): points.formUnion(touchedPoints(Array(text.utf8)))
        case .parseBytes(let bytes): points.formUnion(touchedPoints(bytes))
        default: break
        }
        return DeclaredChoices(choices.values.filter { points.contains($0.key) })
    }

    /// The choice points a URL touches.
    static func touchedPoints(_ input: [UInt8]) -> [ChoicePoint] {
        let traits = ChoiceModel.traits(of: input)
        return ChoiceModel.pointsByTrait.filter { traits.contains($0.trait) }.map(\.point)
    }

    /// The signatures whose claims disagree: two levels, or a level and an allowance.
    public var conflicts: [(signature: FaultSignature, grades: [FaultGrade])] {
        claims.filter { Set($0.value.map(\.level)).count > 1 }.map { ($0.key, $0.value) }.sorted { $0.signature.description < $1.signature.description }
    }

    /// The grade of a disagreement with `signature`: from its own claims, or those of the nearest signatures of
    /// the same operation and rule; nil when no vector grades the rule at all.
    public func grade(_ signature: FaultSignature) -> FaultGrade? {
        // A target that disagrees does so again and again on inputs of one shape: each signature is looked up once.
        if let known = graded.withLock({ $0[signature] }) { return known }
        let found = if let exact = claims[signature] { Self.strictest(exact) } else { nearest(signature) ?? pointByPoint(signature) }
        graded.withLock { $0[signature] = found }
        return found
    }

    /// The grade of a reading under several undeclared choice points at once (`undeclared-choice:a,b`), point by
    /// point: the choice vectors grade each point alone, and a combination of values each allowed is allowed (XCU-24NR,
    /// decode-choice-combination); nil when a point is graded by no vector.
    func pointByPoint(_ signature: FaultSignature) -> FaultGrade? {
        let prefix = DifferentialRule.undeclaredChoice.id + ":"
        guard signature.rule.hasPrefix(prefix) else { return nil }
        let points = signature.rule.dropFirst(prefix.count).split(separator: ",")
        guard points.count > 1 else { return nil }
        var grades: [FaultGrade] = []
        for point in points {
            var single = signature
            single.rule = prefix + point
            guard let grade = grade(single) else { return nil }
            grades.append(grade)
        }
        return Self.strictest(grades)
    }

    /// The grade of a signature without claims of its own, from the nearest signatures (see `grade`).
    func nearest(_ signature: FaultSignature) -> FaultGrade? {
        // The signatures of every role of the operation (a URL with an odd scheme touches a choice point the decode
        // vectors grade): the most specific ones, those of the input's role first among equals.
        let roles = [signature.role] + TargetRole.allCases.filter { $0 != signature.role && $0.operation == signature.role.operation }
        let entries = roles.flatMap { role -> [(traits: Set<InputTrait>, signature: FaultSignature)] in
            var other = signature
            other.role = role
            return self.byRule[Self.key(other)] ?? []
        }
        guard !entries.isEmpty else { return nil }
        let traits = Set(signature.traits)
        var contained = entries.filter { $0.traits.isSubset(of: traits) }
        if let most = contained.map(\.traits.count).max() {
            let specific = contained.filter { $0.traits.count == most }
            let own = specific.filter { $0.signature.role == signature.role }
            contained = own.isEmpty ? specific : own
        }
        let chosen: [(traits: Set<InputTrait>, signature: FaultSignature)]
        if contained.isEmpty {
            // The nearest: the most traits in common, then the fewest others.
            let score = { (entry: (traits: Set<InputTrait>, signature: FaultSignature)) in
                (entry.traits.intersection(traits).count, -entry.traits.subtracting(traits).count)
            }
            let best = entries.map(score).max { $0 < $1 }!
            chosen = entries.filter { score($0) == best }
        } else {
            chosen = contained
        }
        // Each signature found says what its vectors say; the input has the traits of all of them, so one that
        // allows the answer explains it.
        let grades = chosen.compactMap { claims[$0.signature].flatMap(Self.strictest) }
        return grades.first { $0.level == nil } ?? Self.strictest(grades)
    }

    /// The grade of one signature's claims: the strictest level a vector fails the answer at (a fault that fails
    /// one vector is a finding, whatever another allows), with its most claimed rule; an allowance when every
    /// vector allows it.
    static func strictest(_ grades: [FaultGrade]) -> FaultGrade? {
        guard let strictest = grades.compactMap(\.level).min() else { return grades.first }
        let candidates = grades.filter { $0.level == strictest }
        var counts: [String: Int] = [:]
        for grade in candidates { counts[grade.rule, default: 0] += 1 }
        let top = counts.values.max() ?? 0
        return candidates.first { counts[$0.rule] == top }
    }
}

/// The differential driver's unjudged report on one vector input for any answer, with the reference's side and
/// the input's traits found once for all the answers (a 1 MB input is parsed once, not once an answer).
final class Reporter {
    let input: VectorInput
    let choices: DeclaredChoices
    let extraParameters: [String]
    var parseReference: ParseReference?
    var parseTraits: [InputTrait]?
    var buildReference: TargetAnswer<String>?

    init(_ input: VectorInput, choices: DeclaredChoices, extraParameters: [String]) {
        self.input = input
        self.choices = choices
        self.extraParameters = extraParameters
    }

    /// The report for a target answering `answer`.
    func report(_ answer: TargetAnswer<ObservedResult>) -> DifferentialReport {
        let target = RecordedAnswerTarget(answer: answer, declaredChoices: choices, extraParameters: extraParameters)
        let driver = DifferentialDriver(recording: target)
        switch input {
        case .parseText(let text): return parse(Array(text.utf8), driver)
        case .parseBytes(let bytes): return parse(bytes, driver)
        case .buildRequest(let request):
            let reference = buildReference ?? ReferenceTarget().buildRequest(request)
            buildReference = reference
            return driver.compareBuild(request: request, reference: reference, actual: target.url)
        case .buildCallback(let response):
            let reference = buildReference ?? ReferenceTarget().buildCallback(response)
            buildReference = reference
            return driver.compareBuild(response: response, reference: reference, actual: target.url)
        }
    }

    func parse(_ bytes: [UInt8], _ driver: DifferentialDriver<RecordedAnswerTarget>) -> DifferentialReport {
        let reference = parseReference ?? ParseReference(bytes, choices: choices)
        parseReference = reference
        return driver.compareParse(bytes, actual: driver.target.parse(utf8: bytes), reference: reference, traits: traits(bytes), render: false)
    }

    func traits(_ bytes: [UInt8]) -> [InputTrait] {
        if let parseTraits { return parseTraits }
        let found = DifferentialDriver<RecordedAnswerTarget>.parseTraits(of: bytes)
        parseTraits = found
        return found
    }
}

/// A target that answers every input with one recorded answer, under given declarations: how the fault table asks
/// the differential driver what it makes of an answer.
struct RecordedAnswerTarget: ConformanceTarget {
    var answer: TargetAnswer<ObservedResult>
    var declaredChoices: DeclaredChoices
    var extraParameters: [String]
    var identity: TargetIdentity { TargetIdentity(name: "recorded-answer", version: "0") }

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> { parse(utf8: Array(url.utf8)) }
    func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> {
        answer.map { observed in if case .request(let request) = observed { request } else { XCallbackRequest(scheme: "", action: "") } }
    }
    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> { url }
    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> { url }
    var url: TargetAnswer<String> {
        answer.map { observed in if case .url(let url) = observed { url } else { "" } }
    }
}
