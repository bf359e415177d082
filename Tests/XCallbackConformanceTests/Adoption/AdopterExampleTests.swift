import Foundation
import Testing
import XCallbackConformance

/// The CI examples of the README and the CI guide (`.ci/README.md`), run as a CI runner would run them, against a Node adapter.
@Suite struct AdopterExampleTests {
    static let node = ["/usr/bin/node", "/usr/local/bin/node"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: node != nil, "node is not installed; the CI guide's protocol example is not run"))
    func theProtocolExampleCertifiesANodeAdapterWithItsKnownFailures() throws {
        let example = try #require(try AdopterExample.all()["protocol"])
        let commands = example.runCommands
        #expect(commands.count == 2, "get the runner, certify: \(commands)")
        let work = try ToolProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let checkout = work.appendingPathComponent("checkout")
        let runnerTemp = work.appendingPathComponent("runner-temp")
        let shims = work.appendingPathComponent("shims")
        for directory in [checkout, runnerTemp, shims] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        // The release archive, made by the same script the release workflow runs.
        let packaged = try ToolProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [RunnerFixtures.root.appendingPathComponent(".ci/package.sh").path, try ToolProcess.tool().path, work.appendingPathComponent("dist").path])
        #expect(packaged.status == 0, "\(packaged.output)")
        // `curl URL` prints the archive the URL names from dist/, or fails as curl does on a 404.
        let curl = shims.appendingPathComponent("curl")
        try Data("""
            #!/bin/bash
            for argument; do url=$argument; done
            exec cat "\(work.path)/dist/${url##*/}"

            """.utf8).write(to: curl)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: curl.path)
        // The adopter's repository: the adapter and the known failures it committed.
        try FileManager.default.copyItem(
            at: RunnerFixtures.directory.appendingPathComponent("node_adapter.js"), to: checkout.appendingPathComponent("adapter.js"))
        let written = try ToolProcess.run(
            try ToolProcess.tool(), ["--target", "node adapter.js", "--write-known-failures", "known-failures.json", "--no-progress"],
            in: checkout)
        #expect(written.status == 1, "the Node adapter has real failures to list: \(written.output)")
        // The adopter gives every entry a reason before committing the list (the runner refuses the placeholder).
        let list = checkout.appendingPathComponent("known-failures.json")
        try String(contentsOf: list, encoding: .utf8)
            .replacingOccurrences(of: KnownFailures.placeholderReason, with: "known to our adapter")
            .write(to: list, atomically: true, encoding: .utf8)

        let githubPath = work.appendingPathComponent("github-path")
        let summary = work.appendingPathComponent("step-summary.md")
        try Data().write(to: githubPath)
        try Data().write(to: summary)
        var environment = ProcessInfo.processInfo.environment.merging(example.environment) { $1 }
        environment["RUNNER_TEMP"] = runnerTemp.path
        environment["GITHUB_PATH"] = githubPath.path
        environment["GITHUB_STEP_SUMMARY"] = summary.path
        let systemPath = "\(shims.path):/usr/local/bin:/usr/bin:/bin"
        for command in commands {
            let added = try String(contentsOf: githubPath, encoding: .utf8).split(separator: "\n").reversed().joined(separator: ":")
            environment["PATH"] = added.isEmpty ? systemPath : added + ":" + systemPath
            let step = try ToolProcess.run(
                URL(fileURLWithPath: "/bin/bash"), ["-eo", "pipefail", "-c", command], in: checkout, environment: environment)
            #expect(step.status == 0, "step failed:\n\(command)\n\(step.output)")
        }
        let junit = try JUnitDocument(parsing: try String(contentsOf: checkout.appendingPathComponent("conformance.xml"), encoding: .utf8))
        #expect(junit.root.int("failures") == 0 && junit.root.int("errors") == 0)
        #expect((junit.root.int("skipped") ?? 0) > 0, "the known failures are skipped cases")
        let markdown = try String(contentsOf: summary, encoding: .utf8)
        #expect(markdown.hasPrefix("## x-callback-url conformance: node-xcu-example 0.1.0"))
        #expect(markdown.contains("**PASS**"))
    }

    @Test func theSwiftAndFuzzExamplesRunTheDocumentedCommands() throws {
        let examples = try AdopterExample.all()
        #expect(try #require(examples["swift"]).runCommands == ["swift test"])
        let fuzz = try #require(examples["fuzz"]).runCommands
        #expect(fuzz.count == 1 && fuzz[0].hasPrefix("xcallback-conformance fuzz --target "), "\(fuzz)")
    }

    @Test func thePackageExampleDependsFromTheCurrentVersion() throws {
        let package = try #require(try AdopterExample.all()["package"]).text
        #expect(package.contains("from: \"\(SuiteInfo.version)\""))
        #expect(package.contains(".product(name: \"XCallbackConformanceTesting\", package: \"xcallback-conformance\")"))
        let protocolExample = try #require(try AdopterExample.all()["protocol"])
        #expect(protocolExample.environment["XCU_VERSION"] == SuiteInfo.version)
    }
}
