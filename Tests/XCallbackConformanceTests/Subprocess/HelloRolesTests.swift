import Foundation
import Testing
import XCallbackConformance

/// The hello's optional `roles`: read as a claim within the declared operations, refused with the JSON path and what
/// was expected when it is not one, and sent by the protocol server for the Swift target it serves.
@Suite struct HelloRolesTests {
    /// A hello declaring `operations`, with `roles` spliced in as given (nothing: the member is absent).
    static func hello(operations: String = #"["parse","build-request"]"#, roles: String? = nil) throws -> JSONValue {
        let member = roles.map { #","roles":\#($0)"# } ?? ""
        return try JSONValue(parsing: #"{"protocol":1,"implementation":{"name":"a","version":"1"},"operations":\#(operations)\#(member)}"#)
    }

    @Test(arguments: [nil, "null"])
    func aHelloWithoutRolesClaimsEveryRoleOfItsOperations(roles: String?) throws {
        #expect(try ProtocolHello(message: try Self.hello(roles: roles)).roles == nil)
    }

    @Test func aHelloReadsItsRolesAsAClaim() throws {
        let hello = try ProtocolHello(message: try Self.hello(roles: #"["decode","build-request","decode"]"#))
        #expect(hello.roles == [.decode, .buildRequest])
    }

    @Test(arguments: [
        (#"["decode","decoder"]"#, "$.roles[1]", #"one of "recognise", "decode", "build-request", "build-callback""#),
        (#"["decode","build-callback"]"#, "$.roles[1]", "a role of an operation the hello declares (parse, build-request); build-callback belongs to build-callback"),
        (#"["decode"]"#, "$.roles", #"a role of every declared operation: build-request is declared, so claim "build-request""#),
        (#""decode""#, "$.roles", "an array"),
        (#"[7]"#, "$.roles[0]", "a string"),
    ])
    func aBadClaimIsAHandshakeErrorNamingItsPath(roles: String, path: String, expected: String) throws {
        #expect {
            try ProtocolHello(message: try Self.hello(roles: roles))
        } throws: { error in
            guard let error = error as? VectorLoadError else { return false }
            return error.path == path && error.expected.contains(expected)
        }
    }

    @Test func aFailedHandshakeSaysWhereAndWhatTheRolesShouldBe() throws {
        let message = try Self.hello(roles: #"["receive"]"#)
        do {
            _ = try ProtocolHello(message: message)
            Issue.record("the claim of an unknown role was read")
        } catch {
            #expect("\(error)" == #"hello: $.roles[0]: expected one of "recognise", "decode", "build-request", "build-callback", found the string "receive""#)
        }
    }

    @Test func theServerSendsTheRolesOfItsTargetAndOnlyTheirOperations() throws {
        let server = ProtocolServer(target: ReferenceTarget().claiming([.decode, .buildCallback]))
        let hello = try ProtocolHello(message: server.hello.message)
        #expect(hello.roles == [.decode, .buildCallback])
        #expect(hello.operations == [.parse, .buildCallback])
        #expect(server.hello.message["roles"] == ["decode", "build-callback"])
    }

    @Test func aTargetWithoutAClaimIsServedWithoutRoles() throws {
        let server = ProtocolServer(target: ScriptedTarget())
        #expect(server.hello.message["roles"] == nil)
        #expect(try ProtocolHello(message: server.hello.message).operations == Set(Operation.allCases))
    }

    @Test func theHelloSchemaTakesRolesAndRefusesAnUnknownOne() throws {
        let schema = try SampleRun.schema("hello.schema.json")
        #expect(schema.validate(try Self.hello(roles: #"["recognise","decode"]"#)).isEmpty)
        #expect(schema.validate(try Self.hello(roles: "null")).isEmpty)
        #expect(schema.validate(try Self.hello(roles: #"["decoder"]"#)).contains { $0.instancePath.hasPrefix("$.roles") })
    }

    @Test func aSubprocessTargetClaimsTheRolesOfItsHello() throws {
        let target = try SubprocessTarget(command: TargetCommand([try ToolProcess.tool().path, "serve", "--roles", "decode"]))
        defer { target.stop() }
        #expect(target.roles == [.decode])
        #expect(target.operations == [.parse])
        let run = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: target)
        #expect(run.claimedRoles == [.decode])
        #expect(run.profile == [.decoder])
        for item in run.results {
            #expect((item.result.verdict == .notApplicable) == (item.result.vector.role != .decode), "\(item.id)")
        }
    }
}
