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
        id: "encoding-rule",
        summary: "built names and values are fully percent-encoded (no raw & = # + space, control, non-ASCII)",
        cite: ["xcu-values-encoded", "rfc3986-2.1"])
    /// A callback with a code-running scheme is refused.
    public static let callbackSafety = Self(
        id: "callback-safety", summary: "javascript:, data:, file: and vbscript: callbacks are refused",
        cite: ["xcu-security", "silent-security"])
}

extension DifferentialRule {
    /// The action of a built URL follows a path's rules: no raw space, control, non-ASCII or character outside
    /// RFC 3986, every `%` starts an escape.
    public static let pathEncoding = Self(
        id: "path-encoding-rule", summary: "a built action is percent-encoded as a path (no raw space, control, non-ASCII, stray '%')",
        cite: ["rfc3986-2.1", "rfc3986-3.3"])
    /// No unreserved character is escaped (checked by the vectors tagged `unreserved-raw` only; RFC 3986 §2.3).
    public static let unreservedEscape = Self(
        id: "unreserved-escape", summary: "a built URL writes unreserved characters as themselves", cite: ["rfc3986-2.3"])
    /// The action keeps the '/' that delimits its segments raw, as the reference writes it (Vectors/README.md,
    /// "Respellings": a receiver that splits the path gets another action).
    public static let reservedEscape = Self(
        id: "reserved-escape", summary: "a built URL writes the '/' between its action's segments raw, as the reference does",
        cite: ["rfc3986-2.2"])
    /// Escapes use uppercase hex digits (checked by the vectors tagged `hex-case` only).
    public static let hexCase = Self(
        id: "hex-case", summary: "escapes in a built URL use uppercase hex digits", cite: ["rfc3986-2.1"])
    /// A request the reference refuses for an empty action or a reserved or empty parameter name is refused.
    public static let buildRefusal = Self(
        id: "build-refusal", summary: "a request with an empty action or an x- or empty parameter name is refused",
        cite: ["xcu-action", "xcu-reserved-prefix"])
    /// A callback the reference refuses for lack of a valid scheme is refused.
    public static let callbackRefusal = Self(
        id: "callback-refusal", summary: "a callback without a valid 'scheme:' is refused",
        cite: ["rfc3986-3.1", "silent-callback-append"])
}

