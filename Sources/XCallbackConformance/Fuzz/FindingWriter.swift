// Writes findings out: each parse finding as a vector in `findings.json` of a vectors directory (with its
// manifest and a copy of the citations), so `xcallback-conformance --vectors DIR` replays it as a
// regression, and every finding's input as a raw file `finding-<id>` for libFuzzer-style replay.
//
// A vector's id is local: `XCU-` and four characters taken from the SHA-256 of its input, so the same
// finding gets the same id run after run and a rerun replaces rather than duplicates it. Its expectation
// is the reference's answer under the target's declared choices, its level and citations the rule's.
// A build finding's vector holds the request or callback its input decodes to (FindingWriter+Build).

import Foundation
import XCallbackFuzzing
import XCallbackURL

/// Writes findings as a vectors directory and raw reproducer files.
public struct FindingWriter {
    /// The directory written to.
    public var directory: URL
    /// The choices the target declared, which decide the expected answers.
    public var choices: DeclaredChoices
    /// The vectors directory whose `citations.json` is copied.
    public var citationsSource: URL

    /// Creates a writer into `directory`.
    public init(directory: URL, choices: DeclaredChoices, citationsSource: URL) {
        self.directory = directory
        self.choices = choices
        self.citationsSource = citationsSource
    }

    /// The local vector id of an input.
    public static func vectorID(for input: [UInt8]) -> String {
        let alphabet = Array("23456789ABCDEFGHJKLMNPQRSTUVWXYZ")
        let digest = SHA256.hexDigest(input)
        let bytes = stride(from: 0, to: 8, by: 2).map { UInt8(digest.dropFirst($0).prefix(2), radix: 16) ?? 0 }
        return "XCU-" + String(bytes.map { alphabet[Int($0) % alphabet.count] })
    }

    /// The vector for a finding (a build finding's from `buildVector(for:)`), or nil when the reference has no answer.
    public func vector(for finding: FuzzFinding) -> JSONValue? {
        let input = finding.failure.input
        guard input.first != 0x01, input.first != 0x02 else { return buildVector(for: finding) }
        let ruleID = String(finding.failure.rule.split(separator: "/").last ?? "")
        let rule = DifferentialRule.all.first { $0.id == ruleID }
        let level = finding.failure.rule.split(separator: "/").dropFirst().first.map(String.init) ?? "must"
        let expected: TargetAnswer<XCallbackRequest>
        let inputJSON: JSONValue
        if let text = String(validating: input, as: UTF8.self) {
            expected = ChoiceModel.expected(for: text, choices: choices)
            inputJSON = ["url": .string(text)]
        } else {
            expected = ReferenceTarget().parse(utf8: input)
            inputJSON = ["urlHex": .string(input.map { String(format: "%02x", $0) }.joined())]
        }
        let expect: JSONValue
        switch expected {
        case .accepted(let request): expect = ["accept": request.canonicalJSON]
        case .rejected(let category, _): expect = ["reject": .string(category?.rawValue ?? "unknown")]
        default: return nil
        }
        let choiceText = choices.sorted.map { "\($0.point)=\($0.value)" }.joined(separator: ", ")
        let disagreement = finding.failure.details.first { $0.label == "disagreement" }?.text ?? finding.failure.rule
        return [
            "id": .string(Self.vectorID(for: input)),
            "description": .string("Found by fuzzing: \(disagreement)"),
            "operation": "parse",
            "input": inputJSON,
            "level": .string(level == "implementation-defined" ? "should" : level),
            "expect": expect,
            "cite": .array((rule?.cite ?? ["xcu-structure"]).map { .string($0) }),
            "tags": ["fuzz"],
            "provenance": .array([.string("xcallback-conformance fuzz"), .string("declared choices: " + (choiceText.isEmpty ? "none" : choiceText))]),
        ]
    }

    /// Writes every finding; returns the ids of the vectors written, in order.
    ///
    /// - Throws: a file-system error, or a `JSONSyntaxError` for an unreadable `findings.json` already there.
    @discardableResult
    public func write(_ findings: [FuzzFinding]) throws -> [String] {
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        var vectors: [(id: String, value: JSONValue)] = []
        let existing = directory.appendingPathComponent("findings.json")
        if let data = manager.contents(atPath: existing.path) {
            let old = try JSONValue(parsing: Array(data))
            for vector in old["vectors"]?.arrayValue ?? [] {
                vectors.append((vector["id"]?.stringValue ?? "", vector))
            }
        }
        var ids: [String] = []
        for finding in findings {
            try Data(finding.failure.input).write(to: directory.appendingPathComponent("finding-" + Self.vectorID(for: finding.failure.input)))
            guard let vector = vector(for: finding), let id = vector["id"]?.stringValue else { continue }
            vectors.removeAll { $0.id == id }
            vectors.append((id, vector))
            ids.append(id)
        }
        let file: JSONValue = [
            "title": "Fuzz findings",
            "description": "Disagreements with the reference found by xcallback-conformance fuzz, each shrunk.",
            "vectors": .array(vectors.map(\.value)),
        ]
        let bytes = Array((file.prettyText + "\n").utf8)
        try Data(bytes).write(to: existing)
        let manifest: JSONValue = [
            "suiteVersion": "0.0.0-fuzz", "formatVersion": 1,
            "files": [["path": "findings.json", "count": .number(Double(vectors.count)), "sha256": .string(SHA256.hexDigest(bytes))]],
            "total": .number(Double(vectors.count)),
        ]
        try Data((manifest.prettyText + "\n").utf8).write(to: directory.appendingPathComponent("manifest.json"))
        let citations = directory.appendingPathComponent("citations.json")
        if !manager.fileExists(atPath: citations.path) {
            try manager.copyItem(at: citationsSource.appendingPathComponent("citations.json"), to: citations)
        }
        return ids
    }
}
