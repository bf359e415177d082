import Foundation
import Testing
import XCallbackConformance
import XCallbackConformanceTesting
import XCallbackURL

/// The Swift Testing and XCTest glue of XCallbackConformanceTesting.
@Suite struct ConformanceTestingTests {
    let cases: [ConformanceCase]

    init() throws { cases = try ConformanceCase.all(directory: RunnerFixtures.miniSuiteDirectory) }

    @Test func casesAreNamedByVectorIdAndCarryTheirCitations() throws {
        #expect(cases.map(\.description) == RunnerFixtures.miniIDs)
        #expect(cases.map(\.testDescription) == RunnerFixtures.miniIDs)
        #expect(cases[1].citations.map(\.id) == ["xcu-host"])
        #expect(try ConformanceCase.all().count == VectorSuite.bundled().vectors.count)
        #expect(try ConformanceCase.all(directory: RunnerFixtures.miniSuiteDirectory, selection: VectorSelection(tags: ["host"])).count == 2)
    }

    @Test func aFailureReadsAsExpectedActualWhyAndCitation() throws {
        let check = ConformanceCheck(ScriptedTarget(wrongIDs: ["XCU-2AAB"]), cases[1])
        guard case .failure(let message) = check.outcome else {
            Issue.record("expected a failure, got \(check.outcome)")
            return
        }
        let lines = message.split(separator: "\n").map(String.init)
        #expect(lines[0] == "XCU-2AAB (must, parse) failed as unexpected-acceptance: A host other than x-callback-url is rejected")
        #expect(lines[1] == #"  expected: {"reject":"not-x-callback-url"}"#)
        #expect(lines[2].hasPrefix(#"  actual:   accepted {"scheme":"s","action":"wrong""#))
        #expect(lines[3].hasPrefix("  why:      expected rejection 'not-x-callback-url'"))
        #expect(lines[4] == "  fault:    must recognise: accepted (not-x-callback-url): outcome")
        #expect(lines[5] == "  cite:     [xcu-host] x-callback-url 1.0 DRAFT R3, URL Structure: “URLs will be identified by the use of “x-callback-url” as the host portion of the URL.”")
    }

    @Test func knownFailuresAreExpectedAndStaleEntriesAreNot() {
        let known = KnownFailures([
            .init(id: "XCU-2AAB", kind: .unexpectedAcceptance, reason: "we accept any host"),
            .init(id: "XCU-2AAC", kind: .wrongResult, reason: "fixed"),
        ])
        let target = ScriptedTarget(wrongIDs: ["XCU-2AAB"])
        guard case .knownFailure(let message) = ConformanceCheck(target, cases[1], knownFailures: known).outcome else {
            Issue.record("not a known failure")
            return
        }
        #expect(message.hasSuffix("known failure: we accept any host"))
        #expect(
            ConformanceCheck(target, cases[2], knownFailures: known).outcome
                == .staleKnownFailure("XCU-2AAC is listed as a known failure (wrong-result) but passed; remove the entry"))
        #expect(ConformanceCheck(target, cases[0], knownFailures: known).outcome == .fine)
    }

    @Test func expectConformanceRecordsAnIssueForAFailingVector() {
        withKnownIssue {
            expectConformance(of: ScriptedTarget(rejectIDs: ["XCU-2AAA"]), cases[0])
        }
    }

    @Test func expectConformanceRecordsNothingForAPassingOrSkippedVector() {
        for testCase in cases {
            expectConformance(of: ScriptedTarget(skipsCallbacks: true), testCase)
        }
    }
}

/// The README example must be the file that `swift test` compiles and runs.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeShowsTheCompiledExample() throws {
        let example = try String(
            contentsOf: RunnerFixtures.root.appendingPathComponent(
                "Tests/XCallbackConformanceTests/Runner/ReadmeCertificationExample.swift"), encoding: .utf8)
        let readme = try String(contentsOf: RunnerFixtures.root.appendingPathComponent("README.md"), encoding: .utf8)
        let code = example.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("//") || $0.isEmpty }
            .joined(separator: "\n")
        #expect(readme.contains(code), "README.md must contain the code of ReadmeCertificationExample.swift from its first import")
    }
}
