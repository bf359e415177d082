// How a fuzzing run ends early, in process: a target broken on every input is called dead after the
// configured number of breakages in a row, one broken on some inputs is not, a stop request ends the run
// at once, each finding is reported unshrunk and then shrunk, and shrinking over its budget still
// leaves a finding that is written as a valid vectors directory.

import Foundation
import Testing
import XCallbackConformance
import XCallbackFuzzEngine
import XCallbackFuzzing

/// A driver whose target "breaks" (as `DifferentialDriver` words a breakage) on the inputs `breaks` picks.
private struct BreakingDriver: FuzzDriver {
    var name: String { "breaking" }
    let kind: String
    let breaks: @Sendable ([UInt8]) -> Bool

    func failure(for input: [UInt8]) -> FuzzFailure? {
        guard breaks(input) else { return nil }
        var failure = FuzzFailure(
            rule: "differential/must/no-error", input: input,
            details: [("disagreement", "no-error [must] the target broke: \(kind) the fixture broke on purpose")])
        failure.breakage = BreakageKind(rawValue: kind)
        return failure
    }
}

/// A driver that fails on every input holding `zs` letters `z` or more, slowly, so that shrinking takes time.
private struct SlowZDriver: FuzzDriver {
    var name: String { "slow-z" }
    let delay: Duration
    var zs = 1

    func failure(for input: [UInt8]) -> FuzzFailure? {
        Thread.sleep(forTimeInterval: Double(delay.components.attoseconds) / 1e18 + Double(delay.components.seconds))
        guard input.count(where: { $0 == UInt8(ascii: "z") }) >= zs else { return nil }
        return FuzzFailure(
            rule: "differential/must/same-action", input: input, details: [("disagreement", "same-action [must] action has a z")])
    }
}

/// Findings as `onFinding` reports them, in order.
private final class Reported: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [FuzzFinding] = []
    func add(_ finding: FuzzFinding) { lock.withLock { stored.append(finding) } }
    var all: [FuzzFinding] { lock.withLock { stored } }
}

@Suite struct FuzzStopTests {
    @Test(arguments: ["crashed", "timed-out", "unreadable-answer"])
    func aTargetBrokenOnEveryInputIsDeadAfterTheLimit(kind: String) throws {
        var configuration = FuzzEngineConfiguration(seed: 1, runs: 1_000)
        configuration.maxConsecutiveBreakages = 4
        let summary = FuzzEngine(driver: BreakingDriver(kind: kind) { _ in true }, configuration: configuration).run()
        guard case .targetBroken(let dead)? = summary.stop else {
            Issue.record("the run was not stopped as dead: \(String(describing: summary.stop))")
            return
        }
        #expect(summary.executions == 4)
        #expect(dead.kinds == Array(repeating: kind, count: 4))
        #expect(dead.kindsSummary == "\(kind) ×4")
        // The one finding is kept, unshrunk: its input is not the cause when every input breaks the target.
        let finding = try #require(summary.findings.first)
        #expect(summary.findings.count == 1)
        #expect(finding.hits == 4)
        #expect(finding.failure.input == finding.originalInput)
        #expect(finding.shrinkState == .unshrunk("the target broke on every input after it"))
    }

    @Test func aTargetBrokenOnSomeInputsIsFuzzedToTheEndAndItsBreakageShrunk() throws {
        // Breaks on two calls in three about an input holding a `k` (most of the corpus's descendants): never five in a row.
        let counter = Counter()
        let driver = BreakingDriver(kind: "crashed") { input in counter.next() % 3 != 0 && input.contains(UInt8(ascii: "k")) }
        let corpus = ["app://x-callback-url/run?k=v&x-source=me", "s://x-callback-url/a?q=1#f"].map { Array($0.utf8) }
        let summary = FuzzEngine(driver: driver, configuration: .init(seed: 1, runs: 400)).run(corpus: corpus)
        #expect(summary.stop == nil)
        #expect(summary.executions == 400)
        let finding = try #require(summary.findings.first)
        #expect(finding.shrinkState != .unshrunk("the target broke on every input after it"))
        #expect(finding.failure.input.count < finding.originalInput.count)
    }

