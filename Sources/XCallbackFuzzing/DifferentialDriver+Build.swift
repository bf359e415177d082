// The build operations of the differential driver.
//
// build-request: the target's URL is parsed by the reference and must give back the request (must);
// every raw name and value in its query follows the value encoding rules (should).
// build-callback: a callback the reference builds must be built (must, relaxed by the callback's traits);
// its query must decode to the callback's own parameters followed by the appended ones (must); the
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
    /// A callback the reference refuses for lack of a valid scheme is refused.
    public static let callbackRefusal = Self(
        id: "callback-refusal", level: .should, summary: "a callback without a valid 'scheme:' is refused",
        cite: ["rfc3986-3.1", "silent-callback-append"])
}

extension DifferentialDriver {
    func compareBuildRequest(_ bytes: [UInt8]) -> DifferentialReport {
        var reader = FuzzInputReader(bytes)
        var request = generator.request(&reader).request
        request.fragment = nil
        var report = DifferentialReport(
            operation: "build-request", subject: "\(request)", expected: "", actual: "", traits: [], disagreements: [],
            referenceOutcome: "build-request")
        let reference = ReferenceTarget().buildRequest(request)
        let actual = target.buildRequest(request)
        report.expected = Self.render(reference)
        report.actual = Self.render(actual)
        func add(_ rule: DifferentialRule, _ detail: String) {
            report.disagreements.append(Disagreement(rule: rule, level: rule.level, detail: detail))
        }
        switch actual {
        case .unsupported:
            return report
        case .errored(let message):
            add(.noError, "the target errored: \(message)")
        case .broken(let breakage):
            add(.noError, "the target broke: \(breakage.kind.rawValue)")
        case .rejected(let category, _):
            add(.acceptance, "the reference builds it; the target refuses (\(category?.rawValue ?? "no category"))")
        case .accepted(let url):
            var expected = request
            expected.scheme = expected.scheme.lowercased()
            switch ReferenceTarget().parse(url) {
            case .accepted(let parsed):
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

    func compareBuildCallback(_ bytes: [UInt8]) -> DifferentialReport {
        var reader = FuzzInputReader(bytes)
        let response = generator.response(&reader, callbackURL: generator.callbackURL(&reader))
        var report = DifferentialReport(
            operation: "build-callback", subject: "\(response)", expected: "", actual: "",
            traits: ChoiceModel.traits(of: Array(response.callbackURL.utf8)), disagreements: [], referenceOutcome: "build-callback")
        let reference = ReferenceTarget().buildCallback(response)
        let actual = target.buildCallback(response)
        report.expected = Self.render(reference)
        report.actual = Self.render(actual)
        func add(_ rule: DifferentialRule, _ detail: String) {
            report.disagreements.append(Disagreement(rule: rule, level: rule.level, detail: detail))
        }
        switch (reference, actual) {
        case (_, .unsupported):
            break
        case (_, .errored(let message)):
            add(.noError, "the target errored: \(message)")
        case (_, .broken(let breakage)):
            add(.noError, "the target broke: \(breakage.kind.rawValue)")
        case (.accepted, .rejected(let category, _)):
            add(.acceptance, "the reference builds it; the target refuses (\(category?.rawValue ?? "no category"))")
        case (.rejected(let category, _), .accepted(let url)):
            let rule: DifferentialRule = category == .unsafeCallbackScheme ? .callbackSafety : .callbackRefusal
            add(rule, "the reference refuses (\(category?.rawValue ?? "?")); the target builds \(q(url))")
        case (.accepted, .accepted(let url)):
            if let problem = callbackParameterProblem(url, response: response) {
                add(.callbackParameters, problem)
            }
            if let problem = CallbackExpectation.problem(built: url, response: response) {
                add(.callbackShape, problem)
            }
        default:
            break
        }
        return report
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
        guard got == expected else {
            return "query decodes to \(Self.show(got)), expected \(Self.show(expected))"
        }
        return nil
    }
}
