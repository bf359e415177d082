import Foundation
import Testing
import XCallbackConformance
import XCallbackURL

/// A parser that NFC-normalises what it decodes: `e` + U+0301 comes back as `é`, which the vectors forbid.
@Suite struct NormalizationMutantTests {
    static let normalizesToNFC = ParseMutant(name: "normalizes-to-nfc", after: { request in
        request.mapStrings { $0.precomposedStringWithCanonicalMapping }
    })

    @Test func theMutantReallyChangesTheScalars() {
        let decoded = "e\u{301}".precomposedStringWithCanonicalMapping
        #expect(Array(decoded.unicodeScalars) == ["\u{E9}"])
    }

    /// XCU-WLJY (parse-encoding/utf8-combining) expects the decoded scalars unchanged; the evaluator
    /// compares scalar for scalar, not by Swift's canonical-equivalence `String ==`.
    @Test func aNormalisingParserFailsTheCombiningMarkVector() throws {
        let vector = try #require(try VectorFixtures.suite.get().vector(id: "XCU-WLJY"))
        let verdict = Evaluator.run(vector, on: Self.normalizesToNFC).verdict
        #expect(verdict.failureKind == .wrongResult)
    }
}
