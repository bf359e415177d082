// The results matrix as one static HTML page: no external assets, no JavaScript. A compact table
// of scores comes first, then the behaviour at every choice point and divergence row, then each
// implementation's failures inside <details>, every one under an anchor that the tables link to.

import Foundation
import XCallbackConformanceCore

/// Renders matrix entries as a self-contained HTML page.
public enum MatrixHTML {
    /// The whole page for `entries`, explaining failures with `vectors`.
    public static func render(_ entries: [MatrixEntry], vectors: MatrixVectors, title: String = "x-callback-url conformance matrix") -> String {
        var out = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>\(style)</style></head><body>
            <h1>\(escape(title))</h1>
            <p>\(entries.count) implementations, each run over the subprocess protocol or in process by
            <code>xcallback-conformance --format json</code>. Each row leads with what fails at must: the behaviours
            (the causes its audit traced to source lines; without an audit, each failing rule is one), then the rules
            the failing vectors belong to (taken from the vectors, never from an answer), then the vectors. The
            profile is what the row is certified as, from the roles it claims (a receiver recognises and decodes; a
            decoder only decodes). Scores are passed / run per level; a skipped or not-applicable vector counts for
            neither, and the Skipped column counts them, those not applicable after a + (hover a cell for its levels). Fuzz counts the findings of each row's
            fuzz run that neither its declared choices nor a vector it already fails explain (new), and those a failing
            vector already shows (known). Every red cell links to the failures behind it. <a href="#choices">Choice points</a> ·
            <a href="#divergences">Divergence rows D1–D20</a> · <a href="#details">Details</a> · <a href="#citations">Citations</a></p>

            """
        out += summaryTable(entries)
        out += choiceTable(entries)
        out += divergenceTable(entries)
        out += "<h2 id=\"details\">Details</h2>\n"
        for entry in entries { out += details(entry, vectors: vectors) }
        out += citationList(entries, vectors: vectors)
        out += "</body></html>\n"
        return out
    }

    // MARK: - Tables

    static func summaryTable(_ entries: [MatrixEntry]) -> String {
        // A manifest prefix is shown only where the rows were run on different vectors of one version.
        let manifests = Set(entries.map(\.manifestSHA256))
        var out = "<table class=\"m\"><thead><tr><th>Implementation<br><small>language</small></th>"
        out += "<th title=\"what the row is certified as, from the roles it claims\">Profile</th><th title=\"hover for the whole version or commit\">Version</th>"
        out += "<th title=\"the vectors' version the row was run on; hover for the manifest hash\">Suite</th>"
        out += "<th title=\"behaviours (audited causes) · rule groups · vectors failing at must\">Failing MUST<br><small>behaviours · rules · vectors</small></th>"
        out += "<th>MUST</th><th>SHOULD</th><th>Impl.-defined</th><th>Hardening</th><th title=\"vectors not run, mostly operations the implementation does not offer, "
        out += "and vectors not applicable (of roles it does not claim, never sent); hover for the levels\">Skipped<br><small>+ n/a</small></th>" + fuzzHeading
        out += "</tr></thead><tbody>\n"
        for entry in entries {
            out += "<tr><th><a href=\"#\(entry.anchor)\">\(escape(entry.name))</a><br><small>\(escape(entry.language))</small></th>" + profileCell(entry)
            out += "<td class=\"v\" title=\"\(escape(entry.version))\">\(escape(entry.shortVersion))</td>"
            let manifest = manifests.count > 1 ? " <small>\(escape(String(entry.manifestSHA256.prefix(7))))</small>" : ""
            out += "<td class=\"v\" title=\"manifest SHA-256 \(escape(entry.manifestSHA256))\">\(escape(entry.suiteVersion))\(manifest)</td>"
            out += headlineCell(entry)
            for level in MatrixEntry.levels {
                let score = entry.scores[level] ?? MatrixScore(passed: 0, failed: 0, skipped: 0, total: 0)
                let run = score.passed + score.failed
                let text = "\(score.passed)/\(run)"
                let title = score.skipped > 0 ? " title=\"\(score.skipped) skipped\"" : ""
                if let first = entry.failures.first(where: { $0.level == level }) {
                    out += "<td class=\"bad\"\(title)><a href=\"#\(failureAnchor(entry, first.id))\">\(text)</a></td>"
                } else {
                    out += "<td class=\"ok\"\(title)>\(text)</td>"
                }
            }
            out += skippedCell(entry) + fuzzCell(entry) + "</tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    /// The vectors an implementation skipped, all levels together, then those not applicable (`135 + 65 n/a`), with the
    /// counts per level in the title.
    static func skippedCell(_ entry: MatrixEntry) -> String {
        func counts(_ count: KeyPath<MatrixScore, Int>) -> [(String, Int)] {
            MatrixEntry.levels.compactMap { level in entry.scores[level].map { (level, $0[keyPath: count]) } }.filter { $0.1 > 0 }
        }
        let skipped = counts(\.skipped)
        let notApplicable = counts(\.notApplicable)
        let total = skipped.map(\.1).reduce(0, +)
        let inapplicable = notApplicable.map(\.1).reduce(0, +)
        guard total + inapplicable > 0 else { return "<td class=\"n\">0</td>" }
        let title = (skipped.isEmpty ? [] : ["skipped: " + skipped.map { "\($0.0) \($0.1)" }.joined(separator: ", ")])
            + (notApplicable.isEmpty ? [] : ["not applicable: " + notApplicable.map { "\($0.0) \($0.1)" }.joined(separator: ", ")])
        return "<td class=\"n\" title=\"\(escape(title.joined(separator: "; ")))\">\(total)" + (inapplicable > 0 ? " + \(inapplicable) n/a" : "") + "</td>"
    }

    static func choiceTable(_ entries: [MatrixEntry]) -> String {
        var out = "<h2 id=\"choices\">Choice points</h2>\n<p>The value each implementation declared in its hello; "
        out += "<code>~value</code> is what an undeclared implementation was consistent with; <code>none</code>: it matched no listed outcome; red: vectors of that point failed.</p>\n"
        out += "<table class=\"m w\"><thead><tr><th>Implementation</th>"
        // Long point names break after their hyphens, so nine columns fit a laptop screen.
        for point in ChoicePoint.all { out += "<th>\(breakable(point.point.rawValue))</th>" }
        out += "</tr></thead><tbody>\n"
        for entry in entries {
            out += "<tr><th><a href=\"#\(entry.anchor)\">\(escape(entry.name))</a></th>"
            for point in ChoicePoint.all {
                let behaviour = entry.behaviour(at: point.point.rawValue)
                if let first = behaviour.failed.first {
                    out += "<td class=\"bad\"><a href=\"#\(failureAnchor(entry, first))\">\(breakable(behaviour.text)) ✗\(behaviour.failed.count)</a></td>"
                } else {
                    out += "<td>\(breakable(behaviour.text))</td>"
                }
            }
            out += "</tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    static func divergenceTable(_ entries: [MatrixEntry]) -> String {
        var out = "<h2 id=\"divergences\">Divergence rows D1–D20</h2>\n<p>The vectors tagged with each row of "
        out += "<code>divergences.md</code>: ✓ all passed, otherwise failed / run (hover a heading for the row).</p>\n"
        out += "<table class=\"m d\"><thead><tr><th>Implementation</th>"
        for (tag, meaning) in MatrixDivergences.rows { out += "<th title=\"\(escape(meaning))\">\(tag)</th>" }
        out += "</tr></thead><tbody>\n"
        for entry in entries {
            out += "<tr><th><a href=\"#\(entry.anchor)\">\(escape(entry.name))</a></th>"
            for (tag, _) in MatrixDivergences.rows {
                guard let result = entry.tagResults[tag], result.run > 0 else { out += "<td>–</td>"; continue }
                if let first = result.failed.first {
                    out += "<td class=\"bad\"><a href=\"#\(failureAnchor(entry, first))\">\(result.failed.count)/\(result.run)</a></td>"
                } else {
                    out += "<td class=\"ok\">✓</td>"
                }
            }
            out += "</tr>\n"
        }
        out += "</tbody></table>\n<ul class=\"legend\">"
        for (tag, meaning) in MatrixDivergences.rows { out += "<li><b>\(tag)</b> \(escape(meaning))</li>" }
        return out + "</ul>\n"
    }

    // MARK: - Details

    static func details(_ entry: MatrixEntry, vectors: MatrixVectors) -> String {
        var out = "<section id=\"\(entry.anchor)\"><h3>\(escape(entry.name)) <small>\(escape(entry.version))</small></h3>\n<dl>"
        var facts: [(String, String)] = [("language", entry.language)]
        if let homepage = entry.homepage { facts.append(("homepage", homepage)) }
        facts += [("suite", "\(entry.suiteVersion), manifest \(entry.manifestSHA256)"), ("run", "\(entry.startedAt) with \(entry.generator)")]
        facts += entry.provenance.map { ($0.key, $0.value) }
        for (key, value) in facts { out += "<dt>\(escape(key))</dt><dd>\(escape(value))</dd>" }
        out += "</dl>\n" + auditSection(entry) + rulesSection(entry) + fuzzSection(entry)
        guard !entry.failures.isEmpty else { return out + "<p>No failures.</p></section>\n" }
        for level in MatrixEntry.levels {
            let failures = entry.failures.filter { $0.level == level }
            guard !failures.isEmpty else { continue }
            // Closed: details on demand. Browsers open a <details> when a link targets an anchor inside it.
            out += "<details><summary>\(failures.count) \(level) failures</summary>\n"
            for failure in failures { out += failureBlock(entry, failure, vectors: vectors) }
            out += "</details>\n"
        }
        return out + "</section>\n"
    }

    static func failureBlock(_ entry: MatrixEntry, _ failure: MatrixFailure, vectors: MatrixVectors) -> String {
        var out = "<div class=\"f\" id=\"\(failureAnchor(entry, failure.id))\"><b>\(escape(failure.id))</b> "
        out += "<code>\(escape(failure.kind))</code> \(escape(failure.operation)): \(escape(failure.summary))"
        if !failure.tags.isEmpty { out += " <small>[\(escape(failure.tags.joined(separator: ", ")))]</small>" }
        out += "<table class=\"kv\">"
        let input = vectors.inputs[failure.id].map(\.compactText) ?? "(not in this vectors directory)"
        out += row("input", input)
        out += row("expected", failure.expected.compactText)
        out += row("actual", failure.answer.compactText)
        // The runner's detail repeats the answer; its first 400 characters say what differs.
        out += row("detail", failure.detail.count > 400 ? "\(failure.detail.prefix(400)) …" : failure.detail)
        // Each citation is quoted once, at the end of the page; a failure links to it.
        let cites = failure.cite.map { anchor in
            vectors.citations[anchor] == nil ? escape(anchor) : "<a href=\"#cite-\(escape(anchor))\">\(escape(anchor))</a>"
        }
        out += "<tr><th>citation</th><td>\(cites.joined(separator: ", "))</td></tr>"
        return out + "</table></div>\n"
    }

    static func citationList(_ entries: [MatrixEntry], vectors: MatrixVectors) -> String {
        let cited = Set(entries.flatMap { $0.failures.flatMap(\.cite) }).filter { vectors.citations[$0] != nil }.sorted()
        var out = "<h2 id=\"citations\">Citations</h2>\n<dl class=\"c\">"
        for anchor in cited {
            out += "<dt id=\"cite-\(escape(anchor))\">\(escape(anchor))</dt><dd>\(escape(vectors.citations[anchor] ?? ""))</dd>"
        }
        return out + "</dl>\n"
    }

    static func row(_ key: String, _ value: String) -> String {
        // Long inputs (the security vectors) are cut: the report file keeps them whole.
        let shown = value.count > 1200 ? "\(value.prefix(1200)) … (\(value.count - 1200) more characters)" : value
        return "<tr><th>\(key)</th><td><pre>\(escape(shown))</pre></td></tr>"
    }

    /// The anchor of one failure of one implementation.
    static func failureAnchor(_ entry: MatrixEntry, _ id: String) -> String { "\(entry.anchor)--\(id)" }

    /// Escapes `text` and lets a narrow cell break it after a hyphen or a slash.
    static func breakable(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "-", with: "-<wbr>").replacingOccurrences(of: "/", with: "/<wbr>")
    }

    /// Escapes text for HTML element content and attribute values.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:1em 2em;max-width:1300px;color:#222}
        table.m{border-collapse:collapse;margin:.5em 0 1.5em;font-size:13px}
        table.m th,table.m td{border:1px solid #ccc;padding:2px 6px;text-align:left;white-space:nowrap}
        table.m thead th{background:#eee} table.w th,table.w td{white-space:normal;min-width:4.5em} table.d td{text-align:center;padding:2px 3px}
        td.v{font-family:monospace;font-size:12px;max-width:7.5em;overflow:hidden;text-overflow:ellipsis}
        td.p{font-size:12px;line-height:1.2} table.m tbody th{white-space:normal;min-width:12em;max-width:17em}
        .ok{background:#e6f4e6} td.n{text-align:right;color:#555}.bad{background:#fbe3e3}.bad a{color:#900}
        ul.legend{columns:2;font-size:12px;padding-left:1.2em}
        .f{border-top:1px solid #ddd;padding:4px 0} table.kv{font-size:12px;border-collapse:collapse;width:100%;table-layout:fixed}
        table.kv th{width:6em;text-align:left;vertical-align:top;color:#555;font-weight:normal}
        pre{margin:0;white-space:pre-wrap;word-break:break-all;font-size:12px}
        dl{display:grid;grid-template-columns:8em 1fr;margin:0 0 .5em;font-size:13px} dd{margin:0;word-break:break-all}
        dl.c{grid-template-columns:14em 1fr} dl.c dd{word-break:normal;margin-bottom:.3em}
        """
}
