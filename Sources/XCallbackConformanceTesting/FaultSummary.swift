import XCallbackConformance

// The summary a test run ends with (Vectors/README.md, "Faults"): not 115 issues each printed in full, but how many
// faults there are at each level and which behaviour each is, with its shortest example.

/// The faults of a run by level, in the words a test framework records once at the end.
public struct FaultSummary: Sendable {
    /// The faults of each level, the strictest level first, each led by the fault with the most vectors.
    public var faults: [(level: Level, faults: [FaultGroup])]

    /// The faults of `run`'s unexcused failures.
    public init(_ run: ConformanceRun) {
        let summary = run.summary
        faults = Level.allCases.map { ($0, summary[$0].failingFaults) }.filter { !$0.faults.isEmpty }
    }

    /// Runs every vector of the bundled suite that applies to `target`, and sums up its faults.
    ///
    /// - Throws: a `VectorLoadError` when the bundled suite cannot be loaded.
    public init(of target: some ConformanceTarget, knownFailures: KnownFailures = KnownFailures()) throws(VectorLoadError) {
        self.init(ConformanceRunner(knownFailures: knownFailures).run(try VectorSuite.bundled(), against: target))
    }

    /// The faults of results judged one by one (XCTest's loop), named and scored as a run names them.
    public init(_ results: [RunResult], rules: [String: VectorRule], target: some ConformanceTarget) {
        var judged = results
        FaultJudgement.judge(
            &judged, rules: rules, choices: target.declaredChoices, extraParameters: Set(target.extraParameters))
        let summary = RunSummary(judged, rules: rules)
        faults = Level.allCases.map { ($0, summary[$0].failingFaults) }.filter { !$0.faults.isEmpty }
    }

    /// Whether any unexcused fault shows, at any level.
    public var isEmpty: Bool { faults.isEmpty }

    /// `faults by level: must 1, should 2`, then one line per fault with its vectors and its shortest example.
    public var text: String {
        guard !faults.isEmpty else { return "faults by level: none" }
        var out = "faults by level: " + faults.map { "\($0.level.rawValue) \($0.faults.count)" }.joined(separator: ", ") + "\n"
        for (_, groups) in faults {
            for group in groups {
                out += "  \(group.title) (\(group.vectors.count) vector\(group.vectors.count == 1 ? "" : "s"), "
                    + "e.g. \(group.example); cite: \(group.citations.joined(separator: ", ")))\n"
            }
        }
        return out
    }
}
