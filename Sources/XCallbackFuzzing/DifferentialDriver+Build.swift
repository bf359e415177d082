// The build operations of the differential driver, judged as the vectors judge them.
//
// build-request: the target's URL is parsed by the reference and must give back the request (must), the
// parameters the target declares it adds unasked (`extraParameters`) set aside;
// every raw name and value in its query follows the value encoding rules (should). A request the reference
// builds must be built (must), except that the vectors let a builder refuse an action it would have to
// encode (`invalid-character`) or an empty callback (`invalid-callback-url`); one the reference refuses must
// be refused (must for an invalid scheme, should otherwise).
// build-callback: a callback the reference builds must be built (must, relaxed by the callback's traits, and
// to should when refused as unsafe, as the hardening vectors allow); its query must decode to the callback's
// own parameters followed by the appended ones (must; in any order under `parameter-order: unordered`); the
// byte-exact shape (prefix kept, one separator, fragment last) is a should; an unsafe scheme must be refused (should).

import XCallbackConformanceCore
import XCallbackURL

extension DifferentialRule {
    /// Raw names and values of a built URL carry no `& = # +`, space, control or non-ASCII, and only valid escapes.
    public static let encodingRule = Self(
        id: "encoding-rule", level: .should,
        summary: "built names and values are fully percent-encoded (no raw & = # + space, control, non-ASCII)",
        cite: ["xcu-values-encoded", "rfc3986-2.1"])
    /// A callback with a code-running scheme is refused.
    public static let callbackSafety = Self(
        id: "callback-safety", level: .should, summary: "javascript:, data:, file: and vbscript: callbacks are refused",
        cite: ["xcu-security", "silent-security"])
}

extension DifferentialRule {
    /// A request the reference refuses for an empty action or a reserved or empty parameter name is refused.
    public static let buildRefusal = Self(
        id: "build-refusal", level: .should, summary: "a request with an empty action or an x- or empty parameter name is refused",
        cite: ["xcu-action", "xcu-reserved-prefix"])
    /// A callback the reference refuses for lack of a valid scheme is refused.
    public static let callbackRefusal = Self(
        id: "callback-refusal", level: .should, summary: "a callback without a valid 'scheme:' is refused",
        cite: ["rfc3986-3.1", "silent-callback-append"])
}

extension InputTrait {
    /// A request's action holds characters outside RFC 3986's unreserved set, which a builder may refuse to encode.
    public static let actionToEncode = Self(rawValue: "action-to-encode")
    /// A callback the reference builds was refused as unsafe (the hardening profile lets a builder refuse more schemes).
    public static let refusedAsUnsafe = Self(rawValue: "refused-as-unsafe")
}

extension DifferentialDriver {
    /// The reference's answer to a build input (first byte 0x01 or 0x02), or nil for a URL to parse.
    public static func referenceBuild(of input: [UInt8]) -> TargetAnswer<String>? {
        switch targetInput(for: input) {
        case .buildRequest(let request): ReferenceTarget().buildRequest(request)
        case .buildCallback(let response): ReferenceTarget().buildCallback(response)
        default: nil
        }
    }

    /// The reference's outcome for a build input, as `DifferentialReport.referenceOutcome` names it.
    public static func referenceOutcome(ofBuild input: [UInt8]) -> String {
        let operation = Operation(differentialInput: input).rawValue
        return buildOutcome(operation, referenceBuild(of: input) ?? .unsupported(reason: nil, issueURL: nil))
    }

    /// The reference's outcome of a build: `build-request built`, `build-callback refused <category>`, ...
    static func buildOutcome(_ operation: String, _ reference: TargetAnswer<String>) -> String {
        switch reference {
        case .accepted: operation + " built"
        case .rejected(let category, _): operation + " refused " + (category?.rawValue ?? "")
        default: operation + " other"
        }
    }

    func compareBuildRequest(_ bytes: [UInt8]) -> DifferentialReport {
        var reader = FuzzInputReader(bytes)
        var request = generator.request(&reader).request
        request.fragment = nil
        return compareBuild(request: request)
    }

    /// Compares the target's build of `request` with the reference's (disagreements not yet judged).
    func compareBuild(request: XCallbackRequest) -> DifferentialReport {
        let reference = ReferenceTarget().buildRequest(request)
        let actual = target.buildRequest(request)
        return Self.rendered(compareBuild(request: request, reference: reference, actual: actual), request, reference, actual)
    }

