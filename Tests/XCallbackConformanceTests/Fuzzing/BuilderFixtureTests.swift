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
        "built-scheme-dollar", "action-escapes-kept", "escapes-kept", "built-source-trimmed", "callback-values-trimmed",
        "path-normalised", "invalid-utf8-replaced", "result-values-trimmed",
    ]
    /// The bugs the parser fixture can switch on.
    static let parserBugs = [
        "port-accepted", "userinfo-accepted", "fragment-in-action", "host-case-sensitive", "double-decode", "split-after-decode",
        "fragment-stripped", "source-trimmed", "callbacks-trimmed", "callback-controls-dropped", "last-value-chomped",
        "parsed-scheme-dollar", "host-trimmed", "action-trimmed", "long-names-truncated",
    ]
    /// The bugs of both fixtures that sit in a row of the coverage grid (an operation's field) the vectors of an
    /// earlier version did not catch (Vectors/README.md, "Coverage grid": 5.0.0, before the grid; 5.2.0, before its
    /// escaped controls; 5.3.0, before a refused control stood at each place alone), each with every row it is in and
    /// the level it fails at there. A control in a scheme is refused at hardening, the row's level
    /// (Vectors/rules.json: recognise-raw-control, build-request-invalid-scheme, build-callback-invalid).
    static let gridRowBugs: [(fixture: String, bug: String, rows: [String], level: Level)] = [
        (buggyParser, "fragment-stripped", ["parse fragment"], .should),
        (buggyParser, "source-trimmed", ["parse x-source"], .should),
        (buggyParser, "callbacks-trimmed", ["parse x-success", "parse x-error", "parse x-cancel"], .should),
        (buggyParser, "callback-controls-dropped", ["parse x-success", "parse x-error", "parse x-cancel"], .should),
        (buggyParser, "last-value-chomped", ["parse value-last"], .should),
        (buggyParser, "parsed-scheme-dollar", ["parse scheme"], .hardening),
        (buggyParser, "host-trimmed", ["parse host"], .should),
        (buggyParser, "action-trimmed", ["parse action"], .should),
        (buggyParser, "long-names-truncated", ["parse name-first", "parse name-middle", "parse name-last"], .should),
        (buggyBuilder, "message-trimmed", ["build-callback errorMessage"], .should),
        (buggyBuilder, "code-trimmed", ["build-callback errorCode"], .should),
        (buggyBuilder, "result-names-trimmed", ["build-callback appended-name"], .should),
        (buggyBuilder, "fragment-reescaped", ["build-callback callback-fragment"], .should),
        (buggyBuilder, "built-scheme-dollar", ["build-request scheme", "build-callback callback-scheme"], .hardening),
        (buggyBuilder, "action-escapes-kept", ["build-request action"], .should),
        (buggyBuilder, "escapes-kept", ["first", "middle", "last"].flatMap { ["build-request name-\($0)", "build-request value-\($0)"] }, .should),
        (buggyBuilder, "built-source-trimmed", ["build-request x-source"], .should),
        (buggyBuilder, "callback-values-trimmed", ["build-request x-success", "build-request x-error", "build-request x-cancel"], .should),
        (buggyBuilder, "path-normalised", ["build-callback callback-path"], .should),
        (buggyBuilder, "invalid-utf8-replaced", ["path", "query-name", "query-value", "fragment"].map { "build-callback callback-\($0)" }, .should),
        (buggyBuilder, "result-values-trimmed", ["build-callback appended-value"], .should),
    ]
    /// The vectors of each row of the grid ("operation field"), from its data (Vectors/tools/grid.json), read once.
    static func rowVectors() throws -> [String: Set<String>] { try readRows.get() }

    private static let readRows = Result { () throws -> [String: Set<String>] in
        var rows: [String: Set<String>] = [:]
        guard let cells = try GridCoverageTests.grid()["cells"]?.arrayValue else { throw VectorFixtureError(message: "grid.json holds no cells") }
        for cell in cells {
            let row = "\(cell["operation"]?.stringValue ?? "") \(cell["field"]?.stringValue ?? "")"
            rows[row, default: []].formUnion(cell["vectors"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        }
        return rows
    }
    /// The roles a fixture's bugs are in: a parser fixture's are found among the parse seeds, a builder's among the builds.
    static func roles(of fixture: String) -> [String] {
        fixture == buggyBuilder ? ["build-request", "build-callback"] : ["recognise", "decode"]
    }
    /// Executions that run every built-in seed of `roles` once (nil: of every role), at the run's default longest input.
    static func seedRuns(roles: [String]? = nil) -> Int {
        let claimed = roles.map { Set($0.map { TargetRole(rawValue: $0) }) }
        return FuzzEngine<DifferentialDriver<ReferenceTarget>>.builtInSeeds(
            vectors: .bundled, roles: claimed, maxLength: FuzzEngineConfiguration().maxLength
        ).count
    }

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
        // Found is what this checks; shrinking is checked below (no shrinking keeps each run short). The seeds are
        // those of the fixture's roles: a parser bug is found among the parse seeds, a builder bug among the builds.
        let roles = BuilderFixtures.roles(of: fixture)
        let run = BuilderFixtures.fuzz(
            ["--target", "python3 \(fixture) \(bug)", "--seed", "1", "--runs", "\(BuilderFixtures.seedRuns(roles: roles))", "--shrink-seconds", "0"]
                + ["--roles", roles.joined(separator: ",")])
        defer { try? FileManager.default.removeItem(at: run.findings) }
        #expect(run.status == 1, "\(run.out)\(run.err)")
        #expect(run.out.contains("FINDING XCU-"))
        let builds = fixture == BuilderFixtures.buggyBuilder
        let operations = run.out.split(separator: "\n").filter { $0.hasPrefix("  operation: ") }
        #expect(!operations.isEmpty && operations.allSatisfy { $0.hasPrefix("  operation: build-") == builds }, "\(operations)")
    }

}

