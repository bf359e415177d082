import XCallbackURL

// The fault model (Vectors/README.md, "Faults"): names the fault a failing answer shows from the vector's input, its
// expectation and the answer alone. The runner, the fuzzer and the matrix all call `diagnose`.

/// Names the fault of a failing answer: the closest allowed outcome, the fields that differ from it, the
/// transformation that explains each, and the level.
public enum FaultModel {
    /// The faults `result` shows, one per transformation, the strictest first; empty when it did not fail.
    ///
    /// - Parameters:
    ///   - choices: the target's declared choices (a declared value narrows the outcomes compared against).
    ///   - extraParameters: names the target's builders add unasked, set aside as the comparator does.
    ///   - ruleFields: the fields of the vector's rule (rules.json); a fault touching none of them lies outside the
    ///     rule and is scored at the fault table's level. `nil` or an empty set (a rule that names no field) counts
    ///     every fault as within the rule.
    public static func diagnose(
        _ result: VectorResult, choices: DeclaredChoices = [:], extraParameters: Set<String> = [],
        ruleFields: Set<FaultField>? = nil
    ) -> [Fault] {
        diagnoses(result, choices: choices, extraParameters: extraParameters, ruleFields: ruleFields).first ?? []
    }

    /// `result` judged alone, as a run of one vector judges it: its faults named and its level theirs.
    public static func scored(
        _ result: VectorResult, choices: DeclaredChoices = [:], extraParameters: Set<String> = [],
        ruleFields: Set<FaultField>? = nil
    ) -> VectorResult {
        var scored = result
        scored.faults = diagnose(result, choices: choices, extraParameters: extraParameters, ruleFields: ruleFields)
        if let level = scored.faults.first?.level { scored.level = level }
        return scored
    }

    /// Every explanation of `result`, equally close: one, unless several allowed outcomes are as near as each other
    /// (`FaultJudgement` picks the one the rest of the run shows). Empty when it did not fail.
    public static func diagnoses(
        _ result: VectorResult, choices: DeclaredChoices = [:], extraParameters: Set<String> = [],
        ruleFields: Set<FaultField>? = nil
    ) -> [[Fault]] {
        guard let kind = result.verdict.failureKind else { return [] }
        let vector = result.vector
        let context = Context(vector: vector, choices: choices, extraParameters: extraParameters)
        var candidates = leaves(of: vector.expectation, choices: context.choices)
        // An accepted answer to a vector that allows acceptance is never explained as "accepted": the fault is in
        // what was accepted (XCU-REWV's value left encoded, not the raw 'é' let through).
        if case .accepted = result.answer, candidates.contains(where: { if case .accept = $0 { true } else { false } }) {
            candidates.removeAll { if case .reject = $0 { true } else { false } }
        }
        let hypotheses = hypotheses(result, candidates: candidates)
        if !hypotheses.isEmpty { return hypotheses.map { faults(result, $0, ruleFields: ruleFields) } }
        if let hypothesis = callbackHypothesis(result, candidates: candidates, context: context) {
            return [faults(result, hypothesis, ruleFields: ruleFields)]
        }
        if kind == .inconsistentChoice {
            let point: String? = if case .choice(let point, _) = vector.expectation { point.rawValue } else { nil }
            return [faults(result, [FieldDifference(.outcome, .inconsistentChoice, point)], ruleFields: ruleFields)]
        }
        var explanations = closest(result, candidates: candidates, context: context)
        if explanations.allSatisfy({ cost($0) > 1 }), let url = vector.input.urlText,
            let expected = expectedRequest(in: candidates),
            let peeled = peeledHypothesis(url, answer: result.answer, expected: expected)
        {
            explanations = [peeled]
        }
        return explanations.map { faults(result, $0, ruleFields: ruleFields) }
    }

