// The built-in fuzzing loop against in-process and subprocess targets: a planted bug is found, shrunk and
// written as a vector that fails a normal run; clean targets stay clean; a crash or a hang is a finding
// that does not stop the loop; the same seed gives the same findings.

import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance
import XCallbackFuzzEngine
import XCallbackFuzzing
import XCallbackURL

/// The reference with the planted three-level bug: the outer callback is decoded once too often.
private struct PlantedBugTarget: ConformanceTarget {
    var identity: TargetIdentity { TargetIdentity(name: "planted", version: "0") }
    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        let answer = ReferenceTarget().parse(url)
        guard case .accepted(var request) = answer, let path = PlantedBugDriver.triggerPath(in: Array(url.utf8)) else { return answer }
        if path.hasPrefix("x-success") { request.success = request.success?.removingPercentEncoding }
        if path.hasPrefix("x-error") { request.error = request.error?.removingPercentEncoding }
        if path.hasPrefix("x-cancel") { request.cancel = request.cancel?.removingPercentEncoding }
        return .accepted(request)
    }
}

enum FuzzFixtures {
    /// `Fixtures/fuzz_fixture_adapter.py`.
    static let adapter = RunnerFixtures.directory.appendingPathComponent("fuzz_fixture_adapter.py").path

    /// The fixture adapter in `mode`, answering within `timeout`.
    static func target(_ mode: String, timeout: Duration = .seconds(2)) throws -> SubprocessTarget {
        var configuration = SubprocessConfiguration()
        configuration.timeout = timeout
        return try SubprocessTarget(command: TargetCommand(["python3", adapter, mode]), configuration: configuration)
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-engine-tests-\(UUID().uuidString)")
    }
}

@Suite(.serialized) struct FuzzEngineTests {
    @Test func thePlantedBugIsFoundAndShrunkInProcess() throws {
        let engine = FuzzEngine(driver: DifferentialDriver(target: PlantedBugTarget()), configuration: .init(seed: 1, runs: 3_000))
        let summary = engine.run(corpus: [Array(try nestedURL(depth: 3, value: "a&b").utf8)])
        let finding = try #require(summary.findings.first)
        #expect(summary.findings.allSatisfy { $0.failure.rule == "differential/must/same-reserved" }, "\(summary.findings.map { $0.key + " " + ($0.failure.grade?.description ?? "") })")
        #expect(PlantedBugDriver.triggerPath(in: finding.failure.input) != nil)
        #expect(finding.failure.input.count <= finding.originalInput.count)
    }

    @Test func theSameSeedGivesTheSameFindings() throws {
        let corpus = [Array(try nestedURL(depth: 3, value: "a&b").utf8)]
        func run(_ seed: UInt64) -> [[UInt8]] {
            FuzzEngine(driver: DifferentialDriver(target: PlantedBugTarget()), configuration: .init(seed: seed, runs: 1_500))
                .run(corpus: corpus).findings.map(\.failure.input)
        }
        let findings = run(7)
        #expect(!findings.isEmpty)
        #expect(findings == run(7))
        // Past the built-in seeds, which run first as they are.
        let runs = FuzzEngine<DifferentialDriver<ReferenceTarget>>.builtInSeeds.count + 300
        let first = FuzzEngine(driver: DifferentialDriver(target: ReferenceTarget()), configuration: .init(seed: 7, runs: runs)).run()
        let second = FuzzEngine(driver: DifferentialDriver(target: ReferenceTarget()), configuration: .init(seed: 7, runs: runs)).run()
        #expect(first.corpus == second.corpus)
        let other = FuzzEngine(driver: DifferentialDriver(target: ReferenceTarget()), configuration: .init(seed: 8, runs: runs)).run()
        #expect(first.corpus != other.corpus)
    }

    @Test func theReferenceAndTheExampleAdapterFuzzClean() throws {
        let reference = FuzzEngine(driver: DifferentialDriver(target: ReferenceTarget()), configuration: .init(seed: 3, runs: 1_000)).run()
        #expect(reference.findings.isEmpty, "\(reference.findings.map(\.failure))")
        #expect(reference.executions == 1_000)
        let adapter = try SubprocessTarget(command: TargetCommand(["python3", RunnerFixtures.exampleAdapter]))
        defer { adapter.stop() }
        let summary = FuzzEngine(driver: DifferentialDriver(target: adapter), configuration: .init(seed: 3, runs: 500)).run()
        #expect(summary.findings.isEmpty, "\(summary.findings.map(\.failure))")
        #expect(summary.executions == 500)
    }

