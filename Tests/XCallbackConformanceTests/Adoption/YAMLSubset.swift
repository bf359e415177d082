import Foundation

/// A value of the YAML subset `.ci/action.yml` is written in: block mappings, block sequences, and plain, quoted or
/// literal (`|`) scalars; no flow collections, anchors or inline comments.
indirect enum YAMLValue {
    /// A string scalar.
    case scalar(String)
    /// A block mapping, in file order.
    case mapping([(key: String, value: YAMLValue)])
    /// A block sequence.
    case sequence([YAMLValue])

    /// The value under `key` of a mapping.
    subscript(key: String) -> YAMLValue? {
        guard case .mapping(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The scalar's string.
    var string: String? {
        guard case .scalar(let text) = self else { return nil }
        return text
    }

    /// A mapping's pairs, in file order (empty for other values).
    var pairs: [(key: String, value: YAMLValue)] {
        guard case .mapping(let pairs) = self else { return [] }
        return pairs
    }

    /// A sequence's items (empty for other values).
    var items: [YAMLValue] {
        guard case .sequence(let items) = self else { return [] }
        return items
    }

    /// Parses `text`; an error names the line it could not read.
    static func parse(_ text: String) throws -> YAMLValue {
        var parser = YAMLSubsetParser(lines: text.components(separatedBy: "\n"))
        guard let first = parser.nextContentLine() else { return .mapping([]) }
        let value = try parser.block(indent: first.indent)
        if let extra = parser.nextContentLine() { throw YAMLSubsetError(line: extra.number, "unexpected indentation") }
        return value
    }
}

/// A line of `.ci/action.yml` the subset parser could not read.
struct YAMLSubsetError: Error, CustomStringConvertible {
    /// The line's number, from 1.
    var line: Int
    /// What was wrong.
    var message: String

    init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    var description: String { "action.yml:\(line): \(message)" }
}

/// Reads block structure by indentation.
private struct YAMLSubsetParser {
    var lines: [String]
    var index = 0

    /// Skips blank and comment lines; returns the next line's indentation and number without consuming it.
    mutating func nextContentLine() -> (indent: Int, number: Int)? {
        while index < lines.count {
            let trimmed = lines[index].drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") {
                index += 1
                continue
            }
            return (lines[index].count - trimmed.count, index + 1)
        }
        return nil
    }

    /// The mapping or sequence whose lines start at `indent`.
    mutating func block(indent: Int) throws -> YAMLValue {
        guard nextContentLine() != nil else { return .scalar("") }
        let text = lines[index].dropFirst(indent)
        return text == "-" || text.hasPrefix("- ") ? try sequence(indent: indent) : try mapping(indent: indent)
    }

    mutating func sequence(indent: Int) throws -> YAMLValue {
        var items: [YAMLValue] = []
        while let line = nextContentLine(), line.indent == indent, lines[index].dropFirst(indent).hasPrefix("-") {
            // `- key: value` opens a mapping two columns in: read the dash as indentation.
            lines[index] = String(repeating: " ", count: indent + 2) + lines[index].dropFirst(indent + 2)
            items.append(try block(indent: indent + 2))
        }
        return .sequence(items)
    }

    mutating func mapping(indent: Int) throws -> YAMLValue {
        var pairs: [(key: String, value: YAMLValue)] = []
        while let line = nextContentLine(), line.indent == indent {
            let text = lines[index].dropFirst(indent)
            guard let colon = text.firstIndex(of: ":"), text[colon...].hasPrefix(": ") || text[colon...] == ":" else {
                throw YAMLSubsetError(line: line.number, "expected 'key: value'")
            }
            let key = String(text[..<colon])
            let rest = text[colon...].dropFirst().drop { $0 == " " }
            index += 1
            if rest == "|" {
                pairs.append((key, .scalar(literal(parentIndent: indent))))
            } else if !rest.isEmpty {
                pairs.append((key, .scalar(unquoted(rest))))
            } else if let next = nextContentLine(), next.indent > indent {
                pairs.append((key, try block(indent: next.indent)))
            } else {
                pairs.append((key, .scalar("")))
            }
        }
        if let line = nextContentLine(), line.indent > indent {
            throw YAMLSubsetError(line: line.number, "unexpected indentation")
        }
        return .mapping(pairs)
    }

    /// A `|` block: the following lines indented deeper than the key, without their common indentation, one final newline.
    mutating func literal(parentIndent: Int) -> String {
        var body: [Substring] = []
        var blockIndent: Int?
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if !trimmed.isEmpty, indent <= parentIndent { break }
            if !trimmed.isEmpty, blockIndent == nil { blockIndent = indent }
            body.append(trimmed.isEmpty ? "" : line.dropFirst(blockIndent ?? indent))
            index += 1
        }
        while body.last?.isEmpty == true { body.removeLast() }
        return body.joined(separator: "\n") + "\n"
    }

    func unquoted(_ text: Substring) -> String {
        if text.count >= 2, text.first == "\"", text.last == "\"" {
            return String(text.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                .replacingOccurrences(of: "\\\\", with: "\\")
        }
        if text.count >= 2, text.first == "'", text.last == "'" {
            return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        return String(text)
    }
}
