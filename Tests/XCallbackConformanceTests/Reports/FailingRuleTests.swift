import Foundation
import Testing
import XCallbackConformance
import XCallbackURL

/// Every report leads with the failing rule groups per level: the distinct rules, taken from the vectors, of the
/// unexcused failures, with their vectors; then the vector counts.
@Suite struct FailingRuleTests {
    /// A run of the bundled suite against a target that refuses everything with one message, and the rule groups its
    /// failures make, worked out from the suite's vectors (not from the summary under test).
    /// `counted`: only the failures whose fault touches their rule (what the summary counts); otherwise every failure
    /// by its vector's rule (what a matrix row reads from the results).
    static func refusingRun(counted: Bool = true) throws -> (run: ConformanceRun, expected: [Level: [String: Set<String>]]) {
        let suite = try VectorFixtures.suite.get()
        let run = ConformanceRunner().run(suite, against: RefusingTarget())
        let rules = Dictionary(uniqueKeysWithValues: suite.vectors.map { ($0.id, $0.rule) })
        var expected: [Level: [String: Set<String>]] = [:]
        // A failure counts against its rule when one of its faults touches the rule's fields (PlantedFaultTests checks
        // that against the rules themselves).
        for item in run.results where item.result.verdict.failureKind != nil && (!counted || item.result.faults.contains(where: \.withinRule)) {
            expected[item.result.level, default: [:]][rules[item.id] ?? "?", default: []].insert(item.id)
        }
        return (run, expected)
    }

    /// `N rules failing (M vectors)` for the expected groups of one level.
    static func phrase(_ groups: [String: Set<String>], level: String? = nil) -> String {
        let vectors = groups.values.reduce(0) { $0 + $1.count }
        return "\(groups.count) \(level.map { "\($0) " } ?? "")rule\(groups.count == 1 ? "" : "s") failing (\(vectors) vector\(vectors == 1 ? "" : "s"))"
    }

    @Test func theSummaryGroupsEveryUnexcusedFailureUnderItsVectorsRule() throws {
        let (run, expected) = try Self.refusingRun()
        #expect((expected[.must]?.count ?? 0) > 1, "the fixture must fail several must rules")
        for level in Level.allCases {
            let groups = run.summary[level].failingRules
            #expect(Dictionary(uniqueKeysWithValues: groups.map { ($0.rule, Set($0.vectors)) }) == expected[level] ?? [:], "\(level)")
            #expect(groups.map(\.vectors.count) == groups.map(\.vectors.count).sorted(by: >), "most vectors first")
            #expect(groups.allSatisfy { $0.summary == run.rules[$0.rule]?.summary && $0.summary != nil })
        }
    }

    @Test func anExcusedFailureLeavesItsRuleOutOfTheFailingRules() throws {
        let target = ScriptedTarget(rejectIDs: ["XCU-2AAA"], wrongIDs: ["XCU-2AAC"])
        let known = KnownFailures([.init(id: "XCU-2AAA", kind: .unexpectedRejection, reason: "strict")])
        let run = ConformanceRunner(knownFailures: known).run(try RunnerFixtures.miniSuite(), against: target)
        #expect(run.summary[.must].failingRules.map(\.rule) == ["mini-escapes"])
        #expect(run.summary[.must].failed == 2)
    }

    @Test func theTextReportLeadsEachLevelWithItsFailingRules() throws {
        let (run, expected) = try Self.refusingRun()
        let text = TextReport.render(run)
        let must = try #require(expected[.must])
        let faults = try #require(run.summary[.must].failingFaultsText)
        #expect(text.contains("\nmust failures: \(faults), \(Self.phrase(must))\n"))
        #expect(text.contains("\nmust                    \(faults) · \(Self.phrase(must)) · \(run.summary[.must].passed)/"))
        for rule in must.keys { #expect(text.contains("\nrule \(rule) (\(must[rule]?.count ?? 0)): "), "\(rule)") }
    }

    @Test func theMarkdownReportListsTheFaultsAndFailingRulesBeforeTheFailures() throws {
        let (run, expected) = try Self.refusingRun()
        let text = MarkdownReport.render(run)
        let must = try #require(expected[.must])
        let faults = try #require(run.summary[.must].failingFaultsText).replacingOccurrences(of: " fault", with: " must fault")
        #expect(text.contains("Score: \(faults) · \(Self.phrase(must, level: "must")) · "))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| must | `") }
        #expect(rows.count == must.count)
        let faultTable = try #require(text.range(of: "### Faults"))
        let failingRules = try #require(text.range(of: "### Failing rules"))
        let failures = try #require(text.range(of: "### Failures"))
        #expect(faultTable.lowerBound < failingRules.lowerBound && failingRules.lowerBound < failures.lowerBound)
    }

    @Test func theJSONSummaryCarriesTheFailingRulesWithTheirVectors() throws {
        let (run, expected) = try Self.refusingRun()
        let report = try JSONValue(parsing: ReportFormat.json.render(run))
        #expect(try SampleRun.schema("report.schema.json").validate(report).isEmpty)
        let groups = try #require(report["summary"]?["must"]?["failingRules"]?.arrayValue)
        var read: [String: Set<String>] = [:]
        for group in groups {
            read[group["rule"]?.stringValue ?? "?"] = Set(group["vectors"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            #expect(group["summary"]?.stringValue?.isEmpty == false)
        }
        #expect(read == expected[.must])
    }

    @Test func theBadgeMessageLeadsWithTheMustFaultsThenRules() throws {
        let (run, expected) = try Self.refusingRun()
        let message = try #require(BadgeReport.document(run)["message"]?.stringValue)
        let faults = try #require(run.summary[.must].failingFaultsText).replacingOccurrences(of: " fault", with: " must fault")
        #expect(message.hasPrefix("\(faults) · \(Self.phrase(try #require(expected[.must]), level: "must")) · must "))
        #expect(!message.contains("should rule") && !message.contains("should fault"), "the badge leads with must faults and rules only")
    }

    @Test func tapAndJUnitNameTheFailingRules() throws {
        let (run, expected) = try Self.refusingRun()
        let must = try #require(expected[.must])
        let faults = try #require(run.summary[.must].failingFaultsText)
        #expect(TAPReport.render(run).contains("\n# must: \(faults): "))
        #expect(TAPReport.render(run).contains("\n# must: \(Self.phrase(must)): "))
        #expect(JUnitReport.render(run).contains("<property name=\"score\" value=\"\(faults.replacingOccurrences(of: " fault", with: " must fault")) · \(Self.phrase(must, level: "must")) · "))
    }
}

/// Refuses every input with the same message and no category, and builds nothing.
struct RefusingTarget: ConformanceTarget {
    var identity: TargetIdentity { TargetIdentity(name: "refusing", version: "1") }
    func parse(_ url: String) -> TargetAnswer<XCallbackRequest> { .rejected(category: nil, message: "refused") }
    func parse(utf8 bytes: [UInt8]) -> TargetAnswer<XCallbackRequest> { .rejected(category: nil, message: "refused") }
    func buildRequest(_ request: XCallbackRequest) -> TargetAnswer<String> { .rejected(category: nil, message: "refused") }
    func buildCallback(_ response: XCallbackResponse) -> TargetAnswer<String> { .rejected(category: nil, message: "refused") }
}