    @Test func noLimitMeansNeverDead() {
        var configuration = FuzzEngineConfiguration(seed: 1, runs: 50)
        configuration.maxConsecutiveBreakages = nil
        let summary = FuzzEngine(driver: BreakingDriver(kind: "crashed") { _ in true }, configuration: configuration).run()
        #expect(summary.stop == nil)
        #expect(summary.executions == 50)
    }

    @Test func aStopRequestEndsTheRunAndTheExecutionItCutShortDoesNotCount() {
        let counter = Counter()
        var configuration = FuzzEngineConfiguration(seed: 1, runs: 10_000)
        // Asked before and after each execution: true from the 41st question on.
        configuration.stopRequest = { counter.next() >= 40 }
        let summary = FuzzEngine(driver: BreakingDriver(kind: "crashed") { _ in false }, configuration: configuration).run()
        guard case .requested? = summary.stop else {
            Issue.record("the run was not stopped: \(String(describing: summary.stop))")
            return
        }
        #expect(summary.executions < 40)
        #expect(summary.executions > 0)
    }

    @Test func eachFindingIsReportedUnshrunkAtOnceThenShrunk() throws {
        let reported = Reported()
        var configuration = FuzzEngineConfiguration(seed: 1, runs: 20)
        configuration.onFinding = { reported.add($0) }
        let corpus = [Array("p://x-callback-url/abcdefgh?k=vvvvvvvvz".utf8)]
        let summary = FuzzEngine(driver: SlowZDriver(delay: .zero), configuration: configuration).run(corpus: corpus)
        let first = try #require(reported.all.first)
        #expect(first.failure.input == corpus[0])
        #expect(first.shrinkState == .unshrunk("shrinking has not started"))
        let second = try #require(reported.all.dropFirst().first)
        #expect(second.key == first.key)
        #expect(second.shrinkState == .shrunk)
        #expect(second.failure.input == Array("z".utf8))
        #expect(summary.findings.map(\.failure.input) == [Array("z".utf8)])
    }

    @Test func shrinkingOverItsTimeBudgetStillWritesTheFinding() throws {
        let reported = Reported()
        var configuration = FuzzEngineConfiguration(seed: 1, runs: 1)
        configuration.shrinkSeconds = 0.2
        configuration.onFinding = { reported.add($0) }
        // Every `z` is needed, so only the `a`s can go, one at a time: about 200 calls of 20 ms, where 0.2 s allows ten.
        let long = "p://x-callback-url/x?k=" + String(repeating: "az", count: 100)
        let summary = FuzzEngine(driver: SlowZDriver(delay: .milliseconds(20), zs: 100), configuration: configuration).run(corpus: [Array(long.utf8)])
        let finding = try #require(summary.findings.first)
        #expect(finding.shrinkState == .partlyShrunk("its time ran out"))
        #expect(finding.failure.input.count > 150)
        #expect(reported.all.count == 2)

        let directory = FuzzFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let writer = FindingWriter(directory: directory, choices: [:], citationsSource: RunnerFixtures.root.appendingPathComponent("Vectors"))
        // As the fuzz command does: the unshrunk finding first, then the partly shrunk one in its place.
        try writer.write([reported.all[0]])
        #expect(try VectorSuite(directory: directory).vectors.map(\.id) == [FindingWriter.vectorID(for: Array(long.utf8))])
        let ids = try writer.write([finding], replacing: [Array(long.utf8)])
        let suite = try VectorSuite(directory: directory)
        #expect(suite.vectors.map(\.id) == ids)
        #expect(ids == [FindingWriter.vectorID(for: finding.failure.input)])
        #expect(suite.unlistedFiles.isEmpty)
        #expect(suite.vectors.first?.provenance.contains("partly shrunk: its time ran out") == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names.filter { $0.hasPrefix("finding-") } == ["finding-" + ids[0]])
        #expect(!names.contains { $0.hasSuffix(".tmp") })
    }
}

/// A thread-safe counter, counting from 0.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { defer { value += 1 }; return value } }
}
