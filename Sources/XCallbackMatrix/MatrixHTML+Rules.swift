// The rule groups' part of the results page: each row's headline cell (failing must behaviours, rule groups,
// vectors), its profile cell, and the table of its failing rules in its details, so that a collapse of many rules
// into one audited cause stays visible beside the causes.

extension MatrixHTML {
    /// The summary table's cell for a row's failing must behaviours, linked to its causes or its failing rules.
    static func headlineCell(_ entry: MatrixEntry) -> String {
        let headline = entry.headline(at: "must")
        guard headline.vectors > 0 else { return "<td class=\"ok\">none</td>" }
        let target = entry.audit == nil ? "\(entry.anchor)--rules" : "\(entry.anchor)--causes"
        let title = entry.audit == nil
            ? "no audit: each failing rule counts as a behaviour"
            : "behaviours: the audited causes of must failures; rules: the vectors' own rule groups"
        // The lead (behaviours, else rules) on the first line, what stands beside it on the second.
        let parts = headline.text.components(separatedBy: " · ")
        let rest = parts.dropFirst().joined(separator: " · ")
        return "<td class=\"bad h\" title=\"\(escape(title))\"><a href=\"#\(target)\"><b>\(escape(parts[0]))</b>"
            + (rest.isEmpty ? "" : "<br><small>\(escape(rest))</small>") + "</a></td>"
    }

    /// The summary table's cell for a row's profile, one name a line.
    static func profileCell(_ entry: MatrixEntry) -> String {
        let claimed = entry.claimedRoles.map { "claimed roles: " + ($0.isEmpty ? "none" : $0.joined(separator: ", ")) } ?? "every role of its operations"
        return "<td class=\"p\" title=\"\(escape(claimed))\">\(entry.profile.isEmpty ? "–" : entry.profile.map(escape).joined(separator: "<br>"))</td>"
    }

    /// The table of a row's failing rules, must first and open, the other levels folded.
    static func rulesSection(_ entry: MatrixEntry) -> String {
        var out = ""
        for level in MatrixEntry.levels {
            let groups = entry.ruleGroups(at: level)
            guard !groups.isEmpty else { continue }
            let headline = entry.headline(at: level)
            let counts = escape("\(level) rules (\(headline.text))")
            var table = "<table class=\"m w r\"><thead><tr><th>rule</th><th>vectors</th><th>what the rule says</th></tr></thead><tbody>\n"
            for group in groups {
                let shown = group.vectors.prefix(6).map { "<a href=\"#\(failureAnchor(entry, $0))\">\(escape($0))</a>" }
                let more = group.vectors.count > 6 ? " and \(group.vectors.count - 6) more" : ""
                table += "<tr><th><code>\(escape(group.rule))</code></th><td>\(group.vectors.count): \(shown.joined(separator: ", "))\(more)</td>"
                table += "<td>\(escape(group.summary ?? "(not described by these vectors' rules.json)"))</td></tr>\n"
            }
            table += "</tbody></table>\n"
            if level == "must" {
                out += "<h4 id=\"\(entry.anchor)--rules\">Failing \(counts)</h4>\n" + table
            } else {
                out += "<details><summary>failing \(counts)</summary>\n" + table + "</details>\n"
            }
        }
        return out
    }
}
