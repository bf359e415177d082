import Foundation
import Testing
import XCallbackConformance

/// Each way a protocol target can break, proven with `Fixtures/misbehaving_target.py`: the broken vector
/// fails with the right kind and detail, every other vector still gets a real answer, and no result is lost.
@Suite(.serialized) struct SubprocessFailureModeTests {
    let suite: VectorSuite

    init() throws { suite = try RunnerFixtures.miniSuite() }

    func run(_ mode: String, victim: String? = nil, configuration: SubprocessConfiguration = RunnerFixtures.quickConfiguration())
        throws -> (ConformanceRun, SubprocessTarget)
    {
        let target = try SubprocessTarget(
            command: TargetCommand(["python3", RunnerFixtures.misbehaving, mode] + (victim.map { [$0] } ?? [])),
            configuration: configuration)
        let run = ConformanceRunner().run(suite, against: target, targetKind: "fixture")
        target.stop()
        return (run, target)
    }

    /// Checks that `victim` failed as `kind` with `detail` and that every other vector was answered (skipped) by a live process.
    func expectOnlyVictimBroke(_ run: ConformanceRun, victim: String, kind: FailureKind, detail: String) {
        #expect(run.results.map(\.id) == RunnerFixtures.miniIDs)
        for item in run.results {
            if item.id == victim {
                #expect(item.result.verdict == .failed(kind))
                #expect(item.result.detail.contains(detail), "\(item.result.detail)")
            } else {
                #expect(item.result.verdict.name == "skipped", "\(item.id): \(item.result.detail)")
            }
        }
        #expect(!run.isConformant)
    }

    @Test func aPoliteFixtureAnswersEveryVector() throws {
        let (run, target) = try run("polite")
        #expect(run.results.allSatisfy { $0.result.verdict.name == "skipped" })
        #expect(target.identity.name == "fixture-polite")
        #expect(target.statistics.launches == 1)
        #expect(target.statistics.requests == 9)
    }

    @Test func aCrashOnOneVectorFailsItAsCrashedWithTheStderrTailAndRestarts() throws {
        let (run, target) = try run("crash-on", victim: "XCU-2AAC")
        expectOnlyVictimBroke(run, victim: "XCU-2AAC", kind: .crashed, detail: "exited with status 1")
        let detail = run.results[2].result.detail
        #expect(detail.contains("fixture: crashing on XCU-2AAC"))
        #expect(target.statistics.launches == 2)
    }

    @Test func aHangFailsAsTimedOutAndRestarts() throws {
        var configuration = RunnerFixtures.quickConfiguration()
        configuration.timeout = .seconds(1)
        let (run, target) = try run("hang-on", victim: "XCU-2AAB", configuration: configuration)
        expectOnlyVictimBroke(run, victim: "XCU-2AAB", kind: .timedOut, detail: "no answer within 1.0 s")
        #expect(target.statistics.launches == 2)
    }

    /// A megabyte request gets a second per MiB on top of the timeout: a slow machine is not a hung target.
    @Test func theTimeAllowedGrowsWithTheRequest() throws {
        var configuration = RunnerFixtures.quickConfiguration()
        configuration.timeout = .milliseconds(300)
        let target = try SubprocessTarget(
            command: TargetCommand(["python3", RunnerFixtures.misbehaving, "slow-by-size"]), configuration: configuration)
        defer { target.stop() }
        // 2 MiB: the fixture takes about 1 s, the runner allows 0.3 s + 2 s.
        let answer = target.parse("app://x-callback-url/open?v=" + String(repeating: "a", count: 2 << 20))
        if case .broken(let breakage) = answer { Issue.record("the slow target was failed: \(breakage.detail)") }
        #expect(target.statistics.launches == 1)
    }

