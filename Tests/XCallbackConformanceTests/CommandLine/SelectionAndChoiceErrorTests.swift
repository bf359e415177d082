import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance
import XCallbackURL

/// A selection that matches nothing, a malformed glob and a misspelt choice are refused, never a silent pass.
@Suite struct SelectionAndChoiceErrorTests {
    let mini = RunnerFixtures.miniSuiteDirectory.path

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let captured = CapturedIO()
        let status = ConformanceCommandLine.main(arguments: arguments, io: captured.io)
        return (status, captured.standardOutput, captured.standardError)
    }

    @Test(arguments: [
        (["--id", "XCU-NOPE"], "error: --id 'XCU-NOPE' matches no vector of suite 0.0.1-mini"),
        (["--id="], "error: --id needs an id or glob"),
        (["--tag", ""], "error: --tag needs a tag"),
        (["--tag", "nosuch"], "error: --tag 'nosuch' matches no vector"),
        (["--id", "XCU-2AA[AB"], "error: --id 'XCU-2AA[AB' has a '[' without its ']'"),
        (["--id", "XCU-2AAB", "--level", "should"], "error: the selection '--id XCU-2AAB --level should' matches no vector"),
        (["list", "--id", "XCU-ZZ*"], "error: --id 'XCU-ZZ*' matches no vector"),
    ])
    func anEmptySelectionIsAUsageErrorNamingWhatMatchedNothing(arguments: [String], message: String) {
        let command = arguments.first == "list" ? ["list"] : []
        let result = run(command + ["--vectors", mini] + arguments.drop { $0 == "list" })
        #expect(result.status == ExitStatus.usage)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(!result.out.contains("PASS"))
    }

    @Test func aManifestWithNoFilesIsAUsageErrorNotAPass() throws {
        let directory = try RunnerFixtures.temporaryDirectory()
        let manifest = try String(contentsOf: RunnerFixtures.miniSuiteDirectory.appendingPathComponent("manifest.json"), encoding: .utf8)
        var json = try JSONValue(parsing: manifest)
        json = .object(json.objectValue!.map { $0.key == "files" ? (key: $0.key, value: .array([])) : $0 })
        try json.prettyText.write(to: directory.appendingPathComponent("manifest.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: RunnerFixtures.miniSuiteDirectory.appendingPathComponent("citations.json"),
            to: directory.appendingPathComponent("citations.json"))
        let result = run(["--vectors", directory.path, "--no-progress"])
        #expect(result.status != 0, "\(result.out)")
        #expect(!result.out.contains("PASS"))
    }

    @Test func aHelloWithAnUnknownChoiceKeyOrValueIsRefusedWithTheValidOnes() throws {
        let target = try SubprocessTarget(
            command: TargetCommand(["python3", RunnerFixtures.misbehaving, "bad-choice"]), configuration: RunnerFixtures.quickConfiguration())
        defer { target.stop() }
        let problem = try #require(target.startupProblem)
        #expect(problem.detail.contains("$.choices.flag-parametre"))
        #expect(problem.detail.contains("flag-parameter"))
    }

    @Test func aHelloValueOutsideTheAllowedOnesIsRefused() throws {
        let hello = try JSONValue(
            parsing: #"{"protocol":1,"implementation":{"name":"n","version":"1"},"operations":["parse"],"choices":{"plus":"banana"}}"#)
        #expect {
            try ProtocolHello(message: hello)
        } throws: { error in
            "\(error)".contains("$.choices.plus") && "\(error)".contains("literal, space")
        }
    }

    @Test func anInProcessTargetWithAMisspeltChoiceFailsTheRun() throws {
        let run = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: MisspeltChoiceTarget())
        #expect(!run.isConformant)
        #expect(run.problems.contains { $0.kind == .invalidChoice && $0.message.contains("flag-parametre") })
    }

    @Test func aDuplicatedAnswerFailsTheVectorWhoseRequestGotIt() throws {
        let suite = try RunnerFixtures.miniSuite()
        for victim in ["XCU-2AAC", "XCU-2AAJ"] {
            let target = try SubprocessTarget(
                command: TargetCommand(["python3", RunnerFixtures.misbehaving, "duplicate-on", victim]),
                configuration: RunnerFixtures.quickConfiguration())
            let run = ConformanceRunner().run(suite, against: target)
            target.stop()
            let failed = run.results.filter { $0.result.verdict.failureKind != nil }
            #expect(failed.map(\.id) == [victim])
            #expect(failed.first?.result.detail.contains("twice") == true)
        }
    }
}

/// The reference with a misspelt choice point declared.
struct MisspeltChoiceTarget: ConformanceTarget {
    var identity: TargetIdentity { TargetIdentity(name: "misspelt", version: "1") }
    var declaredChoices: DeclaredChoices { [ChoicePoint(rawValue: "flag-parametre"): "drop"] }
    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> { ReferenceTarget().parse(url) }
    func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> { ReferenceTarget().parse(utf8: bytes) }
    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> { ReferenceTarget().buildRequest(request) }
    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> { ReferenceTarget().buildCallback(response) }
}
