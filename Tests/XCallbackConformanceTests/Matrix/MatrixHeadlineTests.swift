import Foundation
import Testing
import XCallbackConformance
import XCallbackMatrix

/// Each row of the matrix leads with its failing must behaviours (audited causes, else rule groups), then its rule
/// groups, then its vectors; rules come from the vectors, so no target can hide failures by collapsing them.
@Suite struct MatrixHeadlineTests {
    /// The sample run's row, its rules taken from the mini suite.
    static func sampleEntry() throws -> MatrixEntry {
        var entry = try MatrixEntry(report: try MatrixTests.sampleReport(), file: "sample.json")
        entry.resolveRules(with: try MatrixVectors(directory: RunnerFixtures.miniSuiteDirectory))
        return entry
    }

    /// An audit whose one must cause lists `vectors`.
    static func audit(causing vectors: [String]) throws -> MatrixAudit {
        let list = vectors.map { "\"\($0)\"" }.joined(separator: ", ")
        let text = """
            {"implementation": "lib", "entryPoints": "calls",
             "causes": [{"id": "one-cause", "level": "must", "source": ["A.swift:1"], "summary": "s", "vectors": [\(list)]}]}
            """
        return try MatrixAudit(json: try JSONValue(parsing: Array(text.utf8)), file: "lib.json")
    }

    @Test func withoutAnAuditTheHeadlineLeadsWithTheRuleGroups() throws {
        let entry = try Self.sampleEntry()
        let must = entry.failures.filter { $0.level == "must" }
        let rules = Set(must.compactMap(\.rule))
        #expect(rules.count == must.count, "each failure of the mini suite is a rule of its own")
        let headline = entry.headline(at: "must")
        #expect(headline.behaviours == nil)
        #expect(headline.text == "\(rules.count) rule\(rules.count == 1 ? "" : "s") · \(must.count) vector\(must.count == 1 ? "" : "s")")
        #expect(MatrixMarkdown.render([entry]).contains("| **\(headline.text)** |"))
    }

    @Test func withAnAuditTheHeadlineLeadsWithTheCausesAndKeepsTheRulesBesideThem() throws {
        var entry = try Self.sampleEntry()
        let must = entry.failures.filter { $0.level == "must" }.map(\.id)
        entry.audit = try Self.audit(causing: must)
        let headline = entry.headline(at: "must")
        #expect(headline.behaviours == 1)
        #expect(headline.text == "1 behaviour · \(must.count) rules · \(must.count) vectors")
        #expect(MatrixHTML.render([entry], vectors: MatrixVectors()).contains("><b>1 behaviour</b><br><small>\(must.count) rules · \(must.count) vectors</small></a></td>"))
        #expect(MatrixMarkdown.render([entry]).contains("| one-cause: s | must | \(must.count) | \(must.count) |"), "the cause shows how many rules it gathers")
    }

    @Test func aMustFailureUnderNoCauseIsABehaviourOfItsOwn() throws {
        var entry = try Self.sampleEntry()
        let must = entry.failures.filter { $0.level == "must" }.map(\.id)
        entry.audit = try Self.audit(causing: Array(must.prefix(1)))
        #expect(entry.headline(at: "must").behaviours == must.count)
    }

    @Test func aRowWithoutFailuresLeadsWithNone() throws {
        let run = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: ReferenceTarget())
        let entry = try MatrixEntry(report: JSONReport.document(run), file: "reference.json")
        #expect(entry.headline(at: "must").text == "none")
        #expect(entry.profile == ["receiver", "request builder", "callback builder"])
    }

    @Test func theProfileOfAnOlderReportIsNamedFromTheRolesItJudged() throws {
        let run = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: ReferenceTarget().claiming([.decode]))
        guard case .object(var members) = JSONReport.document(run) else { throw CocoaError(.fileReadCorruptFile) }
        members.removeAll { $0.key == "certification" }
        var entry = try MatrixEntry(report: .object(members), file: "old.json")
        #expect(entry.profile.isEmpty)
        entry.resolveRules(with: try MatrixVectors(directory: RunnerFixtures.miniSuiteDirectory))
        #expect(entry.profile == ["decoder"])
    }

    /// The no-hiding test: a target that refuses everything with one message, its report's rules forged into one,
    /// and an audit that puts every must failure under one cause, still shows every rule it fails.
    @Test func aTargetCannotHideItsFailuresByCollapsingThemIntoOneGroup() throws {
        let (run, expected) = try FailingRuleTests.refusingRun(counted: false)
        let must = try #require(expected[.must])
        #expect(must.count > 1)
        // The run's own summary leads with faults: every must failure is under one, none is lost, and the rules it
        // counts are those whose fields the refusal touches (the outcome).
        let faults = run.summary[.must].failingFaults
        #expect(!faults.isEmpty)
        // A must fault may also hold failures scored lower (a refused should vector keeps its level).
        #expect(Set(must.values.joined()).isSubset(of: Set(faults.flatMap(\.vectors))), "every must failure is under a fault")
        #expect(run.summary[.must].failingRules.count <= must.count)
        guard case .object(var members) = JSONReport.document(run),
            let index = members.firstIndex(where: { $0.key == "results" }), case .array(let results) = members[index].value
        else { throw CocoaError(.fileReadCorruptFile) }
        members[index].value = .array(results.map { result in
            guard case .object(var fields) = result else { return result }
            for field in fields.indices where fields[field].key == "rule" { fields[field].value = "one-rule" }
            return .object(fields)
        })
        var entry = try MatrixEntry(report: .object(members), file: "refusing.json")
        entry.resolveRules(with: try MatrixVectors(directory: try VectorFixtures.suite.get().directory))
        let failing = must.values.reduce(0) { $0 + $1.count }
        entry.audit = try Self.audit(causing: entry.failures.filter { $0.level == "must" }.map(\.id))
        let headline = entry.headline(at: "must")
        #expect(headline.text == "1 behaviour · \(must.count) rules · \(failing) vectors")
        #expect(Dictionary(uniqueKeysWithValues: headline.ruleGroups.map { ($0.rule, Set($0.vectors)) }) == must)
        #expect(entry.rules(of: entry.audit?.causes.first?.vectors ?? []) == must.count)
    }

    @Test func aFailureWhoseRuleIsUnknownCountsAsARuleOfItsOwn() throws {
        let (run, expected) = try FailingRuleTests.refusingRun(counted: false)
        guard case .object(var members) = JSONReport.document(run),
            let index = members.firstIndex(where: { $0.key == "results" }), case .array(let results) = members[index].value
        else { throw CocoaError(.fileReadCorruptFile) }
        members[index].value = .array(results.map { result in
            guard case .object(let fields) = result else { return result }
            return .object(fields.filter { $0.key != "rule" })
        })
        let entry = try MatrixEntry(report: .object(members), file: "refusing.json")
        let failing = try #require(expected[.must]).values.reduce(0) { $0 + $1.count }
        #expect(entry.headline(at: "must").ruleGroups.count == failing, "never fewer groups than the vectors' own rules")
    }
}
