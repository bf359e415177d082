// The generic differential driver: any `ConformanceTarget` against the reference, on every input.
//
// Input layout: a first byte 0x01 makes the rest a build-request case, 0x02 a build-callback case (both
// decoded by `RequestGenerator`); any other input is a URL to parse (a raw 0x01/0x02 is a control character,
// which no valid URL starts with). Every disagreement is tied to a rule, given a level (lowered only by a
// listed relaxation), and matched against the caller's normalisations; the first unexplained disagreement
// at a failing level stops the run with the input, both answers, the rule and the traits.
//
//     @_cdecl("LLVMFuzzerTestOneInput")
//     public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
//         DifferentialDriver(target: MyTarget()).run(data, size)
//         return 0
//     }

import XCallbackConformanceCore
import XCallbackURL

/// One disagreement between the target and the reference, with how it was judged.
public struct Disagreement: Sendable, CustomStringConvertible {
    /// The rule the disagreement is about.
    public var rule: DifferentialRule
    /// Its level after relaxations.
    public var level: DifferentialLevel
    /// What differed.
    public var detail: String
    /// The trait that lowered the level, if any.
    public var relaxedBy: InputTrait?
    /// The normalisation that accepts the difference, if any.
    public var normalisedBy: String?

    /// One line: rule, level, detail and how it was judged.
    public var description: String {
        var text = "\(rule.id) [\(level)] \(detail)"
        if let relaxedBy { text += " (relaxed by \(relaxedBy))" }
        if let normalisedBy { text += " (normalised: \(normalisedBy))" }
        return text
    }
}

/// Everything the differential driver saw for one input.
public struct DifferentialReport: Sendable {
    /// The operation compared: `parse`, `build-request` or `build-callback`.
    public var operation: String
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
    /// The reference's (choice-adjusted) outcome in a word or two: `accepted`, `rejected <category>`,
    /// `not-utf8`, or the build operation's name and whether the reference built or refused it
    /// (`build-request built`, `build-callback refused unsafe-callback-scheme`); a fuzzing loop's corpus uses it.
    public var referenceOutcome = ""
}

/// Compares any `ConformanceTarget` with the reference; disagreement on a failing level stops the run.
public struct DifferentialDriver<Target: ConformanceTarget>: FuzzDriver, FuzzOutcomeReporting {
    /// The implementation under test.
    public var target: Target
    /// Accepted, documented differences of this target.
    public var normalisations: [DifferentialNormalisation]
    /// Levels that stop the run (default: only `must`).
    public var failingLevels: [DifferentialLevel]
    let generator = RequestGenerator(maximumDepth: 3)

    /// Creates a driver for `target` with its documented normalisations.
    public init(target: Target, normalisations: [DifferentialNormalisation] = [], failingLevels: [DifferentialLevel] = [.must]) {
        self.target = target
        self.normalisations = normalisations
        self.failingLevels = failingLevels
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
        let generator = RequestGenerator(maximumDepth: 3)
        switch input.first {
        case 0x01:
            var reader = FuzzInputReader(Array(input.dropFirst()))
            var request = generator.request(&reader).request
            request.fragment = nil
            return .buildRequest(request)
        case 0x02:
            var reader = FuzzInputReader(Array(input.dropFirst()))
            return .buildCallback(generator.response(&reader, callbackURL: generator.callbackURL(&reader)))
        default:
            return .parseBytes(input)
        }
    }

    /// The first unexplained disagreement of `report` at a failing level, as a failure for `input`, or nil.
    public func failure(in report: DifferentialReport, input: [UInt8]) -> FuzzFailure? {
        guard let bad = report.disagreements.first(where: { $0.normalisedBy == nil && failingLevels.contains($0.level) }) else {
            return nil
        }
        let choices = target.declaredChoices.sorted.map { "\($0.point)=\($0.value)" }.joined(separator: ", ")
        var failure = FuzzFailure(
            rule: "differential/\(bad.level)/\(bad.rule.id)", input: input,
            details: [
                ("target", "\(target.identity.name) \(target.identity.version)"),
                ("operation", report.operation), ("case", report.subject),
                ("reference", report.expected), ("target answer", report.actual),
                ("rule", bad.rule.description), ("disagreement", bad.description),
                ("traits", report.traits.map(\.rawValue).joined(separator: ", ")),
                ("declared choices", choices.isEmpty ? "none" : choices),
            ])
        if bad.rule == .noError { failure.breakage = report.breakage }
        return failure
    }

    /// Compares the target with the reference on one input and judges every disagreement.
    public func compare(_ input: [UInt8]) -> DifferentialReport {
        var report: DifferentialReport
        switch input.first {
        case 0x01: report = compareBuildRequest(Array(input.dropFirst()))
        case 0x02: report = compareBuildCallback(Array(input.dropFirst()))
        default: report = compareParse(input)
        }
        report.disagreements = report.disagreements.map { judge($0, in: report) }
        return report
    }

