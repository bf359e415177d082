import XCallbackURL

// The comparator: turns a vector and a target's answer into a verdict (Vectors/README.md, "Comparator").
// The target never sees the expected result; every comparison happens here.

/// Runs vectors against targets and judges the answers.
public enum Evaluator {
    /// Runs `vector` on `target` and judges the answer against the target's declared choices.
    public static func run(_ vector: Vector, on target: some ConformanceTarget) -> VectorResult {
        evaluate(
            vector, answer: ask(target, vector.input), choices: target.declaredChoices,
            extraParameters: Set(target.extraParameters))
    }

    /// Hands the vector's input to the target and returns its answer.
    public static func ask(_ target: some ConformanceTarget, _ input: VectorInput) -> TargetAnswer<ObservedResult> {
        switch input {
        case .parseText(let text): target.parse(text).map(ObservedResult.request)
        case .parseBytes(let bytes): target.parse(utf8: bytes).map(ObservedResult.request)
        case .buildRequest(let request): target.buildRequest(request).map(ObservedResult.url)
        case .buildCallback(let response): target.buildCallback(response).map(ObservedResult.url)
        }
    }

    /// Judges an answer to `vector`, given the target's declared choices and the parameters its builders add unasked.
    public static func evaluate(
        _ vector: Vector, answer: TargetAnswer<ObservedResult>, choices: DeclaredChoices,
        extraParameters: Set<String> = []
    ) -> VectorResult {
        let verdict: Verdict
        var detail = ""
        var matched: String?
        var evidence: ChoiceEvidence?
        switch answer {
        case .unsupported(let reason, let issueURL):
            verdict = .skipped(reason: reason, issueURL: issueURL)
            detail = "skipped" + (reason.map { ": \($0)" } ?? "")
        case .errored(let message):
            verdict = .failed(.errored)
            detail = "the target reported an error: \(message)"
        case .broken(let breakage):
            verdict = .failed(FailureKind(rawValue: breakage.kind.rawValue))
            detail = "the target broke (\(breakage.kind.rawValue)): \(breakage.detail)"
        case .accepted, .rejected:
            let context = Context(vector: vector, choices: choices, extraParameters: extraParameters)
            switch context.match(vector.expectation, answer) {
            case .pass(let note):
                verdict = .passed
                matched = note
                detail = note.map { "passed (\($0))" } ?? "passed"
                if case .choice(let point, let outcomes) = vector.expectation, choices[point] == nil {
                    evidence = ChoiceEvidence(point: point, values: context.values(of: outcomes, matching: answer))
                }
            case .fail(let kind, let why):
                verdict = .failed(kind)
                detail = why
            }
        }
        return VectorResult(
            vector: vector, verdict: verdict, answer: answer, detail: detail, matched: matched,
            level: verdict.failureKind == .noAllowedValue ? .should : vector.level, evidence: evidence)
    }
}

extension TargetAnswer {
    /// Maps an accepted value, keeping every other outcome.
    public func map<Other: Sendable>(_ transform: (Value) -> Other) -> TargetAnswer<Other> {
        switch self {
        case .accepted(let value): .accepted(transform(value))
        case .rejected(let category, let message): .rejected(category: category, message: message)
        case .unsupported(let reason, let issueURL): .unsupported(reason: reason, issueURL: issueURL)
        case .errored(let message): .errored(message)
        case .broken(let breakage): .broken(breakage)
        }
    }
}

/// The outcome of matching one expectation.
enum Match {
    case pass(note: String?)
    case fail(FailureKind, String)
}

/// What matching needs besides the expectation: the vector, the declared choices and the extra parameters.
struct Context {
    let vector: Vector
    let choices: DeclaredChoices
    /// Parameter names the target adds unasked to what it builds (set aside outside `extra-parameters` vectors).
    var extraParameters: Set<String> = []

