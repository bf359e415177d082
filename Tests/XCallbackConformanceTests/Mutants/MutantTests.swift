import Testing
import XCallbackConformance

/// Deliberately broken targets must each fail at least one must or should vector, and the named ones.
@Suite struct MutantTests {
    /// A mutant and vectors it must fail (permanent ids, with the source key they come from).
    struct Case: CustomTestStringConvertible, Sendable {
        var target: any ConformanceTarget
        var mustFail: [String: String]
        var testDescription: String { target.identity.name }
    }

    static let cases: [Case] = [
        Case(target: ParseMutants.decodesTwice, mustFail: ["XCU-DHS5": "parse-encoding/pct-2541"]),
        Case(target: ParseMutants.splitsAfterDecoding, mustFail: ["XCU-3CXT": "parse-encoding/split-enc-amp"]),
        Case(target: ParseMutants.plusAsSpace,
             mustFail: ["XCU-MSHK": "hosts-actions/scheme-plus-everywhere", "XCU-VJ7S": "hosts-actions/action-plus"]),
        Case(target: ParseMutants.truncatesAtHash, mustFail: ["XCU-XURS": "parse-encoding/split-enc-hash"]),
        Case(target: ParseMutants.caseInsensitiveReserved, mustFail: ["XCU-W7TY": "reserved-prefix/case-X-Success"]),
        Case(target: ParseMutants.hostNotChecked, mustFail: ["XCU-3XVJ": "hosts-actions/not-other"]),
        Case(target: ParseMutants.hostComparedRaw,
             mustFail: ["XCU-GGEF": "hosts-actions/host-upper", "XCU-J3SL": "hosts-actions/host-pct-dash"]),
        Case(target: ParseMutants.namesNotDecoded, mustFail: ["XCU-G674": "reserved-prefix/encoded-dash"]),
        Case(target: ParseMutants.stripsXPrefix, mustFail: ["XCU-WD88": "reserved-prefix/unknown-x-foo"]),
        Case(target: ParseMutants.latin1,
             mustFail: ["XCU-S9VA": "parse-encoding/lower-hex-utf8", "XCU-KR9P": "parse-encoding/utf8-2"]),
        Case(target: BuildMutants.nestedNotEncoded,
             mustFail: ["XCU-2NDX": "nested-callbacks/build-nested-amp", "XCU-YSG8": "nested-callbacks/build-nested-no-equals"]),
        Case(target: BuildMutants.rawPlus, mustFail: ["XCU-WXWB": "build-encoding/req-2B"]),
        Case(target: BuildMutants.spaceAsPlus, mustFail: ["XCU-2NPG": "build-encoding/req-20"]),
        Case(target: BuildMutants.dropsFlags, mustFail: ["XCU-Y4PU": "build-encoding/req-flag"]),
        Case(target: BuildMutants.lastWins, mustFail: ["XCU-TQS4": "build-encoding/req-duplicates"]),
        Case(target: BuildMutants.secondQuestionMark, mustFail: ["XCU-4LQG": "callbacks/success-query"]),
        Case(target: BuildMutants.trailingAmpersand, mustFail: ["XCU-TSRG": "callbacks/success-no-query"]),
        Case(target: BuildMutants.questionAmpersand,
             mustFail: ["XCU-YVVK": "callbacks/success-bare-question", "XCU-2DK7": "callbacks/success-trailing-amp"]),
        Case(target: BuildMutants.afterFragment, mustFail: ["XCU-6YYC": "callbacks/success-fragment"]),
        Case(target: BuildMutants.dropsFragment, mustFail: ["XCU-6YYC": "callbacks/success-fragment"]),
        Case(target: BuildMutants.errorDashCode, mustFail: ["XCU-5A6T": "callbacks/error-word"]),
        Case(target: BuildMutants.errorMessageOnly, mustFail: ["XCU-5A6T": "callbacks/error-word"]),
        Case(target: BuildMutants.opensUnsafeSchemes, mustFail: ["XCU-CBQV": "security/unsafe-javascript-success"]),
        Case(target: BuildMutants.callbackDropsFlags,
             mustFail: ["XCU-SHB5": "build-encoding/cb-flag", "XCU-66ZS": "build-encoding/cb-flag-between"]),
        Case(target: BuildMutants.callbackLastWins, mustFail: ["XCU-JHSP": "build-encoding/cb-duplicates"]),
        Case(target: BuildMutants.actionNotEncoded,
             mustFail: ["XCU-F8HT": "build-encoding/field-action-space", "XCU-3X2N": "build-encoding/field-action-tab",
                        "XCU-DHWF": "build-encoding/field-action-hash"]),
        Case(target: BuildMutants.sourceNotEncoded,
             mustFail: ["XCU-A839": "build-encoding/field-source-amp", "XCU-8WN7": "build-encoding/field-source-hash"]),
        Case(target: BuildMutants.lowercaseHex, mustFail: ["XCU-9FB5": "build-encoding/hex-case-request"]),
        Case(target: BuildMutants.escapesTilde, mustFail: ["XCU-H54X": "build-encoding/unreserved-value"]),
    ]

    @Test("Each mutant fails must/should vectors, including the named ones", arguments: cases)
    func mutantIsCaught(_ mutant: Case) throws {
        let suite = try VectorFixtures.suite.get()
        var failed: [String: String] = [:]
        for vector in suite.vectors where vector.level != .implementationDefined {
            let result = Evaluator.run(vector, on: mutant.target)
            if case .failed(let kind) = result.verdict { failed[vector.id] = kind.rawValue }
        }
        #expect(!failed.isEmpty, "\(mutant.testDescription) passed every must and should vector")
        for (id, key) in mutant.mustFail.sorted(by: { $0.key < $1.key }) {
            let vector = try #require(suite.vector(id: id), "\(id) (\(key)) is not in the suite")
            #expect(vector.level != .implementationDefined, "\(id) must be a must or should vector")
            #expect(failed[id] != nil, "\(mutant.testDescription) should fail \(id) (\(key)) but passed it")
        }
    }

    @Test func atLeastFifteenMutants() {
        #expect(Self.cases.count >= 15)
        #expect(Set(Self.cases.map(\.testDescription)).count == Self.cases.count)
    }

    @Test("The reference passes what each mutant is expected to fail", arguments: cases)
    func referencePassesTheNamedVectors(_ mutant: Case) throws {
        let suite = try VectorFixtures.suite.get()
        for id in mutant.mustFail.keys {
            let vector = try #require(suite.vector(id: id))
            #expect(Evaluator.run(vector, on: ReferenceTarget()).verdict == .passed, "\(id)")
        }
    }
}
