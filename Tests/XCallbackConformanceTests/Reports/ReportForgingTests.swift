import Foundation
import Testing
import XCallbackConformance

/// Text a target controls cannot forge report lines, reach the terminal raw or become Markdown.
@Suite struct ReportForgingTests {
    let run: ConformanceRun

    init() throws {
        let known = KnownFailures([.init(id: "XCU-2AAB", kind: .wrongResult, reason: Forgery.all)])
        run = ConformanceRunner(knownFailures: known).run(try RunnerFixtures.miniSuite(), against: HostileTarget())
    }

    /// Whether `text` holds a scalar no report may show raw (other than the line feeds that end its lines).
    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
        }
    }

    @Test func aForgedTAPLineDoesNotSurvive() {
        for version in [13, 14] {
            let text = ReportFormat.tap.render(run, tapVersion: version)
            let lines = text.split(separator: "\n").map(String.init)
            #expect(!lines.contains { $0.hasPrefix("ok 1 - forged") || $0 == "1..1" || $0.hasPrefix("# forged") })
            let points = lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
            #expect(lines[1] == "1..\(points.count)", "the plan counts the real test points only")
            for line in lines.dropFirst(2) {
                #expect(line.hasPrefix("ok ") || line.hasPrefix("not ok ") || line.hasPrefix("#") || line.hasPrefix("  "), "\(line)")
            }
            for point in points {
                let parts = point.components(separatedBy: " # ")
                #expect(parts.count <= 2 && parts.dropFirst().allSatisfy { !$0.contains("#") }, "one directive at most: \(point)")
                #expect(!parts[0].contains("#"), "no # in a description: \(point)")
            }
            #expect(!Self.hasRawControl(text))
        }
    }

    @Test func aForgedTextLineAndTerminalControlsDoNotSurvive() {
        let text = ReportFormat.text.render(run)
        #expect(!Self.hasRawControl(text))
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("ok 1 - forged") || $0.hasPrefix("## forged") })
        #expect(text.contains("\\u{1B}[2J"), "the escape is shown, not sent")
        #expect(text.contains("\\u{202E}gnp.exe"))
    }

    /// The Markdown outside fenced code blocks (whose content is shown literally), and whether every fence closes.
    static func outsideCode(_ markdown: String) -> (text: String, balanced: Bool) {
        var inside = false
        var kept: [Substring] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inside.toggle() } else if !inside { kept.append(line) }
        }
        return (kept.joined(separator: "\n"), !inside)
    }

    @Test func markdownInTheTargetNameDoesNotBecomeAnImageLinkOrHTML() {
        let whole = ReportFormat.markdown.render(run)
        #expect(!Self.hasRawControl(whole))
        let (text, balanced) = Self.outsideCode(whole)
        #expect(balanced)
        #expect(whole.split(separator: "\n").filter { $0.hasPrefix("```") }.count > 1, "the differences are fenced")
        #expect(!text.contains("!["))
        #expect(!text.contains("<img"))
        #expect(!text.contains("**bold**"))
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("## ") }.count == 1, "one heading of the report's own")
        #expect(!lines.contains { $0.hasPrefix("## forged") || $0.hasPrefix("ok 1") || $0.hasPrefix("1..1") })
        #expect(text.hasPrefix(##"## x-callback-url conformance: x\\r\\nok 1 - forged pass\\n1..1\\n\# forged"##))
    }

    @Test func junitAndJSONCarryNoRawControls() throws {
        let xml = ReportFormat.junit.render(run)
        #expect(!Self.hasRawControl(xml))
        _ = try JUnitDocument(parsing: xml)
        let json = ReportFormat.json.render(run)
        #expect(try JSONValue(parsing: json)["target"]?["name"] == .string(Forgery.all), "JSON keeps the name exactly, escaped")
    }
}

/// A report keeps a bounded prefix of a huge answer, with its size and hash.
@Suite struct ReportSizeTests {
    @Test func aHugeAnswerIsKeptAsAPrefixWithItsSizeAndHash() throws {
        let suite = try RunnerFixtures.miniSuite()
        let run = ConformanceRunner(selection: VectorSelection(operations: [.parse]))
            .run(suite, against: HostileTarget(parameters: 20_000))
        let text = ReportFormat.json.render(run)
        let perVector = text.utf8.count / max(run.results.count, 1)
        #expect(perVector < 6 * ReportLimits.keptBytes, "\(text.utf8.count) bytes for \(run.results.count) vectors")
        let report = try JSONValue(parsing: text)
        #expect(try SampleRun.schema("report.schema.json").validate(report).isEmpty)
        let truncated = try #require(report["results"]?.arrayValue?.first?["answer"]?["truncated"])
        // The target's whole answer, asked for again (it is deterministic): the run itself keeps only its digest.
        guard case .accepted(let request) = HostileTarget(parameters: 20_000).parse("") else {
            Issue.record("the hostile target did not accept")
            return
        }
        let whole = Array(ObservedResult.request(request).canonicalJSON.compactText.utf8)
        #expect(truncated["bytes"] == .number(Double(whole.count)))
        #expect(truncated["sha256"] == .string(SHA256.hexDigest(whole)))
        #expect(whole.starts(with: Array((truncated["prefix"]?.stringValue ?? "-").utf8)))
        for format in [ReportFormat.text, .tap, .junit, .markdown] {
            #expect(format.render(run).utf8.count < run.results.count * 6 * ReportLimits.keptBytes, "\(format)")
        }
    }

    @Test func theRunKeepsABoundedPartOfEveryAnswer() throws {
        // 20,000 parameters make an answer of about 400 KB; once judged, the run keeps a digest of it and a cut detail.
        let run = ConformanceRunner(selection: VectorSelection(operations: [.parse]))
            .run(try RunnerFixtures.miniSuite(), against: HostileTarget(parameters: 20_000))
        #expect(!run.results.isEmpty)
        for item in run.results {
            let kept = item.result.answer.canonicalJSON.compactText.utf8.count
            #expect(kept < 2 * ReportLimits.keptBytes, "\(item.id) keeps \(kept) bytes of its answer")
            #expect(item.result.detail.utf8.count <= ReportLimits.keptBytes, "\(item.id) keeps a detail of \(item.result.detail.utf8.count) bytes")
            guard case .accepted(.digest(let digest)) = item.result.answer else {
                Issue.record("\(item.id): the large answer is not kept as a digest: \(item.result.answer.summary.prefix(200))")
                continue
            }
            #expect(digest.bytes > 100_000)
        }
    }
}
