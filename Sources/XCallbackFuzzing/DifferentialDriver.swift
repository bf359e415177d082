// The generic differential driver: any `ConformanceTarget` against the reference, on every input.
//
// Input layout: a first byte 0x01 makes the rest a build-request case, 0x02 a build-callback case (both
// decoded by `RequestGenerator`); any other input is a URL to parse (a raw 0x01/0x02 is a control character,
// which no valid URL starts with). Every disagreement is tied to a rule, given the level the vectors give the
// same fault (`FaultTable`), and matched against the caller's normalisations; the first unexplained disagreement
// at a failing level stops the run with the input, both answers, the rule and the traits.
//
//     @_cdecl("LLVMFuzzerTestOneInput")
//     public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
//         DifferentialDriver(target: MyTarget()).run(data, size)
//         return 0
//     }

import Dispatch
import XCallbackConformanceCore
import XCallbackURL

/// Compares any `ConformanceTarget` with the reference; a disagreement at a failing level is a failure, at the
/// level the vectors give the same fault (`FaultTable`).
public struct DifferentialDriver<Target: ConformanceTarget>: FuzzDriver, FuzzOutcomeReporting {
    /// The implementation under test.
    public var target: Target
    /// Accepted, documented differences of this target.
    public var normalisations: [DifferentialNormalisation]
    /// Levels that make a disagreement a failure (default: every level the vectors grade at).
    public var failingLevels: [DifferentialLevel]
    /// The roles the target takes on (nil: every role of every operation; by default its own claim); a parse
    /// input whose role (`TargetRole.parseRole(of:)`) is not among them is not judged, and the target is not asked.
    public var roles: Set<TargetRole>?
    /// How the vectors grade each fault, for the target's declarations and roles: learnt from the vectors the
    /// first time it is asked for (`FuzzVectors.table` keeps it), so a driver that never grades never learns it.
    public var table: FaultTable {
        vectors?.table(choices: target.declaredChoices, extraParameters: target.extraParameters, roles: roles) ?? .empty
    }

    /// Starts learning `table` on another thread: a run that meets no disagreement never waits for it, and one that
    /// does waits for this learning (`Memo`), never a second one.
    public func learnTableInBackground() {
        guard let vectors else { return }
        let (choices, extraParameters, roles) = (target.declaredChoices, target.extraParameters, roles)
        DispatchQueue.global(qos: .utility).async {
            _ = vectors.table(choices: choices, extraParameters: extraParameters, roles: roles)
        }
    }
    /// The vectors that grade faults (nil: a recording driver, which grades nothing).
    let vectors: FuzzVectors?
    /// The suite's rules, which say whether a finding's fault lies within the rule that grades it.
    let rules: [String: VectorRule]
    let generator = RequestGenerator(maximumDepth: 3, literals: true)

    /// Creates a driver for `target` with its documented normalisations, grading faults as `vectors` do; `roles`
    /// replaces the target's own claim (`ConformanceTarget.roles`) when given.
    public init(
        target: Target, normalisations: [DifferentialNormalisation] = [], failingLevels: [DifferentialLevel] = DifferentialLevel.graded,
        roles: Set<TargetRole>?? = nil, vectors: FuzzVectors = .bundled
    ) {
        self.target = target
        self.normalisations = normalisations
        self.failingLevels = failingLevels
        let roles = roles ?? target.roles
        self.roles = roles
        self.vectors = vectors
        self.rules = vectors.rules
    }

    /// A driver with no fault table, whose disagreements are found but never graded: how a table learns.
    init(recording target: Target) {
        self.target = target
        self.normalisations = []
        self.failingLevels = DifferentialLevel.graded
        self.roles = nil
        self.vectors = nil
        self.rules = [:]
    }

    /// `differential-<target name>`.
    public var name: String { "differential-" + target.identity.name }

    /// Checks one input; returns the first unexplained disagreement at a failing level, or nil.
    public func failure(for input: [UInt8]) -> FuzzFailure? {
        failure(in: compare(input), input: input)
    }

    /// Checks one input and names the reference's outcome (`DifferentialReport.referenceOutcome`).
    public func check(_ input: [UInt8]) -> (failure: FuzzFailure?, outcome: String) {
        let report = compare(input)
        return (failure(in: report, input: input), report.referenceOutcome)
    }