    /// The faults of one explanation: its differences grouped by transformation and qualifier, each with its fields,
    /// whether it lies within the vector's rule, and its level; the strictest first.
    static func faults(_ result: VectorResult, _ differences: [FieldDifference], ruleFields: Set<FaultField>?) -> [Fault] {
        var order: [FaultKey] = []
        var grouped: [FaultKey: [FieldDifference]] = [:]
        for difference in differences {
            let key = FaultKey(difference)
            if grouped[key] == nil { order.append(key) }
            grouped[key, default: []].append(difference)
        }
        return order.map { key in
            let members = grouped[key]!
            let fields = Array(Set(members.map(\.field))).sorted()
            let withinRule = isWithinRule(fields, ruleFields: ruleFields)
            var table = FaultLevels.level(of: members, vectorLevel: result.level)
            var level = withinRule ? result.level : table
            if key.transformation == .broke, let breakage = breakageLevel(of: result.vector) {
                (level, table) = (breakage, breakage)
            }
            // Another refusal category, and a respelling that every name and value reads the same through (lowercase
            // hex, an unreserved character escaped), are should at most, whichever vector shows them (Vectors/README.md,
            // "The rule for must"; one hazard, one level).
            if FaultLevels.shouldAtMost.contains(key.transformation) {
                (level, table) = (max(level, .should), max(table, .should))
            }
            return Fault(
                role: role(of: result.vector, members), transformation: key.transformation, qualifier: key.qualifier,
                fields: fields, level: level, withinRule: withinRule, tableLevel: table)
        }.sorted { $0.level < $1.level }
    }

    /// Whether a fault touching `fields` lies within a rule of `ruleFields` (`nil` or empty: every fault does).
    static func isWithinRule(_ fields: [FaultField], ruleFields: Set<FaultField>?) -> Bool {
        guard let ruleFields, !ruleFields.isEmpty else { return true }
        return !ruleFields.isDisjoint(with: fields)
    }

    /// The level a breakage of `vector` (a crash, a hang, an internal error) is scored at instead of the vector's:
    /// hardening where every outcome refuses the input, since nothing is acted on and the spec is silent on a receiver
    /// that dies (Vectors/README.md, "Faults"); `nil` where the vector accepts it.
    public static func breakageLevel(of vector: Vector) -> Level? {
        leaves(of: vector.expectation, choices: [:]).allSatisfy { if case .reject = $0 { true } else { false } } ? .hardening : nil
    }

    /// The role whose code the fault is in: recognition for a refusal or acceptance under a recognition category,
    /// or a difference in the scheme alone; decoding for any other parse difference; the builder's own role otherwise.
    static func role(of vector: Vector, _ differences: [FieldDifference]) -> TargetRole {
        guard vector.operation == .parse else { return vector.role }
        let recognition: Set<String> = [
            "not-x-callback-url", "invalid-scheme", "invalid-authority", "missing-action", "authority not checked",
        ]
        let recognitionFields: Set<FaultField> = [.scheme, .host, .authority]
        // A refusal put down to a feature of the input is recognition's when its category or its feature's field is;
        // a refusal under another category (`X as Y`) is the code's that refused it, under Y.
        let recognitionCategory = differences.contains { difference in
            guard difference.field == .outcome, let qualifier = difference.qualifier else { return false }
            let category = difference.transformation == .otherCategory
                ? qualifier.components(separatedBy: " as ").last ?? qualifier : qualifier
            return recognition.contains { category.hasPrefix($0) }
        }
        let recognitionField = differences.contains { recognitionFields.contains($0.field) }
        let allRecognition = differences.allSatisfy { difference in
            if recognitionFields.contains(difference.field) { return true }
            if difference.field == .outcome { return recognitionCategory || recognitionField }
            return difference.transformation == .refused && recognitionCategory
        }
        return allRecognition ? .recognise : .decode
    }

    /// The differences from the allowed outcome the answer is closest to.
    ///
    /// Every outcome of the least cost is returned, so that the run can prefer the fault other answers show. A
    /// whole-answer hypothesis that reproduces the answer exactly (`FaultHypothesis`) is tried before this.
    static func closest(_ result: VectorResult, candidates: [Expectation], context: Context) -> [[FieldDifference]] {
        var best: [[FieldDifference]] = []
        var bestCost = Int.max
        for candidate in candidates {
            let found = differences(result.answer, from: candidate, context: context, result: result)
            guard !found.isEmpty else { continue }
            for variant in [found] + [reencodedVariant(found), controlsRemovedVariant(found)].compactMap({ $0 }) {
                let cost = cost(variant)
                if cost < bestCost {
                    (best, bestCost) = ([variant], cost)
                } else if cost == bestCost, !best.contains(variant) {
                    best.append(variant)
                }
            }
        }
        return best.isEmpty ? [[FieldDifference(fallbackField(result.vector.operation), .unexplained)]] : best
    }

