// Markdown for a CI job summary ($GITHUB_STEP_SUMMARY): provenance, the score line (failing rules first), the
// certified profile, the score table, then what needs attention first: the failing rules by level, the
// known-failures problems, then the failures by level (must, should, implementation-defined; unexpected before
// known), with their difference folded in <details>. Text a target or a known-failures file controls is escaped:
// no Markdown, HTML or line break of its own reaches the page, so a target's name cannot become a heading, a link
// or an image.

/// Writes the Markdown report.
public enum MarkdownReport {
    /// Renders the report.
    public static func render(_ run: ConformanceRun) -> String {
        let summary = run.summary
        var out = "## x-callback-url conformance: \(cell(run.target.name)) \(cell(run.target.version))\n\n"
        out += run.isConformant ? "**PASS**" : "**FAIL**"
        out += " against suite \(cell(run.suite.version)) (manifest `\(ReportText.shortHash(run.suite.manifestSHA256))`, "
        out += "\(run.results.count) of \(run.suite.totalVectors) vectors, target kind \(cell(run.targetKind))).\n\n"
        out += "Score: \(ReportText.scoreLine(run)).\n\n"
        if !run.roles.isEmpty { out += "Certified profile: **\(run.profileText)** \(cell(ReportText.roleDetails(run))).\n\n" }
        out += "Declared choices: \(cell(ReportText.choices(run.declaredChoices))).\n\n"
        if let extras = ReportText.extraParameters(run) { out += "Extra parameters: \(cell(extras)).\n\n" }
        out += "| level | faults | failing rules | passed | failed | known | skipped | not applicable | score |\n"
        out += "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for (level, name) in ReportText.levels {
            let score = summary[level]
            let percent = score.percent.map { RunSummary.Score.format($0) + "%" } ?? "–"
            out += "| \(name) | \(score.failingFaults.count) | \(score.failingRules.count) | \(score.passed) | \(score.failed) | \(score.knownFailures) | "
            out += "\(score.skipped) | \(score.notApplicable) | \(percent) |\n"
        }
        let faults = ReportText.levels.flatMap { level, _ in summary[level].failingFaults }
        if !faults.isEmpty {
            out += "\n### Faults\n\n| level | role | fault | vectors | example | cite |\n|---|---|---|---:|---|---|\n"
            for fault in faults {
                let what = "\(fault.transformation)" + (fault.qualifier.map { " (\($0))" } ?? "") + ": "
                    + fault.fields.map(\.rawValue).joined(separator: ", ")
                out += "| \(fault.level.rawValue) | \(fault.roleText) | \(cell(what)) | \(fault.vectors.count) | `\(fault.example)` | "
                    + "\(cell(fault.citations.joined(separator: ", "))) |\n"
            }
        }
        let failingRules = ReportText.levels.flatMap { level, name in summary[level].failingRules.map { (name, $0) } }
        if !failingRules.isEmpty {
            out += "\n### Failing rules\n\n| level | rule | vectors | what the rule says |\n|---|---|---:|---|\n"
            for (name, rule) in failingRules {
                out += "| \(name) | `\(rule.rule)` | \(rule.vectors.count) | \(cell(rule.summary ?? "")) |\n"
            }
        }
        let problems = run.problems.filter { $0.kind != .newFailure }
        if !problems.isEmpty {
            out += "\n### Known-failures problems\n\n"
            for problem in problems { out += "- \(cell(problem.id)) \(problem.kind.rawValue): \(cell(ReportText.capped(problem.message)))\n" }
        }
        let failures = ordered(run.results.filter { $0.result.verdict.failureKind != nil })
        if !failures.isEmpty {
            out += "\n### Failures\n\n| id | level | operation | kind | description |\n|---|---|---|---|---|\n"
            for item in failures {
                let vector = item.result.vector
                let kind = (item.result.verdict.failureKind?.rawValue ?? "") + (item.knownFailure == nil ? "" : " (known)")
                out += "| `\(vector.id)` | \(vector.level.rawValue) | \(vector.operation.rawValue) | \(kind) | \(cell(vector.summary)) |\n"
            }
            out += "\n<details><summary>Differences</summary>\n\n"
            for item in failures {
                out += "**\(item.id)** (cite: \(cell(ReportText.citations(item.result.vector))))\n\n```text\n"
                for line in ReportText.lines(ReportText.capped(item.result.detail)) {
                    out += line.replacingOccurrences(of: "`", with: "'") + "\n"
                }
                out += "```\n\n"
            }
            out += "</details>\n"
        }
        return out
    }

    /// Failures by level (must first), unexpected before known within a level, file order otherwise.
    static func ordered(_ items: [RunResult]) -> [RunResult] {
        let rank: [Level: Int] = [.must: 0, .should: 1, .implementationDefined: 2]
        return items.enumerated().sorted { left, right in
            let a = (rank[left.element.result.vector.level] ?? 3, left.element.knownFailure == nil ? 0 : 1, left.offset)
            let b = (rank[right.element.result.vector.level] ?? 3, right.element.knownFailure == nil ? 0 : 1, right.offset)
            return a < b
        }.map(\.element)
    }

    /// Makes text inert inside a table cell or heading: one safe line, HTML characters as entities,
    /// Markdown punctuation backslash-escaped.
    static func cell(_ text: String) -> String {
        var out = ""
        for character in ReportText.line(text) {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "(", ")", "!", "|", "#", "~":
                out += "\\" + String(character)
            default: out.append(character)
            }
        }
        return out
    }
}