    /// What the driver asks the target for `input`: a parse of the bytes, or the request or callback
    /// that a `0x01` or `0x02` input describes. A caller that fetches answers ahead (a batch of
    /// requests in one round trip) asks the target exactly this.
    public static func targetInput(for input: [UInt8]) -> VectorInput {
        let generator = RequestGenerator(maximumDepth: 3, literals: true)
        switch input.first {
        case 0x01:
            var reader = FuzzInputReader(Array(input.dropFirst()))
            return .buildRequest(generator.buildRequestCase(&reader))
        case 0x02:
            var reader = FuzzInputReader(Array(input.dropFirst()))
            return .buildCallback(generator.buildCallbackCase(&reader))
        default:
            return .parseBytes(input)
        }
    }

    /// The first unexplained disagreement of `report` at a failing level, as a failure for `input`, or nil.
    public func failure(in report: DifferentialReport, input: [UInt8]) -> FuzzFailure? {
        // The strictest failing disagreement: one fault can break several rules, graded apart.
        let failing = report.disagreements.filter { $0.normalisedBy == nil && failingLevels.contains($0.level) }
        guard let bad = failing.first(where: { $0.level == failing.map(\.level).max() }) else { return nil }
        let choices = target.declaredChoices.sorted.map { "\($0.point)=\($0.value)" }.joined(separator: ", ")
        var failure = FuzzFailure(
            rule: "differential/\(bad.level)/\(bad.rule.id)", input: input,
            details: [
                ("target", "\(target.identity.name) \(target.identity.version)"),
                ("operation", report.operation), ("case", report.subject),
                ("reference", report.expected), ("target answer", report.actual),
                ("rule", bad.rule.description), ("disagreement", bad.description),
                ("traits", report.traits.map(\.rawValue).joined(separator: ", ")),
                ("signature", FaultSignature(role: report.role, rule: bad.signatureRule, traits: bad.scopedTraits ?? report.traits).description),
                ("declared choices", choices.isEmpty ? "none" : choices),
            ])
        if bad.rule == .noError { failure.breakage = report.breakage }
        failure.grade = bad.grade
        // The finding names the faults the vectors' model names for the same difference, which key it (one bug, one
        // finding); its level stays the one the vectors grade the disagreement at (`judge`).
        let level = Level(rawValue: bad.level.rawValue) ?? .must
        if let (explanations, judged) = faults(of: report, level: level) {
            let levelled = explanations.map { faults in
                faults.map { fault in
                    // The vectors' grade of the disagreement, but never past what the model allows the fault: a
                    // respelling that reads the same, or another refusal category, is should at most.
                    var fault = fault
                    fault.level = FaultLevels.shouldAtMost.contains(fault.transformation) ? max(level, .should) : level
                    return fault
                }
            }
            failure.faults = levelled.first ?? []
            failure.faultAlternatives = Array(levelled.dropFirst())
            failure.judged = judged
        }
        if !failure.faults.isEmpty {
            failure.details.append(("fault", failure.faults.map(\.line).joined(separator: "; ")))
        }
        return failure
    }

    /// Every explanation the vectors' model gives of the report's difference (`FaultModel.diagnoses`), judged as a
    /// vector at `level` whose expectation is the reference's answer, with that judged result; nil when the report
    /// kept no answers.
    func faults(of report: DifferentialReport, level: Level) -> (explanations: [[Fault]], judged: VectorResult)? {
        guard let (input, expected, actual) = report.answers else { return nil }
        let expectation: Expectation
        switch (input, expected) {
        case (.buildRequest(let request), .accepted):
            var canonical = request  // what a built URL reads back as: the scheme lowercased, as the vectors expect it
            canonical.scheme = request.scheme.lowercased()
            expectation = .accept(.request(canonical))
        case (_, .accepted(let result)):
            switch result {
            case .request(let request): expectation = .accept(.request(request))
            case .url(let url): expectation = .accept(.url(url))
            case .digest: return nil
            }
        case (_, .rejected(let category, _)): expectation = .reject(category ?? "unknown")
        default: return nil
        }
        let vector = Vector(id: "fuzz", summary: report.subject, input: input, level: level, expectation: expectation)
        let result = Evaluator.evaluate(
            vector, answer: actual, choices: target.declaredChoices, extraParameters: Set(target.extraParameters))
        // The model orders each explanation's faults strictest first and keeps another refusal category at should
        // at most.
        let explanations = FaultModel.diagnoses(
            result, choices: target.declaredChoices, extraParameters: Set(target.extraParameters))
        return (explanations, result)
    }