/// The fixtures' bugs against the vectors, and correct adapters and written findings against `fuzz`: a suite apart
/// from the fuzz runs above, so that the two run beside each other (each one test at a time, as its subprocesses
/// want).
@Suite(.serialized) struct FixtureVerdictTests {
    /// Each bug in a row of the grid fails the vectors of each of its rows at its level or above (the fuzz run above
    /// finds it): the rows' own vectors, run together.
    @Test(arguments: BuilderFixtures.gridRowBugs.map { ($0.fixture, $0.bug, $0.rows, $0.level) })
    func eachGridRowBugIsCaughtByTheVectorsOfItsRows(fixture: String, bug: String, rows: [String], level: Level) throws {
        let vectors = try BuilderFixtures.rowVectors()
        let ids = try rows.flatMap { row in try #require(vectors[row], "no row \(row) in the grid").sorted() }
        let report = FuzzFixtures.temporaryDirectory().appendingPathExtension("json")
        defer { try? FileManager.default.removeItem(at: report) }
        let captured = CapturedIO()
        _ = ConformanceCommandLine.main(
            arguments: ["--target", "python3 \(fixture) \(bug)", "--format", "json", "--output", report.path, "--no-progress"]
                + ids.flatMap { ["--id", $0] },
            io: captured.io)
        let json = try JSONValue(parsing: Array(try Data(contentsOf: report)))
        let failed = Set((json["results"]?.arrayValue ?? []).filter { result in
            result["verdict"]?.stringValue == "failed" && (Level(rawValue: result["scoredLevel"]?.stringValue ?? "")).map { $0 <= level } == true
        }.compactMap { $0["id"]?.stringValue })
        for row in rows {
            #expect(!failed.isDisjoint(with: vectors[row] ?? []), "\(bug) passes every \(level.rawValue) vector of its row \(row) and those above: \(captured.standardError)")
        }
    }

    @Test(arguments: [
        "python3 \(RunnerFixtures.exampleAdapter)",
        "python3 \(BuilderFixtures.buggyBuilder) none",
        "python3 \(BuilderFixtures.buggyParser) none",
        "python3 \(BuilderFixtures.choiceAdapter) duplicate-reserved=first invalid-escape=reject",
        "python3 \(BuilderFixtures.choiceAdapter) duplicate-reserved=last flag-parameter=drop duplicate-parameter=last trailing-slash=strip plus=space invalid-escape=literal",
    ])
    func aCorrectAdapterHasNoFinding(target: String) throws {
        let runs = BuilderFixtures.seedRuns() + 1500
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
            let runs = corpus.isEmpty ? BuilderFixtures.seedRuns() : 5_000
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
