import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance

/// `--roles` claims roles for the target (and for `serve`), `--role` selects vectors; both are checked, and a bad
/// value is a usage error (exit 64) saying what the roles are.
@Suite struct RoleOptionTests {
    @Test func rolesAreReadFromACommaSeparatedList() throws {
        #expect(try CommandLineOptions(parsing: ["--roles", "decode,build-request"]).roles == [.decode, .buildRequest])
        #expect(try CommandLineOptions(parsing: ["--roles=recognise", "--roles", "decode"]).roles == [.recognise, .decode])
        #expect(try CommandLineOptions(parsing: ["serve", "--roles", "decode"]).roles == [.decode])
        #expect(try CommandLineOptions(parsing: []).roles == nil)
    }

    @Test(arguments: [
        (["--roles", "decoder"], "--roles: 'decoder' is not a role; the roles are recognise, decode, build-request or build-callback"),
        (["--roles", "decode,"], "--roles takes role names separated by commas, such as decode,build-request, not 'decode,'"),
        (["--role", "parse"], "--role must be recognise, decode, build-request or build-callback, not 'parse'"),
        (["list", "--roles", "decode"], "--roles applies to a run or to serve; to list the vectors of a role, use --role"),
    ])
    func aBadRoleIsRefusedWithTheRoles(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try CommandLineOptions(parsing: arguments) }
    }

    @Test func aBadRoleExitsWithAUsageError() {
        let captured = CapturedIO()
        #expect(ConformanceCommandLine.main(arguments: ["--roles", "receiver"], io: captured.io) == 64)
        #expect(captured.standardError.hasPrefix("error: --roles: 'receiver' is not a role"))
    }

    @Test func theReferenceRunsWithTheRolesClaimedOnTheCommandLine() throws {
        let captured = CapturedIO()
        let mini = RunnerFixtures.miniSuiteDirectory.path
        let status = ConformanceCommandLine.main(arguments: ["--vectors", mini, "--roles", "decode", "--format", "json", "--no-progress"], io: captured.io)
        #expect(status == 0)
        let report = try JSONValue(parsing: captured.standardOutput)
        #expect(report["target"]?["roles"] == ["decode"])
        #expect(report["target"]?["kind"] == "reference --roles decode")
        #expect(report["certification"]?["profile"] == ["decoder"])
    }

    @Test func claimingARoleOfAnOperationTheAdapterDoesNotDeclareExitsWithAUsageError() throws {
        let captured = CapturedIO()
        let tool = try ToolProcess.tool().path
        let arguments = ["--vectors", RunnerFixtures.miniSuiteDirectory.path, "--target", "\(tool) serve --roles decode", "--roles", "decode,build-request"]
        #expect(ConformanceCommandLine.main(arguments: arguments, io: captured.io) == 64)
        #expect(captured.standardError.contains(
            "error: --roles claims build-request (of build-request), but the target declares only the operations parse in its hello; drop that role"))
    }

    @Test func theRolesOfASubprocessTargetCanBeNarrowedForExploring() throws {
        let captured = CapturedIO()
        let tool = try ToolProcess.tool().path
        let arguments = ["--vectors", RunnerFixtures.miniSuiteDirectory.path, "--target", "\(tool) serve", "--roles", "recognise", "--no-progress"]
        #expect(ConformanceCommandLine.main(arguments: arguments, io: captured.io) == 0)
        #expect(captured.standardOutput.contains("certified profile: none (roles: recognise); not certified: decode (not claimed)"))
        #expect(captured.standardOutput.contains("claimed roles: recognise\n"))
    }
}