    /// Compares the target with the reference on one input and judges every disagreement.
    public func compare(_ input: [UInt8]) -> DifferentialReport {
        var report: DifferentialReport
        switch input.first {
        case 0x01: report = compareBuildRequest(Array(input.dropFirst()))
        case 0x02: report = compareBuildCallback(Array(input.dropFirst()))
        default: report = compareParse(input)
        }
        return judged(report)
    }

    /// Compares the target with the reference on a vector's input (a URL, or a request or callback to
    /// build as given) and judges every disagreement, as for a fuzz input of the same operation.
    public func compare(_ input: VectorInput) -> DifferentialReport {
        judged(unjudged(input))
    }

    /// The comparison of `compare(_:)` before any disagreement is judged (every level `must`).
    public func unjudged(_ input: VectorInput) -> DifferentialReport {
        switch input {
        case .parseText(let text): compareParse(Array(text.utf8))
        case .parseBytes(let bytes): compareParse(bytes)
        case .buildRequest(let request): compareBuild(request: request)
        case .buildCallback(let response): compareBuild(response: response)
        }
    }

    /// `report` with every disagreement judged.
    func judged(_ report: DifferentialReport) -> DifferentialReport {
        var report = report
        report.disagreements = report.disagreements.map { judge($0, in: report) }
        return report
    }

    /// Grades a disagreement as the vectors grade the same fault (`FaultTable.grade`) and attaches the first
    /// matching normalisation; a rule no vector grades stays `must`.
    func judge(_ disagreement: Disagreement, in report: DifferentialReport) -> Disagreement {
        let traits = disagreement.scopedTraits ?? report.traits
        var judged = disagreement
        judged.normalisedBy = normalisations.first { normalisation in
            normalisation.rules.contains(disagreement.rule.id) && (normalisation.trait.map(traits.contains) ?? true)
        }?.id
        // An accepted difference of the target is reported by its normalisation, never graded.
        guard judged.normalisedBy == nil else { return judged }
        let signature = FaultSignature(role: report.role, rule: disagreement.signatureRule, traits: traits)
        let table = self.table
        // A rejection's category is judged only where a vector pins it for the same defects: on an input with several,
        // either check may fire first ("the vector lists both categories"), and no vector says which.
        if disagreement.rule == .category, table.claims[signature] == nil {
            judged.level = .allowed
            return judged
        }
        judged.grade = table.grade(signature)
        judged.level = judged.grade.map { grade in grade.level.map { DifferentialLevel(rawValue: $0.rawValue) } ?? .allowed } ?? .must
        // Two right refusals of one input never differ at must: another category is should at most, as the fault
        // model grades it (Vectors/README.md, "Faults"; the oracle error O5, `t://%E2%`).
        if disagreement.rule == .category, judged.level == .must { judged.level = .should }
        // Every build-callback vector's callback is a URI; one that is not is the source app's own mistake, and no
        // sentence asks a builder to keep it byte for byte or to build onto it: refusing it, or percent-encoding
        // what no URI holds raw, is should at most (Vectors/README.md, Levels; build-callback-invalid, should).
        if report.traits.contains(.callbackNotAURI), judged.level == .must,
            [DifferentialRule.acceptance, .callbackShape, .callbackParameters].contains(disagreement.rule)
        {
            judged.grade = table.invalidCallbackGrade ?? judged.grade
            judged.level = .should
        }
        return judged
    }

    // MARK: - Parse

    func compareParse(_ input: [UInt8]) -> DifferentialReport {
        // A role the target does not take on is not judged, and the target is not asked (Vectors/README.md, "Roles").
        if let roles, !roles.contains(TargetRole.parseRole(of: input)) {
            var report = DifferentialReport(operation: "parse", subject: "", expected: "", actual: "", traits: [], disagreements: [])
            report.referenceOutcome = "not-applicable"
            return report
        }
        let actual = target.parse(utf8: input)
        let reference = ParseReference(input, choices: target.declaredChoices)
        return compareParse(input, actual: actual, reference: reference, traits: Self.parseTraits(of: input))
    }

    /// The traits of a URL to parse, which grade a disagreement on it.
    static func parseTraits(of input: [UInt8]) -> [InputTrait] {
        ChoiceModel.traits(of: input) + ChoiceModel.eitherWayTraits(of: input) + ChoiceModel.shouldLevelTraits(of: input)
            + ChoiceModel.authorityTraits(of: input)
    }

