// One judgement, one level: the differential driver grades a fault as the vectors grade it, both ways.
//
// For each vector (loaded as the runner loads them; a generated input at 16 KB, where it is graded as at 1 MB),
// under each declaration it allows (each value of its choice point, or none), every answer of
// `FaultAnswers.answers(for:)` (what the vector allows, and the realistic wrong answers to what it is about) is
// given to the driver as the fuzzer gives it (the vector's fuzz input, `VectorSeeds.input(of:)`):
// (a) the driver's finding is at the level the runner fails the answer at, neither higher nor lower, and there is
//     none for an answer the vector allows (an implementation-defined vector fails only an answer that contradicts
//     the declaration, at implementation-defined, or one no value allows, at should);
// (b) the finding written as a vector (`FindingWriter`) fails in the runner, on the same answer, at that level,
//     under the grading vector's rule and role.
// Two kinds of stricter finding are the rule for must's own grade, not an exception (`isExplained`): a refusal,
// an internal error or a crash of a request, and an answer that changes a decoded value (a parameter, the
// action, a reserved value, the fragment), where another vector with the same traits fails it at must —
// Vectors/README.md, Levels: a vector is must when "failing it changes what the other side receives: the action,
// a parameter name, a value, which callback is opened, or whether the text is a URI at all". A should vector is
// should for its own fault; a fault of that kind it also catches keeps the level the written rule gives it. What
// remains is listed in `FindingLevelExceptions`, each with the vectors that disagree; an entry that no longer
// differs fails too.

import Foundation
import Synchronization
import Testing
import XCallbackConformance
import XCallbackFuzzEngine
import XCallbackFuzzing
import XCallbackURL

/// Every vector as the fault tables learn from it, for the per-vector tests.
func loadGradedVectors() throws -> [Vector] {
    let vectors = FuzzVectors.bundled.graded
    guard vectors.count == (try loadEveryVector()).count else { throw VectorFixtureError(message: "the graded vectors are not the suite's") }
    return vectors
}

/// What one answer to one vector gives: the runner's level (nil: passed) and the driver's (nil: no finding).
struct GradedAnswer: CustomStringConvertible, Sendable {
    var choices: DeclaredChoices
    var answer: TargetAnswer<ObservedResult>
    var runner: DifferentialLevel?
    var failure: FuzzFailure?

    var driver: DifferentialLevel? { failure.map { DifferentialLevel(rawValue: String($0.rule.split(separator: "/")[1])) } }

    /// The level the driver must give: the runner's, except for a habit the runner checks only in tagged vectors
    /// (lowercase hex, an escaped unreserved character), which the fuzzer reports once at the tagged vectors'
    /// level where the runner counts it on them alone (Vectors/README.md, "Comparator": "one builder's habit
    /// should fail one vector, not every one").
    func expected(for vector: Vector) -> DifferentialLevel? {
        let tags = Set(FaultTable.taggedRules.values)
        if runner == nil, let grade = failure?.grade, grade.tags.contains(where: { tags.contains($0) && !vector.tags.contains($0) }) {
            return driver
        }
        return runner
    }

    /// Whether a stricter finding than the runner's is the rule for must's own grade of the fault (see the file's
    /// overview): a refusal, an internal error or a crash, or an answer that changes a decoded value, which another
    /// vector with the same traits fails at must.
    func isExplained(for vector: Vector) -> Bool {
        guard let runner, let driver, driver > runner, let grade = failure?.grade, grade.vector != vector.id, grade.level == .must else {
            return false
        }
        switch answer {
        case .rejected, .errored, .broken: return true
        default:
            let signature = failure?.details.first { $0.label == "signature" }?.text ?? ""
            let rule = signature.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            return GradedAnswer.valueRules.contains(rule)
        }
    }

    /// The signature rules of a disagreement on a decoded value: what the other side receives.
    static let valueRules: Set<String> = [
        "same-scheme", "same-action", "same-reserved", "same-parameters", "same-fragment", "build-round-trip", "callback-parameters",
        "callback-shape:fragment",
    ]

