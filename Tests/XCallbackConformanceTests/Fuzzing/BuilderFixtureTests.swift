// `fuzz` against protocol-speaking Python fixtures, from the built-in seeds alone: each realistic builder bug of
// `Fixtures/buggy_builder_adapter.py` and parser bug of `Fixtures/buggy_parser_adapter.py` is found within the
// built-in seeds' executions (every vector's input among them), correct adapters (the example adapter, the two
// fixtures with no bug, and `Fixtures/choice_adapter.py` declaring other choices) get no finding, and each finding
// written is a vector that the conformance runner fails at the finding's level. The timed measurement (20 s per
// bug, 60 s per clean target, release build) is `Fuzz/tools/fuzz-fixtures.py`.

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
    /// `Fixtures/buggy_parser_adapter.py`.
    static let buggyParser = RunnerFixtures.directory.appendingPathComponent("buggy_parser_adapter.py").path
    /// The bugs the builder fixture can switch on.
    static let bugs = [
        "raw-amp", "raw-nested", "second-question", "error-code", "raw-source", "raw-non-ascii", "double-ampersand", "question-ampersand",
        "query-normalised", "unreserved-escaped", "raw-names", "raw-error-message", "null-as-empty", "lowercase-hex",
        "plus-for-space", "raw-action", "message-trimmed", "code-trimmed", "result-names-trimmed", "fragment-reescaped",
    ]
    /// The bugs the parser fixture can switch on.
    static let parserBugs = [
        "port-accepted", "userinfo-accepted", "fragment-in-action", "host-case-sensitive", "double-decode", "split-after-decode",
        "fragment-stripped", "source-trimmed", "callbacks-trimmed", "callback-controls-dropped", "last-value-chomped",
    ]
    /// The bugs of both fixtures that sit in a row of the coverage grid the vectors of an earlier version did not
    /// catch (5.0.0, before the grid; 5.2.0, before its escaped controls: Vectors/README.md, "Coverage grid"), each
    /// with its role: the vectors catch them now.
    static let gridRowBugs: [(fixture: String, bug: String, role: String)] = [
        (buggyParser, "fragment-stripped", "decode"), (buggyParser, "source-trimmed", "decode"),
        (buggyParser, "callbacks-trimmed", "decode"), (buggyBuilder, "message-trimmed", "build-callback"),
        (buggyBuilder, "code-trimmed", "build-callback"), (buggyBuilder, "result-names-trimmed", "build-callback"),
        (buggyBuilder, "fragment-reescaped", "build-callback"), (buggyParser, "callback-controls-dropped", "decode"),
        (buggyParser, "last-value-chomped", "decode"),
    ]
    /// Executions that run every built-in seed once.
    static var seedRuns: Int { FuzzEngine<DifferentialDriver<ReferenceTarget>>.builtInSeeds.count }

    /// Runs `fuzz` in process with `arguments` and a fresh findings directory; returns the status and the output.
    static func fuzz(_ arguments: [String]) -> (status: Int32, out: String, err: String, findings: URL) {
        let findings = FuzzFixtures.temporaryDirectory()
        let captured = CapturedIO()
        let status = ConformanceCommandLine.main(arguments: ["fuzz", "--no-progress", "--findings", findings.path] + arguments, io: captured.io)
        return (status, captured.standardOutput, captured.standardError, findings)
    }
}

@Suite(.serialized) struct BuilderFixtureTests {
    /// Each bug of both fixtures, with the fixture that has it: a builder bug is found on builds only (the parser
    /// is the example adapter's), a parser bug on parses only.
    static let bugs = BuilderFixtures.bugs.map { (BuilderFixtures.buggyBuilder, $0) } + BuilderFixtures.parserBugs.map { (BuilderFixtures.buggyParser, $0) }

    @Test(arguments: bugs)
    func eachBugIsFoundFromTheBuiltInSeeds(fixture: String, bug: String) throws {
        // Found is what this checks; shrinking is checked below (no shrinking keeps each run short).
        let run = BuilderFixtures.fuzz(["--target", "python3 \(fixture) \(bug)", "--seed", "1", "--runs", "\(BuilderFixtures.seedRuns)", "--shrink-seconds", "0"])
        defer { try? FileManager.default.removeItem(at: run.findings) }
        #expect(run.status == 1, "\(run.out)\(run.err)")
        #expect(run.out.contains("FINDING XCU-"))
        let builds = fixture == BuilderFixtures.buggyBuilder
        let operations = run.out.split(separator: "\n").filter { $0.hasPrefix("  operation: ") }
        #expect(!operations.isEmpty && operations.allSatisfy { $0.hasPrefix("  operation: build-") == builds }, "\(operations)")
    }