    /// Compares the target's answer `actual` with the reference's for `input`; `traits` is evaluated only for a
    /// disagreement, and the texts are rendered only then and only when `render`.
    func compareParse(
        _ input: [UInt8], actual: TargetAnswer<XCallbackRequest>, reference: ParseReference, traits: @autoclosure () -> [InputTrait],
        render: Bool = true
    ) -> DifferentialReport {
        let expected = reference.expected
        // The traits and the texts are found only for a disagreement, which alone is judged and shown: rendering
        // every agreeing input was a quarter of a run.
        var report = DifferentialReport(operation: "parse", subject: "", expected: "", actual: "", traits: [], disagreements: [])
        report.referenceOutcome = reference.outcome
        report.role = TargetRole.parseRole(of: input)
        report.referenceRejected = expected.isRejected
        report.referenceCategory = expected.category
        func add(_ rule: DifferentialRule, _ detail: String) {
            report.disagreements.append(Disagreement(rule: rule, detail: detail))
        }
        switch (expected, actual) {
        case (_, .unsupported):
            break
        case (_, .errored(let message)):
            add(.noError, "the target errored: \(message)")
        case (_, .broken(let breakage)):
            report.breakage = breakage.kind
            add(.noError, "the target broke: \(breakage.kind.rawValue) \(breakage.detail)")
        case (.accepted, .rejected(let category, _)):
            report.disagreements.append(Disagreement.refusal("the reference accepts; the target rejects", category))
        case (.rejected(let category, _), .accepted):
            add(.acceptance, "the reference rejects (\(category?.rawValue ?? "?")); the target accepts")
        case (.rejected(let want, _), .rejected(let got?, _)) where want != got:
            report.disagreements.append(Disagreement.category(want, got))
        case (.accepted(let want), .accepted(let got)):
            report.disagreements += fieldDifferences(want, got, callbacksAsURLs: true)
        default:
            break
        }
        if !report.disagreements.isEmpty {
            report.traits = traits()
            // A difference the target's normalisations accept needs no other reading (each is another parse).
            let traits = report.traits
            let normalised = report.disagreements.allSatisfy { disagreement in
                normalisations.contains { $0.rules.contains(disagreement.rule.id) && ($0.trait.map(traits.contains) ?? true) }
            }
            if normalised {
            } else if let reading = choiceReading(input, actual: actual, traits: report.traits) {
                report.disagreements = [reading]
            } else if case .accepted(let want) = expected, let readings = writtenReading(input, actual: actual, reading: want) {
                report.disagreements = readings
            }
            if render {
                report.subject = FuzzFailure.escape(input)
                report.expected = Self.render(expected)
                report.actual = Self.render(actual)
                report.answers = (.parseBytes(input), expected.map(ObservedResult.request), actual.map(ObservedResult.request))
            }
        }
        return report
    }

    /// `parameters` with one leading U+FEFF dropped from each value that has it.
    static func withoutLeadingByteOrderMarks(_ parameters: [XCallbackParameter]) -> [XCallbackParameter] {
        parameters.map { parameter in
            XCallbackParameter(parameter.name, parameter.value.map { $0.hasPrefix("\u{FEFF}") ? String($0.dropFirst()) : $0 })
        }
    }

