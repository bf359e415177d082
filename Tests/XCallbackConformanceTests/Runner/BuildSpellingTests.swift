import Testing
import XCallbackConformance
import XCallbackURL

/// Builders compared byte for byte (issue 36): each respelling of Vectors/README.md's list, graded as the list says.
@Suite struct BuildSpellingTests {
    /// A respelling of the reference's URL and what the comparator makes of it: `nil` when it is allowed outright.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var canonical: String
        var built: String
        var expected: (field: FaultField, transformation: FaultTransformation)?
        var setAside: Set<String> = []
        var testDescription: String { name }
    }

    static let base = "app://x-callback-url/"

    static let cases: [Case] = [
        Case(name: "identical", canonical: base + "open?a=1", built: base + "open?a=1", expected: nil),
        Case(name: "a reserved character escaped in a value", canonical: base + "open?u=a/b:c", built: base + "open?u=a%2Fb%3Ac",
             expected: nil),
        Case(name: "a reserved character raw in the action where the reference escapes it", canonical: base + "a%2Bb",
             built: base + "a+b", expected: nil),
        Case(name: "the '/' between the action's segments escaped", canonical: base + "1.0/lookup", built: base + "1.0%2Flookup",
             expected: (.action, .reservedEscaped)),
        Case(name: "a reserved character that delimits nothing escaped in the action", canonical: base + "a:b",
             built: base + "a%3Ab", expected: nil),
        Case(name: "a reserved character escaped in a name", canonical: base + "open?a:b=1", built: base + "open?a%3Ab=1",
             expected: nil),
        Case(name: "a reserved character escaped in the fragment", canonical: base + "open?a=1#x/y",
             built: base + "open?a=1#x%2Fy", expected: nil),
        Case(name: "an unreserved character escaped in a value", canonical: base + "open?a=~", built: base + "open?a=%7E",
             expected: (.parameterValue, .unreservedEscaped)),
        Case(name: "an unreserved character escaped in x-source's name", canonical: base + "open?x-source=A",
             built: base + "open?x%2Dsource=A", expected: (.source, .unreservedEscaped)),
        Case(name: "lowercase hex", canonical: base + "open?a=%C3%A9", built: base + "open?a=%c3%a9",
             expected: (.parameterValue, .lowercaseHex)),
        Case(name: "a '?' with nothing after it", canonical: base + "open", built: base + "open?",
             expected: (.separator, .respelled)),
        Case(name: "an empty piece", canonical: base + "open?a=1&b=2", built: base + "open?a=1&&b=2",
             expected: (.separator, .respelled)),
        Case(name: "another order is the comparator's, not a respelling", canonical: base + "open?a=1&b=2",
             built: base + "open?b=2&a=1", expected: nil),
        Case(name: "an extra parameter set aside", canonical: base + "open?a=1", built: base + "open?a=1&requestID=7",
             expected: nil, setAside: ["requestID"]),
        Case(name: "the strictest of two respellings", canonical: base + "a/b?v=%C3%A9", built: base + "a%2fb?v=%c3%a9",
             expected: (.action, .reservedEscaped)),
    ]

    @Test(arguments: cases)
    func respellingIsGradedAsTheListSays(_ example: Case) {
        let found = BuildSpelling.firstRespelling(built: example.built, canonical: example.canonical, setAside: example.setAside)
        #expect(found?.field == example.expected?.field && found?.transformation == example.expected?.transformation,
                "\(found.map { "\($0.field) \($0.transformation)" } ?? "nil")")
    }

    /// A builder that escapes '/' in the action reads back the same with the reference, and fails all the same: a
    /// receiver that splits the path gets the one segment '1.0/lookup', not 'lookup' under '1.0' (XCU-FU3V).
    @Test func aRespellingTheReferenceReadsBackAlikeFails() throws {
        struct EscapesSlashInAction: ConformanceTarget {
            var identity: TargetIdentity { TargetIdentity(name: "escapes-slash-in-action", version: "1") }
            func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> {
                TargetAnswer { () throws(XCallbackRejection) in
                    let url = try request.url()
                    let encoded = PercentEncoding.encodeAction(request.action)
                    return url.replacingOccurrences(
                        of: "/" + encoded, with: "/" + encoded.replacingOccurrences(of: "/", with: "%2F"), options: [], range: nil)
                }
            }
        }
        let suite = try VectorFixtures.suite.get()
        let vector = try #require(suite.vectors.first { $0.id == "XCU-FU3V" })
        let result = FaultModel.scored(Evaluator.run(vector, on: EscapesSlashInAction()))
        #expect(result.verdict.failureKind == .encodingRule, "\(result.detail)")
        #expect(result.faults.map(\.transformation) == [.reservedEscaped] && result.faults.first?.fields.contains(.action) == true)
        #expect(Evaluator.run(vector, on: ReferenceTarget()).verdict == .passed)
    }
}