extension InputTrait {
    /// A request's action holds characters outside RFC 3986's unreserved set, which a builder may refuse to encode.
    public static let actionToEncode = Self(rawValue: "action-to-encode")
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
        return compareBuild(request: generator.buildRequestCase(&reader))
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
        switch subject {
        case let request as XCallbackRequest:
            report.answers = (.buildRequest(request), reference.map(ObservedResult.url), actual.map(ObservedResult.url))
        case let response as XCallbackResponse:
            report.answers = (.buildCallback(response), reference.map(ObservedResult.url), actual.map(ObservedResult.url))
        default: break
        }
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
            report.disagreements.append(Disagreement(rule: rule, detail: detail))
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
                if let category, category != want {
                    report.disagreements.append(Disagreement.category(want, category))
                    report.traits = BuildTraits.of(request)
                }
                return report
            }
            report.disagreements.append(Disagreement.refusal("the reference builds it; the target refuses", category))
        case .accepted(let url) where reference.isRejected:
            // Built where the reference refuses: a choice the vectors grade if it parses back to the request, a
            // wrong build like any other if not.
            // It is read back as a URL the target built is (the scheme lowercased, declared extra parameters set
            // aside), so the fault is the field that does not read back, not a difference the target may make.
            let differences = reference.category == .invalidScheme ? nil : builtURLDifferences(request, url)
            if let differences, !differences.isEmpty {
                report.disagreements += differences
            } else if differences != nil, reference.category == .reservedParameterName, Self.sendsReservedAsParameter(request) {
                // x-source or x-success given as a parameter, written as that reserved value: allowed (XCU-YZZP), and
                // spelled as any built URL must be.
                if let problem = EncodingRules.firstLowercaseEscape(in: url) { add(.hexCase, problem) }
                if let problem = EncodingRules.firstUnreservedEscape(in: url) { add(.unreservedEscape, problem) }
            } else {
                let rule: DifferentialRule = reference.category == .invalidScheme ? .acceptance : .buildRefusal
                add(rule, "the reference refuses (\(reference.category?.rawValue ?? "?")); the target builds \(q(url))")
            }
        case .accepted(let url):
            if let differences = builtURLDifferences(request, url) {
                report.disagreements += differences
            } else {
                add(.buildRoundTrip, "the reference cannot parse the built URL \(q(url))")
            }
            if let problem = EncodingRules.firstViolation(inQueryOf: url) {
                report.disagreements.append(Disagreement(rule: .encodingRule, detail: problem, qualifier: Self.violationKind(problem)))
            }
            if let problem = EncodingRules.firstViolation(inPathOf: url) {
                report.disagreements.append(Disagreement(rule: .pathEncoding, detail: problem, qualifier: Self.violationKind(problem)))
            }
            if case .accepted(let canonical) = reference,
                let respelling = BuildSpelling.firstRespelling(built: url, canonical: canonical, setAside: Set(target.extraParameters)),
                respelling.transformation == .reservedEscaped
            {
                add(.reservedEscape, respelling.detail)
            }
            if let problem = EncodingRules.firstLowercaseEscape(in: url) { add(.hexCase, problem) }
            if let problem = EncodingRules.firstUnreservedEscape(in: url) { add(.unreservedEscape, problem) }
        }
        if !report.disagreements.isEmpty { report.traits = BuildTraits.of(request) + report.traits }
        return report
    }

    /// Whether the only x- names among `request`'s parameters are x-source or x-success, each once, with no reserved
    /// value of that name given: what a builder with no member for it sends.
    static func sendsReservedAsParameter(_ request: XCallbackRequest) -> Bool {
        let names = request.parameters.map(\.name).filter { $0.hasPrefix("x-") }
        return !names.isEmpty && names.allSatisfy { ["x-source", "x-success"].contains($0) } && Set(names).count == names.count
            && !(names.contains("x-source") && request.source != nil) && !(names.contains("x-success") && request.success != nil)
    }

    /// `request` with a parameter named x-source or x-success moved into that reserved field where it is unset, or nil
    /// when there is none to move.
    static func promotingReservedParameters(_ request: XCallbackRequest) -> XCallbackRequest? {
        var promoted = request
        for (name, field) in [("x-source", \XCallbackRequest.source), ("x-success", \XCallbackRequest.success)] {
            guard promoted[keyPath: field] == nil, let index = promoted.parameters.firstIndex(where: { $0.name == name }),
                let value = promoted.parameters[index].value
            else { continue }
            promoted.parameters.remove(at: index)
            promoted[keyPath: field] = value
        }
        return promoted == request ? nil : promoted
    }

    /// How `url`, built by the target for `request`, reads back differently from it (nil when the reference cannot
    /// parse it): the scheme compared lowercased, the parameters the target declares it adds unasked set aside
    /// (the extra-parameters vectors judge them alone, one behaviour, one finding, as the runner does).
    func builtURLDifferences(_ request: XCallbackRequest, _ url: String) -> [Disagreement]? {
        guard case .accepted(var parsed) = ReferenceTarget().parse(url) else { return nil }
        var expected = request
        expected.scheme = expected.scheme.lowercased()
        // x-source or x-success given as an action parameter may be written as that reserved value, as a builder with
        // no member for it sends it (Vectors 5.0.0, XCU-YZZP and XCU-G9QU).
        if let promoted = Self.promotingReservedParameters(expected), fieldDifferences(promoted, parsed).isEmpty {
            expected = promoted
        }
        if !target.extraParameters.isEmpty {
            _ = ExtraParameters.setAside(Set(target.extraParameters), from: &parsed, asked: expected)
        }
        // A field written wrongly can change others (a raw '&' adds a parameter): the fault is about every part
        // that differs, so each difference carries the traits of them all.
        let differences = fieldDifferences(expected, parsed)
        let scoped = differences.map { BuildTraits.scoped(expected, parsed, rule: $0.rule) }
        let traits = scoped.contains { $0 == nil } ? nil : Array(Set(scoped.compactMap { $0 }.joined()))
        return differences.map { difference in
            var difference = difference
            difference.detail = "built URL: " + difference.detail
            difference.scopedTraits = traits
            return difference
        }
    }

    func compareBuildCallback(_ bytes: [UInt8]) -> DifferentialReport {
        var reader = FuzzInputReader(bytes)
        return compareBuild(response: generator.buildCallbackCase(&reader))
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
            report.disagreements.append(Disagreement(rule: rule, detail: detail))
        }
        switch (reference, actual) {
        case (_, .unsupported):
            break
        case (_, .errored(let message)):
            add(.noError, "the target errored: \(message)")
        case (_, .broken(let breakage)):
            report.breakage = breakage.kind
            add(.noError, "the target broke: \(breakage.kind.rawValue)")
        case (.accepted, .rejected(let category, _)):
            report.disagreements.append(Disagreement.refusal("the reference builds it; the target refuses", category))
        case (.rejected(let want, _), .rejected(let got?, _)) where want != got:
            report.disagreements.append(Disagreement.category(want, got))
        case (.rejected(let category, _), .accepted(let url)):
            let rule: DifferentialRule = category == .unsafeCallbackScheme ? .callbackSafety : .callbackRefusal
            add(rule, "the reference refuses (\(category?.rawValue ?? "?")); the target builds \(q(url))")
        case (.accepted, .accepted(let url)):
            if let problem = callbackParameterProblem(url, response: response) { report.disagreements.append(problem) }
            let appended = appendedInTargetOrder(url, response: response)
            if let problem = CallbackExpectation.problem(built: url, callbackURL: response.callbackURL, appended: appended) {
                report.disagreements.append(
                    Disagreement(rule: .callbackShape, detail: problem, qualifier: Self.shapeKind(problem, built: url, response: response)))
            }
            // The callback's own text is the source app's: only what the builder appends is its spelling. Where the
            // built URL does not start with that text, the shape check reports the change, and what the builder
            // appended cannot be told from the escapes the callback brought.
            if let tail = Self.appendedText(url, onto: response.callbackURL) {
                if let problem = EncodingRules.firstLowercaseEscape(in: tail) { add(.hexCase, problem) }
                if let problem = EncodingRules.firstUnreservedEscape(in: tail) { add(.unreservedEscape, problem) }
            }
        default:
            break
        }
        // The traits are found only for a disagreement, which alone is judged (as for a parse).
        if !report.disagreements.isEmpty { report.traits = BuildTraits.of(response) + report.traits }
        return report
    }

    /// The kind of an encoding violation (`EncodingRules`), which the vectors grade apart: a raw `&` or `#`
    /// splits a value, a raw `+`, `=` or space is read differently by receivers, raw non-ASCII or a control is no
    /// URI character, nor one RFC 3986 allows nowhere, and a stray `%` starts no escape.
    static func violationKind(_ problem: String) -> String {
        let kinds: [(String, String)] = [
            ("raw '&'", "delimiter"), ("raw '#'", "delimiter"), ("raw '='", "equals"), ("raw '+'", "plus"), ("raw space", "space"),
            ("raw control", "control"), ("raw non-ASCII", "non-ascii"), ("allows nowhere", "outside-uri"), ("does not start an escape", "percent"),
        ]
        return kinds.first { problem.contains($0.0) }?.1 ?? "other"
    }

    /// The kind of a callback's shape problem, which the vectors grade apart: the callback's own text (before `#`)
    /// or nothing-to-append URL changed, and whether its query still decodes to the same parameters (`respelled`;
    /// `query-respelled` when the query alone changed),
    /// the fragment, the separator, the number of pieces, or an appended piece.
    static func shapeKind(_ problem: String, built: String, response: XCallbackResponse) -> String {
        let kind: String
        switch problem {
        case _ where problem.hasPrefix("nothing to append"): kind = "unchanged"
        case _ where problem.hasPrefix("the callback before"): kind = "prefix"
        case _ where problem.hasPrefix("the fragment"): return "fragment"
        case _ where problem.hasPrefix("wrong separator"): return "separator"
        case _ where problem.hasPrefix("expected "): return "count"
        default: return "piece-" + violationKind(problem)
        }
        // Compared as octets, so that pieces of invalid UTF-8 respelled alike compare alike.
        func decoded(_ url: String) -> [[[UInt8]]] {
            URLPieces(url).pieces.map { [URLPieces.lenientBytes($0.name)] + ($0.value.map { [URLPieces.lenientBytes($0)] } ?? []) }
        }
        // A fragment lost or changed is what the other side receives changed, whatever else moved.
        guard URLPieces(built).fragment == URLPieces(response.callbackURL).fragment else { return "fragment" }
        // A delimiter added with nothing to add (`done?`), the callback otherwise as it was.
        let callback = response.callbackURL
        // Cut at the bytes, as `URLPieces` and the fault model cut: a `#` before a combining mark still ends the query.
        let hash = callback.utf8.firstIndex(of: UInt8(ascii: "#")) ?? callback.endIndex
        if kind == "unchanged", ["?", "&"].contains(where: { callback[..<hash] + $0 + callback[hash...] == built }) { return "unchanged-delimiter" }
        guard decoded(built).starts(with: decoded(response.callbackURL)) else { return kind }
        // Only the callback's own query respelled, its scheme and path kept: the fault model's should respelling.
        let question = callback[..<hash].utf8.firstIndex(of: UInt8(ascii: "?"))
        let ownQueryAlone = question.map { built.utf8.starts(with: callback[...$0].utf8) } ?? false
        return kind == "prefix" && ownQueryAlone ? "query-respelled" : kind + "-respelled"
    }

    /// What a built callback holds besides the callback's own text: after its part before `#`, before its
    /// fragment; nil when the built URL does not start with that part.
    static func appendedText(_ url: String, onto callback: String) -> String? {
        let built = Array(url.utf8)
        let own = Array(callback.utf8)
        let hash = own.firstIndex(of: UInt8(ascii: "#")) ?? own.count
        guard built.starts(with: own[..<hash]) else { return nil }
        let start = hash
        let fragment = own[hash...]
        var end = built.count
        if built.count - start >= fragment.count, built.suffix(fragment.count).elementsEqual(fragment) { end -= fragment.count }
        return String(decoding: built[start..<max(start, end)], as: UTF8.self)
    }

    /// The appended parameters in the order the target wrote them when it wrote the same ones (their order is
    /// the choice point's, judged by `callbackParameterProblem`); otherwise in the reference's order.
    func appendedInTargetOrder(_ url: String, response: XCallbackResponse) -> [XCallbackParameter] {
        let appended = response.appendedParameters
        let got = URLPieces(url).pieces.map { piece in
            XCallbackParameter(URLPieces.lenientDecode(piece.name), piece.value.map(URLPieces.lenientDecode))
        }
        let tail = Array(got.suffix(appended.count))
        return Self.sortedKeys(tail) == Self.sortedKeys(appended) ? tail : appended
    }

    /// The built callback's query, decoded, must be the callback's own pieces then the appended parameters; the
    /// same parameters in another order are the choice point `parameter-order`'s (`orderDisagreement`).
    func callbackParameterProblem(_ url: String, response: XCallbackResponse) -> Disagreement? {
        guard var problem = unscopedCallbackParameterProblem(url, response: response) else { return nil }
        let got = URLPieces(url).pieces.map { piece in
            XCallbackParameter(URLPieces.lenientDecode(piece.name), piece.value.map(URLPieces.lenientDecode))
        }
        problem.scopedTraits = BuildTraits.scoped(response, got: got)
        return problem
    }

    func unscopedCallbackParameterProblem(_ url: String, response: XCallbackResponse) -> Disagreement? {
        let own = URLPieces(response.callbackURL).pieces.map { piece in
            XCallbackParameter(URLPieces.lenientDecode(piece.name), piece.value.map(URLPieces.lenientDecode))
        }
        let expected = own + response.appendedParameters
        let got = URLPieces(url).pieces.map { piece in
            XCallbackParameter(URLPieces.lenientDecode(piece.name), piece.value.map(URLPieces.lenientDecode))
        }
        guard got != expected else { return nil }
        // An empty errorCode and errorMessage may be left out, as the vectors allow (XCU-C79G): the source app reads no
        // code either way.
        if case .error("", "") = response.outcome,
            got == own + response.appendedParameters.filter({ $0.name != "errorCode" && $0.name != "errorMessage" })
        {
            return nil
        }
        let detail = "query decodes to \(Self.show(got)), expected \(Self.show(expected))"
        guard got.starts(with: own), Self.sortedKeys(got) == Self.sortedKeys(expected) else {
            return Disagreement(rule: .callbackParameters, detail: detail)
        }
        return orderDisagreement(detail)
    }
}