    /// Compares the target with the reference on a vector's input (a URL, or a request or callback to
    /// build as given) and judges every disagreement, as for a fuzz input of the same operation.
    public func compare(_ input: VectorInput) -> DifferentialReport {
        var report: DifferentialReport
        switch input {
        case .parseText(let text): return compare(Array(text.utf8))
        case .parseBytes(let bytes): return compare(bytes)
        case .buildRequest(let request): report = compareBuild(request: request)
        case .buildCallback(let response): report = compareBuild(response: response)
        }
        report.disagreements = report.disagreements.map { judge($0, in: report) }
        return report
    }

    /// Lowers the level by the first matching relaxation and attaches the first matching normalisation.
    func judge(_ disagreement: Disagreement, in report: DifferentialReport) -> Disagreement {
        let traits = report.traits
        var judged = disagreement
        judged.level = disagreement.rule.level
        for relaxation in DifferentialRelaxation.all
        where traits.contains(relaxation.trait) && relaxation.rules.contains(disagreement.rule.id)
            && (relaxation.choice.map { target.declaredChoices[$0] == nil } ?? true)
            && (!report.referenceRejected || relaxation.explains.map { explained in
                report.referenceCategory.map(explained.contains) ?? false } ?? true)
            && relaxation.level < judged.level
        {
            judged.level = relaxation.level
            judged.relaxedBy = relaxation.trait
        }
        judged.normalisedBy = normalisations.first { normalisation in
            normalisation.rules.contains(disagreement.rule.id) && (normalisation.trait.map(traits.contains) ?? true)
        }?.id
        return judged
    }

    // MARK: - Parse

    func compareParse(_ input: [UInt8]) -> DifferentialReport {
        let actual = target.parse(utf8: input)
        let expected: TargetAnswer<XCallbackRequest>
        let outcome: String
        if let text = String(validating: input, as: UTF8.self) {
            expected = ChoiceModel.expected(for: text, choices: target.declaredChoices)
            switch expected {
            case .accepted: outcome = "accepted"
            case .rejected(let category, _): outcome = "rejected " + (category?.rawValue ?? "")
            default: outcome = "other"
            }
        } else {
            expected = ReferenceTarget().parse(utf8: input)
            outcome = "not-utf8"
        }
        // The traits and the texts are found only for a disagreement, which alone is judged and shown: rendering
        // every agreeing input was a quarter of a run.
        var report = DifferentialReport(operation: "parse", subject: "", expected: "", actual: "", traits: [], disagreements: [])
        report.referenceOutcome = outcome
        report.referenceRejected = expected.isRejected
        report.referenceCategory = expected.category
        func add(_ rule: DifferentialRule, _ detail: String) {
            report.disagreements.append(Disagreement(rule: rule, level: rule.level, detail: detail))
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
            add(.acceptance, "the reference accepts; the target rejects (\(category?.rawValue ?? "no category"))")
        case (.rejected(let category, _), .accepted):
            add(.acceptance, "the reference rejects (\(category?.rawValue ?? "?")); the target accepts")
        case (.rejected(let want, _), .rejected(let got?, _)) where want != got:
            add(.category, "the reference says \(want?.rawValue ?? "?"), the target \(got.rawValue)")
        case (.accepted(let want), .accepted(let got)):
            for (rule, detail) in fieldDifferences(want, got) { add(rule, detail) }
        default:
            break
        }
        if !report.disagreements.isEmpty {
            report.traits = ChoiceModel.traits(of: input) + ChoiceModel.eitherWayTraits(of: input)
                + ChoiceModel.shouldLevelTraits(of: input)
            report.subject = FuzzFailure.escape(input)
            report.expected = Self.render(expected)
            report.actual = Self.render(actual)
        }
        return report
    }

    /// The rules broken when `got` is compared with `want` field by field.
    func fieldDifferences(_ want: XCallbackRequest, _ got: XCallbackRequest) -> [(DifferentialRule, String)] {
        var out: [(DifferentialRule, String)] = []
        if want.scheme.lowercased() != got.scheme.lowercased() {
            out.append((.sameScheme, "scheme \(want.scheme) vs \(got.scheme)"))
        } else if got.scheme != want.scheme {
            out.append((.schemeLowercase, "scheme \(want.scheme) vs \(got.scheme)"))
        }
        if want.action != got.action { out.append((.sameAction, "action \(q(want.action)) vs \(q(got.action))")) }
        let reserved: [(String, String?, String?)] = [
            ("x-source", want.source, got.source), ("x-success", want.success, got.success),
            ("x-error", want.error, got.error), ("x-cancel", want.cancel, got.cancel),
        ]
        for (name, a, b) in reserved where a != b {
            out.append((.sameReserved, "\(name) \(a.map(q) ?? "absent") vs \(b.map(q) ?? "absent")"))
        }
        let ordered = target.declaredChoices[.parameterOrder] == "preserved"
        let same = ordered ? want.parameters == got.parameters : Self.sortedKeys(want.parameters) == Self.sortedKeys(got.parameters)
        if !same {
            out.append((.sameParameters, "parameters \(Self.show(want.parameters)) vs \(Self.show(got.parameters))"))
        }
        // A target that declares `fragment: not-reported` is not asked for the fragment (as in the runner's comparison).
        if want.fragment != got.fragment, target.declaredChoices[.fragment] != "not-reported" {
            out.append((.sameFragment, "fragment \(want.fragment.map(q) ?? "none") vs \(got.fragment.map(q) ?? "none")"))
        }
        return out
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