    /// `report` with its case and both answers rendered when it has a disagreement: as for a parse, an
    /// agreeing execution renders nothing.
    static func rendered(_ report: DifferentialReport, _ subject: Any, _ reference: TargetAnswer<String>, _ actual: TargetAnswer<String>) -> DifferentialReport {
        guard !report.disagreements.isEmpty else { return report }
        var report = report
        report.subject = "\(subject)"
        report.expected = render(reference)
        report.actual = render(actual)
        return report
    }

    /// The disagreements of the target's build `actual` of `request` with the reference's build `reference`.
    func compareBuild(request: XCallbackRequest, reference: TargetAnswer<String>, actual: TargetAnswer<String>) -> DifferentialReport {
        var report = DifferentialReport(
            operation: "build-request", subject: "", expected: "", actual: "", traits: [], disagreements: [],
            referenceOutcome: Self.buildOutcome("build-request", reference))
        report.referenceRejected = reference.isRejected
        report.referenceCategory = reference.category
        func add(_ rule: DifferentialRule, _ detail: String) {
            report.disagreements.append(Disagreement(rule: rule, level: rule.level, detail: detail))
        }
        switch actual {
        case .unsupported:
            return report
        case .errored(let message):
            add(.noError, "the target errored: \(message)")
        case .broken(let breakage):
            report.breakage = breakage.kind
            add(.noError, "the target broke: \(breakage.kind.rawValue)")
        case .rejected(let category, _):
            if case .rejected(let want, _) = reference {
                if let category, category != want { add(.category, "the reference says \(want?.rawValue ?? "?"), the target \(category.rawValue)") }
                return report
            }
            // The vectors let a builder refuse an action it would have to encode, or an empty callback.
            report.traits = Self.refusalTraits(of: request, category: category)
            add(.acceptance, "the reference builds it; the target refuses (\(category?.rawValue ?? "no category"))")
        case .accepted(let url) where reference.isRejected:
            let rule: DifferentialRule = reference.category == .invalidScheme ? .acceptance : .buildRefusal
            add(rule, "the reference refuses (\(reference.category?.rawValue ?? "?")); the target builds \(q(url))")
        case .accepted(let url):
            var expected = request
            expected.scheme = expected.scheme.lowercased()
            switch ReferenceTarget().parse(url) {
            case .accepted(var parsed):
                // The parameters the target declares it adds unasked are judged by the extra-parameters
                // vectors alone (one behaviour, one finding), as the runner judges every other build vector.
                if !target.extraParameters.isEmpty {
                    _ = ExtraParameters.setAside(Set(target.extraParameters), from: &parsed, asked: expected)
                }
                for (rule, detail) in fieldDifferences(expected, parsed) {
                    add(rule.level == .must ? .buildRoundTrip : rule, "\(rule.id): \(detail)")
                }
            default:
                add(.buildRoundTrip, "the reference cannot parse the built URL \(q(url))")
            }
            if let problem = EncodingRules.firstViolation(inQueryOf: url) {
                add(.encodingRule, problem)
            }
        }
        return report
    }

