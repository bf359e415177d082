// README example: certify a Swift parser in-process. Keep this file identical to the README's code block;
// `ReadmeExampleTests` checks that they match, and `swift test` runs it.

import Testing
import XCTest
import XCallbackConformance
import XCallbackConformanceTesting
import XCallbackURL

/// Your parser, adapted to the suite (here the reference implementation stands in for it).
struct MyParser: ConformanceTarget {
    var identity: TargetIdentity { TargetIdentity(name: "MyParser", version: "1.0.0", language: "Swift") }
    var declaredChoices: DeclaredChoices { [.plus: "literal", .flagParameter: "no-value"] }
    var roles: Set<TargetRole>? { [.recognise, .decode] }  // a receiver: it checks the scheme and host, and decodes

    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> {
        do {
            return .accepted(try XCallbackRequest(parsing: url))
        } catch {
            return .rejected(category: error.category, message: error.message)
        }
    }
}

// Swift Testing: one test case per vector of the roles it claims, named by its id.
@Test(arguments: try ConformanceCase.all(for: MyParser()))
func myParserConforms(_ vector: ConformanceCase) {
    expectConformance(of: MyParser(), vector)
}

// The line to read first: the whole run's faults by level, one issue (Vectors/README.md, "Faults").
@Test func myParserHasNoFaults() throws {
    try expectNoFaults(of: MyParser())
}

// XCTest: one test, one failure per failing vector, then the faults by level.
final class MyParserConformanceTests: XCTestCase {
    func testConformance() throws {
        try XCTAssertConforms(MyParser())
    }
}
