// Text a target controls (its name, version, messages, stderr tail, answers) and text from a
// known-failures file reaches the reports. Before it does, every character that could move the cursor,
// end a line, talk to the terminal or reorder the line on screen is shown as a visible escape, so no
// such text can forge a report line (a TAP `ok 1 - …`), colour or clear a terminal, or hide itself.
// Each format adds its own escaping on top (Markdown punctuation, `#` in TAP, XML entities in JUnit).

import Foundation

extension ReportText {
    /// Whether a scalar must never reach a report raw: C0 controls, DEL, C1 controls, the Unicode line
    /// and paragraph separators, and the bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// One line of text with every unsafe scalar shown as an escape: `\n`, `\r`, `\t`, else `\u{…}`.
    static func line(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// Text split on line feeds, each line made safe with `line(_:)`; a report indents every one.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line(String($0)) }
    }
}
