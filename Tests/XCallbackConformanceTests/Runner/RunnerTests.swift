import Foundation
import Testing
import XCallbackConformance

@Suite struct ConformanceRunnerTests {
    @Test func runsEveryVectorOfTheMiniSuiteAgainstTheReference() throws {
        let suite = try RunnerFixtures.miniSuite()
        #expect(suite.vectors.map(\.id) == RunnerFixtures.miniIDs)
        let run = ConformanceRunner().run(suite, against: ReferenceTarget(), targetKind: "reference")
        #expect(run.results.count == 9)
        #expect(run.results.allSatisfy { $0.result.verdict == .passed })
        #expect(run.isConformant)
        #expect(run.summary[.must].passed == 7)
        #expect(run.summary[.should].passed == 1)
        #expect(run.summary[.implementationDefined].passed == 1)
        #expect(run.suite.manifestSHA256.count == 64)
    }

    @Test func reportsProgressOncePerVector() throws {
        let suite = try RunnerFixtures.miniSuite()
        var seen: [String] = []
        _ = ConformanceRunner().run(suite, against: ReferenceTarget()) { done, total, item in
            #expect(total == 9)
            #expect(done == seen.count + 1)
            seen.append(item.id)
        }
        #expect(seen == RunnerFixtures.miniIDs)
    }

    @Test func scoresLevelsSeparately() throws {
        let suite = try RunnerFixtures.miniSuite()
        let target = ScriptedTarget(rejectIDs: ["XCU-2AAA"], wrongIDs: ["XCU-2AAD"])
        let summary = ConformanceRunner().run(suite, against: target).summary
        #expect(summary[.must].failed == 1)
        #expect(summary[.must].passed == 6)
        #expect(summary[.should].failed == 1)
        #expect(summary[.should].percent == 0)
        #expect(summary[.implementationDefined].percent == 100)
        #expect(summary[.must].text == "6/7 passed (85.7%), 1 failed")
        #expect(RunSummary.Score.format(99.97) == "99.9")
        #expect(RunSummary.Score.format(100) == "100")
        #expect(RunSummary.Score.format(2.0 / 3 * 100) == "66.7")
    }
}

@Suite struct VectorSelectionTests {
    @Test(arguments: [
        ("XCU-2AAA", "XCU-2AAA", true), ("XCU-2A*", "XCU-2AAJ", true), ("xcu-2aa?", "XCU-2AAB", true),
        ("XCU-2AB*", "XCU-2AAB", false), ("*J", "XCU-2AAJ", true), ("XCU-2AA", "XCU-2AAA", false), ("*", "XCU-2AAA", true),
        ("XCU-2AA[AB]", "XCU-2AAB", true), ("XCU-2AA[A-C]", "XCU-2AAD", false), ("XCU-2AA[!A-C]", "XCU-2AAD", true),
        ("XCU-2AA[^A]", "XCU-2AAA", false), ("xcu-[2-4]a*", "XCU-2AAJ", true), ("XCU-2AA[", "XCU-2AA[", false),
    ])
    func matchesIdsAndGlobs(pattern: String, id: String, matches: Bool) {
        #expect(VectorSelection.glob(pattern, matches: id) == matches)
    }

    @Test func combinesKindsWithAndAndValuesWithOr() throws {
        let vectors = try RunnerFixtures.miniSuite().vectors
        #expect(VectorSelection(tags: ["host"]).apply(to: vectors).map(\.id) == ["XCU-2AAB", "XCU-2AAD"])
        #expect(VectorSelection(tags: ["host"], levels: [.must]).apply(to: vectors).map(\.id) == ["XCU-2AAB"])
        #expect(VectorSelection(operations: [.buildRequest, .buildCallback]).apply(to: vectors).map(\.id) == ["XCU-2AAG", "XCU-2AAH"])
        #expect(VectorSelection(ids: ["XCU-2AAJ", "XCU-2AAA"]).apply(to: vectors).map(\.id) == ["XCU-2AAA", "XCU-2AAJ"])
        #expect(VectorSelection(levels: [.implementationDefined]).apply(to: vectors).map(\.id) == ["XCU-2AAE"])
        #expect(VectorSelection().apply(to: vectors).count == 9)
    }
}
