import Foundation

/// A CI example from the README or the CI guide (`.ci/README.md`): the fenced block after an
/// `<!-- adopter-example: NAME -->` line.
struct AdopterExample {
    /// The example's name (`action`, `protocol`, `swift`, `fuzz`, `package`).
    var name: String
    /// The block's text.
    var text: String

    /// The documents the examples are read from: the front page and the CI guide.
    static let documents = ["README.md", ".ci/README.md"]

    /// Every example of the documents, by name.
    static func all() throws -> [String: AdopterExample] {
        var out: [String: AdopterExample] = [:]
        for document in documents {
            let text = try String(contentsOf: RunnerFixtures.root.appendingPathComponent(document), encoding: .utf8)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
            while let line = lines.popFirst() {
                guard line.hasPrefix("<!-- adopter-example: "), line.hasSuffix(" -->") else { continue }
                let name = String(line.dropFirst("<!-- adopter-example: ".count).dropLast(" -->".count))
                guard lines.popFirst()?.hasPrefix("```") == true else { continue }
                var body: [Substring] = []
                while let next = lines.popFirst(), !next.hasPrefix("```") { body.append(next) }
                out[name] = AdopterExample(name: name, text: body.joined(separator: "\n"))
            }
        }
        return out
    }

    /// The `run:` commands of a workflow, in order: `run: command` or a `run: |` block.
    var runCommands: [String] {
        var out: [String] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let line = lines.popFirst() {
            let trimmed = line.drop { $0 == " " || $0 == "-" }
            guard trimmed.hasPrefix("run: ") else { continue }
            let value = trimmed.dropFirst("run: ".count)
            guard value == "|" else {
                out.append(String(value))
                continue
            }
            let indent = line.prefix { $0 == " " || $0 == "-" }.count
            var block: [String] = []
            while let next = lines.first, next.prefix(while: { $0 == " " }).count > indent || next.isEmpty {
                block.append(String(next.drop { $0 == " " }))
                lines = lines.dropFirst()
            }
            out.append(block.joined(separator: "\n"))
        }
        return out
    }

    /// The string environment variables the workflow sets (`NAME: "value"` lines).
    var environment: [String: String] {
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let match = line.wholeMatch(of: /\s+([A-Z][A-Z0-9_]*): "([^"]*)".*/) else { continue }
            out[String(match.1)] = String(match.2)
        }
        return out
    }
}
