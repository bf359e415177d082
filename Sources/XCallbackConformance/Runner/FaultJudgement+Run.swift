// The fault model's run-wide step (`FaultJudgement`) over a run's results, known failures and all.

extension FaultJudgement {
    /// Diagnoses every failure of `results` and rescores it at its fault's level (`judge` on the vector results).
    public static func judge(
        _ results: inout [RunResult], rules: [String: VectorRule], choices: DeclaredChoices, extraParameters: Set<String>
    ) {
        var judged = results.map(\.result)
        judge(&judged, rules: rules, choices: choices, extraParameters: extraParameters)
        for index in results.indices { results[index].result = judged[index] }
    }
}
