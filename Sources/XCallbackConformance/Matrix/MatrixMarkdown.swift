// The results matrix as Markdown tables: scores, choice points and divergence rows, one row per
// implementation. Details stay in the HTML page.

/// Renders matrix entries as Markdown tables.
public enum MatrixMarkdown {
    /// The tables for `entries`; `htmlName` (the HTML page's file name) is linked for details when given.
    public static func render(_ entries: [MatrixEntry], htmlName: String? = nil) -> String {
        var out = "| Implementation | Language | Version | Suite (manifest) | MUST | SHOULD | Impl.-defined | Hardening |\n"
        out += "|---|---|---|---|---|---|---|---|\n"
        for entry in entries {
            let cells = MatrixEntry.levels.map { level -> String in
                let score = entry.scores[level] ?? MatrixScore(passed: 0, failed: 0, skipped: 0, total: 0)
                let text = "\(score.passed)/\(score.passed + score.failed)"
                return score.failed > 0 ? "**\(text)**" : text
            }
            out += "| \(cell(entry.name)) | \(cell(entry.language)) | `\(cell(entry.shortVersion))` | \(cell(entry.suiteVersion)) (`\(entry.manifestSHA256.prefix(7))`) | "
            out += cells.joined(separator: " | ") + " |\n"
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
        out += causes(entries)
        if let htmlName { out += "\nEvery failure with its input, expectation, answer and citation: [\(htmlName)](\(htmlName)).\n" }
        return out
    }

    /// One row per audited cause (one behaviour, one line), and the parameters each builder adds unasked.
    static func causes(_ entries: [MatrixEntry]) -> String {
        let audited = entries.filter { $0.audit != nil || !$0.extraParameters.isEmpty }
        guard !audited.isEmpty else { return "" }
        var out = "\nFailures by cause (audited at the pinned commit; one behaviour, one row):\n\n"
        out += "| Implementation | cause | level | vectors | source |\n|---|---|---|---|---|\n"
        for entry in audited {
            if !entry.extraParameters.isEmpty && entry.audit == nil {
                out += "| \(cell(entry.name)) | adds unasked: \(cell(entry.extraParameters.joined(separator: ", "))) | should | "
                out += "the `extra-parameters` vectors | the report's extra parameters |\n"
            }
            for cause in entry.audit?.causes ?? [] {
                out += "| \(cell(entry.name)) | \(cell(cause.id)): \(cell(cause.summary)) | \(cause.level) | \(cause.vectors.count) | "
                out += cause.source.map { "`\(cell($0))`" }.joined(separator: ", ") + " |\n"
            }
        }
        return out
    }

    /// Escapes the characters that would break a table cell.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
