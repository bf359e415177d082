import Foundation
import Testing
import XCallbackConformance

/// The example Python adapter (Vectors/protocol/example_adapter.py) run end to end over the protocol.
@Suite(.serialized) struct SubprocessAdapterTests {
    func adapter(_ mode: SubprocessConfiguration.Mode = .persistent) throws -> SubprocessTarget {
        var configuration = SubprocessConfiguration()
        configuration.mode = mode
        return try SubprocessTarget(command: TargetCommand(["python3", RunnerFixtures.exampleAdapter]), configuration: configuration)
    }

    @Test func theExampleAdapterPassesTheMiniSuite() throws {
        let target = try adapter()
        defer { target.stop() }
        #expect(target.startupProblem == nil)
        #expect(target.identity.name == "example-python-adapter")
        #expect(target.identity.language == "python")
        #expect(target.declaredChoices == .reference)
        #expect(target.operations == Set(Operation.allCases))
        let run = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: target)
        #expect(run.results.map { "\($0.id) \($0.result.verdict.name)" } == RunnerFixtures.miniIDs.map { "\($0) passed" })
        #expect(target.statistics.launches == 1)
        #expect(target.statistics.breakages == 0)
    }

    @Test func theExampleAdapterPassesThePublishedSuite() throws {
        let suite = try VectorSuite.bundled()
        #expect(suite.vectors.count > 0)
        let target = try adapter()
        defer { target.stop() }
        let run = ConformanceRunner().run(suite, against: target)
        #expect(run.results.count == suite.vectors.count)
        let failures = run.results.filter { $0.result.verdict.failureKind != nil }
        #expect(failures.isEmpty, "\(failures.map { "\($0.id): \($0.result.detail)" }.joined(separator: "\n"))")
    }

    @Test func oneProcessPerVectorGivesTheSameVerdicts() throws {
        let target = try adapter(.processPerRequest)
        let run = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: target)
        #expect(run.results.allSatisfy { $0.result.verdict == .passed })
        #expect(target.statistics.launches == 10)
    }

    @Test func targetCommandsSplitLikeAShellWithoutOne() throws {
        #expect(try TargetCommand(parsing: "python3  'my adapter.py' --x=\"a b\" c\\ d").words == ["python3", "my adapter.py", "--x=a b", "c d"])
        #expect(throws: TargetCommandError.self) { try TargetCommand(parsing: "python3 'open") }
        #expect(throws: TargetCommandError.self) { try TargetCommand(parsing: "   ") }
        #expect(try TargetCommand(parsing: "python3 a.py").fallbackName == "a.py")
    }
}

/// The built tool's `serve` command as a protocol target: the whole protocol end to end in Swift.
@Suite(.serialized) struct ServeEndToEndTests {
    /// The `xcallback-conformance` binary built next to the test bundle.
    func tool() throws -> String {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("xcallback-conformance").path }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0) }, "build the tool first: \(candidates)")
    }

    @Test func theReferenceServedOverTheProtocolPassesThePublishedSuite() throws {
        let target = try SubprocessTarget(command: TargetCommand([try tool(), "serve"]))
        defer { target.stop() }
        #expect(target.identity.name == "xcallback-reference")
        let suite = try VectorSuite.bundled()
        let run = ConformanceRunner().run(suite, against: target)
        #expect(run.results.count == suite.vectors.count)
        #expect(run.isConformant, "\(run.problems.prefix(5))")
        #expect(target.statistics.launches == 1)
    }

    @Test func foundationServedOverTheProtocolFailsLikeInProcess() throws {
        let suite = try VectorSuite.bundled()
        let target = try SubprocessTarget(command: TargetCommand([try tool(), "serve", "--target", "foundation"]))
        defer { target.stop() }
        let remote = ConformanceRunner().run(suite, against: target)
        let local = ConformanceRunner().run(suite, against: FoundationTarget())
        #expect(remote.results.map(\.result.verdict) == local.results.map(\.result.verdict))
        #expect(!remote.isConformant)
    }
}