    @Test(arguments: ["crash", "hang"])
    func aCrashOrAHangIsAFindingThatDoesNotStopTheFuzzer(mode: String) throws {
        let target = try FuzzFixtures.target(mode, timeout: .milliseconds(300))
        defer { target.stop() }
        let summary = FuzzEngine(driver: DifferentialDriver(target: target), configuration: .init(seed: 1, runs: 150)).run()
        #expect(summary.executions == 150)
        let finding = try #require(summary.findings.first)
        #expect(summary.findings.count == 1, "\(summary.findings.map(\.key))")
        #expect(finding.failure.rule == "differential/must/no-error")
        #expect(String(decoding: finding.failure.input, as: UTF8.self) == "s://x-callback-url/a?k=v#f")
    }

    @Test func thePlantedFixtureIsFoundAndItsVectorFailsANormalRun() throws {
        let target = try FuzzFixtures.target("planted")
        defer { target.stop() }
        // A near miss to start from: three levels, the innermost value has '&' but no '='.
        let corpus = [Array(try nestedURL(depth: 3, value: "a&b").utf8)]
        let summary = FuzzEngine(driver: DifferentialDriver(target: target), configuration: .init(seed: 1, runs: 3_000)).run(corpus: corpus)
        let finding = try #require(summary.findings.first)
        #expect(summary.findings.allSatisfy { PlantedBugDriver.triggerPath(in: $0.failure.input) != nil })

        let directory = FuzzFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = FindingWriter(directory: directory, choices: target.declaredChoices, citationsSource: RunnerFixtures.root.appendingPathComponent("Vectors"))
        let ids = try writer.write(summary.findings)
        #expect(ids == summary.findings.map { FindingWriter.vectorID(for: $0.failure.input) })
        #expect(ids.first == FindingWriter.vectorID(for: finding.failure.input))
        // Written twice, the vector replaces itself.
        #expect(try writer.write(summary.findings) == ids)
        let suite = try VectorSuite(directory: directory)
        #expect(suite.vectors.map(\.id) == ids)

        let captured = CapturedIO()
        let arguments = ["--vectors", directory.path, "--target", "python3 \(FuzzFixtures.adapter) planted", "--no-progress"]
        #expect(ConformanceCommandLine.main(arguments: arguments, io: captured.io) == 1, "\(captured.standardOutput)")
        #expect(captured.standardOutput.contains(ids[0]))
        let clean = CapturedIO()
        let cleanArguments = ["--vectors", directory.path, "--target", "python3 \(FuzzFixtures.adapter) clean", "--no-progress"]
        #expect(ConformanceCommandLine.main(arguments: cleanArguments, io: clean.io) == 0, "\(clean.standardOutput)")
    }

    @Test func aDisagreementPrintsANULAndParametersEscapedAndUnambiguously() throws {
        struct Shifting: ConformanceTarget {
            var identity: TargetIdentity { TargetIdentity(name: "shifting", version: "0") }
            // `k` = `=v` comes back as `k=` = `v`; every value gains a NUL and a tail.
            func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
                guard case .accepted(var request) = ReferenceTarget().parse(url) else { return ReferenceTarget().parse(url) }
                request.parameters = request.parameters.map { XCallbackParameter($0.name + "=", String(($0.value ?? "").dropFirst()) + "\u{0}tail") }
                return .accepted(request)
            }
        }
        let failure = try #require(DifferentialDriver(target: Shifting()).failure(for: Array("s://x-callback-url/a?k=%3Dv".utf8)))
        let text = failure.description
        #expect(!text.utf8.contains(0))
        #expect(text.contains(#"[["k","=v"]] vs [["k=","v\u0000tail"]]"#), "\(text)")
        #expect(text.contains("target answer: accepted {"))
        #expect(text.contains("rule: same-parameters"))
    }

    @Test func aDictionaryFileIsReadWithItsEscapesAndABadLineIsNamed() throws {
        let directory = FuzzFixtures.temporaryDirectory()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("x.dict")
        try Data("# comment\nt1=\"%25\"\n\"a\\x00\\\"\"\n".utf8).write(to: file)
        #expect(try FuzzDictionary.load(file) == [Array("%25".utf8), [0x61, 0x00, 0x22]])
        try Data("t1=%25\n".utf8).write(to: file)
        #expect(throws: FuzzDictionary.LoadError.self) { try FuzzDictionary.load(file) }
        let shipped = try FuzzDictionary.load(RunnerFixtures.root.appendingPathComponent("Fuzz/xcallback.dict"))
        #expect(shipped.contains(Array("%252526".utf8)))
    }
}
