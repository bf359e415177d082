// The vectors' inputs, roles, rules and citation quotes, looked up by id for the matrix's failure details
// and its rule groups. Read as plain JSON so that a report made with another suite version still renders:
// an id the directory does not hold is shown as such, never guessed.

import Foundation
import XCallbackConformanceCore

/// Vector inputs, roles, rules and citation texts from a vectors directory, for explaining failures.
public struct MatrixVectors: Sendable {
    /// The input of every vector, by id.
    public var inputs: [String: JSONValue]
    /// The text of every citation anchor: source, section and quote or note.
    public var citations: [String: String]
    /// The rule of every vector, by id (format 3): what the matrix groups failures by.
    public var rules: [String: String] = [:]
    /// The role of every vector, by id (format 3).
    public var roles: [String: String] = [:]
    /// The one-line summary of every rule of `rules.json`, by rule id.
    public var ruleSummaries: [String: String] = [:]

    /// An empty lookup: every failure says its input is not available.
    public init() {
        inputs = [:]
        citations = [:]
    }

    /// Reads every vector file and `citations.json` of `directory`.
    public init(directory: URL) throws(MatrixInputError) {
        self.init()
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw MatrixInputError(file: directory.path, path: "$", expected: "a readable vectors directory")
        }
        for name in names where !["manifest.json", "schema.json"].contains(name) {
            let file = directory.appendingPathComponent(name)
            let document: JSONValue
            do {
                document = try JSONValue(parsing: Array(try Data(contentsOf: file)))
            } catch {
                throw MatrixInputError(file: file.path, path: "$", expected: "a JSON document (\(error))")
            }
            if name == "citations.json" {
                for anchor in document["anchors"]?.objectValue ?? [] {
                    let parts = ["source", "section"].compactMap { anchor.value[$0]?.stringValue }
                    let text = anchor.value["quote"]?.stringValue ?? anchor.value["note"]?.stringValue ?? ""
                    citations[anchor.key] = parts.joined(separator: ", ") + (text.isEmpty ? "" : ": \u{201C}\(text)\u{201D}")
                }
                continue
            }
            if name == "rules.json" {
                for rule in document["rules"]?.objectValue ?? [] { ruleSummaries[rule.key] = rule.value["summary"]?.stringValue }
                continue
            }
            for vector in document["vectors"]?.arrayValue ?? [] {
                guard let id = vector["id"]?.stringValue else { continue }
                if let input = vector["input"] { inputs[id] = input }
                rules[id] = vector["rule"]?.stringValue
                roles[id] = vector["role"]?.stringValue
            }
        }
    }
}
