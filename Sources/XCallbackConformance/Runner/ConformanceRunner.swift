import Foundation

/// Runs selected vectors against a target and checks the results against a known-failures list.
public struct ConformanceRunner: Sendable {
    /// Which vectors to run.
    public var selection: VectorSelection
    /// The failures to excuse; every entry must still hold.
    public var knownFailures: KnownFailures
    /// When the run gives up early.
    public var limits: RunLimits
    /// Asked before each vector; a non-`nil` answer (such as `interrupted by SIGINT`) stops the run there.
    public var stopRequest: @Sendable () -> String?

    /// Creates a runner.
    public init(
        selection: VectorSelection = VectorSelection(), knownFailures: KnownFailures = KnownFailures(),
        limits: RunLimits = RunLimits(), stopRequest: @escaping @Sendable () -> String? = { nil }
    ) {
        self.selection = selection
        self.knownFailures = knownFailures
        self.limits = limits
        self.stopRequest = stopRequest
    }

    /// Runs the selected vectors of `suite` against `target`, one at a time, in suite order.
    ///
    /// The run stops early when `stopRequest` answers, when the run deadline passes, or after
    /// `limits.maxConsecutiveTimeouts` timeouts in a row; the vectors left are reported as not run.
    ///
    /// - Parameters:
    ///   - targetKind: how the target was reached, for the report (`reference`, `foundation`, a command line).
    ///   - progress: called after each vector with the number done, the number selected and the result.
    /// - Returns: the run record: one result per vector that ran, and the vectors that did not.
    public func run(
        _ suite: VectorSuite, against target: some ConformanceTarget, targetKind: String = "in-process",
        progress: (_ done: Int, _ total: Int, _ result: RunResult) -> Void = { _, _, _ in }
    ) -> ConformanceRun {
        let startedAt = Date()
        let clock = ContinuousClock()
        let runStart = clock.now
        let vectors = selection.apply(to: suite.vectors)
        var results: [RunResult] = []
        results.reserveCapacity(vectors.count)
        var stopReason: String?
        var timeoutsInARow = 0
        var extraParameters = ExtraParameterDetection(declared: target.extraParameters, choices: target.declaredChoices)
        for vector in vectors {
            if let reason = stopRequest() {
                stopReason = reason
                break
            }
            if let deadline = limits.runDeadline, clock.now - runStart >= deadline {
                stopReason = "the run deadline of \(Self.seconds(deadline)) s passed"
                break
            }
            if let limit = limits.maxConsecutiveTimeouts, timeoutsInARow >= limit {
                stopReason = "gave up on the target after \(limit) timeouts in a row"
                break
            }
            guard target.claims(vector.role) else {
                let item = RunResult(result: .notApplicable(vector), durationSeconds: 0)  // never sent
                results.append(item)
                progress(results.count, vectors.count, item)
                continue
            }
            let start = clock.now
            var result = RunContext.$vectorID.withValue(vector.id) { Evaluator.run(vector, on: target) }
            let elapsed = clock.now - start
            if result.verdict.failureKind != nil {  // before a large answer is cut to a digest
                result.faultCandidates = FaultJudgement.candidates(
                    of: result, rules: suite.rules, choices: target.declaredChoices,
                    extraParameters: Set(target.extraParameters))
            }
            let item = RunResult(result: result.bounded(), durationSeconds: Self.seconds(elapsed))
            if let reason = stopRequest() {
                stopReason = reason  // the vector in flight when the stop came is reported not run
                break
            }
            timeoutsInARow = result.verdict.failureKind == .timedOut ? timeoutsInARow + 1 : 0
            extraParameters.observe(result, at: results.count)
            results.append(item)
            progress(results.count, vectors.count, item)
        }
        if let reporter = target as? any LateBreakageReporting {
            Self.apply(reporter.takeLateBreakages(), to: &results)
        }
        let extras = extraParameters.judge(&results)
        let behaviours = ChoiceConsistency.judge(&results)
        for index in results.indices where extras.rejudged.contains(results[index].id) {
            results[index].result.faultCandidates = []
        }
        FaultJudgement.judge(
            &results, rules: suite.rules, choices: target.declaredChoices,
            extraParameters: Set(extras.declared + extras.detected))
        let declared = Self.declaredOperations(of: target)
        var problems = check(&results, suite: suite, declared: declared)
        let coverage = Self.coverage(of: results, declared: declared)
        if let problem = Self.nothingCertifiedProblem(coverage) { problems.append(problem) }
        for message in target.declaredChoices.problems {
            problems.append(KnownFailureProblem(kind: .invalidChoice, id: "run", message: message))
        }
        if let problem = Self.roleClaimProblem(target.roles) { problems.append(problem) }
        let notRun = Array(vectors[results.count...])
        if let stopReason {
            problems.append(
                KnownFailureProblem(
                    kind: .incomplete, id: "run",
                    message: "the run is incomplete: \(stopReason); \(notRun.count) of \(vectors.count) vectors were not run"))
        }
        var run = ConformanceRun(
            suite: SuiteProvenance(suite), target: target.identity, targetKind: targetKind,
            declaredChoices: target.declaredChoices, selection: selection, results: results, problems: problems,
            startedAt: startedAt, durationSeconds: Self.seconds(clock.now - runStart), operations: coverage,
            notRun: notRun, stopReason: stopReason)
        run.choiceBehaviours = behaviours
        run.extraParameters = extras
        run.claimedRoles = target.roles
        run.roles = Self.roleCoverage(of: results, operations: coverage)
        run.rules = suite.rules
        return run
    }

