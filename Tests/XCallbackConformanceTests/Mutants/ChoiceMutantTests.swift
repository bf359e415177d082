import Testing
import XCallbackConformance
import XCallbackURL

// Realistic parsers that declare no choices. Judged one vector at a time, each answer matches some allowed
// value, so they used to pass every vector; judged across the run (ChoiceConsistency), or against the list
// of allowed values, they fail at `should`.

enum ChoiceMutants {
    /// D7 (CallbackURLKit, IAC, SBRX): action parameters without `=` are dropped from a dictionary built
    /// after the reserved names were taken out, so a bare `x-success` is still present and empty.
    static let dropsValuelessKeys = ParseMutant(name: "drops-valueless-keys", after: { request in
        var copy = request
        copy.parameters.removeAll { $0.value == nil }
        return copy
    })

    /// D4 (CallbackURLKit, IAC-Swift): a malformed escape in the query is kept as written; the action and
    /// fragment still go through the strict decoder.
    static let keepsInvalidEscapesInQuery = ParseMutant(name: "keeps-invalid-escapes-in-query", before: { url in
        let (head, query, tail) = splitQuery(url)
        guard let query else { return url }
        return head + "?" + escapingBadPercents(query) + tail
    })

    /// D6 (CallbackURLKit, IAC, SBRX, VFX…): a `[String: String]` dictionary, so a repeated name keeps its
    /// last value at the place where the name first appeared.
    static let collapsesDuplicatesToLast = ParseMutant(name: "collapses-duplicates-to-last", after: { request in
        var copy = request
        copy.parameters = []
        for parameter in request.parameters {
            if let index = copy.parameters.firstIndex(where: { $0.name == parameter.name }) {
                copy.parameters[index].value = parameter.value
            } else {
                copy.parameters.append(parameter)
            }
        }
        return copy
    })

    /// Rewrites every `%` that does not start a valid escape as `%25`, so the strict decoder keeps it.
    static func escapingBadPercents(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            out.append(byte)
            guard byte == UInt8(ascii: "%") else { continue }
            let valid = index + 2 < bytes.count && PercentEncoding.hexDigitValue(bytes[index + 1]) != nil
                && PercentEncoding.hexDigitValue(bytes[index + 2]) != nil
            if !valid { out += Array("25".utf8) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Undeclared choice points are judged across the run: an answer inconsistent with the rest fails at
/// implementation-defined, and an answer matching no allowed value fails at should.
@Suite struct ChoiceMutantTests {
    /// Runs the whole suite on `target` through the runner, which applies the run-wide judgement.
    static func run(_ target: some ConformanceTarget) throws -> ConformanceRun {
        ConformanceRunner().run(try VectorFixtures.suite.get(), against: target)
    }

    /// The ids of results that failed with `kind`, scored at the level the run-wide judgement gives that kind.
    static func judgedFailures(_ run: ConformanceRun, _ kind: FailureKind) -> [String] {
        let level: Level = kind == .inconsistentChoice ? .implementationDefined : .should
        return run.results.filter { $0.result.verdict.failureKind == kind && $0.result.level == level }.map(\.id)
    }

    @Test func aParserDroppingValuelessKeysButNotBareReservedNamesFailsAsInconsistent() throws {
        let run = try Self.run(ChoiceMutants.dropsValuelessKeys)
        #expect(!Self.judgedFailures(run, .inconsistentChoice).isEmpty)
        let behaviour = try #require(run.choiceBehaviours.first { $0.point == .flagParameter })
        #expect(!behaviour.contradicting.isEmpty)
    }

    @Test func aParserKeepingPercentZZOnlyInTheQueryFailsAsInconsistent() throws {
        let run = try Self.run(ChoiceMutants.keepsInvalidEscapesInQuery)
        let failures = Self.judgedFailures(run, .inconsistentChoice)
        #expect(!failures.isEmpty)
        #expect(run.choiceBehaviours.contains { $0.point == .invalidEscape && !$0.contradicting.isEmpty })
    }

    @Test func aParserCollapsingDuplicatesToTheLastFailsAtShould() throws {
        let run = try Self.run(ChoiceMutants.collapsesDuplicatesToLast)
        let failures = Self.judgedFailures(run, .inconsistentChoice) + Self.judgedFailures(run, .noAllowedValue)
        #expect(!failures.isEmpty)
    }

    @Test func aLatin1DecodingParserFailsAtShould() throws {
        let run = try Self.run(ParseMutants.latin1)
        let failed = run.results.filter { $0.result.verdict.failureKind != nil && $0.result.level == .should }
        #expect(failed.contains { $0.result.vector.tags.contains("latin-1") })
    }

    @Test func theFailureDetailNamesTheValueAndTheVectorsThatShowedIt() throws {
        let run = try Self.run(ChoiceMutants.dropsValuelessKeys)
        let failure = try #require(run.results.first { $0.result.verdict.failureKind == .inconsistentChoice })
        let behaviour = try #require(run.choiceBehaviours.first { $0.point == .flagParameter })
        #expect(failure.result.detail.contains("behaved as flag-parameter=\(behaviour.value)"))
        let named = failure.result.detail.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" })
            .filter { $0.hasPrefix("XCU-") }.map(String.init)
        #expect(!named.isEmpty)
        #expect(named.allSatisfy { behaviour.showing.contains($0) && !behaviour.contradicting.contains($0) })
    }

    @Test func theReferenceBehavesAsItsOwnValuesWithNoContradiction() throws {
        let run = try Self.run(ParseMutant(name: "reference-undeclared"))
        for behaviour in run.choiceBehaviours {
            #expect(behaviour.contradicting.isEmpty, "\(behaviour.point)")
            #expect(behaviour.value == behaviour.point.allowedValues?.first, "\(behaviour.point)")
        }
        #expect(run.results.allSatisfy { $0.result.verdict.failureKind == nil || $0.result.vector.operation != .parse })
    }
}
