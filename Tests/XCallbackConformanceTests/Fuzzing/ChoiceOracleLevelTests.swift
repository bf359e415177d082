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
        let nonASCII = "a target refusing valid non-ASCII escapes also fails the must vectors XCU-S9VA, XCU-BP8M, XCU-F36M"
        var list = Dictionary(uniqueKeysWithValues: [
            "XCU-96VJ", "XCU-KR9P", "XCU-WEUV", "XCU-LBRZ", "XCU-6TQZ", "XCU-VWXL", "XCU-WLJY", "XCU-HKHT", "XCU-BAL9",
            "XCU-FZLT", "XCU-8QES", "XCU-SDRM",
        ].map { ($0, nonASCII) })
        list["XCU-A84R"] = "a host 'x-callback-url.evil.example' against the must rejections of 'x-callback-url.' (XCU-CNWT), 'www.x-callback-url' (XCU-MH4N)"
        list["XCU-H7UL"] = "plain action parameter names (requestID, __middleman_...): refusing them fails must vectors with ordinary names"
        list["XCU-38YD"] = "plain action parameter names (__middleman_...): refusing them fails must vectors with ordinary names"
        list["XCU-SWZV"] = "plain action parameter names (error-Code, errorMessage): refusing them fails must vectors with ordinary names"
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
            if let reason = Self.gradedMustElsewhere[vector.id] {
                #expect(!above.isEmpty, "\(vector.id) is listed (\(reason)) but the driver grades it \(ceiling) or lower")
                continue
            }
            #expect(above.isEmpty, "[\(declared)] \(vector.level.rawValue) vector answered the other way: \(above.map(\.description)) traits \(report.traits)")
        }
    }

    @Test("every vector", arguments: try loadEveryVector())
    func everyVector(_ vector: Vector) { check(vector) }
}
