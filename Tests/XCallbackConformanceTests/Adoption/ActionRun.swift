import Foundation
import Testing

/// The composite action in `.ci/action.yml`, run step by step as a GitHub runner runs it: each `run:` step's script
/// through `bash --noprofile --norc -eo pipefail` with its `env:` (expressions resolved from the inputs and the
/// `github` context), the runner's files (`GITHUB_PATH`, `GITHUB_OUTPUT`, `GITHUB_STEP_SUMMARY`) and `RUNNER_TEMP`.
/// A step without `if:` runs only while every step before it succeeded; `${{ !cancelled() }}` always runs.
/// `uses:` steps are not run; they are listed.
struct ActionRun {
    /// The parsed action.
    var action: YAMLValue
    /// The folder that plays `github.action_path` (the repository's `.ci`).
    var actionPath: URL
    /// The job's working directory, where relative report paths land.
    var workspace: URL
    /// Files the runner keeps for the job: path, outputs, step summary, temp folder.
    var runnerFiles: URL

    /// One step's outcome.
    struct Step {
        var name: String
        var status: Int32
        var output: String
    }

    /// What the run did.
    struct Result {
        /// The `run:` steps that ran, in order.
        var steps: [Step]
        /// The `uses:` steps, by what they use.
        var usedActions: [String]
        /// The step summary the steps wrote.
        var summary: String
        /// Each step's outputs, by step id.
        var outputs: [String: [String: String]]
        /// Whether every step that ran succeeded (the action's outcome).
        var succeeded: Bool { steps.allSatisfy { $0.status == 0 } }
        /// Every step's name, status and output, for failure messages.
        var log: String { steps.map { "--- \($0.name): exit \($0.status)\n\($0.output)" }.joined(separator: "\n") }
    }

    /// `.ci/action.yml` of this repository, to be run in `workspace`.
    init(workspace: URL) throws {
        actionPath = RunnerFixtures.root.appendingPathComponent(".ci")
        let text = try String(contentsOf: actionPath.appendingPathComponent("action.yml"), encoding: .utf8)
        action = try YAMLValue.parse(text)
        self.workspace = workspace
        runnerFiles = workspace.deletingLastPathComponent().appendingPathComponent("runner-\(workspace.lastPathComponent)")
    }

    /// The action's inputs with their defaults, by name.
    var inputDefaults: [String: String] {
        Dictionary(uniqueKeysWithValues: (action["inputs"]?.pairs ?? []).map { ($0.key, $0.value["default"]?.string ?? "") })
    }

    /// Runs the steps with `inputs` (the `with:` of a workflow), `path` ahead of the system's, and `environment`.
    func run(inputs: [String: String], path extraPath: [URL] = [], environment base: [String: String] = [:]) throws -> Result {
        for name in inputs.keys { #expect(inputDefaults[name] != nil, "the action has no input '\(name)'") }
        let temp = runnerFiles.appendingPathComponent("temp")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        let files = ["GITHUB_PATH", "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"].map { ($0, runnerFiles.appendingPathComponent($0.lowercased())) }
        for (_, file) in files { try Data().write(to: file) }
        let github = [
            "action_path": actionPath.path, "action_repository": "OWNER/xcallback-conformance", "run_number": "7",
        ]
        var values: [String: String] = [:]
        for (name, value) in inputDefaults { values[name] = try resolve(value, inputs: [:], github: github, outputs: [:]) }
        values.merge(inputs) { $1 }

        var result = Result(steps: [], usedActions: [], summary: "", outputs: [:])
        for step in action["runs"]?["steps"]?.items ?? [] {
            let name = step["name"]?.string ?? "(unnamed)"
            if let uses = step["uses"]?.string {
                result.usedActions.append(uses)
                continue
            }
            switch step["if"]?.string {
            case nil: guard result.succeeded else { continue }
            case "${{ !cancelled() }}": break
            case let condition?: throw YAMLSubsetError(line: 0, "step '\(name)': condition \(condition) is not emulated")
            }
            #expect(step["shell"]?.string == "bash", "step '\(name)' runs in bash")
            let script = try #require(step["run"]?.string, "step '\(name)' has a run: script")
            var environment = ProcessInfo.processInfo.environment.merging(base) { $1 }
            for (key, file) in files { environment[key] = file.path }
            environment["RUNNER_TEMP"] = temp.path
            for (key, value) in step["env"]?.pairs ?? [] {
                environment[key] = try resolve(value.string ?? "", inputs: values, github: github, outputs: result.outputs)
            }
            let added = try String(contentsOf: files[0].1, encoding: .utf8).split(separator: "\n").reversed().map(String.init)
            environment["PATH"] = (added + extraPath.map(\.path) + ["/usr/local/bin", "/usr/bin", "/bin"]).joined(separator: ":")
            let scriptFile = temp.appendingPathComponent("step-\(result.steps.count).sh")
            try Data(script.utf8).write(to: scriptFile)
            try Data().write(to: files[1].1)
            let outcome = try ToolProcess.run(
                URL(fileURLWithPath: "/bin/bash"), ["--noprofile", "--norc", "-eo", "pipefail", scriptFile.path],
                in: workspace, environment: environment)
            result.steps.append(Step(name: name, status: outcome.status, output: outcome.output))
            if let id = step["id"]?.string {
                let lines = try String(contentsOf: files[1].1, encoding: .utf8).split(separator: "\n")
                result.outputs[id] = Dictionary(lines.compactMap { line in
                    line.firstIndex(of: "=").map { (String(line[..<$0]), String(line[line.index(after: $0)...])) }
                }) { $1 }
            }
        }
        result.summary = try String(contentsOf: files[2].1, encoding: .utf8)
        return result
    }

    /// Replaces each `${{ inputs.X }}`, `${{ github.X }}` and `${{ steps.ID.outputs.X }}`; any other expression is an error.
    func resolve(_ text: String, inputs: [String: String], github: [String: String], outputs: [String: [String: String]])
        throws -> String
    {
        var out = ""
        var rest = text[...]
        while let open = rest.range(of: "${{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else { throw YAMLSubsetError(line: 0, "unclosed ${{ in \(text)") }
            let expression = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let parts = expression.split(separator: ".").map(String.init)
            switch parts.first {
            case "inputs" where parts.count == 2 && inputs[parts[1]] != nil: out += inputs[parts[1]]!
            case "github" where parts.count == 2 && github[parts[1]] != nil: out += github[parts[1]]!
            case "steps" where parts.count == 4 && parts[2] == "outputs": out += outputs[parts[1]]?[parts[3]] ?? ""
            default: throw YAMLSubsetError(line: 0, "the expression ${{ \(expression) }} is not emulated")
            }
            rest = rest[close.upperBound...]
        }
        return out + rest
    }
}
