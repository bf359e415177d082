// The audit's part of the results page: each implementation's failures grouped by cause, one line a cause
// with the number of rules it gathers and the source lines that make it, and the documented behaviours with
// the vectors that show them.

extension MatrixHTML {
    /// The audit section of an implementation's details, or nothing when it has no audit.
    static func auditSection(_ entry: MatrixEntry) -> String {
        var out = ""
        // An audit names the extra parameters as one of its causes, with the line that adds them.
        if !entry.extraParameters.isEmpty && entry.audit == nil {
            out += "<p><b>Adds unasked</b> to what it builds: \(escape(entry.extraParameters.joined(separator: ", "))). "
            out += "One behaviour, judged once by the <code>extra-parameters</code> vectors; set aside in the others.</p>\n"
        }
        guard let audit = entry.audit else { return out }
        out += "<h4 id=\"\(entry.anchor)--causes\">Failures by cause</h4>\n<p>\(escape(audit.entryPoints))</p>\n"
        out += "<table class=\"m w\"><thead><tr><th>cause</th><th>level</th><th title=\"the distinct rules of the vectors the cause fails: "
        out += "one cause over many rules is one behaviour that fails them all\">rules</th><th>vectors</th><th>source at the pinned commit</th>"
        out += "<th>what the code does</th></tr></thead><tbody>\n"
        for cause in audit.causes {
            let failed = Set(entry.failures.map(\.id))
            let shown = cause.vectors.prefix(6).map { id in
                failed.contains(id) ? "<a href=\"#\(failureAnchor(entry, id))\">\(escape(id))</a>" : escape(id)
            }
            let more = cause.vectors.count > 6 ? " and \(cause.vectors.count - 6) more" : ""
            let sources = cause.source.map { source in
                audit.link(source).map { "<a href=\"\(escape($0))\"><code>\(escape(source))</code></a>" } ?? "<code>\(escape(source))</code>"
            }
            let report = cause.report.map { "<br><a href=\"\(escape($0))\">upstream report</a>" } ?? ""
            out += "<tr><th>\(escape(cause.id))\(report)</th><td>\(escape(cause.level))</td><td>\(entry.rules(of: cause.vectors))</td>"
            out += "<td>\(cause.vectors.count): \(shown.joined(separator: ", "))\(more)</td>"
            out += "<td>\(sources.joined(separator: "<br>"))</td><td>\(escape(cause.summary))</td></tr>\n"
        }
        out += "</tbody></table>\n"
        guard !audit.behaviours.isEmpty else { return out }
        out += "<details><summary>\(audit.behaviours.count) documented behaviours and the vectors that show them</summary>\n<ul>"
        for behaviour in audit.behaviours {
            let evidence = behaviour.vectors.isEmpty
                ? "no URL vector: " + escape(behaviour.noVector ?? "proposed, not yet in the suite")
                : escape(behaviour.vectors.joined(separator: ", "))
            out += "<li><b>\(escape(behaviour.row))</b> \(escape(behaviour.behaviour)): \(evidence)</li>"
        }
        return out + "</ul></details>\n"
    }
}
