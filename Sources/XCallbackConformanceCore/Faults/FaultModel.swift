import XCallbackURL

// The fault model (Vectors/README.md, "Faults"): names the fault a failing answer shows from the vector's input, its
// expectation and the answer alone. The runner, the fuzzer and the matrix all call `diagnose`.

/// Names the fault of a failing answer: the closest allowed outcome, the fields that differ from it, the
/// transformation that explains each, and the level.
public enum FaultModel {
    /// The fault `result` shows, or `nil` when it did not fail (or was skipped).
    ///
    /// - Parameters:
    ///   - choices: the target's declared choices (a declared value narrows the outcomes compared against).
    ///   - extraParameters: names the target's builders add unasked, set aside as the comparator does.
    ///   - ruleFields: the fields of the vector's rule (rules.json); a fault touching none of them lies outside the
    ///     rule and is scored at the fault table's level. `nil` counts every fault as within the rule.
    public static func diagnose(
        _ result: VectorResult, choices: DeclaredChoices = [:], extraParameters: Set<String> = [],
        ruleFields: Set<FaultField>? = nil
    ) -> Fault? {
        guard let kind = result.verdict.failureKind else { return nil }
        let vector = result.vector
        let context = Context(vector: vector, choices: choices, extraParameters: extraParameters)
        let differences: [FieldDifference]
        if kind == .inconsistentChoice {
            let point: String? = if case .choice(let point, _) = vector.expectation { point.rawValue } else { nil }
            differences = [FieldDifference(.outcome, .inconsistentChoice, point)]
        } else {
            differences = closest(result, context: context, kind: kind)
        }
        let fields = Array(Set(differences.map(\.field))).sorted()
        let withinRule = ruleFields.map { !$0.isDisjoint(with: fields) } ?? true
        let tableLevel = FaultLevels.level(of: differences, vectorLevel: result.level)
        var level = withinRule ? result.level : tableLevel
        if differences.allSatisfy({ $0.transformation == .otherCategory }) { level = max(level, .should) }
        let transformations = Array(Set(differences.map(\.transformation))).sorted()
        let qualifiers = Array(Set(differences.compactMap(\.qualifier))).sorted()
        return Fault(
            role: role(of: vector, differences), transformation: FaultTransformation(
                rawValue: transformations.map(\.rawValue).joined(separator: " + ")),
            qualifier: qualifiers.isEmpty ? nil : qualifiers.joined(separator: ", "), fields: fields, level: level,
            withinRule: withinRule)
    }

    /// The role whose code the fault is in: recognition for a refusal or acceptance under a recognition category,
    /// or a difference in the scheme alone; decoding for any other parse difference; the builder's own role otherwise.
    static func role(of vector: Vector, _ differences: [FieldDifference]) -> TargetRole {
        guard vector.operation == .parse else { return vector.role }
        let recognition: Set<String> = ["not-x-callback-url", "invalid-scheme", "invalid-authority", "missing-action"]
        let allRecognition = differences.allSatisfy { difference in
            switch difference.field {
            case .scheme, .host, .authority: true
            case .outcome:
                difference.qualifier.map { qualifier in recognition.contains { qualifier.hasPrefix($0) } } ?? false
            default: false
            }
        }
        return allRecognition ? .recognise : .decode
    }

    /// The differences from the allowed outcome the answer is closest to.
    static func closest(_ result: VectorResult, context: Context, kind: FailureKind) -> [FieldDifference] {
        let candidates = leaves(of: result.vector.expectation, choices: context.choices)
        var best: [FieldDifference]?
        for candidate in candidates {
            let found = differences(result.answer, from: candidate, context: context, result: result)
            guard !found.isEmpty else { continue }
            if best == nil || cost(found) < cost(best!) { best = found }
        }
        return best ?? [FieldDifference(fallbackField(result.vector.operation), .unexplained)]
    }

    static func cost(_ differences: [FieldDifference]) -> Int {
        differences.reduce(0) { $0 + ($1.transformation == .unexplained ? 3 : 1) }
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
        case (.rejected(let category, _), .accept):
            return [FieldDifference(.outcome, .refused, category?.rawValue ?? "no category")]
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
            return RequestDifferences.between(
                want, got, side: .decoder, unordered: context.unordered, fragment: context.choices[.fragment] != "not-reported")
        case (.buildRequest, .request(let want), .url(let built)):
            guard var parsed = try? XCallbackRequest(parsing: built) else {
                return [FieldDifference(.outcome, .unreadableURL)]
            }
            _ = context.setAsideExtraParameters(of: &parsed, asked: want)
            let found = RequestDifferences.between(want, parsed, side: .builder, unordered: context.unordered)
            return found.isEmpty ? spelling(result, in: vector.operation) : found
        case (.buildCallback, .url(let want), .url(let built)):
            guard case .buildCallback(let response) = vector.input else { return [] }
            let comparison = CallbackComparison(callback: response.callbackURL, expected: want, context: context)
            let found = CallbackDifferences.between(callback: response.callbackURL, expected: want, built: built) { url in
                guard case .success(let parts) = comparison.appended(in: url) else { return nil }
                var parameters = parts.parameters
                if url == built { _ = context.setAsideExtraParameters(of: &parameters, expected: []) }
                return (parameters, parts.bare)
            }
            return found.isEmpty ? spelling(result, in: vector.operation) : found
        default: return []
        }
    }

    /// The encoding rule a built URL breaks, read from the comparator's failure, as a difference in its field.
    static func spelling(_ result: VectorResult, in operation: Operation) -> [FieldDifference] {
        guard result.verdict.failureKind == .encodingRule else { return [] }
        let detail = result.detail
        let field: FaultField =
            detail.contains("in the path") ? .action : operation == .buildCallback ? .appended : .parameterValue
        let (transformation, qualifier): (FaultTransformation, String?) =
            if detail.contains("unreserved character") { (.unreservedEscaped, nil) }
            else if detail.contains("writes the escape") { (.lowercaseHex, nil) }
            else if detail.contains("raw '+'") { (.leftRaw, "'+'") }
            else if detail.contains("raw space") { (.leftRaw, "space") }
            else if detail.contains("control character") { (.leftRaw, "control") }
            else if detail.contains("non-ASCII") { (.leftRaw, "non-ASCII") }
            else if detail.contains("does not start an escape") { (.leftRaw, "'%'") }
            else if let quote = detail.range(of: "raw '") {
                (.leftRaw, "'" + String(detail[quote.upperBound...].prefix(while: { $0 != "'" })) + "'")
            } else { (.unexplained, nil) }
        return [FieldDifference(field, transformation, qualifier), FieldDifference(.encoding, transformation, qualifier)]
    }
}
