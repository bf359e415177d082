import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance

/// Malformed vector directories are refused with the file, the JSON path and what was expected,
/// by the loader and by the tool (exit status 70).
@Suite struct VectorLoadingErrorTests {
    /// Copies the mini suite, replaces `mini.json` with `text` and fixes the manifest's hash and count
    /// (with the mini suite's `rules.json` when `rules` is true).
    func suite(withVectorFile text: String, count: Int = 9, rules: Bool = false, format: Int = VectorFormat.version) throws -> URL {
        let directory = try RunnerFixtures.temporaryDirectory()
        let manager = FileManager.default
        for name in ["citations.json"] + (rules ? ["rules.json"] : []) {
            try manager.copyItem(
                at: RunnerFixtures.miniSuiteDirectory.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        try Data(text.utf8).write(to: directory.appendingPathComponent("mini.json"))
        let manifest: JSONValue = [
            "suiteVersion": "0.0.1-broken", "formatVersion": .number(Double(format)),
            "files": [["path": "mini.json", "count": .number(Double(count)), "sha256": .string(SHA256.hexDigest(Array(text.utf8)))]],
            "total": .number(Double(count)),
        ]
        try Data(manifest.prettyText.utf8).write(to: directory.appendingPathComponent("manifest.json"))
        return directory
    }

    func miniText(replacing old: String, with new: String) throws -> String {
        let text = try String(contentsOf: RunnerFixtures.miniSuiteDirectory.appendingPathComponent("mini.json"), encoding: .utf8)
        #expect(text.contains(old), "the fixture holds \(old)")
        return text.replacingOccurrences(of: old, with: new)
    }

    @Test(arguments: [
        (#""operation": "build-request""#, #""operation": "build""#, "$.vectors[6].operation", "one of \"parse\""),
        (#""level": "should""#, #""level": "may""#, "$.vectors[3].level", "one of \"must\""),
        (#""id": "XCU-2AAB""#, #""id": "XCU-2AAO""#, "$.vectors[1].id", "an id 'XCU-'"),
        (#""id": "XCU-2AAB""#, #""id": "XCU-2AAA""#, "$.vectors[1].id", "an id used once"),
        (#""reject": "not-x-callback-url""#, #""refuse": "not-x-callback-url""#, "$.vectors[1].expect.refuse", "one of the members"),
        (#""xcu-host""#, #""xcu-nowhere""#, "$.vectors[1].cite", "anchors defined in citations.json"),
        (#""role": "build-request""#, #""role": "decode""#, "$.vectors[6].role", "the role of a build-request vector: \"build-request\""),
        (#""role": "build-callback","#, "", "$.vectors[7]", "the member 'role'"),
        (#""rule": "mini-plus""#, #""rule": "Mini plus""#, "$.vectors[4].rule", "a kebab-case rule id"),
        (#""breaks": "the app reads another title or callback","#, "", "$.vectors[0].breaks", "a 'breaks' line"),
    ])
    func aMalformedVectorNamesFilePathAndExpectation(old: String, new: String, path: String, expected: String) throws {
        let directory = try suite(withVectorFile: try miniText(replacing: old, with: new))
        let error = #expect(throws: VectorLoadError.self) { try VectorSuite(directory: directory) }
        #expect(error?.file == "mini.json")
        #expect(error?.path == path)
        #expect(error?.expected.hasPrefix(expected) == true, "\(String(describing: error))")
    }

    @Test func aFormatOtherThanThreeOrFourIsRefusedWithTheReleaseToUse() throws {
        let text = try miniText(replacing: "XCU-2AAA", with: "XCU-2AAA")
        #expect(try VectorSuite(directory: try suite(withVectorFile: text, format: 4)).vectors.count == 9, "format 4 reads")
        for format in [1, 2, 5] {
            let error = #expect(throws: VectorLoadError.self) { try VectorSuite(directory: try suite(withVectorFile: text, format: format)) }
            #expect(error?.file == "manifest.json")
            #expect(error?.path == "$.formatVersion")
            let advice = format < 3 ? "use xcallback-conformance 2.x" : "use the xcallback-conformance release that wrote it"
            #expect(error?.expected == "format 4 or 3 (suite 4.x or 3.x); this directory is format \(format): \(advice)")
        }
    }

    @Test(arguments: [
        (#""rule": "mini-plus""#, #""rule": "mini-undescribed""#, "$.vectors[4].rule", "a rule described in rules.json"),
        (#""role": "recognise",\#n      "rule": "mini-host-case""#, #""role": "decode",\#n      "rule": "mini-host-case""#,
         "$.vectors[3].role", "the role of its rule mini-host-case in rules.json (recognise)"),
        (#""rule": "mini-host-case""#, #""rule": "mini-other-host""#, "$.vectors[3].level",
         "the level of its rule mini-other-host in rules.json (must)"),
    ])
    func aVectorOutsideItsRuleNamesTheRule(old: String, new: String, path: String, expected: String) throws {
        let directory = try suite(withVectorFile: try miniText(replacing: old, with: new), rules: true)
        let error = #expect(throws: VectorLoadError.self) { try VectorSuite(directory: directory) }
        #expect(error?.file == "mini.json")
        #expect(error?.path == path)
        #expect(error?.expected == expected, "\(String(describing: error))")
    }

    @Test func theMiniSuiteLoadsItsRules() throws {
        let suite = try RunnerFixtures.miniSuite()
        #expect(suite.rules.count == 9)
        #expect(suite.rules["mini-host-case"] == VectorRule(id: "mini-host-case", role: .recognise, level: .should, summary: "The host is compared case-insensitively."))
        #expect(suite.vectors.allSatisfy { suite.rules[$0.rule]?.role == $0.role })
    }

    @Test func aWrongCountIsRefused() throws {
        let text = try miniText(replacing: "XCU-2AAA", with: "XCU-2AAA")
        let directory = try suite(withVectorFile: text, count: 8)
        let error = #expect(throws: VectorLoadError.self) { try VectorSuite(directory: directory) }
        #expect(error?.path == "$.vectors")
    }

    @Test func theToolReportsTheSameErrorAndExits70() throws {
        let directory = try suite(withVectorFile: try miniText(replacing: #""level": "should""#, with: #""level": "may""#))
        let captured = CapturedIO()
        let status = ConformanceCommandLine.main(arguments: ["--vectors", directory.path], io: captured.io)
        #expect(status == 70)
        #expect(captured.standardError.hasPrefix("error: cannot load the vectors: mini.json: $.vectors[3].level: expected one of"))
    }
}