    /// The rules broken when `got` is compared with `want` field by field; `callbacksAsURLs` compares a decoder's
    /// callbacks as the URLs it opens, as the runner does (a builder's are read back and compared as written).
    func fieldDifferences(_ want: XCallbackRequest, _ got: XCallbackRequest, callbacksAsURLs: Bool = false) -> [Disagreement] {
        var out: [Disagreement] = []
        if want.scheme.lowercased() != got.scheme.lowercased() {
            out.append(Disagreement(rule: .sameScheme, detail: "scheme \(want.scheme) vs \(got.scheme)"))
        } else if got.scheme != want.scheme {
            // The scheme in another case is the scheme as written where it is so written, which the vectors grade as
            // such (`kept-as-written:scheme`), whatever else differs.
            out.append(Disagreement(rule: .keptAsWritten, detail: "scheme \(want.scheme) vs \(got.scheme)", qualifier: "scheme"))
        }
        if want.action != got.action { out.append(Disagreement(rule: .sameAction, detail: "action \(q(want.action)) vs \(q(got.action))")) }
        let reserved: [(String, String?, String?)] = [
            ("x-source", want.source, got.source), ("x-success", want.success, got.success),
            ("x-error", want.error, got.error), ("x-cancel", want.cancel, got.cancel),
        ]
        // A decoder's callback is compared as the URL it opens, as the runner compares it (`CallbackURIForm`).
        for (name, a, b) in reserved where a != b && !(callbacksAsURLs && name != "x-source" && CallbackURIForm.same(a, b)) {
            out.append(Disagreement(rule: .sameReserved, detail: "\(name) \(a.map(q) ?? "absent") vs \(b.map(q) ?? "absent")"))
        }
        // A receiver may drop an unknown x- name or a look-alike of a reserved one (ReservedLookalikes), and a leading
        // byte-order mark of a value as a signature (RFC 3629 section 6; XCU-U26C).
        if want.parameters != got.parameters, want.parameters.filter({ !ReservedLookalikes.isDroppable($0.name) }) != got.parameters,
            Self.withoutLeadingByteOrderMarks(want.parameters) != got.parameters
        {
            if Self.sortedKeys(want.parameters) != Self.sortedKeys(got.parameters) {
                out.append(Disagreement(rule: .sameParameters, detail: "parameters \(Self.show(want.parameters)) vs \(Self.show(got.parameters))"))
            } else if let order = orderDisagreement("parameters \(Self.show(want.parameters)) in another order: \(Self.show(got.parameters))") {
                out.append(order)
            }
        }
        // A target that declares `fragment: not-reported` is not asked for the fragment (as in the runner's comparison).
        if want.fragment != got.fragment, target.declaredChoices[.fragment] != "not-reported" {
            out.append(Disagreement(rule: .sameFragment, detail: "fragment \(want.fragment.map(q) ?? "none") vs \(got.fragment.map(q) ?? "none")"))
        }
        return out
    }

    /// The disagreement for parameters in another order: none under `parameter-order: unordered`, otherwise
    /// the choice point's (its vectors grade it: allowed when undeclared, a contradiction when `preserved`).
    func orderDisagreement(_ detail: String) -> Disagreement? {
        switch target.declaredChoices[.parameterOrder] {
        case "unordered"?: nil
        case nil: Disagreement(rule: .undeclaredChoice, detail: detail, qualifier: ChoicePoint.parameterOrder.rawValue)
        default: Disagreement(rule: .contradictedChoice, detail: detail, qualifier: ChoicePoint.parameterOrder.rawValue)
        }
    }

    static func sortedKeys(_ parameters: [XCallbackParameter]) -> [String] {
        parameters.map { $0.name + "\u{0}" + ($0.value.map { "=" + $0 } ?? "-") }.sorted()
    }

    func q(_ text: String) -> String { FuzzFailure.escape(text) }

    /// Parameters as `[["name","value"],["flag",null]]`: escaped (a NUL stays visible) and unambiguous.
    static func show(_ parameters: [XCallbackParameter]) -> String {
        XCallbackParameter.canonicalJSON(parameters).compactText
    }

    /// Renders an answer for a report: a request as canonical JSON, a URL quoted with `\xNN` escapes.
    static func render<Value>(_ answer: TargetAnswer<Value>) -> String {
        switch answer {
        case .accepted(let value as XCallbackRequest): "accepted \(value.canonicalJSON.compactText)"
        case .accepted(let value as String): "accepted \(FuzzFailure.escape(value))"
        case .accepted(let value): "accepted \(value)"
        case .rejected(let category, let message): "rejected \(category?.rawValue ?? "(no category)"): \(FuzzFailure.escape(message ?? ""))"
        case .unsupported(let reason, _): "unsupported \(FuzzFailure.escape(reason ?? ""))"
        case .errored(let message): "errored \(FuzzFailure.escape(message))"
        case .broken(let breakage): "broken \(breakage.kind.rawValue) \(FuzzFailure.escape(breakage.detail))"
        }
    }
}

/// The reference's side of a parse comparison: its answer under the target's declared choices, and its outcome.
struct ParseReference {
    /// The reference's answer, choice-adjusted.
    var expected: TargetAnswer<XCallbackRequest>
    /// `accepted`, `rejected <category>` or `not-utf8` (`DifferentialReport.referenceOutcome`).
    var outcome: String

    /// The reference's side for `input` under `choices`.
    init(_ input: [UInt8], choices: DeclaredChoices) {
        if let text = String(validating: input, as: UTF8.self) {
            expected = ChoiceModel.expected(for: text, choices: choices)
            switch expected {
            case .accepted: outcome = "accepted"
            case .rejected(let category, _): outcome = "rejected " + (category?.rawValue ?? "")
            default: outcome = "other"
            }
        } else {
            expected = ReferenceTarget().parse(utf8: input)
            outcome = "not-utf8"
        }
    }
}