    /// One for each fault an explanation needs (a transformation and its qualifier), three for an unexplained one.
    static func cost(_ differences: [FieldDifference]) -> Int {
        Set(differences.map(FaultKey.init)).reduce(0) { $0 + ($1.transformation == .unexplained ? 3 : 1) }
    }

    /// What one fault of an explanation is keyed by: `faults(_:_:ruleFields:)` groups differences by it, and `cost`
    /// counts it.
    struct FaultKey: Hashable {
        var transformation: FaultTransformation
        var qualifier: String?

        init(_ difference: FieldDifference) {
            (transformation, qualifier) = (difference.transformation, difference.qualifier)
        }
    }

    /// The fault a whole-input hypothesis names for a refusal where the vector expects another refusal: used only when
    /// the run shows that hypothesis's fault elsewhere (`FaultJudgement`), never on one answer alone.
    public static func refusalHypothesis(_ result: VectorResult) -> Fault? {
        guard let url = result.vector.input.urlText, case .rejected = result.answer,
            let differences = parseHypothesis(url, answer: result.answer, expected: nil, refusalExpected: true)
        else { return nil }
        return faults(result, differences, ruleFields: nil).first
    }

    /// The build-callback hypothesis that reproduces the built URL: the appended values, one of them, or the names,
    /// written by an encoder other than the reference's (`FaultHypothesis.encoders(for:writtenIn:)`).
    static func callbackHypothesis(_ result: VectorResult, candidates: [Expectation], context: Context) -> [FieldDifference]? {
        guard case .buildCallback(let response) = result.vector.input, case .accepted(.url(let built)) = result.answer
        else { return nil }
        for candidate in candidates {
            guard case .accept(.url(let want)) = candidate, want != built else { continue }
            let comparison = CallbackComparison(callback: response.callbackURL, expected: want, context: context)
            guard case .success(let parts) = comparison.appended(in: want), !parts.parameters.isEmpty else { continue }
            // Appended values that read back as expected differ in spelling only: the encoding rule names that.
            if case .success(let got) = comparison.appended(in: built), got.parameters == parts.parameters { continue }
            // The values, one value, the names, or both, written by the other encoder (nil: every value).
            let groups: [(names: Bool, values: Set<String>?)] = [
                (false, nil), (false, ["errorMessage"]), (false, ["errorCode"]), (false, ["x-source"]), (true, []), (true, nil),
            ]
            let text = parts.parameters.flatMap { [$0.name, $0.value ?? ""] }.joined()
            for (hypothesis, encode) in FaultHypothesis.encoders(for: text, writtenIn: built) {
                for group in groups {
                    var changed: Set<FaultField> = []
                    let pieces = parts.parameters.map { parameter -> String in
                        let name = group.names ? encode(parameter.name) : PercentEncoding.encodeValue(parameter.name)
                        if name != PercentEncoding.encodeValue(parameter.name) {
                            changed.insert(CallbackDifferences.field(parameter.name))
                        }
                        guard let value = parameter.value else { return name }
                        let inGroup = group.values.map { $0.contains(parameter.name) } ?? true
                        let written = inGroup ? encode(value) : PercentEncoding.encodeValue(value)
                        if written != PercentEncoding.encodeValue(value) {
                            changed.insert(CallbackDifferences.field(parameter.name))
                        }
                        return name + "=" + written
                    }
                    guard !changed.isEmpty,
                        FaultHypothesis.spelledAlike(
                            String(comparison.base) + comparison.separator + pieces.joined(separator: "&") + comparison.fragment, built)
                    else { continue }
                    // A name changed otherwise than by the value encoder's fault is the name's (`appendedDifferences`).
                    let named = group.names && !Fault.encodings.contains(hypothesis.transformation)
                    return changed.sorted().map { FieldDifference($0, hypothesis.transformation, named ? "name" : nil) }
                }
            }
        }
        return nil
    }

    /// The first request an allowed outcome accepts, which the parse and build-request hypotheses are measured from.
    static func expectedRequest(in candidates: [Expectation]) -> XCallbackRequest? {
        for candidate in candidates { if case .accept(.request(let request)) = candidate { return request } }
        return nil
    }

