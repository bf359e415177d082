// The results matrix as Markdown tables: each row's profile and failing must behaviours (audited causes, else
// rule groups), rule groups and vectors first, then the scores, choice points and divergence rows, one row per
// implementation. Details stay in the HTML page.

import XCallbackConformanceCore

/// Renders matrix entries as Markdown tables.
public enum MatrixMarkdown {
    /// The tables for `entries`; `htmlName` (the HTML page's file name) is linked for details when given.
    public static func render(_ entries: [MatrixEntry], htmlName: String? = nil) -> String {
        var out = "Failing MUST leads each row: behaviours (the audited causes; without an audit, each failing rule is one) · "
        out += "rules (the rule groups of the failing vectors, from the vectors) · vectors.\n\n"
        out += "| Implementation | Profile | Language | Version | Suite (manifest) | Failing MUST | MUST | SHOULD | Impl.-defined | Hardening | Fuzz |\n"
        out += "|---|---|---|---|---|---|---|---|---|---|---|\n"
        for entry in entries {
            let cells = MatrixEntry.levels.map { level -> String in
                let score = entry.scores[level] ?? MatrixScore(passed: 0, failed: 0, skipped: 0, total: 0)
                let text = "\(score.passed)/\(score.passed + score.failed)"
                return score.failed > 0 ? "**\(text)**" : text
            }
            let headline = entry.headline(at: "must")
            out += "| \(cell(entry.name)) | \(cell(entry.profileText)) | \(cell(entry.language)) | `\(cell(entry.shortVersion))` | "
            out += "\(cell(entry.suiteVersion)) (`\(entry.manifestSHA256.prefix(7))`) | \(headline.vectors > 0 ? "**\(headline.text)**" : headline.text) | "
            out += cells.joined(separator: " | ") + " | \(fuzzCell(entry)) |\n"
        }
        out += "\nChoice points (declared; `~` observed when undeclared; `none` matched no listed outcome; ✗n failed vectors):\n\n| Implementation |"
        out += ChoicePoint.all.map { " \($0.point.rawValue) |" }.joined() + "\n|---|" + String(repeating: "---|", count: ChoicePoint.all.count) + "\n"
        for entry in entries {
            out += "| \(cell(entry.name)) |"
            for point in ChoicePoint.all {
                let behaviour = entry.behaviour(at: point.point.rawValue)
                out += " \(cell(behaviour.text))\(behaviour.failed.isEmpty ? "" : " ✗\(behaviour.failed.count)") |"
            }
            out += "\n"
        }
        out += "\nDivergence rows (✓ all passed, else failed/run):\n\n| Implementation |"
        out += MatrixDivergences.rows.map { " \($0.tag) |" }.joined() + "\n|---|" + String(repeating: "---|", count: MatrixDivergences.rows.count) + "\n"
        for entry in entries {
            out += "| \(cell(entry.name)) |"
            for row in MatrixDivergences.rows {
                guard let result = entry.tagResults[row.tag], result.run > 0 else { out += " – |"; continue }
                out += result.failed.isEmpty ? " ✓ |" : " \(result.failed.count)/\(result.run) |"
            }
            out += "\n"
        }
        out += faults(entries)
        out += causes(entries)
        out += fuzzFindings(entries)
        if let htmlName { out += "\nEvery failure with its input, expectation, answer and citation: [\(htmlName)](\(htmlName)).\n" }
        return out
    }

    /// One row per audited cause (one behaviour, one line), and the parameters each builder adds unasked.
    static func causes(_ entries: [MatrixEntry]) -> String {
        let audited = entries.filter { $0.audit != nil || !$0.extraParameters.isEmpty }
        guard !audited.isEmpty else { return "" }
        var out = "\nFailures by cause (audited at the pinned commit; one behaviour, one row; rules: the distinct rules of its vectors):\n\n"
        out += "| Implementation | cause | level | rules | vectors | source |\n|---|---|---|---|---|---|\n"
        for entry in audited {
            if !entry.extraParameters.isEmpty && entry.audit == nil {
                out += "| \(cell(entry.name)) | adds unasked: \(cell(entry.extraParameters.joined(separator: ", "))) | should | | "
                out += "the `extra-parameters` vectors | the report's extra parameters |\n"
            }
            for cause in entry.audit?.causes ?? [] {
                let report = cause.report.map { " ([report](\($0)))" } ?? ""
                out += "| \(cell(entry.name)) | \(cell(cause.id))\(report): \(cell(cause.summary)) | \(cause.level) | \(entry.rules(of: cause.vectors)) | \(cause.vectors.count) | "
                out += cause.source.map { "`\(cell($0))`" }.joined(separator: ", ") + " |\n"
            }
        }
        return out
    }

    /// The fuzz column: new findings by level and the known count, or `–` for a row that was not fuzzed.
    static func fuzzCell(_ entry: MatrixEntry) -> String {
        guard let fuzz = entry.fuzz else { return "–" }
        guard !fuzz.reachedNoDeclaredOperation else { return "nothing compared" }
        let text = fuzz.new.isEmpty && fuzz.stopped == nil ? fuzz.newText : "**\(fuzz.newText)**"
        return fuzz.known.isEmpty ? text : "\(text) · \(fuzz.known.count) known"
    }

    /// One row per fuzz finding the declared choices do not explain, with the vectors that already know it.
    static func fuzzFindings(_ entries: [MatrixEntry]) -> String {
        let fuzzed = entries.compactMap { entry in entry.fuzz.map { (entry, $0) } }
        guard !fuzzed.isEmpty else { return "" }
        var out = "\nFuzz runs (`xcallback-conformance fuzz --target`, each finding replayed as a vector; the findings the declared "
        out += "choices do not explain, new or known by the vectors the row already fails):\n\n"
        out += "| Implementation | run | rule | level | input | known by | reproduce |\n|---|---|---|---|---|---|---|\n"
        for (entry, fuzz) in fuzzed {
            let run = "\(MatrixHTML.number(fuzz.seconds)) s, seed \(fuzz.seed), \(fuzz.executions.map(String.init) ?? "?") executions"
                + (fuzz.stopped.map { ", stopped: \(cell($0))" } ?? "")
            if fuzz.unexplained.isEmpty {
                out += "| \(cell(entry.name)) | \(run) | none | | | | |\n"
            }
            for finding in fuzz.new + fuzz.known {
                let known = finding.isKnown ? (finding.knownVectors + (finding.knownCause.map { ["cause `\($0)`"] } ?? [])).joined(separator: ", ") : "**new**"
                out += "| \(cell(entry.name)) | \(run) | \(cell(finding.rule)) | \(finding.level) | \(code(finding.input)) | \(known) | \(code(finding.reproduce)) |\n"
            }
        }
        return out
    }

    /// `text` as an inline code span that survives backticks and pipes in it.
    static func code(_ text: String) -> String {
        let fence = text.contains("`") ? "``" : "`"
        return "\(fence)\(fence == "``" ? " " : "")\(cell(text))\(fence == "``" ? " " : "")\(fence)"
    }

    /// Escapes the characters that would break a table cell.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