    /// Marks excused failures and skips in `results` and returns the problems: new failures, different kinds,
    /// listed vectors that no longer fail, entries that name no vector of the suite or one not applicable, and skipped
    /// must vectors of a declared operation (`declared`: the target's declaration, or `nil` for the operations it answered).
    public func check(_ results: inout [RunResult], suite: VectorSuite, declared: Set<Operation>? = nil)
        -> [KnownFailureProblem]
    {
        var problems: [KnownFailureProblem] = []
        let known = Set(suite.vectors.map(\.id))
        for entry in knownFailures.entries where !known.contains(entry.id) {
            problems.append(
                KnownFailureProblem(
                    kind: .unknownVector, id: entry.id,
                    message: "the known-failures list names \(entry.id), which is not a vector of suite "
                        + "\(suite.manifest.suiteVersion); remove the entry"))
        }
        let implemented = Self.declaredOperations(declared, results: results)
        for index in results.indices {
            let item = results[index]
            let id = item.id
            let entry = knownFailures.entry(for: id)
            if item.result.verdict == .notApplicable {
                if let entry { problems.append(Self.notApplicableProblem(entry, item.result.vector)) }
                continue
            }
            let skipped = item.result.verdict.name == "skipped"
            switch (item.result.verdict.failureKind, entry) {
            case (let kind?, nil):
                problems.append(KnownFailureProblem(kind: .newFailure, id: id, message: "failed (\(kind)): \(item.result.detail)"))
            case (let kind?, let entry?) where kind != entry.kind:
                problems.append(
                    KnownFailureProblem(
                        kind: .differentKind, id: id, message: "listed as \(entry.kind) but failed as \(kind): \(item.result.detail)"))
            case (_?, let entry?):
                results[index].knownFailure = entry
            case (nil, let entry?) where skipped && entry.kind == KnownFailures.skippedKind:
                results[index].knownFailure = entry
            case (nil, let entry?):
                problems.append(
                    KnownFailureProblem(
                        kind: .nowPassing, id: id,
                        message: "listed as a known failure (\(entry.kind)) but \(item.result.verdict.name); remove the entry"))
            case (nil, nil):
                if let problem = Self.skipProblem(item, declared: implemented) { problems.append(problem) }
            }
        }
        return problems
    }

    /// Fails the vectors named in `breakages` (found after their result was recorded) with their breakage.
    static func apply(_ breakages: [String: TargetBreakage], to results: inout [RunResult]) {
        guard !breakages.isEmpty else { return }
        for index in results.indices {
            guard let breakage = breakages[results[index].id] else { continue }
            results[index].result.verdict = .failed(FailureKind(rawValue: breakage.kind.rawValue))
            results[index].result.answer = .broken(breakage)
            results[index].result.detail = "the target broke (\(breakage.kind.rawValue)): \(breakage.detail)"
            results[index].result.matched = nil
        }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// When a run gives up before its end; the vectors left are reported as not run and the run fails.
public struct RunLimits: Hashable, Sendable {
    /// The longest a whole run may take; 30 minutes by default, `nil` for no limit.
    public var runDeadline: Duration? = .seconds(1800)
    /// After this many timeouts in a row the target is given up on; 5 by default, `nil` for no limit.
    public var maxConsecutiveTimeouts: Int? = 5

    /// Creates the default limits.
    public init() {}
}