    /// Every whole-answer hypothesis that reproduces the answer (the run prefers the one it shows most).
    static func hypotheses(_ result: VectorResult, candidates: [Expectation]) -> [[FieldDifference]] {
        let expected = expectedRequest(in: candidates)
        switch (result.vector.input, result.answer) {
        case (.parseText(let url), _): return parseHypotheses(url, answer: result.answer, expected: expected)
        case (.parseBytes(let bytes), _):
            guard let url = String(validating: bytes, as: UTF8.self) else { return [] }
            return parseHypotheses(url, answer: result.answer, expected: expected)
        case (.buildRequest(let request), .accepted(.url(let built))):
            // A built URL that reads back as expected differs only in spelling: the comparator's encoding rule names it.
            guard let expected, (try? XCallbackRequest(parsing: built)) != expected else { return [] }
            return buildHypothesis(request, built: built).map { [$0] } ?? []
        default: return []
        }
    }

    static func fallbackField(_ operation: Operation) -> FaultField {
        switch operation {
        case .parse, .buildRequest: .parameterValue
        case .buildCallback: .appended
        }
    }

    /// The plain outcomes an expectation allows: the alternatives of `anyOf`, the declared value's outcome of a
    /// choice, or every value's when none is declared.
    static func leaves(of expectation: Expectation, choices: DeclaredChoices) -> [Expectation] {
        switch expectation {
        case .accept, .reject: [expectation]
        case .anyOf(let alternatives): alternatives.flatMap { leaves(of: $0, choices: choices) }
        case .choice(let point, let outcomes):
            if let declared = choices[point], let outcome = outcomes.first(where: { $0.value == declared }) {
                leaves(of: outcome.expectation, choices: choices)
            } else {
                outcomes.flatMap { leaves(of: $0.expectation, choices: choices) }
            }
        }
    }

    /// How `answer` differs from one plain outcome.
    static func differences(
        _ answer: TargetAnswer<ObservedResult>, from expectation: Expectation, context: Context, result: VectorResult
    ) -> [FieldDifference] {
        switch (answer, expectation) {
        case (.broken(let breakage), _): return [FieldDifference(.outcome, .broke, breakage.kind.rawValue)]
        case (.errored, _): return [FieldDifference(.outcome, .broke, "errored")]
        case (.unsupported, _): return []
        case (.rejected(let category, _), .accept(let expected)):
            return RefusalFeature.refusal(of: context.vector, expected: expected, category: category?.rawValue ?? "no category")
        case (.accepted, .reject(let category)): return [FieldDifference(.outcome, .accepted, category.rawValue)]
        case (.rejected(let actual, _), .reject(let category)):
            guard let actual, actual != category else { return [] }
            return [FieldDifference(.outcome, .otherCategory, "\(category.rawValue) as \(actual.rawValue)")]
        case (.accepted(let observed), .accept(let expected)):
            return accepted(observed, expected, context: context, result: result)
        default: return []
        }
    }

    /// How an accepted answer differs from an expected result.
    static func accepted(_ observed: ObservedResult, _ expected: ExpectedResult, context: Context, result: VectorResult)
        -> [FieldDifference]
    {
        let vector = context.vector
        switch (vector.operation, expected, observed) {
        case (.parse, .request(let want), .request(let got)):
            let found = RequestDifferences.between(
                want, got, side: .decoder, unordered: context.unordered, fragment: context.choices[.fragment] != "not-reported")
            return reencoded(found, got: got, input: vector.input)
        case (.buildRequest, .request(let want), .url(let built)):
            guard var parsed = try? XCallbackRequest(parsing: built) else {
                return [FieldDifference(.outcome, .unreadableURL)]
            }
            let setAside = context.setAsideExtraParameters(of: &parsed, asked: want)
            let found = RequestDifferences.between(want, parsed, side: .builder, unordered: context.unordered)
            guard found.isEmpty else { return found }
            let respelling = (try? want.url()).flatMap {
                BuildSpelling.firstRespelling(built: built, canonical: $0, setAside: Set(setAside))
            }
            return spelling(result, in: vector.operation, respelling: respelling)
        case (.buildCallback, .url(let want), .url(let built)):
            guard case .buildCallback(let response) = vector.input else { return [] }
            let found = CallbackDifferences.between(
                callback: response.callbackURL, expected: want, built: built,
                extraParameters: vector.tags.contains(ExtraParameters.tag) ? [] : context.extraParameters)
            guard found.isEmpty else { return found }
            let comparison = CallbackComparison(callback: response.callbackURL, expected: want, context: context)
            var respelling: Respelling?
            if case .success(let wanted) = comparison.appended(in: want), case .success(let got) = comparison.appended(in: built) {
                respelling = BuildSpelling.firstRespelling(inQuery: got.raw, canonical: wanted.raw, setAside: context.extraParameters)
            }
            return spelling(result, in: vector.operation, respelling: respelling)
        default: return []
        }
    }

