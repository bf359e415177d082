// Markdown for a CI job summary ($GITHUB_STEP_SUMMARY): provenance, the score table, failures as a table
// with their difference folded in <details>, and any known-failures problems.

/// Writes the Markdown report.
public enum MarkdownReport {
    /// Renders the report.
    public static func render(_ run: ConformanceRun) -> String {
        let summary = run.summary
        var out = "## x-callback-url conformance: \(cell(run.target.name)) \(cell(run.target.version))\n\n"
        out += run.isConformant ? "**PASS**" : "**FAIL**"
        out += " against suite \(run.suite.version) (manifest `\(ReportText.shortHash(run.suite.manifestSHA256))`, "
        out += "\(run.results.count) of \(run.suite.totalVectors) vectors, target kind `\(cell(run.targetKind))`).\n\n"
        out += "Declared choices: \(cell(ReportText.choices(run.declaredChoices))).\n\n"
        out += "| level | passed | failed | known | skipped | score |\n|---|---:|---:|---:|---:|---:|\n"
        for (level, name) in ReportText.levels {
            let score = summary[level]
            let percent = score.percent.map { RunSummary.Score.format($0) + "%" } ?? "–"
            out += "| \(name) | \(score.passed) | \(score.failed) | \(score.knownFailures) | \(score.skipped) | \(percent) |\n"
        }
        let failures = run.results.filter { $0.result.verdict.failureKind != nil }
        if !failures.isEmpty {
            out += "\n### Failures\n\n| id | level | operation | kind | description |\n|---|---|---|---|---|\n"
            for item in failures {
                let vector = item.result.vector
                let kind = (item.result.verdict.failureKind?.rawValue ?? "") + (item.knownFailure == nil ? "" : " (known)")
                out += "| `\(vector.id)` | \(vector.level.rawValue) | \(vector.operation.rawValue) | \(kind) | \(cell(vector.summary)) |\n"
            }
            out += "\n<details><summary>Differences</summary>\n\n"
            for item in failures {
                out += "**\(item.id)** (cite: \(ReportText.citations(item.result.vector)))\n\n```\n"
                out += item.result.detail.replacingOccurrences(of: "```", with: "'''") + "\n```\n\n"
            }
            out += "</details>\n"
        }
        let problems = run.problems.filter { $0.kind != .newFailure }
        if !problems.isEmpty {
            out += "\n### Known-failures problems\n\n"
            for problem in problems { out += "- `\(problem.id)` \(problem.kind.rawValue): \(cell(problem.message))\n" }
        }
        return out
    }

    /// Makes text safe inside a table cell: no pipes, no line breaks.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
