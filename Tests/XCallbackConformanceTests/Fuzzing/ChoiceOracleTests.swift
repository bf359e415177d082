// The choice-aware reference agrees with every vector: for each vector (loaded as the runner loads them), under
// each choice value it allows (a vector keyed by a choice point: each of its values; any other: no declaration,
// every other value of every point at once, and every third value with the others' second), `ChoiceModel` gives
// an answer the runner passes, at the vector's level. How the differential driver grades answers against it is
// `FindingLevelTests`.

import Foundation
import Testing
import XCallbackConformance
import XCallbackFuzzing
import XCallbackURL

/// A target that gives one fixed answer to every request, under the choices it declares.
struct FixedAnswerTarget: ConformanceTarget {
    var parseAnswer: TargetAnswer<XCallbackRequest> = .unsupported(reason: nil, issueURL: nil)
    var buildAnswer: TargetAnswer<String> = .unsupported(reason: nil, issueURL: nil)
    var declaredChoices: DeclaredChoices
    var identity: TargetIdentity { TargetIdentity(name: "fixed-answer", version: "0") }
    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> { parseAnswer }
    func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> { parseAnswer }
    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> { buildAnswer }
    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> { buildAnswer }
}

@Suite struct ChoiceOracleTests {
    /// The declarations a vector allows: each value of its choice point, or none.
    static func scenarios(of vector: Vector) -> [DeclaredChoices] {
        if case .choice(let point, let outcomes) = vector.expectation { return outcomes.map { [point: $0.value] } }
        return [[:]]
    }

    /// Declarations a vector not keyed by a choice point must not care about: every point's second value,
    /// and every point's third value where it has one (its second otherwise).
    static let otherDeclarations: [DeclaredChoices] = [1, 2].map { index in
        DeclaredChoices(Dictionary(uniqueKeysWithValues: ChoicePoint.all.map { ($0.point, $0.values[min(index, $0.values.count - 1)]) }))
    }

    func check(_ vector: Vector) {
        var modelled = Self.scenarios(of: vector)
        if case .choice = vector.expectation {} else { modelled += Self.otherDeclarations }
        for choices in modelled where vector.operation == .parse {
            let declared = choices.sorted.map { "\($0.point)=\($0.value)" }.joined(separator: ", ")
            let expected: TargetAnswer<XCallbackRequest>
            switch vector.input {
            case .parseText(let text): expected = ChoiceModel.expected(for: text, choices: choices)
            case .parseBytes(let bytes):
                expected = String(validating: bytes, as: UTF8.self).map { ChoiceModel.expected(for: $0, choices: choices) }
                    ?? ReferenceTarget().parse(utf8: bytes)
            default: continue
            }
            let result = Evaluator.evaluate(vector, answer: expected.map(ObservedResult.request), choices: choices)
            #expect(result.verdict == .passed && result.level == vector.level, "[\(declared)] \(result.detail)")
        }
    }

    /// The category of a rejection, or nil.
    static func category(_ answer: TargetAnswer<XCallbackRequest>) -> RejectionCategory? {
        if case .rejected(let category, _) = answer { return category }
        return nil
    }

    @Test func theMeasuredFalseAlarmIsRejectedWhicheverDuplicateWins() {
        for url in ["p://x-callback-url/n?x-success&x-success=%", "p://x-callback-url/n?x%2Dsuccess&x-success=%", "p://x-callback-url/n?x-success=%&x-success"] {
            let plain = ReferenceTarget().parse(url)
            #expect(Self.category(plain) == .invalidPercentEncoding)
            for winner in ["first", "last"] {
                let expected = ChoiceModel.expected(for: url, choices: [.duplicateReserved: winner, .invalidEscape: "reject"])
                #expect(Self.category(expected) == .invalidPercentEncoding, "\(url) under \(winner): \(expected)")
            }
        }
        // Ill-formed UTF-8 in a discarded duplicate or a dropped reserved flag's company, and the winner kept.
        let discarded = ChoiceModel.expected(for: "p://x-callback-url/n?x-error=a&x-error=%C3&k=1", choices: [.duplicateReserved: "first"])
        #expect(Self.category(discarded) == .invalidUTF8)
        let kept = ChoiceModel.expected(for: "p://x-callback-url/n?x-error=a&k=1&x-error=b&x-source", choices: [.duplicateReserved: "last", .flagParameter: "drop"])
        guard case .accepted(let request) = kept else {
            Issue.record("\(kept)")
            return
        }
        #expect(request.error == "b" && request.source == nil && request.parameters == [XCallbackParameter("k", "1")])
    }

    @Test("every vector", arguments: try loadEveryVector())
    func everyVector(_ vector: Vector) { check(vector) }
}