    var description: String {
        let declared = choices.sorted.map { "\($0.point)=\($0.value)" }.joined(separator: ", ")
        return "[\(declared)] \(String(describing: answer).prefix(160)): runner \(runner?.rawValue ?? "passes"), driver \(driver?.rawValue ?? "no finding")"
            + (failure.flatMap { $0.details.first { $0.label == "disagreement" }?.text }.map { " (\($0))" } ?? "")
    }
}

enum FindingLevels {
    /// Every answer to `vector` under each declaration it allows, graded by the runner and by the driver; worked
    /// out once per vector, for both per-vector tests.
    static func graded(_ vector: Vector) -> [GradedAnswer] {
        if let known = gradedByID.withLock({ $0[vector.id] }) { return known }
        let made = grading(vector)
        gradedByID.withLock { $0[vector.id] = made }
        return made
    }

    private static let gradedByID = Mutex<[String: [GradedAnswer]]>([:])

    private static func grading(_ vector: Vector) -> [GradedAnswer] {
        let input = VectorSeeds.input(of: vector)
        var out: [GradedAnswer] = []
        for choices in ChoiceOracleTests.scenarios(of: vector) {
            for answer in FaultAnswers.answers(for: vector) {
                // The runner's level for a fault within the vector's rule: the vector's, another refusal category
                // should at most (the fault model). A fault outside the rule the runner scores at the fault table's
                // level, which the driver's grades do not follow yet (PlantedFaultTests and the runner's own tests
                // hold that side).
                let result = FaultModel.scored(Evaluator.evaluate(vector, answer: answer, choices: choices), choices: choices)
                let runner = result.verdict == .passed ? nil : DifferentialLevel(rawValue: result.level.rawValue)
                let failure = DifferentialDriver(target: FixedAnswerTarget(answering: answer, choices)).failure(for: input)
                out.append(GradedAnswer(choices: choices, answer: answer, runner: runner, failure: failure))
            }
        }
        return out
    }
}

extension FixedAnswerTarget {
    /// A target that gives `answer` to every operation, under `choices`.
    init(answering answer: TargetAnswer<ObservedResult>, _ choices: DeclaredChoices) {
        self.init(declaredChoices: choices)
        parseAnswer = answer.map { observed in if case .request(let request) = observed { request } else { XCallbackRequest(scheme: "", action: "") } }
        buildAnswer = answer.map { observed in if case .url(let url) = observed { url } else { "" } }
    }
}

@Suite struct FindingLevelTests {
    @Test("(a) a wrong answer is a finding at the vector's level", arguments: try loadGradedVectors())
    func wrongAnswerIsAFindingAtTheVectorsLevel(_ vector: Vector) {
        let differing = FindingLevels.graded(vector).filter { $0.expected(for: vector) != $0.driver && !$0.isExplained(for: vector) }
        if let reason = FindingLevelExceptions.all[vector.id] {
            #expect(!differing.isEmpty, "\(vector.id) is listed (\(reason)) but every answer is graded as the runner grades it")
            return
        }
        for answer in differing { Issue.record("\(answer)") }
    }

    @Test("(b) a finding written as a vector fails in the runner at its level", arguments: try loadGradedVectors())
    func aFindingIsAVectorFailingAtItsLevel(_ vector: Vector) throws {
        let directory = URL(fileURLWithPath: "/nonexistent")
        for graded in FindingLevels.graded(vector) {
            guard let failure = graded.failure, let level = graded.driver else { continue }
            let finding = FuzzFinding(key: "k", failure: failure, originalInput: failure.input, execution: 1, secondsToFind: 0, hits: 1, shrinkState: .shrunk)
            let writer = FindingWriter(directory: directory, choices: graded.choices, citationsSource: directory)
            let json = try #require(writer.vector(for: finding), "\(vector.id): no vector for \(graded)")
            let written = try Vector(decoding: JSONCursor(json, file: "findings.json", path: "$"))
            let result = Evaluator.evaluate(written, answer: graded.answer, choices: graded.choices)
            let passed = result.verdict == Verdict.passed
            #expect(!passed && result.level.rawValue == level.rawValue,
                "\(vector.id) \(graded): the written vector \(passed ? "passes" : "fails at " + result.level.rawValue)")
            #expect(written.rule == failure.grade?.rule && written.role == failure.grade?.role, "\(vector.id): rule \(written.rule), role \(written.role)")
        }
    }
}
