// The faults of a fuzz run: its findings judged together, as the runner judges the failures of a run
// (`FaultJudgement`, Vectors/README.md "Faults"). A finding is named alone the moment it is found; at the end of the
// run, the explanation the other findings show wins, refusals are put down to a feature only while no plain input is
// refused, and another refusal category is the run's refusal or acceptance fault. One bug, one fault.

import XCallbackConformanceCore
import XCallbackFuzzing

/// Names the faults of a fuzz run's findings with the run-wide judgement the runner uses.
public enum FuzzFaults {
    /// Judges `findings` together: each finding's faults (and its `fault` detail) become the judged ones, and the
    /// faults are returned strictest first, each listing the findings that show it by `id`.
    public static func judge(_ findings: inout [FuzzFinding], id: (FuzzFinding) -> String) -> [FaultGroup] {
        var indices: [Int] = []
        var results: [VectorResult] = []
        for (index, finding) in findings.enumerated() {
            guard var result = finding.failure.judged, !finding.failure.faults.isEmpty else { continue }
            result.vector.id = id(finding)
            result.faultCandidates = [finding.failure.faults] + finding.failure.faultAlternatives
            indices.append(index)
            results.append(result)
        }
        // The explanations are already given, so the judgement needs no rules, choices or extra parameters: every
        // fault lies within the rule of a finding, whose rule is the disagreement itself.
        FaultJudgement.judge(&results, rules: [:], choices: [:], extraParameters: [])
        for (index, result) in zip(indices, results) where !result.faults.isEmpty {
            findings[index].failure.faults = result.faults
            findings[index].failure.faultAlternatives = []
            let line = result.faults.map(\.line).joined(separator: "; ")
            if let position = findings[index].failure.details.firstIndex(where: { $0.label == "fault" }) {
                findings[index].failure.details[position].text = line
            }
        }
        return FaultGroup.groups(of: results)
    }
}
