import Foundation
import Testing
import XCallbackConformance

/// Generated inputs (`expand`, since format 2): the loader expands templates, and a bad `expand` names its JSON path.
@Suite struct GeneratedInputTests {
    /// Writes a one-file suite (format 3) whose only vector is the mini suite's first, with `expand` spliced in.
    func suite(expand: String, url: String, title: String) throws -> URL {
        let directory = try RunnerFixtures.temporaryDirectory()
        try FileManager.default.copyItem(
            at: RunnerFixtures.miniSuiteDirectory.appendingPathComponent("citations.json"),
            to: directory.appendingPathComponent("citations.json"))
        let text = """
            {"title": "t", "description": "d", "vectors": [{"id": "XCU-2AAA", "description": "generated",
             "operation": "parse", "role": "decode", "rule": "generated", "input": {"url": "\(url)"}, "level": "should",
             "expect": {"accept": {"scheme": "things", "action": "add", "source": null, "success": null, "error": null,
               "cancel": null, "parameters": [["title", "\(title)"]], "fragment": null}},
             "cite": ["xcu-host"], "expand": \(expand)}]}
            """
        try Data(text.utf8).write(to: directory.appendingPathComponent("mini.json"))
        let manifest: JSONValue = [
            "suiteVersion": "0.0.1-generated", "formatVersion": .number(Double(VectorFormat.version)),
            "files": [["path": "mini.json", "count": 1, "sha256": .string(SHA256.hexDigest(Array(text.utf8)))]], "total": 1,
        ]
        try Data(manifest.prettyText.utf8).write(to: directory.appendingPathComponent("manifest.json"))
        return directory
    }

    @Test func placeholdersAreExpandedInTheInputAndTheExpectation() throws {
        let directory = try suite(
            expand: #"{"<<A>>": {"text": "ab", "times": 3}}"#, url: "things://x-callback-url/add?title=<<A>>", title: "<<A>>")
        let vector = try #require(try VectorSuite(directory: directory).vectors.first)
        #expect(vector.input == .parseText("things://x-callback-url/add?title=ababab"))
        #expect(Evaluator.run(vector, on: ReferenceTarget()).verdict == .passed)
    }

    @Test(arguments: [
        (#"{"<<A>>": {"text": "a", "times": 0}}"#, "$.vectors[0].expand.<<A>>.times", "a whole number"),
        (#"{"A": {"text": "a", "times": 2}}"#, "$.vectors[0].expand.A", "a placeholder name"),
        (#"{"<<A>>": {"text": "a", "count": 2}}"#, "$.vectors[0].expand.<<A>>.count", "one of the members"),
    ])
    func aBadExpandNamesItsPath(expand: String, path: String, expected: String) throws {
        let directory = try suite(expand: expand, url: "things://x-callback-url/add?title=<<A>>", title: "<<A>>")
        let error = #expect(throws: VectorLoadError.self) { try VectorSuite(directory: directory) }
        #expect(error?.path == path)
        #expect(error?.expected.hasPrefix(expected) == true, "\(String(describing: error))")
    }

    @Test func theMegabyteVectorsOfTheSuiteAreExpandedWhole() throws {
        let generated = try VectorFixtures.suite.get().vectors.filter { $0.tags.contains("generated") }
        #expect(generated.count == 8)
        let sizes = generated.compactMap { vector -> Int? in
            if case .parseText(let url) = vector.input { url.utf8.count } else { nil }
        }
        #expect(sizes.filter { $0 >= 1_000_000 }.count == 4)
        #expect(sizes.allSatisfy { $0 >= 65_536 })
    }
}