    /// The traits of a refused request that the vectors allow a builder to refuse with `category`
    /// (`invalid-character` or none for an action with characters to encode, `invalid-callback-url` or
    /// none for an empty callback).
    static func refusalTraits(of request: XCallbackRequest, category: RejectionCategory?) -> [InputTrait] {
        var traits: [InputTrait] = []
        let unreserved = request.action.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar))
        }
        if !unreserved, category == nil || category == .invalidCharacter { traits.append(.actionToEncode) }
        if [request.success, request.error, request.cancel].contains(""), category == nil || category == .invalidCallbackURL {
            traits.append(.emptyCallback)
        }
        return traits
    }

    func compareBuildCallback(_ bytes: [UInt8]) -> DifferentialReport {
        var reader = FuzzInputReader(bytes)
        return compareBuild(response: generator.response(&reader, callbackURL: generator.callbackURL(&reader)))
    }

    /// Compares the target's build of `response` with the reference's (disagreements not yet judged).
    func compareBuild(response: XCallbackResponse) -> DifferentialReport {
        let reference = ReferenceTarget().buildCallback(response)
        let actual = target.buildCallback(response)
        return Self.rendered(compareBuild(response: response, reference: reference, actual: actual), response, reference, actual)
    }

    /// The disagreements of the target's build `actual` of `response` with the reference's build `reference`.
    func compareBuild(response: XCallbackResponse, reference: TargetAnswer<String>, actual: TargetAnswer<String>) -> DifferentialReport {
        var report = DifferentialReport(
            operation: "build-callback", subject: "", expected: "", actual: "",
            traits: [], disagreements: [], referenceOutcome: Self.buildOutcome("build-callback", reference))
        report.referenceRejected = reference.isRejected
        report.referenceCategory = reference.category
        func add(_ rule: DifferentialRule, _ detail: String) {
            report.disagreements.append(Disagreement(rule: rule, level: rule.level, detail: detail))
        }
        switch (reference, actual) {
        case (_, .unsupported):
            break
        case (_, .errored(let message)):
            add(.noError, "the target errored: \(message)")
        case (_, .broken(let breakage)):
            report.breakage = breakage.kind
            add(.noError, "the target broke: \(breakage.kind.rawValue)")
        case (.accepted, .rejected(.unsafeCallbackScheme?, _)):
            // The hardening vectors let a builder refuse more schemes than the reference does.
            report.traits.append(.refusedAsUnsafe)
            add(.acceptance, "the reference builds it; the target refuses it as unsafe")
        case (.accepted, .rejected(let category, _)):
            add(.acceptance, "the reference builds it; the target refuses (\(category?.rawValue ?? "no category"))")
        case (.rejected(let category, _), .accepted(let url)):
            let rule: DifferentialRule = category == .unsafeCallbackScheme ? .callbackSafety : .callbackRefusal
            add(rule, "the reference refuses (\(category?.rawValue ?? "?")); the target builds \(q(url))")
        case (.accepted, .accepted(let url)):
            if let problem = callbackParameterProblem(url, response: response) {
                add(.callbackParameters, problem)
            }
            let appended = appendedInTargetOrder(url, response: response)
            if let problem = CallbackExpectation.problem(built: url, callbackURL: response.callbackURL, appended: appended) {
                add(.callbackShape, problem)
            }
        default:
            break
        }
        // The callback URL's traits are found only for a disagreement, which alone is judged (as for a parse).
        if !report.disagreements.isEmpty { report.traits = ChoiceModel.traits(of: Array(response.callbackURL.utf8)) + report.traits }
        return report
    }

    /// The appended parameters in the order the target wrote them when it declares `parameter-order:
    /// unordered` and wrote the same ones; otherwise in the reference's order.
    func appendedInTargetOrder(_ url: String, response: XCallbackResponse) -> [XCallbackParameter] {
        let appended = response.appendedParameters
        guard target.declaredChoices[.parameterOrder] == "unordered" else { return appended }
        let got = URLPieces(url).pieces.map { piece in
            XCallbackParameter(URLPieces.lenientDecode(piece.name), piece.value.map(URLPieces.lenientDecode))
        }
        let tail = Array(got.suffix(appended.count))
        return Self.sortedKeys(tail) == Self.sortedKeys(appended) ? tail : appended
    }

    /// The built callback's query, decoded, must be the callback's own pieces then the appended parameters.
    func callbackParameterProblem(_ url: String, response: XCallbackResponse) -> String? {
        let own = URLPieces(response.callbackURL).pieces.map { piece in
            XCallbackParameter(URLPieces.lenientDecode(piece.name), piece.value.map(URLPieces.lenientDecode))
        }
        let expected = own + response.appendedParameters
        let got = URLPieces(url).pieces.map { piece in
            XCallbackParameter(URLPieces.lenientDecode(piece.name), piece.value.map(URLPieces.lenientDecode))
        }
        // Under `parameter-order: unordered` the appended parameters may come in any order (as in the runner).
        let unordered = target.declaredChoices[.parameterOrder] == "unordered"
        guard unordered ? got.starts(with: own) && Self.sortedKeys(got) == Self.sortedKeys(expected) : got == expected else {
            return "query decodes to \(Self.show(got)), expected \(Self.show(expected))"
        }
        return nil
    }
}
