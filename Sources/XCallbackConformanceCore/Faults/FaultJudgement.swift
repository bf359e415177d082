// The run-wide step of the fault model (Vectors/README.md, "Faults"):
//   1. every failure is given the faults its answer may show (`FaultModel.diagnoses`);
//   2. where several are equally close, the one other failures of the run show most wins;
//   2b. a refusal is put down to a feature of its input (the host's spelling, an action of several segments) unless the
//      run refuses valid inputs without any under the same category;
//   3. a refusal under another category is the fault that explains it, when the run shows one: the target lacks
//      the expected check (it accepts other inputs that check refuses) or applies its own too widely (it refuses
//      valid inputs under that category). Two right refusals of one input are never a must fault of their own;
//   4. failures are grouped by fault, and each is scored at its fault's level, the strictest among its members, but
//      no stricter than the table gives its own differences (a refusal: its vector's level; a name left undecoded:
//      should), so that one must member does not lift the others past what their own answers show.
// A failure counts against its vector's rule only when its fault touches one of the rule's fields (RunSummary).
// The runner, the test-framework summaries, the matrix (rejudging a stored report) and `fuzz` (its findings at the
// end of a run, `FuzzFaults`) all call `judge`.

/// Names the fault of every failure of a run and scores each failure at its fault's level.
public enum FaultJudgement {
    /// Diagnoses every failure of `results` and rescores it at its fault group's level.
    ///
    /// - Parameters:
    ///   - rules: the suite's rules, whose fields say which faults lie within a vector's rule.
    ///   - choices: the target's declared choices.
    ///   - extraParameters: the names the target's builders add unasked (declared and detected).
    public static func judge(
        _ results: inout [VectorResult], rules: [String: VectorRule], choices: DeclaredChoices, extraParameters: Set<String>
    ) {
        var found: [Int: [[Fault]]] = [:]
        var shown: [String: Int] = [:]
        for index in results.indices where results[index].verdict.failureKind != nil {
            let result = results[index]
            let faults = result.faultCandidates.isEmpty
                ? candidates(of: result, rules: rules, choices: choices, extraParameters: extraParameters)
                : result.faultCandidates
            found[index] = faults
            for fault in faults.joined() { shown[fault.key, default: 0] += 1 }
        }
        for (index, explanations) in found {
            func support(_ faults: [Fault]) -> Int { faults.reduce(0) { $0 + shown[$1.key, default: 0] } }
            var best = explanations.first ?? []
            for faults in explanations.dropFirst() where support(faults) > support(best) { best = faults }
            results[index].faults = best
        }
        generaliseRefusals(&results, rules: rules)
        attributeCategories(&results)
        let levels = Dictionary(
            FaultGroup.groups(of: results).map { ($0.key, $0.level) }, uniquingKeysWith: min)
        for index in results.indices where !results[index].faults.isEmpty {
            for position in results[index].faults.indices {
                let key = results[index].faults[position].key
                if let level = levels[key] {
                    let fault = results[index].faults[position]
                    results[index].faults[position].level = min(fault.level, max(level, fault.tableLevel))
                }
            }
            results[index].faults.sort { $0.level < $1.level }
            results[index].level = results[index].faults[0].level
        }
    }

    /// The faults `result` may show, given the suite's rules, the declared choices and the extra parameters.
    public static func candidates(
        of result: VectorResult, rules: [String: VectorRule], choices: DeclaredChoices, extraParameters: Set<String>
    ) -> [[Fault]] {
        FaultModel.diagnoses(result, choices: choices, extraParameters: extraParameters, ruleFields: rules[result.vector.rule]?.fields)
    }

    /// Step 2b: a refusal is put down to a feature of its input (`RefusalFeature`) only while the run refuses no valid
    /// input without one under the same category: a target that refuses plain inputs too shows one refusal fault,
    /// whatever each input holds (Middleman's receiver refuses every URL without its identifiers).
    static func generaliseRefusals(_ results: inout [VectorResult], rules: [String: VectorRule]) {
        let plain = Set(results.lazy.flatMap(\.faults).compactMap { fault -> String? in
            guard fault.transformation == .refused, let split = RefusalFeature.split(fault.qualifier), split.feature == nil
            else { return nil }
            return split.category
        })
        guard !plain.isEmpty else { return }
        for index in results.indices {
            for position in results[index].faults.indices {
                let fault = results[index].faults[position]
                guard fault.transformation == .refused, let split = RefusalFeature.split(fault.qualifier), split.feature != nil,
                    plain.contains(split.category)
                else { continue }
                let outcome = [FieldDifference(.outcome, .refused, split.category)]
                var general = fault
                general.role = FaultModel.role(of: results[index].vector, outcome)
                general.qualifier = split.category
                general.fields = [.outcome]
                general.withinRule = FaultModel.isWithinRule(general.fields, ruleFields: rules[results[index].vector.rule]?.fields)
                results[index].faults[position] = general
            }
        }
    }

    /// Step 3: a refusal under another category (`X as Y`) becomes the run's fault `accepted (X)` or `refused (Y)`
    /// of the same role, when there is one.
    static func attributeCategories(_ results: inout [VectorResult]) {
        let faults = results.flatMap(\.faults)
        for index in results.indices {
            for position in results[index].faults.indices {
                let fault = results[index].faults[position]
                guard fault.transformation == .otherCategory,
                    let parts = fault.qualifier?.components(separatedBy: " as "), parts.count == 2
                else { continue }
                // A whole-input hypothesis the run shows elsewhere that predicts this very refusal explains it; else
                // the run's `accepted (X)` or `refused (Y)` of the same role.
                let hypothesis = FaultModel.refusalHypothesis(results[index])
                let explaining = faults.first { $0.key == hypothesis?.key }
                    ?? faults.first { $0.role == fault.role && $0.transformation == .accepted && $0.qualifier == parts[0] }
                    ?? faults.first {
                        $0.role == fault.role && $0.transformation == .refused && RefusalFeature.split($0.qualifier)?.category == parts[1]
                    }
                guard var moved = explaining else { continue }
                moved.level = fault.level
                moved.tableLevel = fault.level
                moved.withinRule = fault.withinRule
                results[index].faults[position] = moved
            }
        }
    }
}
