import Foundation
import Testing
import XCallbackConformance
import XCallbackURL

/// The target side of the protocol (`xcallback-conformance serve`), driven line by line.
@Suite struct ProtocolServerTests {
    let server = ProtocolServer(target: ReferenceTarget())

    func reply(_ line: String) throws -> JSONValue {
        guard case .line(let text) = server.respond(to: line) else {
            Issue.record("no line for \(line)")
            return .null
        }
        return try JSONValue(parsing: text)
    }

    @Test func answersTheHandshakeWithTheReferenceIdentityAndChoices() throws {
        let hello = try ProtocolHello(message: try reply(#"{"cmd":"start","protocol":1}"#))
        #expect(hello.identity.name == "xcallback-reference")
        #expect(hello.choices == .reference)
        #expect(hello.operations == Set(Operation.allCases))
    }

    @Test func answersEachOperationWithItsSeq() throws {
        let parse = try reply(#"{"cmd":"parse","seq":7,"id":"XCU-2AAA","url":"s://x-callback-url/a?b=c"}"#)
        #expect(parse["seq"] == 7)
        #expect(try ConformanceProtocol.parseAnswer(parse).acceptedValue?.parameters == [XCallbackParameter("b", "c")])
        let bytes = try reply(#"{"cmd":"parse","seq":8,"urlHex":"733a2f2f782d63616c6c6261636b2d75726c2f61ff"}"#)
        #expect(bytes["rejected"]?["category"] == "invalid-utf8")
        let request = try reply(
            #"{"cmd":"build-request","seq":9,"request":{"scheme":"s","action":"a","source":null,"success":null,"error":null,"cancel":null,"parameters":[["k","a b"]],"fragment":null}}"#)
        #expect(request["accepted"]?["url"] == "s://x-callback-url/a?k=a%20b")
        let callback = try reply(
            #"{"cmd":"build-callback","seq":10,"response":{"callback":"javascript:alert(1)","outcome":"success","source":null,"parameters":[]}}"#)
        #expect(callback["rejected"]?["category"] == "unsafe-callback-scheme")
    }

    @Test func answersMalformedRequestsWithErroredNotSilence() throws {
        #expect(try reply("not json")["errored"] != nil)
        #expect(try reply(#"{"cmd":"parse","seq":3}"#)["errored"] != nil)
        #expect(try reply(#"{"cmd":"parse","seq":3}"#)["seq"] == 3)
        #expect(server.respond(to: #"{"cmd":"stop"}"#) == .stop)
        #expect(server.respond(to: "") == .nothing)
    }

    @Test func servesUntilStop() {
        var lines = [#"{"cmd":"start","protocol":1}"#, #"{"cmd":"parse","seq":1,"url":"s://x-callback-url/a"}"#, #"{"cmd":"stop"}"#, "never read"]
        var written: [String] = []
        server.serve(readLine: { lines.isEmpty ? nil : lines.removeFirst() }, write: { written.append($0) })
        #expect(written.count == 2)
        #expect(written.allSatisfy { $0.hasSuffix("\n") })
        #expect(lines == ["never read"])
    }

    @Test func readsEveryAnswerShapeAndRefusesTheRest() throws {
        func read(_ text: String) throws -> TargetAnswer<String> { try ConformanceProtocol.buildAnswer(try JSONValue(parsing: text)) }
        #expect(try read(#"{"seq":1,"accepted":{"url":"u"}}"#).acceptedValue == "u")
        if case .rejected(let category, let message) = try read(#"{"seq":1,"rejected":{}}"#) {
            #expect(category == nil && message == nil)
        } else { Issue.record("not a rejection") }
        if case .unsupported(let reason, let issue) = try read(#"{"seq":1,"skipped":{"reason":"r","issueURL":"https://x"}}"#) {
            #expect(reason == "r" && issue == "https://x")
        } else { Issue.record("not skipped") }
        if case .errored(let message) = try read(#"{"seq":1,"errored":{"message":"m","traceback":"t"}}"#) {
            #expect(message == "m\nt")
        } else { Issue.record("not errored") }
        #expect(throws: AnswerError.self) { try read(#"{"seq":1}"#) }
        #expect(throws: AnswerError.self) { try read(#"{"seq":1,"accepted":{"url":"u"},"rejected":{}}"#) }
        #expect(throws: AnswerError.self) { try read(#"{"seq":1,"accepted":{"link":"u"}}"#) }
        #expect(throws: AnswerError.self) { try ConformanceProtocol.parseAnswer(try JSONValue(parsing: #"{"seq":1,"accepted":{"scheme":"s"}}"#)) }
    }

    @Test func hexRoundTrips() {
        let bytes: [UInt8] = [0, 0x7F, 0x80, 0xFF, 0x41]
        #expect(ConformanceProtocol.hex(bytes) == "007f80ff41")
        #expect(ConformanceProtocol.bytes(fromHex: "007F80ff41") == bytes)
        #expect(ConformanceProtocol.bytes(fromHex: "0") == nil)
        #expect(ConformanceProtocol.bytes(fromHex: "zz") == nil)
    }
}

extension TargetAnswer {
    /// The accepted value, for tests.
    var acceptedValue: Value? {
        if case .accepted(let value) = self { value } else { nil }
    }
}
