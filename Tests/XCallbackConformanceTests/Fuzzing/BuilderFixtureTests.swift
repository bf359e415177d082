// `fuzz` against protocol-speaking Python fixtures, from the built-in seeds alone: each realistic builder
// bug of `Fixtures/buggy_builder_adapter.py` is found within a few hundred executions, correct adapters
// (the example adapter, and `Fixtures/choice_adapter.py` declaring other choices) get no finding, and each
// finding written is a vector that the conformance runner fails at the finding's level.

import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance
import XCallbackFuzzEngine
import XCallbackFuzzing
import XCallbackURL

enum BuilderFixtures {
    /// `Fixtures/buggy_builder_adapter.py`.
    static let buggyBuilder = RunnerFixtures.directory.appendingPathComponent("buggy_builder_adapter.py").path
    /// `Fixtures/choice_adapter.py`.
    static let choiceAdapter = RunnerFixtures.directory.appendingPathComponent("choice_adapter.py").path
    /// The bugs the builder fixture can switch on.
    static let bugs = ["raw-amp", "raw-nested", "second-question", "error-code", "raw-source"]

    /// Runs `fuzz` in process with `arguments` and a fresh findings directory; returns the status and the output.
    static func fuzz(_ arguments: [String]) -> (status: Int32, out: String, err: String, findings: URL) {
        let findings = FuzzFixtures.temporaryDirectory()
        let captured = CapturedIO()
        let status = ConformanceCommandLine.main(arguments: ["fuzz", "--no-progress", "--findings", findings.path] + arguments, io: captured.io)
        return (status, captured.standardOutput, captured.standardError, findings)
    }
}

@Suite(.serialized) struct BuilderFixtureTests {
    @Test(arguments: BuilderFixtures.bugs)
    func eachBuilderBugIsFoundFromTheBuiltInSeeds(bug: String) throws {
        let run = BuilderFixtures.fuzz(["--target", "python3 \(BuilderFixtures.buggyBuilder) \(bug)", "--seed", "1", "--runs", "400"])
        defer { try? FileManager.default.removeItem(at: run.findings) }
        #expect(run.status == 1, "\(run.out)\(run.err)")
        #expect(run.out.contains("FINDING XCU-"))
        // Every finding is about a build: the parser is the example adapter's.
        let operations = run.out.split(separator: "\n").filter { $0.hasPrefix("  operation: ") }
        #expect(!operations.isEmpty && operations.allSatisfy { $0.hasPrefix("  operation: build-") }, "\(operations)")
        #expect(run.out.contains("  parse            "))
        #expect(run.out.contains(" executions  0 finding(s)"), "the parse line has no finding")
    }

    @Test(arguments: [
        "python3 \(RunnerFixtures.exampleAdapter)",
        "python3 \(BuilderFixtures.buggyBuilder) none",
        "python3 \(BuilderFixtures.choiceAdapter) duplicate-reserved=first invalid-escape=reject",
        "python3 \(BuilderFixtures.choiceAdapter) duplicate-reserved=last flag-parameter=drop duplicate-parameter=last trailing-slash=strip plus=space invalid-escape=literal",
    ])
    func aCorrectAdapterHasNoFinding(target: String) throws {
        let run = BuilderFixtures.fuzz(["--target", target, "--seed", "1", "--runs", "1500"])
        defer { try? FileManager.default.removeItem(at: run.findings) }
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.out.contains("1500 executions in"))
        #expect(run.out.contains(", 0 finding(s)"))
    }

    /// Each finding of a seeded run, written by `FindingWriter`, is a vector the runner fails on the same
    /// target at the finding's level, and passes on the example adapter.
    @Test func aFindingIsAVectorWithTheSameVerdictAndLevel() throws {
        let cases: [(command: [String], corpus: [[UInt8]])] = [
            (["python3", BuilderFixtures.buggyBuilder, "raw-amp"], []),
            (["python3", BuilderFixtures.buggyBuilder, "second-question"], []),
            (["python3", BuilderFixtures.buggyBuilder, "raw-source"], []),
            (["python3", FuzzFixtures.adapter, "planted"], [Array(try nestedURL(depth: 3, value: "a&b").utf8)]),
        ]
        let example = try SubprocessTarget(command: TargetCommand(["python3", RunnerFixtures.exampleAdapter]))
        defer { example.stop() }
        var checked = 0
        for (command, corpus) in cases {
            let target = try SubprocessTarget(command: TargetCommand(command))
            defer { target.stop() }
            let summary = FuzzEngine(driver: DifferentialDriver(target: target), configuration: .init(seed: 1, runs: 1_000)).run(corpus: corpus)
            try #require(!summary.findings.isEmpty, "\(command)")
            let directory = FuzzFixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let writer = FindingWriter(directory: directory, choices: target.declaredChoices, citationsSource: RunnerFixtures.root.appendingPathComponent("Vectors"))
            let ids = try writer.write(summary.findings)
            #expect(ids.count == summary.findings.count, "every finding is a vector")
            let suite = try VectorSuite(directory: directory)
            let run = ConformanceRunner().run(suite, against: target)
            for finding in summary.findings {
                let id = FindingWriter.vectorID(for: finding.failure.input)
                let level = String(finding.failure.rule.split(separator: "/")[1])
                let result = try #require(run.results.first { $0.result.vector.id == id }?.result)
                #expect(result.verdict.name == "failed", "\(id) \(finding.failure.rule): \(result.detail)")
                #expect(result.level.rawValue == level, "\(id): the finding is \(level), the vector \(result.level.rawValue)")
                checked += 1
            }
            let clean = ConformanceRunner().run(suite, against: example)
            #expect(clean.results.allSatisfy { $0.result.verdict == .passed }, "\(clean.results.filter { $0.result.verdict != .passed }.map(\.result.detail))")
        }
        #expect(checked >= cases.count)
    }
}