    @Test func garbageFailsAsUnreadable() throws {
        let (run, _) = try run("garbage-on", victim: "XCU-2AAD")
        expectOnlyVictimBroke(run, victim: "XCU-2AAD", kind: .unreadableAnswer, detail: #""this is not JSON {""#)
    }

    @Test func aWrongSequenceNumberFailsAsUnreadable() throws {
        let (run, _) = try run("wrong-seq-on", victim: "XCU-2AAE")
        expectOnlyVictimBroke(run, victim: "XCU-2AAE", kind: .unreadableAnswer, detail: "seq is 105, the request's was 5")
    }

    @Test func megabytesOnStdoutAreCutOffAtTheLimit() throws {
        let (run, _) = try run("flood-on", victim: "XCU-2AAF")
        expectOnlyVictimBroke(run, victim: "XCU-2AAF", kind: .unreadableAnswer, detail: "grew past 1048576 bytes")
    }

    @Test func closingStdoutEarlyFailsAsCrashedEvenWhileTheProcessLives() throws {
        let (run, _) = try run("close-stdout-on", victim: "XCU-2AAG")
        expectOnlyVictimBroke(run, victim: "XCU-2AAG", kind: .crashed, detail: "closed its stdout")
    }

    @Test func writingToAClosedStdinIsABrokenPipeNotTheRunnersDeath() throws {
        let (run, target) = try run("close-stdin-on", victim: "XCU-2AAB")
        #expect(run.results.map(\.id) == RunnerFixtures.miniIDs)
        #expect(run.results[1].result.verdict.name == "skipped")
        #expect(run.results[2].result.verdict == .failed(.crashed))
        #expect(run.results[2].result.detail.contains("closed its stdin before reading the request"))
        #expect(run.results[3...].allSatisfy { $0.result.verdict.name == "skipped" })
        #expect(target.statistics.launches == 2)
    }

    @Test func aCrashAtStartFailsEveryVectorAndStopsRestartingAfterThreeTries() throws {
        let (run, target) = try run("crash-at-start")
        #expect(target.startupProblem?.kind == .crashed)
        #expect(target.startupProblem?.detail.contains("fixture: crashing before the handshake") == true)
        #expect(target.identity.name == "misbehaving_target.py")
        #expect(run.results.count == 9)
        #expect(run.results.allSatisfy { $0.result.verdict == .failed(.crashed) })
        #expect(run.results[0].result.detail.contains("exited with status 3"))
        #expect(run.results[8].result.detail.contains("not restarted: the target failed to start 3 times in a row"))
        #expect(target.statistics.launches == 3)
    }

    @Test func aHandshakeThatNeverFinishesTimesOut() throws {
        var configuration = RunnerFixtures.quickConfiguration()
        configuration.handshakeTimeout = .milliseconds(300)
        let (run, target) = try run("no-handshake", configuration: configuration)
        #expect(target.startupProblem?.kind == .timedOut)
        #expect(target.startupProblem?.detail.contains("the handshake failed: no answer within 0.3 s") == true)
        #expect(run.results.count == 9)
        #expect(run.results.allSatisfy { $0.result.verdict.failureKind != nil })
    }

    @Test func anotherProtocolVersionFailsTheHandshake() throws {
        let (run, target) = try run("wrong-protocol")
        #expect(target.startupProblem?.kind == .unreadableAnswer)
        #expect(target.startupProblem?.detail.contains("$.protocol") == true)
        #expect(run.results.allSatisfy { $0.result.verdict.failureKind != nil })
    }

    @Test func aTargetKilledByASignalIsDescribedInWords() throws {
        let (run, _) = try run("sigkill-on", victim: "XCU-2AAC")
        expectOnlyVictimBroke(run, victim: "XCU-2AAC", kind: .crashed, detail: "the target was killed by signal 9 (SIGKILL) before answering")
    }

    @Test func aSeqTooLargeForANumberIsDescribedInWords() throws {
        let (run, _) = try run("huge-seq-on", victim: "XCU-2AAD")
        expectOnlyVictimBroke(
            run, victim: "XCU-2AAD", kind: .unreadableAnswer, detail: "the answer's seq is a number too large to be a seq, the request's was 4")
    }

    @Test func aMissingProgramIsAnErrorBeforeTheRun() {
        #expect(throws: TargetCommandError.self) {
            try SubprocessTarget(commandLine: "no-such-program-xcu --flag")
        }
    }
}
