import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance
import XCallbackMatrix

@Suite struct MatrixTests {
    /// The sample run (passes, a wrong result, a known failure, a breakage, skips) as a JSON report.
    static func sampleReport() throws -> JSONValue { JSONReport.document(try SampleRun.make()) }

    @Test func readsIdentityScoresAndFailuresFromAJSONReport() throws {
        let entry = try MatrixEntry(report: try Self.sampleReport(), file: "sample.json")
        let run = try SampleRun.make()
        #expect(entry.name == run.target.name)
        #expect(entry.manifestSHA256 == run.suite.manifestSHA256)
        let failedIDs = Set(run.results.filter { $0.result.verdict.failureKind != nil }.map(\.result.vector.id))
        #expect(Set(entry.failures.map(\.id)) == failedIDs)
        #expect(!failedIDs.isEmpty)
        let failedScores = entry.scores.values.map(\.failed).reduce(0, +)
        #expect(failedScores == failedIDs.count)
    }

    /// A red cell links to failures of its own level: a choice vector failed at should counts at should.
    @Test(arguments: ["callbackurlkit", "jasonnam", "kradenkov", "middleman"])
    func failuresAreListedAtTheLevelTheyWereScoredAt(library: String) throws {
        let file = MatrixBrowserTests.root.appendingPathComponent("Tests/Implementations/results/\(library).json")
        let report = try JSONValue(parsing: Array(try Data(contentsOf: file)))
        let entry = try MatrixEntry(report: report, file: "\(library).json")
        for level in MatrixEntry.levels {
            let summary = report["summary"]?[level]
            let counted = Int((summary?["failed"]?.numberValue ?? 0) + (summary?["knownFailures"]?.numberValue ?? 0))
            #expect(entry.failures.filter { $0.level == level }.count == counted, "\(library): \(level)")
        }
    }

    @Test func everyInPageLinkOfTheHTMLHasItsAnchor() throws {
        let entry = try MatrixEntry(report: try Self.sampleReport(), file: "sample.json")
        let html = MatrixHTML.render([entry, entry], vectors: MatrixVectors())
        let links = Set(Self.matches(of: ##"href="#([^"]+)""##, in: html))
        let anchors = Self.matches(of: #"id="([^"]+)""#, in: html)
        #expect(!links.isEmpty)
        #expect(links.subtracting(anchors).isEmpty, "links without an anchor: \(links.subtracting(anchors).sorted())")
        for failure in entry.failures { #expect(html.contains("id=\"\(entry.anchor)--\(failure.id)\"")) }
        #expect(!html.contains("<script"), "the page must read without JavaScript")
        #expect(!html.contains("src=\"http"), "the page must have no external assets")
    }

    /// A library pinned at a commit shows seven digits of it in the table, and the whole hash on hover and in its details.
    @Test func aCommitIsShownByItsFirstDigitsAndWholeOnHover() throws {
        let file = MatrixBrowserTests.root.appendingPathComponent("Tests/Implementations/results/callbackurlkit.json")
        let entry = try MatrixEntry(report: try JSONValue(parsing: Array(try Data(contentsOf: file))), file: "callbackurlkit.json")
        #expect(entry.version.count == 40)
        #expect(entry.shortVersion == String(entry.version.prefix(7)))
        let html = MatrixHTML.render([entry], vectors: MatrixVectors())
        #expect(html.contains("<td class=\"v\" title=\"\(entry.version)\">\(entry.shortVersion)</td>"))
        let sample = try MatrixEntry(report: try Self.sampleReport(), file: "sample.json")
        #expect(sample.shortVersion == sample.version, "a version that is not a commit hash is shown whole")
    }

    @Test func escapesMarkupInNamesAndAnswers() throws {
        var report = try Self.sampleReport()
        guard case .object(var members) = report, let index = members.firstIndex(where: { $0.key == "target" }),
            case .object(var target) = members[index].value, let nameIndex = target.firstIndex(where: { $0.key == "name" })
        else { Issue.record("sample report has no target"); return }
        target[nameIndex].value = .string("<b>&evil</b>")
        members[index].value = .object(target)
        report = .object(members)
        let html = MatrixHTML.render([try MatrixEntry(report: report, file: "x.json")], vectors: MatrixVectors())
        #expect(html.contains("&lt;b&gt;&amp;evil&lt;/b&gt;"))
        #expect(!html.contains("<b>&evil</b>"))
    }

    @Test func markdownHasOneRowPerImplementationInEveryTable() throws {
        let entry = try MatrixEntry(report: try Self.sampleReport(), file: "sample.json")
        let markdown = MatrixMarkdown.render([entry, entry, entry])
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| \(entry.name) |") }
        #expect(rows.count == 9)  // three tables
        #expect(markdown.contains("| D1 |") && markdown.contains("| D20 |"))
    }

    @Test func aReportWithoutResultsIsRefusedNamingFileAndPath() throws {
        let report = try JSONValue(parsing: #"{"target": {"name": "x"}, "suite": {}}"#)
        #expect(throws: MatrixInputError.self) { try MatrixEntry(report: report, file: "broken.json") }
        do {
            _ = try MatrixEntry(report: report, file: "broken.json")
        } catch {
            #expect(error.description == "broken.json: $.results: expected an array of vector results")
        }
    }

    @Test func theCommandWritesBothFilesAndRefusesBadInput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("sample.json")
        try Data(try Self.sampleReport().compactText.utf8).write(to: report)
        let errors = Captured()
        let io = CommandLineIO(standardOutput: { _ in }, standardError: { errors.append($0) })
        let html = folder.appendingPathComponent("m.html").path
        let markdown = folder.appendingPathComponent("m.md").path
        let status = ConformanceCommandLine.main(arguments: ["matrix", report.path, "--html", html, "--markdown", markdown], io: io)
        #expect(status == ExitStatus.success)
        #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("[m.html](m.html)"))
        #expect(try String(contentsOfFile: html, encoding: .utf8).hasPrefix("<!doctype html>"))
        let missing = folder.appendingPathComponent("missing.json").path
        #expect(ConformanceCommandLine.main(arguments: ["matrix", missing], io: io) == ExitStatus.cannotRun)
        #expect(errors.text.contains("missing.json: $: expected a readable file"))
        #expect(ConformanceCommandLine.main(arguments: ["matrix"], io: io) == ExitStatus.usage)
        #expect(ConformanceCommandLine.main(arguments: ["matrix", report.path, "--html"], io: io) == ExitStatus.usage)
    }

    static func matches(of pattern: String, in text: String) -> [String] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    final class Captured: @unchecked Sendable {
        private let lock = NSLock()
        private var parts: [String] = []
        func append(_ text: String) { lock.withLock { parts.append(text) } }
        var text: String { lock.withLock { parts.joined() } }
    }
}
