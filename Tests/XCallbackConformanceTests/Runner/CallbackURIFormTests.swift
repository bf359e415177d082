// A decoder's callback values are compared as the URLs it will open (Vectors/README.md, "Comparator", parse): a
// callback held as a URL object, with non-ASCII and brackets percent-encoded, passes; any other spelling fails.

import Testing
import XCallbackConformance
import XCallbackURL

@Suite struct CallbackURIFormTests {
    func verdict(_ success: String, of id: String) throws -> Verdict {
        let vector = try #require(try loadEveryVector().first { $0.id == id })
        guard case .accept(.request(var request)) = vector.expectation else {
            Issue.record("\(id) no longer expects one request")
            return .passed
        }
        request.success = success
        return Evaluator.evaluate(vector, answer: .accepted(.request(request)), choices: [:]).verdict
    }

    @Test func nonASCIIHeldInURIFormPasses() throws {
        #expect(try verdict("a%C3%A9%E2%82%AC%F0%9F%98%80b", of: "XCU-FYR7") == .passed)
    }

    @Test func lowercaseHexIsAnotherSpellingAndFails() throws {
        #expect(try verdict("a%c3%a9%E2%82%AC%F0%9F%98%80b", of: "XCU-FYR7") != .passed)
    }

    @Test func bracketsHeldInURIFormPass() throws {
        #expect(try verdict("a:/?#%5B%5D@!$&'()*+,;=b", of: "XCU-MNRC") == .passed)
    }

    @Test func aReservedCharacterEscapedFails() throws {
        // '&' and '=' may appear raw in a URI: escaping them is another URL, not its URI form.
        #expect(try verdict("a:/?#[]@!$%26'()*+,;=b", of: "XCU-MNRC") != .passed)
    }

    @Test func aCharacterLostFails() throws {
        #expect(try verdict("a%C3%A9%E2%82%ACb", of: "XCU-FYR7") != .passed)
    }
}
