// One fault, one level, but no further than each answer shows (Vectors/README.md, "Faults"): a failure is lifted to
// its fault's strictest level only up to the level the table gives its own difference, and a breakage on an input
// every outcome refuses is hardening.

import Testing
import XCallbackConformance

@Suite struct FaultLevelLiftTests {
    /// The results of a target that refuses `ids` with no category, judged as one run.
    static func refusals(of ids: [String]) throws -> [VectorResult] {
        let suite = try VectorFixtures.suite.get()
        var results = try ids.map { id in
            let vector = try #require(suite.vectors.first { $0.id == id }, "\(id) is gone")
            return Evaluator.evaluate(vector, answer: .rejected(category: nil, message: nil), choices: [:])
        }
        FaultJudgement.judge(&results, rules: suite.rules, choices: [:], extraParameters: [])
        return results
    }

    @Test("A refused should vector keeps its level beside a must refusal of the same fault")
    func aRefusalKeepsItsVectorsLevel() throws {
        // XCU-AUDR: the action `dropbox/addphoto` (must); XCU-XWEB: the action `1.0/lookup` (should). Both refusals are
        // put down to the action's segments.
        let results = try Self.refusals(of: ["XCU-AUDR", "XCU-XWEB"])
        #expect(results.map(\.vector.level) == [.must, .should])
        #expect(Set(results.map { $0.faults.first?.key }).count == 1, "\(results.map { $0.faults.map(\.key) })")
        #expect(results.map(\.level) == [.must, .should], "\(results.map { $0.faults.map(\.title) })")
        #expect(FaultGroup.groups(of: results).map(\.level) == [.must])
    }

    @Test("Two checks too strict are two faults: the host's spelling and the scheme's case")
    func twoRefusedFeaturesAreTwoFaults() throws {
        // XCU-GGEF: an uppercase host (must); XCU-B894: an uppercase scheme (should).
        let results = try Self.refusals(of: ["XCU-GGEF", "XCU-B894"])
        #expect(results.map { $0.faults.first?.qualifier } == ["no category; host spelling", "no category; scheme case"])
        #expect(results.map { $0.faults.first?.fields ?? [] } == [[.host, .outcome], [.scheme, .outcome]])
        #expect(FaultGroup.groups(of: results).map(\.level) == [.must, .should])
    }

    @Test("A run that also refuses a plain valid input shows one refusal fault, whatever each input holds")
    func aPlainRefusalTakesTheFeaturesAway() throws {
        // XCU-GGEF: an uppercase host; XCU-AUDR: two segments; and a must vector with none of the features.
        let suite = try VectorFixtures.suite.get()
        let plain = try #require(suite.vectors.first { vector in
            guard vector.operation == .parse, vector.level == .must, case .parseText(let url) = vector.input,
                case .accept(.request(let request)) = vector.expectation
            else { return false }
            return url.hasPrefix("\(request.scheme)://x-callback-url/") && !request.action.contains("/")
                && ![request.success, request.error, request.cancel].contains("")
        })
        let results = try Self.refusals(of: ["XCU-GGEF", "XCU-AUDR", plain.id])
        #expect(Set(results.compactMap { $0.faults.first?.key }).count == 1, "\(results.map { $0.faults.map(\.key) })")
        #expect(results.allSatisfy { $0.faults.first?.fields == [.outcome] })
    }

    @Test("A crash on an input every outcome refuses is hardening; on one to accept, the vector's level")
    func aBreakageIsScoredByWhatTheInputAsks() throws {
        let suite = try VectorFixtures.suite.get()
        let refuse = try #require(suite.vectors.first { $0.level == .must && $0.operation == .parse && {
            if case .reject = $0.expectation { true } else { false } }($0) })
        let accept = try #require(suite.vectors.first { $0.id == "XCU-GGEF" })
        let crash = TargetAnswer<ObservedResult>.broken(TargetBreakage(.crashed, "the target exited"))
        #expect(FaultModel.scored(Evaluator.evaluate(refuse, answer: crash, choices: [:])).level == .hardening)
        #expect(FaultModel.scored(Evaluator.evaluate(accept, answer: crash, choices: [:])).level == .must)
    }
}