    /// Each bug in a row of the grid fails the suite's vectors of its role at must or should (the fuzz run above finds it).
    @Test(arguments: BuilderFixtures.gridRowBugs.map { [$0.fixture, $0.bug, $0.role] })
    func eachGridRowBugIsCaughtByTheVectors(_ bug: [String]) throws {
        let report = FuzzFixtures.temporaryDirectory().appendingPathExtension("json")
        defer { try? FileManager.default.removeItem(at: report) }
        let captured = CapturedIO()
        _ = ConformanceCommandLine.main(
            arguments: ["--target", "python3 \(bug[0]) \(bug[1])", "--role", bug[2], "--format", "json", "--output", report.path, "--no-progress"],
            io: captured.io)
        let json = try JSONValue(parsing: Array(try Data(contentsOf: report)))
        let failed = (json["results"]?.arrayValue ?? []).filter { result in
            result["verdict"]?.stringValue == "failed" && ["must", "should"].contains(result["scoredLevel"]?.stringValue ?? "")
        }
        #expect(!failed.isEmpty, "\(bug[1]) passes every must and should vector of \(bug[2]): \(captured.standardError)")
    }

    @Test(arguments: [
        "python3 \(RunnerFixtures.exampleAdapter)",
        "python3 \(BuilderFixtures.buggyBuilder) none",
        "python3 \(BuilderFixtures.buggyParser) none",
        "python3 \(BuilderFixtures.choiceAdapter) duplicate-reserved=first invalid-escape=reject",
        "python3 \(BuilderFixtures.choiceAdapter) duplicate-reserved=last flag-parameter=drop duplicate-parameter=last trailing-slash=strip plus=space invalid-escape=literal",
    ])
    func aCorrectAdapterHasNoFinding(target: String) throws {
        let runs = BuilderFixtures.seedRuns + 1500
        let run = BuilderFixtures.fuzz(["--target", target, "--seed", "1", "--runs", "\(runs)"])
        defer { try? FileManager.default.removeItem(at: run.findings) }
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(run.out.contains("\(runs) executions in"))
        #expect(run.out.contains(", 0 finding(s)"))
    }

    /// Each finding of a seeded run, written by `FindingWriter`, is a vector the runner fails on the same
    /// target at the finding's level, and passes on the example adapter.
    @Test func aFindingIsAVectorWithTheSameVerdictAndLevel() throws {
        let cases: [(command: [String], corpus: [[UInt8]])] = [
            (["python3", BuilderFixtures.buggyBuilder, "raw-amp"], []),
            (["python3", BuilderFixtures.buggyBuilder, "second-question"], []),
            (["python3", BuilderFixtures.buggyBuilder, "raw-source"], []),
            (["python3", BuilderFixtures.buggyBuilder, "query-normalised"], []),
            (["python3", BuilderFixtures.buggyBuilder, "unreserved-escaped"], []),
            (["python3", BuilderFixtures.buggyParser, "port-accepted"], []),
            (["python3", FuzzFixtures.adapter, "planted"], [Array(try nestedURL(depth: 3, value: "a&b").utf8)]),
        ]
        let example = try SubprocessTarget(command: TargetCommand(["python3", RunnerFixtures.exampleAdapter]))
        defer { example.stop() }
        var checked = 0
        for (command, corpus) in cases {
            let target = try SubprocessTarget(command: TargetCommand(command))
            defer { target.stop() }
            let runs = corpus.isEmpty ? BuilderFixtures.seedRuns : 5_000
            let summary = FuzzEngine(driver: DifferentialDriver(target: target), configuration: .init(seed: 1, runs: runs)).run(corpus: corpus)
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
                // The runner scores a fault that lies outside the rule grading the finding at the fault table's level
                // (Vectors/README.md, "Faults"), which may be stricter than the fuzzer's grade; never weaker.
                let outside = result.faults.contains { !$0.withinRule }
                #expect(
                    result.level.rawValue == level || (outside && result.level < (Level(rawValue: level) ?? .must)),
                    "\(id): the finding is \(level) (\(finding.key)), the vector \(result.level.rawValue) (\(result.faults.map(\.key)))")
                checked += 1
            }
            let clean = ConformanceRunner().run(suite, against: example)
            #expect(clean.results.allSatisfy { $0.result.verdict == .passed }, "\(clean.results.filter { $0.result.verdict != .passed }.map(\.result.detail))")
        }
        #expect(checked >= cases.count)
    }
}
