import Foundation
import Testing
import XCallbackConformance

/// The composite action `.ci/action.yml`, its steps run as a GitHub runner runs them (`ActionRun`), against the Python
/// example adapter, the reference and a broken adapter; the README's one-step example names its folder and inputs.
@Suite struct ActionTests {
    static let exampleAdapter = "python3 \(RunnerFixtures.root.appendingPathComponent("Vectors/protocol/example_adapter.py").path)"
    static let crashingAdapter =
        "python3 \(RunnerFixtures.directory.appendingPathComponent("fuzz_fixture_adapter.py").path) crash"

    @Test func theActionDownloadsTheRunnerCertifiesAndFuzzesTheExampleAdapter() throws {
        let work = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let shims = try Self.releaseDownloadShims(in: work)
        let run = try ActionRun(workspace: work.appendingPathComponent("workspace"))
        let result = try run.run(
            inputs: ["target": Self.exampleAdapter, "formats": "junit, markdown json", "fuzz-seconds": "2", "timeout": "20"],
            path: [shims])
        #expect(result.succeeded, "\(result.log)")
        #expect(result.steps.map(\.status) == [0, 0, 0], "get the runner, certify, fuzz: \(result.log)")
        #expect(result.usedActions == ["actions/upload-artifact@v4"])
        // The release archive of the action's own version, for this machine, checked against its SHA-256.
        let requested = try String(contentsOf: work.appendingPathComponent("curl.log"), encoding: .utf8)
        let archive = "xcallback-conformance-\(SuiteInfo.version)-linux-\(try Self.machine())"
        #expect(requested == """
            https://github.com/OWNER/xcallback-conformance/releases/download/v\(SuiteInfo.version)/\(archive).tar.gz
            https://github.com/OWNER/xcallback-conformance/releases/download/v\(SuiteInfo.version)/\(archive).tar.gz.sha256

            """)
        #expect(result.steps[0].output.contains(": OK"), "sha256sum checked the archive: \(result.steps[0].output)")

        let reports = run.workspace.appendingPathComponent("xcallback-conformance-reports")
        let junitPath = reports.appendingPathComponent("conformance.xml").path
        #expect(result.outputs["certify"]?["junit-file"] == "xcallback-conformance-reports/conformance.xml")
        let junit = try JUnitDocument(parsing: try String(contentsOfFile: junitPath, encoding: .utf8))
        let vectors = try VectorSuite(directory: RunnerFixtures.root.appendingPathComponent("Vectors")).vectors.count
        #expect(junit.root.int("tests") == vectors)
        #expect(junit.root.int("failures") == 0 && junit.root.int("errors") == 0)
        let json = try String(contentsOf: reports.appendingPathComponent("conformance.json"), encoding: .utf8)
        #expect(json.contains("\"example-python-adapter\""))
        let markdown = try String(contentsOf: reports.appendingPathComponent("conformance.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("## x-callback-url conformance: example-python-adapter 1.0.0"))
        #expect(result.summary.hasPrefix(markdown), "the markdown report is the step summary")
        #expect(markdown.contains("**PASS**"))
        #expect(result.summary.contains("### Fuzzing against the reference: 2 s, seed 7"))
        #expect(result.summary.contains("No finding."))
        let fuzzSection = try #require(result.summary.range(of: "### Fuzzing"))
        #expect(result.summary[fuzzSection.upperBound...].contains("example-python-adapter"), "the fuzz run's output: \(result.summary)")
    }

    @Test func aFailedCertificationAndAFindingFailTheActionAndKeepTheirReports() throws {
        let work = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try ActionRun(workspace: work.appendingPathComponent("workspace"))
        // A known failure that does not fail: the run fails on it (the list is out of date).
        let vector = try #require(try VectorSuite(directory: RunnerFixtures.root.appendingPathComponent("Vectors")).vectors.first)
        try FileManager.default.createDirectory(at: run.workspace, withIntermediateDirectories: true)
        try Data("""
            {"knownFailures": [{"id": "\(vector.id)", "kind": "wrong-result", "reason": "listed in the test, passes"}]}
            """.utf8).write(to: run.workspace.appendingPathComponent("known-failures.json"))
        let result = try run.run(inputs: [
            "target": Self.crashingAdapter, "known-failures": "known-failures.json", "runner": try ToolProcess.tool().path,
            "reports": "reports", "fuzz-seconds": "3", "fuzz-seed": "1",
        ])
        #expect(!result.succeeded)
        #expect(result.steps.map(\.status) == [0, 1, 1], "certify fails, fuzz still runs and fails: \(result.log)")
        let junit = try JUnitDocument(
            parsing: try String(contentsOf: run.workspace.appendingPathComponent("reports/conformance.xml"), encoding: .utf8))
        #expect((junit.root.int("failures") ?? 0) + (junit.root.int("errors") ?? 0) > 0, "the stale entry is a failure")
        #expect(result.summary.contains("**FAIL**"))
        #expect(result.summary.contains("**Findings**"))
        #expect(result.summary.contains("FINDING XCU-"), "the finding with its reproduction: \(result.summary)")
        let findings = run.workspace.appendingPathComponent("reports/fuzz-findings/manifest.json")
        #expect(FileManager.default.fileExists(atPath: findings.path), "the findings are a vectors directory")
        #expect(result.steps[1].output.contains("::error::the target failed the conformance suite"))
    }

    @Test func aGivenRunnerIsUsedAndFuzzingCanBeSkipped() throws {
        let work = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try ActionRun(workspace: work.appendingPathComponent("workspace"))
        let result = try run.run(inputs: [
            "target": "reference", "runner": try ToolProcess.tool().path, "formats": "text tap badge", "fuzz-seconds": "0",
        ])
        #expect(result.succeeded, "\(result.log)")
        let reports = run.workspace.appendingPathComponent("xcallback-conformance-reports")
        for file in ["conformance.txt", "conformance.tap", "conformance-badge.json"] {
            #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent(file).path), "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: reports.appendingPathComponent("conformance.xml").path))
        #expect(result.outputs["certify"]?["junit-file"] == nil)
        #expect(result.summary.hasPrefix("## x-callback-url conformance: xcallback-reference \(SuiteInfo.version)"), "\(result.summary)")
        #expect(!result.summary.contains("### Fuzzing"))
        #expect(result.steps[2].output.contains("fuzzing skipped"))
    }

    @Test func anUnknownFormatStopsTheActionWithAUsageError() throws {
        let work = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let run = try ActionRun(workspace: work.appendingPathComponent("workspace"))
        let result = try run.run(inputs: ["target": "reference", "runner": try ToolProcess.tool().path, "formats": "junit html", "fuzz-seconds": "0"])
        #expect(result.steps.map(\.status) == [0, 64, 0], "\(result.log)")
        #expect(result.steps[1].output.contains("unknown report format 'html'"))
    }

    @Test func inputsReachTheScriptsOnlyThroughTheEnvironment() throws {
        let run = try ActionRun(workspace: FileManager.default.temporaryDirectory)
        let steps = try #require(run.action["runs"]?["steps"]?.items)
        #expect(run.action["runs"]?["using"]?.string == "composite")
        var used: Set<String> = []
        for step in steps {
            if let script = step["run"]?.string {
                #expect(!script.contains("${{"), "step '\(step["name"]?.string ?? "")' pastes an expression into its script")
            }
            for (key, value) in step["env"]?.pairs ?? [] {
                let text = try #require(value.string)
                #expect(text.wholeMatch(of: /\$\{\{ (inputs|github)\.[a-z_-]+ \}\}/) != nil, "\(key): \(text)")
                if let match = text.firstMatch(of: /inputs\.([a-z-]+)/) { used.insert(String(match.1)) }
            }
            for (_, value) in step["with"]?.pairs ?? [] {
                if let match = value.string?.firstMatch(of: /inputs\.([a-z-]+)/) { used.insert(String(match.1)) }
            }
        }
        #expect(used == Set(run.inputDefaults.keys), "every input is used, and only inputs the action declares")
    }

    @Test func theReadmeExampleUsesTheActionInItsFolderWithItsInputs() throws {
        let example = try #require(try AdopterExample.all()["action"]).text
        let uses = try #require(example.firstMatch(of: /uses: ([^\s]+)/)).1
        #expect(uses == "OWNER/xcallback-conformance/.ci@v\(SuiteInfo.version)")
        let run = try ActionRun(workspace: FileManager.default.temporaryDirectory)
        let given = example.matches(of: #/\n +([a-z-]+): /#).map { String($0.1) }.filter { $0 != "uses" && $0 != "with" }
        #expect(!given.isEmpty)
        for input in given { #expect(run.inputDefaults[input] != nil, "the README passes '\(input)', which the action lacks") }
        let required = (run.action["inputs"]?.pairs ?? []).filter { $0.value["required"]?.string == "true" }.map(\.key)
        for input in required { #expect(given.contains(input), "the README leaves out the required input '\(input)'") }
    }

    /// A `curl` on PATH that serves release URLs from an archive `.ci/package.sh` made, and logs what was asked.
    static func releaseDownloadShims(in work: URL) throws -> URL {
        let dist = work.appendingPathComponent("dist")
        let packaged = try ToolProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [RunnerFixtures.root.appendingPathComponent(".ci/package.sh").path, try ToolProcess.tool().path, dist.path])
        #expect(packaged.status == 0, "\(packaged.output)")
        let shims = work.appendingPathComponent("shims")
        try FileManager.default.createDirectory(at: shims, withIntermediateDirectories: true)
        let curl = shims.appendingPathComponent("curl")
        try Data("""
            #!/bin/bash
            output=/dev/stdout
            while [ $# -gt 1 ]; do [ "$1" = -o ] && { output=$2; shift; }; shift; done
            echo "$1" >> "\(work.path)/curl.log"
            [ -f "\(dist.path)/${1##*/}" ] || { echo "curl: (22) The requested URL returned error: 404" >&2; exit 22; }
            cat "\(dist.path)/${1##*/}" > "$output"

            """.utf8).write(to: curl)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: curl.path)
        return shims
    }

    /// `uname -m`, as the action names the archive.
    static func machine() throws -> String {
        try ToolProcess.run(URL(fileURLWithPath: "/usr/bin/uname"), ["-m"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