    func match(_ expectation: Expectation, _ answer: TargetAnswer<ObservedResult>) -> Match {
        switch expectation {
        case .accept(let expected):
            switch answer {
            case .accepted(let observed): return compare(expected, observed)
            case .rejected(let category, let message):
                return .fail(
                    .unexpectedRejection,
                    "expected acceptance with \(expected.rendered), but the target rejected it (\(category?.rawValue ?? "no category")"
                        + (message.map { ": \($0)" } ?? "") + ")")
            default: return .fail(.unreadableAnswer, "no result")
            }
        case .reject(let category):
            switch answer {
            case .rejected(let actual, _):
                if let actual, actual != category {
                    return .fail(.wrongCategory, "expected rejection '\(category)', the target rejected with '\(actual)'")
                }
                return .pass(note: actual == nil ? "rejected; no category reported" : nil)
            case .accepted(let observed):
                return .fail(
                    .unexpectedAcceptance,
                    "expected rejection '\(category)', but the target accepted it: \(observed.canonicalJSON.compactText)")
            default: return .fail(.unreadableAnswer, "no result")
            }
        case .anyOf(let alternatives):
            var failures: [(FailureKind, String)] = []
            for (index, alternative) in alternatives.enumerated() {
                switch match(alternative, answer) {
                case .pass(let note): return .pass(note: "anyOf[\(index)]" + (note.map { ", \($0)" } ?? ""))
                case .fail(let kind, let why): failures.append((kind, why))
                }
            }
            let best = failures.first { $0.0 != .unexpectedRejection && $0.0 != .unexpectedAcceptance } ?? failures[0]
            return .fail(best.0, "no alternative matched:\n" + failures.map { "  - \($0.1)" }.joined(separator: "\n"))
        case .choice(let point, let outcomes):
            let consistent = values(of: outcomes, matching: answer)
            if let declared = choices[point] {
                guard let outcome = outcomes.first(where: { $0.value == declared }) else {
                    return .fail(.wrongResult, "the target declares \(point)=\(declared), which is not an allowed value")
                }
                switch match(outcome.expectation, answer) {
                case .pass: return .pass(note: "\(point)=\(declared)")
                case .fail(let kind, let why):
                    if consistent.isEmpty { return noAllowedValue(point, outcomes, answer) }
                    return .fail(kind, "with the declared \(point)=\(declared): \(why)")
                }
            }
            if consistent.isEmpty { return noAllowedValue(point, outcomes, answer) }
            return .pass(
                note: "undeclared; consistent with " + consistent.map { "\(point)=\($0)" }.joined(separator: " or "))
        }
    }

    /// The values of a choice point whose outcome `answer` matches, in the point's order.
    func values(of outcomes: [(value: String, expectation: Expectation)], matching answer: TargetAnswer<ObservedResult>)
        -> [String]
    {
        outcomes.compactMap { outcome in
            if case .pass = match(outcome.expectation, answer) { outcome.value } else { nil }
        }
    }

    /// The failure for an answer that matches no allowed value: scored at `should` (Vectors/README.md, "Levels").
    func noAllowedValue(
        _ point: ChoicePoint, _ outcomes: [(value: String, expectation: Expectation)], _ answer: TargetAnswer<ObservedResult>
    ) -> Match {
        .fail(
            .noAllowedValue,
            "the answer matches none of the allowed values of \(point) (\(outcomes.map(\.value).joined(separator: ", "))), "
                + "so it fails at should: " + answer.summary)
    }

