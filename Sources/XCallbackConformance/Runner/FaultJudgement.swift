// The run-wide step of the fault model (Vectors/README.md, "Faults"): every failure is given the fault its answer
// shows, failures are grouped into faults, and each failure is scored at its fault's level, the strictest level
// among the failures that show it. A failure counts against its vector's rule only when its fault touches one of
// the rule's fields (RunSummary).

/// Names the fault of every failure of a run and scores each failure at its fault's level.
public enum FaultJudgement {
    /// Diagnoses every failure of `results` and rescores it at its fault group's level.
    ///
    /// - Parameters:
    ///   - rules: the suite's rules, whose fields say which faults lie within a vector's rule.
    ///   - choices: the target's declared choices.
    ///   - extraParameters: the names the target's builders add unasked (declared and detected).
    public static func judge(
        _ results: inout [RunResult], rules: [String: VectorRule], choices: DeclaredChoices, extraParameters: Set<String>
    ) {
        for index in results.indices where results[index].result.verdict.failureKind != nil {
            let result = results[index].result
            let fields = rules[result.vector.rule]?.fields
            results[index].result.fault = FaultModel.diagnose(
                result, choices: choices, extraParameters: extraParameters,
                ruleFields: fields.flatMap { $0.isEmpty ? nil : $0 })
        }
        let levels = Dictionary(
            FaultGroup.groups(of: results.map(\.result)).map { ($0.key, $0.level) },
            uniquingKeysWith: min)
        for index in results.indices {
            guard let fault = results[index].result.fault, let level = levels[fault.key] else { continue }
            results[index].result.fault?.level = level
            results[index].result.level = level
        }
    }
}
