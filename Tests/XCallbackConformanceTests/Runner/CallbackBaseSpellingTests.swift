// The build-callback comparator keeps the callback's own URL byte for byte, except where a vector lists another
// spelling (Vectors/README.md, "Comparator", build-callback, 1 and 3): XCU-WPR2's callback holds a raw space, and
// a builder may open it with the space as written or as %20; XCU-T8VE (the scheme c++, nothing to add) lists the
// callback with a bare '?' too, which XCU-EAXL, whose subject is that '?', does not.

import Testing
import XCallbackConformance

@Suite struct CallbackBaseSpellingTests {
    func verdict(_ built: String, of id: String = "XCU-WPR2") throws -> Verdict {
        let vector = try #require(try loadEveryVector().first { $0.id == id })
        return Evaluator.evaluate(vector, answer: .accepted(.url(built)), choices: [:]).verdict
    }

    @Test func theRawSpaceAsWrittenPasses() throws {
        #expect(try verdict("src://x-callback-url/done?q=a b&word=Hola") == .passed)
    }

    @Test func theRawSpaceWrittenAsAnEscapePasses() throws {
        #expect(try verdict("src://x-callback-url/done?q=a%20b&word=Hola") == .passed)
    }

    @Test func theRawSpaceWrittenAsPlusFails() throws {
        #expect(try verdict("src://x-callback-url/done?q=a+b&word=Hola") != .passed)
    }

    @Test func anotherCallbackRespelledFails() throws {
        #expect(try verdict("src://x-callback-url/done?q=a%20b%20&word=Hola") != .passed)
    }

    @Test func aBareSeparatorPassesWhereTheVectorListsIt() throws {
        #expect(try verdict("c++://x-callback-url/done?", of: "XCU-T8VE") == .passed)
        #expect(try verdict("src://x-callback-url/done?#top+1", of: "XCU-WHBR") == .passed)
    }

    @Test func aBareSeparatorFailsWhereTheVectorDoesNotListIt() throws {
        #expect(try verdict("sourceapp://x-callback-url/acceptTranslation?", of: "XCU-EAXL") != .passed)
    }

    @Test func theSchemeRewrittenStillFailsWithOrWithoutTheSeparator() throws {
        #expect(try verdict("c%20%20://x-callback-url/done", of: "XCU-T8VE") != .passed)
        #expect(try verdict("c%20%20://x-callback-url/done?", of: "XCU-T8VE") != .passed)
    }
}