    /// `differences` with a field "not decoded" named "encoded again" where its answer is not written anywhere in the
    /// input: the decoder decoded it and encoded it once more (`%26` answered as `%2526`, `#` as `%23`), which no
    /// reading of the input as written gives.
    static func reencoded(_ differences: [FieldDifference], got: XCallbackRequest, input: VectorInput) -> [FieldDifference] {
        guard differences.contains(where: { $0.transformation == .notDecoded }) else { return differences }
        guard let text = input.urlText else { return differences }
        // Fields of one value only: a parameter's answer is not told apart from the others' here.
        let answers: [FaultField: String?] = [
            .action: got.action, .source: got.source, .success: got.success, .error: got.error, .cancel: got.cancel,
            .fragment: got.fragment,
        ]
        return encodedAgain(differences) { difference in
            guard let answer = answers[difference.field] ?? nil else { return false }
            return !text.contains(answer)
        }
    }

    /// The other exact explanation of a callback or a source "not decoded": decoded and encoded again into the very
    /// spelling of the input (`%23` decoded to `#`, then written `%23` again). One answer cannot tell the two apart;
    /// the run's other answers do (`FaultJudgement`, step 2), so a receiver that re-encodes shows one fault.
    static func reencodedVariant(_ differences: [FieldDifference]) -> [FieldDifference]? {
        let fields: Set<FaultField> = [.source, .success, .error, .cancel]
        let variant = encodedAgain(differences) { fields.contains($0.field) }
        return variant == differences ? nil : variant
    }

    /// `differences` with each trim that took off every control and nothing else named the controls' removal
    /// (`characters-removed`): a target that drops controls wherever they stand trims a field that holds them only
    /// at its ends, and the run decides which it is.
    static func controlsRemovedVariant(_ differences: [FieldDifference]) -> [FieldDifference]? {
        guard differences.contains(where: { $0.transformation == .trimmed && $0.note == FieldDifference.controlsNote }) else { return nil }
        return differences.map { difference in
            guard difference.transformation == .trimmed, difference.note == FieldDifference.controlsNote else { return difference }
            return FieldDifference(difference.field, .charactersRemoved, difference.qualifier, note: difference.note)
        }
    }

    /// `differences` with each "not decoded" one that `renamed` picks named "encoded again" instead.
    static func encodedAgain(_ differences: [FieldDifference], where renamed: (FieldDifference) -> Bool) -> [FieldDifference] {
        differences.map { difference in
            guard difference.transformation == .notDecoded, renamed(difference) else { return difference }
            return FieldDifference(difference.field, .encodedAgain, difference.qualifier, note: difference.note)
        }
    }

    /// The encoding rule a built URL breaks, or the respelling the comparator found (`BuildSpelling`), as a difference
    /// in its field.
    static func spelling(_ result: VectorResult, in operation: Operation, respelling: Respelling?) -> [FieldDifference] {
        guard result.verdict.failureKind == .encodingRule else { return [] }
        let detail = result.detail
        if let respelling, detail.contains(respelling.detail) {
            return [FieldDifference(respelling.field, respelling.transformation), FieldDifference(.encoding, respelling.transformation)]
        }
        let field: FaultField =
            detail.contains("in the path") ? .action : operation == .buildCallback ? .appended : .parameterValue
        let (transformation, note): (FaultTransformation, String?) =
            if detail.contains("unreserved character") { (.unreservedEscaped, nil) }
            else if detail.contains("writes the escape") { (.lowercaseHex, nil) }
            else if detail.contains("raw '+'") { (.notEncoded, "'+'") }
            else if detail.contains("raw space") { (.notEncoded, "space") }
            else if detail.contains("control character") { (.notEncoded, "control") }
            else if detail.contains("non-ASCII") { (.notEncoded, "non-ASCII") }
            else if detail.contains("does not start an escape") { (.notEncoded, "'%'") }
            else if let quote = detail.range(of: "raw '") {
                (.notEncoded, "'" + String(detail[quote.upperBound...].prefix(while: { $0 != "'" })) + "'")
            } else { (.unexplained, nil) }
        return [FieldDifference(field, transformation, note: note), FieldDifference(.encoding, transformation, note: note)]
    }
}
