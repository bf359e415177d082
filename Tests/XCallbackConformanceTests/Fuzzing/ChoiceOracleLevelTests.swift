// One oracle, the other half: a parse vector below must, answered the other way, is no must finding.
//
// For each parse vector at should or hardening, a target that answers it the other way
// (`ChoiceOracleTests.wrongTarget`: a rejection where the vector accepts, an acceptance where it rejects)
// fails the vector at should in the conformance runner; the differential driver must grade that answer
// should or lower, never must, or the fuzzer raises a must finding that the suite itself grades lower.
// Not covered here: build vectors (a refused build is must in the driver, as the must build vectors grade
// it) and implementation-defined vectors under their declared value (the target contradicts its own
// declaration, which the driver keeps at must).

import Testing
import XCallbackConformance
import XCallbackFuzzing

@Suite struct ChoiceOracleLevelTests {
    /// Should vectors whose wrong answer a must vector of the same shape also fails, so the driver's must is
    /// the suite's own grade for that behaviour; no input trait tells them apart from the must vectors.
    static let gradedMustElsewhere: [String: String] = {
        var list: [String: String] = [:]
        list["XCU-H7UL"] = "plain action parameter names (requestID, __middleman_...): refusing them fails must vectors with ordinary names"
        list["XCU-38YD"] = "plain action parameter names (__middleman_...): refusing them fails must vectors with ordinary names"
        list["XCU-SWZV"] = "plain action parameter names (error-Code, errorMessage): refusing them fails must vectors with ordinary names"
        let names = "a target refusing an escape in a name also fails the must vectors XCU-C5JM (a%3Db=c) and XCU-L8MA (x%252Dsource)"
        for id in ["XCU-G674", "XCU-YDFN", "XCU-75H9", "XCU-AZR2"] { list[id] = names }
        let action = "a target refusing an escape in the action also fails the must vectors XCU-DVZV (what%3F), XCU-BCKK (tag%23one)"
        for id in ["XCU-UCHG", "XCU-STA8", "XCU-YZKD", "XCU-3XEP"] { list[id] = action }
        list["XCU-XF6B"] = "a target refusing an escape in the fragment also fails the must vector XCU-RWBK (#a%20b%2523)"
        list["XCU-RHTX"] = "a target refusing an empty value also fails the must vectors XCU-Z6JH (a=) and XCU-DB2F (a=&b=)"
        return list
    }()

    /// Should vectors about how a valid x-callback-url is read (UTF-8, an empty fragment's value) that no must vector
    /// of the same shape covers: refusing the URL, their wrong answer here, is a must fault by the must rule
    /// (Vectors/README.md, "Levels": the app then receives nothing), and the driver grades it so; the vector itself is
    /// graded at the level of what it tests, which a refusal fails too.
    static let refusalIsMust: [String: String] = {
        let utf8 = "3.0.0 grades decoding UTF-8 escapes should (RFC 3986 section 2.5); refusing the valid URL is a must fault"
        var list = Dictionary(uniqueKeysWithValues: [
            "XCU-S9VA", "XCU-BP8M", "XCU-F36M", "XCU-P5UD", "XCU-C3DQ", "XCU-7ADZ", "XCU-FAPA", "XCU-D6ZB", "XCU-99BZ",
            "XCU-RCWY", "XCU-ZCJZ", "XCU-VNLA", "XCU-VZBC", "XCU-7B93", "XCU-96VJ", "XCU-KR9P", "XCU-WEUV", "XCU-LBRZ",
            "XCU-6TQZ", "XCU-VWXL", "XCU-WLJY", "XCU-HKHT", "XCU-BAL9", "XCU-FZLT", "XCU-8QES", "XCU-SDRM",
        ].map { ($0, utf8) })
        list["XCU-AKCZ"] = "3.0.0 grades the empty fragment's value (empty, not absent) should (RFC 3986 section 6.2.3); "
            + "refusing the valid URL ...?a=1# is a must fault"
        return list
    }()

    func check(_ vector: Vector) {
        guard vector.operation == .parse, vector.level == .should || vector.level == .hardening else { return }
        for choices in ChoiceOracleTests.scenarios(of: vector) {
            let declared = choices.sorted.map { "\($0.point)=\($0.value)" }.joined(separator: ", ")
            let accepted = ChoiceOracleTests.answers(vector.expectation, choices)
            let accepts = accepted.contains { if case .accepted = $0 { true } else { false } }
            let rejects = accepted.contains { if case .rejected = $0 { true } else { false } }
            guard accepts != rejects, let target = ChoiceOracleTests.wrongTarget(for: vector, accepts: accepts, choices) else { continue }
            let report = DifferentialDriver(target: target).compare(vector.input)
            let ceiling = DifferentialLevel.should
            let above = report.disagreements.filter { $0.level > ceiling }
            if let reason = Self.gradedMustElsewhere[vector.id] ?? Self.refusalIsMust[vector.id] {
                #expect(!above.isEmpty, "\(vector.id) is listed (\(reason)) but the driver grades it \(ceiling) or lower")
                continue
            }
            #expect(above.isEmpty, "[\(declared)] \(vector.level.rawValue) vector answered the other way: \(above.map(\.description)) traits \(report.traits)")
        }
    }

    @Test func everyListedVectorIsAParseVectorBelowMust() throws {
        let suite = try VectorFixtures.suite.get()
        for id in Set(Self.gradedMustElsewhere.keys).union(Self.refusalIsMust.keys) {
            let vector = try #require(suite.vector(id: id), "\(id) is listed but not in the suite")
            #expect(vector.operation == .parse && (vector.level == .should || vector.level == .hardening), "\(id) is \(vector.level)")
        }
    }

    @Test("every vector", arguments: try loadEveryVector())
    func everyVector(_ vector: Vector) { check(vector) }
}
