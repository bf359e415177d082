import Foundation
import Testing
import XCallbackConformance
import XCallbackConformanceTesting

/// The Swift Testing and XCTest glue respects a target's roles: its cases are the vectors that apply, and a case of
/// another role handed to it is recorded as an issue saying so, never as a pass.
@Suite struct ConformanceTestingRoleTests {
    @Test func theCasesForATargetAreTheVectorsOfTheRolesItClaims() throws {
        let target = ReferenceTarget().claiming([.decode, .buildCallback])
        let cases = try ConformanceCase.all(for: target, directory: RunnerFixtures.miniSuiteDirectory)
        let suite = try RunnerFixtures.miniSuite()
        #expect(cases.map(\.vector.id) == suite.vectors.filter { [.decode, .buildCallback].contains($0.role) }.map(\.id))
        #expect(try ConformanceCase.all(for: ReferenceTarget(), directory: RunnerFixtures.miniSuiteDirectory).count == suite.vectors.count)
    }

    @Test func aCaseOfAnUnclaimedRoleIsNotRunAndSaysSo() throws {
        let cases = try ConformanceCase.all(directory: RunnerFixtures.miniSuiteDirectory)
        let recognise = try #require(cases.first { $0.vector.role == .recognise })
        let asked = AskedVectors()
        let check = ConformanceCheck(RecordingTarget(claim: [.decode], asked: asked), recognise)
        #expect(asked.ids.isEmpty)
        #expect(check.result.verdict == .notApplicable)
        guard case .notApplicable(let message) = check.outcome else {
            Issue.record("expected not applicable, got \(check.outcome)")
            return
        }
        #expect(message.hasPrefix("\(recognise.vector.id) is not applicable to recording: it tests the role recognise"))
        #expect(message.contains("ConformanceCase.all(for:)"))
    }

    @Test func expectConformanceRecordsAnIssueForACaseNotApplicable() throws {
        let cases = try ConformanceCase.all(directory: RunnerFixtures.miniSuiteDirectory)
        let recognise = try #require(cases.first { $0.vector.role == .recognise })
        withKnownIssue {
            expectConformance(of: ReferenceTarget().claiming([.decode]), recognise)
        }
    }
}
