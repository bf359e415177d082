// An answer that the reference gives under another value of a choice point: allowed where the target did not
// declare the point, a contradiction of its own declaration where it did (Vectors/README.md, "Levels").
//
// When a parse answer disagrees with the reference under the target's declarations, the driver reads the input
// again under every other combination of values of the choice points it touches (`ChoiceModel.expected`): first
// changing undeclared points only, then declared ones too. An answer equal to one of those readings is one
// disagreement, `undeclared-choice` or `contradicted-choice`, qualified by the points changed, in place of the
// field-by-field ones; the fault table learns from the choice vectors how each is graded.

import XCallbackConformanceCore
import XCallbackURL

extension DifferentialRule {
    /// The answer is the reference's under another value of a choice point the target did not declare.
    public static let undeclaredChoice = Self(
        id: "undeclared-choice", summary: "the answer is one an undeclared choice point allows", cite: ["silent-plus"])
    /// The answer is the reference's under another value of a choice point the target declared.
    public static let contradictedChoice = Self(
        id: "contradicted-choice", summary: "the answer is what another value of a declared choice point gives", cite: ["silent-plus"])
}

extension DifferentialRule {
    /// The answer is the reference's with the scheme, the action, the names or the fragment kept as written.
    public static let keptAsWritten = Self(
        id: "kept-as-written", summary: "the scheme, action, names or fragment are reported as written, not decoded or lowercased",
        cite: ["xcu-action", "rfc3986-3.5"])
}

extension ChoiceModel {
    /// The choice points an input with `traits` touches, with the trait that says so.
    static let pointsByTrait: [(trait: InputTrait, point: ChoicePoint)] = [
        (.plusInQuery, .plus), (.invalidEscape, .invalidEscape), (.nonUTF8Escape, .nonUTF8Escape), (.flagParameter, .flagParameter),
        (.duplicateParameter, .duplicateParameter), (.duplicateReserved, .duplicateReserved), (.trailingSlash, .trailingSlash),
    ]
}

extension DifferentialDriver {
    /// The one disagreement that says `actual` is a reading of `input` under other choice values, or nil when
    /// it is none of them.
    func choiceReading(_ input: [UInt8], actual: TargetAnswer<XCallbackRequest>, traits: [InputTrait]) -> Disagreement? {
        let points = ChoiceModel.pointsByTrait.filter { traits.contains($0.trait) }.map(\.point)
        guard !points.isEmpty, let text = String(validating: input, as: UTF8.self) else { return nil }
        switch actual {
        case .accepted, .rejected: break
        default: return nil
        }
        let declared = target.declaredChoices
        // Every combination of values of the touched points, as changes to the declarations.
        var combinations: [[(ChoicePoint, String)]] = [[]]
        for point in points {
            let values = point.allowedValues ?? []
            combinations = combinations.flatMap { partial in values.map { partial + [(point, $0)] } }
        }
        var readings: [(changed: [ChoicePoint], contradicts: Bool, choices: DeclaredChoices)] = []
        for combination in combinations {
            var choices = declared
            var changed: [ChoicePoint] = []
            var contradicts = false
            for (point, value) in combination where (declared[point] ?? point.allowedValues?.first) != value {
                changed.append(point)
                contradicts = contradicts || declared[point] != nil
                choices[point] = value
            }
            if !changed.isEmpty { readings.append((changed, contradicts, choices)) }
        }
        for reading in readings.sorted(by: { !$0.contradicts && $1.contradicts }) {
            guard Self.same(actual, ChoiceModel.expected(for: text, choices: reading.choices), declared: declared) else { continue }
            let names = reading.changed.map(\.rawValue).joined(separator: ",")
            let values = reading.changed.map { "\($0)=\(reading.choices[$0] ?? "")" }.joined(separator: ", ")
            return reading.contradicts
                ? Disagreement(rule: .contradictedChoice, detail: "the answer is the reading under \(values), against the declaration", qualifier: names)
                : Disagreement(rule: .undeclaredChoice, detail: "the answer is the reading under \(values), which the target did not declare", qualifier: names)
        }
        return nil
    }

    /// The disagreements, one a field, that say `actual` is the reference's `reading` with some of the scheme, the
    /// action, the names and the fragment kept as written in `input` (the vectors accept or grade these apart from
    /// a wrong value: decoding them is not the spec's), or nil.
    func writtenReading(_ input: [UInt8], actual: TargetAnswer<XCallbackRequest>, reading: XCallbackRequest) -> [Disagreement]? {
        guard case .accepted = actual else { return nil }
        let pieces = URLPieces(String(decoding: input, as: UTF8.self))
        var written = reading
        written.scheme = pieces.scheme.map(String.init) ?? reading.scheme
        written.action = String(pieces.path.dropFirst())
        let rawNames = pieces.pieces.map(\.name).filter { !XCallbackRequest.reservedNames.contains(URLPieces.lenientDecode($0)) }
        if rawNames.count == reading.parameters.count {
            written.parameters = zip(reading.parameters, rawNames).map { XCallbackParameter(String($1), $0.value) }
        }
        written.fragment = pieces.fragment.map(String.init) ?? reading.fragment
        guard case .accepted(let got) = actual else { return nil }
        // Only the fields where the answer differs from the reading can be the ones kept as written.
        var candidate = reading
        var names: [String] = []
        if got.scheme != reading.scheme {
            candidate.scheme = written.scheme
            names.append("scheme")
        }
        if got.action != reading.action {
            candidate.action = written.action
            names.append("action")
        }
        if got.parameters.map(\.name) != reading.parameters.map(\.name) {
            candidate.parameters = written.parameters
            names.append("names")
        }
        if got.fragment != reading.fragment {
            candidate.fragment = written.fragment
            names.append("fragment")
        }
        guard !names.isEmpty, candidate != reading, Self.same(actual, .accepted(candidate), declared: target.declaredChoices) else { return nil }
        return names.map { Disagreement(rule: .keptAsWritten, detail: "the answer keeps the \($0) as written", qualifier: $0) }
    }

    /// Whether two parse answers are the same: the same request, or both rejections of a compatible category.
    static func same(_ actual: TargetAnswer<XCallbackRequest>, _ reading: TargetAnswer<XCallbackRequest>, declared: DeclaredChoices) -> Bool {
        switch (actual, reading) {
        case (.accepted(let got), .accepted(let want)):
            guard got.scheme == want.scheme, got.action == want.action, got.source == want.source, got.success == want.success,
                got.error == want.error, got.cancel == want.cancel, declared[.fragment] == "not-reported" || got.fragment == want.fragment
            else { return false }
            return declared[.parameterOrder] == "unordered"
                ? sortedKeys(got.parameters) == sortedKeys(want.parameters) : got.parameters == want.parameters
        case (.rejected(let got, _), .rejected(let want, _)): return got == nil || got == want
        default: return false
        }
    }
}
