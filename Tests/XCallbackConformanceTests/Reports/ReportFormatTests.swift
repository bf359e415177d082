import Foundation
import Testing
import XCallbackConformance

/// Every report format, parsed back and checked against its rules.
@Suite struct ReportFormatTests {
    let run: ConformanceRun

    init() throws { run = try SampleRun.make() }

    @Test func theSampleRunHasEveryKindOfResult() {
        #expect(run.results.map { "\($0.id) \($0.result.verdict.failureKind?.rawValue ?? $0.result.verdict.name)" } == [
            "XCU-2AAA unexpected-rejection", "XCU-2AAB passed", "XCU-2AAC wrong-result", "XCU-2AAD crashed",
            "XCU-2AAE passed", "XCU-2AAF passed", "XCU-2AAG passed", "XCU-2AAH skipped", "XCU-2AAJ passed",
        ])
        #expect(run.problems.map(\.kind) == [.newFailure, .newFailure, .nowPassing])
    }

    @Test func jsonMatchesItsSchemaAndCarriesProvenance() throws {
        let text = ReportFormat.json.render(run)
        let report = try JSONValue(parsing: text)
        let violations = try SampleRun.schema("report.schema.json").validate(report)
        #expect(violations.isEmpty, "\(violations)")
        #expect(report["suite"]?["manifestSHA256"] == .string(run.suite.manifestSHA256))
        #expect(report["suite"]?["version"] == "0.0.1-mini")
        #expect(report["target"]?["name"] == "scripted")
        #expect(report["target"]?["declaredChoices"]?["plus"] == "literal")
        #expect(report["summary"]?["must"]?["failed"] == 2)
        #expect(report["summary"]?["must"]?["knownFailures"] == 1)
        #expect(report["summary"]?["should"]?["failed"] == 1)
        #expect(report["summary"]?["conformant"] == false)
        let results = try #require(report["results"]?.arrayValue)
        #expect(results.count == 9)
        #expect(results[0]["knownFailure"]?["issue"] == "https://example.com/7")
        #expect(results[3]["answer"]?["broken"]?["kind"] == "crashed")
        #expect(results[4]["matched"] == "plus=literal")
    }

    @Test func theSchemaRefusesAReportMissingProvenance() throws {
        guard case .object(var members) = try JSONValue(parsing: ReportFormat.json.render(run)) else {
            Issue.record("not an object")
            return
        }
        members.removeAll { $0.key == "suite" }
        #expect(try !SampleRun.schema("report.schema.json").isValid(.object(members)))
    }

    @Test func junitFollowsTheStructureRules() throws {
        let xml = try JUnitDocument(parsing: ReportFormat.junit.render(run))
        #expect(xml.root.name == "testsuites")
        let suites = xml.root.children.filter { $0.name == "testsuite" }
        #expect(suites.map { $0.attributes["name"] } == ["must", "should", "implementation-defined", "known-failures"])
        var totals = (tests: 0, failures: 0, errors: 0, skipped: 0)
        for suite in suites {
            let cases = suite.children.filter { $0.name == "testcase" }
            let outcome = cases.map { $0.children.filter { ["failure", "error", "skipped"].contains($0.name) } }
            #expect(outcome.allSatisfy { $0.count <= 1 }, "a testcase has at most one outcome element")
            #expect(suite.int("tests") == cases.count)
            #expect(suite.int("failures") == outcome.filter { $0.first?.name == "failure" }.count)
            #expect(suite.int("errors") == outcome.filter { $0.first?.name == "error" }.count)
            #expect(suite.int("skipped") == outcome.filter { $0.first?.name == "skipped" }.count)
            for testcase in cases {
                #expect(testcase.attributes["name"]?.hasPrefix("XCU-") == true)
                #expect(testcase.attributes["classname"]?.hasPrefix("xcallback.") == true)
                #expect(Double(testcase.attributes["time"] ?? "") != nil)
            }
            for element in outcome.joined() where element.name != "skipped" {
                #expect(element.attributes["type"] != nil && element.attributes["message"] != nil)
            }
            let properties = suite.children.first { $0.name == "properties" }?.children ?? []
            #expect(suite.attributes["name"] == "known-failures" || properties.contains { $0.attributes["name"] == "suite.manifestSHA256" && $0.attributes["value"] == run.suite.manifestSHA256 })
            totals.tests += suite.int("tests") ?? -1
            totals.failures += suite.int("failures") ?? -1
            totals.errors += suite.int("errors") ?? -1
            totals.skipped += suite.int("skipped") ?? -1
        }
        #expect(xml.root.int("tests") == totals.tests)
        #expect(xml.root.int("failures") == totals.failures)
        #expect(xml.root.int("errors") == totals.errors)
        #expect(xml.root.int("skipped") == totals.skipped)
        #expect(totals.tests == 10 && totals.failures == 2 && totals.errors == 1 && totals.skipped == 2)
        let problem = try #require(xml.find { $0.name == "failure" && $0.attributes["type"] == "now-passing" })
        #expect(problem.attributes["message"]?.contains("remove the entry") == true, "a known-failures problem is a failing case")
        let crash = try #require(xml.find { $0.name == "error" })
        #expect(crash.attributes["type"] == "crashed")
        #expect(crash.text.contains("boom <&> \"quoted\""))
    }

    @Test func tapHasAPlanAndOnePointPerVectorAndProblem() {
        let lines = ReportFormat.tap.render(run).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "TAP version 13")
        #expect(ReportFormat.tap.render(run, tapVersion: 14).hasPrefix("TAP version 14\n"))
        #expect(lines[1] == "1..10")
        let points = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        #expect(points.count == 10)
        #expect(points.last == "not ok 10 - known-failures problem: XCU-2AAJ: now-passing: listed as a known failure (wrong-result) but passed; remove the entry")
        for (index, point) in points.dropLast().enumerated() {
            let number = point.hasPrefix("ok ") ? point.dropFirst(3) : point.dropFirst(7)
            #expect(number.hasPrefix("\(index + 1) - XCU-"))
        }
        #expect(points.filter { $0.hasPrefix("not ok") && !$0.contains("# TODO") }.count == 3)
        #expect(points.filter { $0.contains("# TODO known failure") }.count == 1)
        #expect(points.filter { $0.contains("# SKIP") }.count == 1)
        #expect(lines.filter { $0 == "  ---" }.count == lines.filter { $0 == "  ..." }.count)
        #expect(lines.contains("  kind: crashed"))
        let descriptions = points.map { $0.components(separatedBy: " # ")[0] }
        #expect(descriptions.allSatisfy { !$0.contains("#") }, "no # in a TAP description")
    }

    @Test func markdownHasTheScoreTableAndTheFailures() {
        let text = ReportFormat.markdown.render(run)
        #expect(text.hasPrefix("## x-callback-url conformance: scripted 1\n"))
        #expect(text.contains("**FAIL**"))
        #expect(text.contains(
            "Score: 1 must fault (1 vector) · 1 must rule failing (1 vector) · 1 should fault (1 vector) · 1 should rule failing (1 vector) · must 4/6 · should 0/1 · implementation-defined 1/1 · 1 excused.\n"))
        #expect(text.contains("| level | faults | failing rules | passed | failed | known | skipped | not applicable | score |"))
        #expect(text.contains("| must | 1 | 1 | 4 | 2 | 1 | 1 | 0 | 66.7% |"))
        #expect(text.contains("| should | 1 | 1 | 0 | 1 | 0 | 0 | 0 | 0% |"))
        #expect(text.contains("| implementation-defined | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 100% |"))
        #expect(text.contains("| must | `mini-escapes` | 1 | An escaped plus stays a plus. |"))
        #expect(text.contains("Certified profile: **receiver, request builder**"))
        #expect(text.contains("| `XCU-2AAD` | should | parse | crashed |"))
        #expect(text.contains("| `XCU-2AAA` | must | parse | unexpected-rejection (known) |"))
        #expect(text.contains("- XCU-2AAJ now-passing"))
        let order = ["### Faults", "### Failing rules", "### Known-failures problems", "### Failures", "| `XCU-2AAC` | must", "| `XCU-2AAA` | must", "| `XCU-2AAD` | should"]
        let positions = order.map { text.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil } && positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(),
            "failing rules first, then problems, then failures by level, unexpected before known")
    }

    @Test func theBadgeIsAShieldsEndpointNamingTheSuiteVersion() throws {
        let badge = try JSONValue(parsing: ReportFormat.badge.render(run))
        #expect(badge["schemaVersion"] == 1)
        #expect(badge["label"] == "x-callback-url suite 0.0.1-mini · receiver, request builder")
        #expect(badge["message"] == "1 must fault (1 vector) · 1 must rule failing (1 vector) · must 4/6 · should 0/1 · impl-defined 1/1 · 1 excused")
        #expect(badge["color"] == "red")
        let passing = ConformanceRunner().run(try RunnerFixtures.miniSuite(), against: ReferenceTarget())
        #expect(BadgeReport.document(passing)["color"] == "brightgreen")
    }

    @Test func textScoresEachLevelAndNamesEveryFailure() {
        let text = ReportFormat.text.render(run)
        #expect(text.contains("FAIL XCU-2AAC  must  parse  wrong-result"))
        #expect(text.contains("\nKNOWN XCU-2AAA  must  parse  unexpected-rejection: strict <parser> & co\n"))
        #expect(text.contains("must failures: 1 fault (1 vector), 1 rule failing (1 vector), 1 known failure\n"))
        #expect(text.contains("should failures: 1 fault (1 vector), 1 rule failing (1 vector)\n"))
        #expect(text.contains("\nrule mini-escapes (1): An escaped plus stays a plus.\n"))
        #expect(text.contains("     cite: xcu-values-encoded  file: mini.json"))
        #expect(text.contains("must                    1 fault (1 vector) · 1 rule failing (1 vector) · 4/6 passed (66.7%), 2 failed (1 known), 1 skipped\n"))
        #expect(text.contains("                          mini-escapes (1): An escaped plus stays a plus.\n"))
        #expect(text.contains("should                  1 fault (1 vector) · 1 rule failing (1 vector) · 0/1 passed (0%), 1 failed\n"))
        #expect(text.contains("implementation-defined  1/1 passed (100%)\n"))
        #expect(text.contains("XCU-2AAJ: now-passing"))
        #expect(text.hasSuffix("FAIL: 2 unexpected failures, 1 known-failures problem\n"))
    }
}