    func compare(_ expected: ExpectedResult, _ observed: ObservedResult) -> Match {
        switch (vector.operation, expected, observed) {
        case (.parse, .request(let want), .request(let got)):
            return compareRequests(want, got)
        case (.buildRequest, .request(let want), .url(let built)):
            var parsed: XCallbackRequest
            do {
                parsed = try XCallbackRequest(parsing: built)
            } catch {
                return .fail(.unparseableOutput, "the built URL does not parse: \(error)")
            }
            let setAside = setAsideExtraParameters(of: &parsed, asked: want)
            if case .fail(let kind, let why) = compareRequests(want, parsed) {
                return .fail(kind, "the built URL \(built) parses to something else: \(why)")
            }
            if let violation = EncodingRules.firstViolation(inQueryOf: built) ?? EncodingRules.firstViolation(inPathOf: built)
                ?? EncodingRules.firstTaggedViolation(in: built, tags: vector.tags)
            {
                return .fail(.encodingRule, "the built URL \(built): \(violation)")
            }
            if let canonical = try? want.url(),
                let respelling = BuildSpelling.firstRespelling(built: built, canonical: canonical, setAside: Set(setAside))
            {
                return .fail(.encodingRule, "the built URL \(built) \(respelling.detail)")
            }
            return .pass(note: ExtraParameters.note(setAside))
        case (.buildCallback, .url(let want), .url(let built)):
            guard case .buildCallback(let response) = vector.input else { break }
            return CallbackComparison(callback: response.callbackURL, expected: want, context: self).judge(built)
        default: break
        }
        return .fail(.wrongResult, "the answer has the wrong shape for \(vector.operation.rawValue): \(observed.canonicalJSON.compactText)")
    }

    func compareRequests(_ want: XCallbackRequest, _ got: XCallbackRequest) -> Match {
        var differences: [String] = []
        func check(_ field: String, _ a: String?, _ b: String?) {
            if !XCallbackRequest.exactlyEqual(a, b) { differences.append("\(field): expected \(JSONValue.optional(a).compactText), got \(JSONValue.optional(b).compactText)") }
        }
        check("scheme", want.scheme, got.scheme)
        check("action", want.action, got.action)
        check("source", want.source, got.source)
        // A decoder's callback values are compared as the URLs it will open (`CallbackURIForm`); a builder's are read
        // back from its URL and compared as written.
        func checkCallback(_ field: String, _ a: String?, _ b: String?) {
            if vector.operation == .parse, CallbackURIForm.same(a, b) { return }
            check(field, a, b)
        }
        checkCallback("success", want.success, got.success)
        checkCallback("error", want.error, got.error)
        checkCallback("cancel", want.cancel, got.cancel)
        if choices[.fragment] != "not-reported" { check("fragment", want.fragment, got.fragment) }
        if !sameParameters(want.parameters, got.parameters) {
            differences.append(
                "parameters\(unordered ? " (compared unordered)" : ""): expected "
                    + "\(XCallbackParameter.canonicalJSON(want.parameters).compactText), got "
                    + XCallbackParameter.canonicalJSON(got.parameters).compactText)
        }
        return differences.isEmpty ? .pass(note: nil) : .fail(.wrongResult, differences.joined(separator: "; "))
    }

    /// Whether parameters are compared as multisets: the target declares `parameter-order: unordered`
    /// and the vector is not about order.
    var unordered: Bool {
        choices[.parameterOrder] == "unordered" && !vector.tags.contains("parameter-order")
    }

    /// Compares parameter lists exactly, in order unless `unordered`.
    func sameParameters(_ want: [XCallbackParameter], _ got: [XCallbackParameter]) -> Bool {
        unordered ? want.sorted(by: Self.byteOrder) == got.sorted(by: Self.byteOrder) : want == got
    }

    static func byteOrder(_ a: XCallbackParameter, _ b: XCallbackParameter) -> Bool {
        let left = Array(a.name.utf8) + [a.value == nil ? 0 : 1] + Array((a.value ?? "").utf8)
        let right = Array(b.name.utf8) + [b.value == nil ? 0 : 1] + Array((b.value ?? "").utf8)
        return left.lexicographicallyPrecedes(right)
    }
}

extension ExpectedResult {
    /// The expected result as compact JSON.
    var rendered: String {
        switch self {
        case .request(let request): request.canonicalJSON.compactText
        case .url(let url): url
        }
    }
}
