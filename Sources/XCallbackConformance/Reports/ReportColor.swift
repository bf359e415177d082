// Colour for the text report on a terminal: the status words (FAIL, KNOWN, PASS) and the level
// headings. `--color auto` (the default) colours only a terminal, and not when `NO_COLOR` is set to a
// non-empty value (https://no-color.org) or `TERM` is `dumb`; `always` and `never` override both.

/// When the text report is coloured.
public enum ColorChoice: String, Sendable, CaseIterable {
    /// On a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    case auto
    /// Always, even into a file or a pipe.
    case always
    /// Never.
    case never

    /// Whether to colour a report written to a terminal (`isTerminal`) with `environment`.
    public func isEnabled(isTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}

/// ANSI styles for the report's own words; target text never passes through here unescaped.
struct ReportPaint {
    /// Whether to emit colour at all.
    let enabled: Bool

    /// `text` in red and bold.
    func failure(_ text: String) -> String { style("1;31", text) }
    /// `text` in green and bold.
    func success(_ text: String) -> String { style("1;32", text) }
    /// `text` in yellow.
    func warning(_ text: String) -> String { style("33", text) }
    /// `text` in bold.
    func strong(_ text: String) -> String { style("1", text) }

    private func style(_ code: String, _ text: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
