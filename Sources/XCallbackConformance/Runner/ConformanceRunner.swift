import Foundation

/// Runs selected vectors against a target and checks the results against a known-failures list.
public struct ConformanceRunner: Sendable {
    /// Which vectors to run.
    public var selection: VectorSelection
    /// The failures to excuse; every entry must still hold.
    public var knownFailures: KnownFailures

    /// Creates a runner.
    public init(selection: VectorSelection = VectorSelection(), knownFailures: KnownFailures = KnownFailures()) {
        self.selection = selection
        self.knownFailures = knownFailures
    }

    /// Runs the selected vectors of `suite` against `target`, one at a time, in suite order.
    ///
    /// - Parameters:
    ///   - targetKind: how the target was reached, for the report (`reference`, `foundation`, a command line).
    ///   - progress: called after each vector with the number done, the number selected and the result.
    /// - Returns: the run record; it always holds one result per selected vector.
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
        for vector in vectors {
            let start = clock.now
            let result = RunContext.$vectorID.withValue(vector.id) { Evaluator.run(vector, on: target) }
            let item = RunResult(result: result, durationSeconds: Self.seconds(clock.now - start))
            results.append(item)
            progress(results.count, vectors.count, item)
        }
        let behaviours = ChoiceConsistency.judge(&results)
        let problems = check(&results, suite: suite)
        var run = ConformanceRun(
            suite: SuiteProvenance(suite), target: target.identity, targetKind: targetKind,
            declaredChoices: target.declaredChoices, selection: selection, results: results, problems: problems,
            startedAt: startedAt, durationSeconds: Self.seconds(clock.now - runStart))
        run.choiceBehaviours = behaviours
        return run
    }

    /// Marks excused failures in `results` and returns the problems: new failures, different kinds,
    /// listed vectors that no longer fail, and entries that name no vector of the suite.
    public func check(_ results: inout [RunResult], suite: VectorSuite) -> [KnownFailureProblem] {
        var problems: [KnownFailureProblem] = []
        let known = Set(suite.vectors.map(\.id))
        for entry in knownFailures.entries where !known.contains(entry.id) {
            problems.append(
                KnownFailureProblem(
                    kind: .unknownVector, id: entry.id,
                    message: "the known-failures list names \(entry.id), which is not a vector of suite "
                        + "\(suite.manifest.suiteVersion); remove the entry"))
        }
        for index in results.indices {
            let id = results[index].id
            let entry = knownFailures.entry(for: id)
            switch (results[index].result.verdict.failureKind, entry) {
            case (let kind?, nil):
                problems.append(
                    KnownFailureProblem(kind: .newFailure, id: id, message: "failed (\(kind)): \(results[index].result.detail)"))
            case (let kind?, let entry?) where kind != entry.kind:
                problems.append(
                    KnownFailureProblem(
                        kind: .differentKind, id: id,
                        message: "listed as \(entry.kind) but failed as \(kind): \(results[index].result.detail)"))
            case (_?, let entry?):
                results[index].knownFailure = entry
            case (nil, let entry?):
                problems.append(
                    KnownFailureProblem(
                        kind: .nowPassing, id: id,
                        message: "listed as a known failure (\(entry.kind)) but \(results[index].result.verdict.name); "
                            + "remove the entry"))
            case (nil, nil):
                break
            }
        }
        return problems
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
