import Foundation
import Testing
import XCallbackCommandLine
import XCallbackConformance
import XCallbackMatrix

/// The fuzz column and section of the matrix, read from results in the format `Tests/Implementations/fuzz.sh` writes.
@Suite struct MatrixFuzzTests {
    /// A finding of a fixture: its id, level, whether the declared choices explain it, and the vectors that know it.
    typealias FixtureFinding = (id: String, level: String, explained: Bool, known: [String])

    /// A fuzz result for `name`: by default one new must finding, one new should finding, one explained, one known by `known`.
    static func result(name: String, version: String = "1.0", findings: [FixtureFinding]? = nil, known: String = "XCU-2222") -> JSONValue {
        let list = findings ?? [("XCU-AAAA", "must", false, []), ("XCU-BBBB", "should", false, []), ("XCU-CCCC", "must", true, []),
                                ("XCU-DDDD", "must", false, [known])]
        let items: [JSONValue] = list.map { finding in
            var item: JSONValue = [
                "id": .string(finding.id), "rule": "same-action", "level": .string(finding.level), "operation": "parse",
                "input": #""p://x-callback-url/%26|<b>""#, "inputHex": "70", "reference": "accepted {}", "targetAnswer": "accepted {}",
                "disagreement": "same-action [must] action \"&\" vs \"%26\"", "replay": finding.explained ? "passed" : "failed",
                "explained": .bool(finding.explained), "reproduce": .string("Tests/Implementations/fuzz.sh --replay row \(finding.id)"),
            ]
            if !finding.known.isEmpty, case .object(var members) = item {
                members.append((key: "known", value: ["vectors": .array(finding.known.map { .string($0) })]))
                item = .object(members)
            }
            return item
        }
        return [
            "format": "xcallback-conformance-fuzz-result/1", "row": "row",
            "target": ["name": .string(name), "version": .string(version), "command": "adapter"],
            "tool": ["version": "xcallback-conformance 2.1.0", "suiteCommit": "abc"],
            "run": ["seed": 1, "seconds": 60, "exitStatus": 1, "executions": 12345, "executionsPerSecond": 205, "ranAt": "now", "reproduce": "fuzz.sh row"],
            "findings": .array(items),
        ]
    }

    static func sampleEntry() throws -> MatrixEntry {
        try MatrixEntry(report: JSONReport.document(try SampleRun.make()), file: "sample.json")
    }

    @Test func countsTheNewFindingsByLevelAndTheKnownApart() throws {
        let fuzz = try MatrixFuzz(json: Self.result(name: "x"), file: "x.json")
        #expect(fuzz.findings.count == 4)
        #expect(fuzz.unexplained.map(\.id) == ["XCU-AAAA", "XCU-BBBB", "XCU-DDDD"])
        #expect(fuzz.new.map(\.id) == ["XCU-AAAA", "XCU-BBBB"])
        #expect(fuzz.known.map(\.id) == ["XCU-DDDD"])
        #expect(fuzz.newText == "1 must · 1 should")
        let clean = try MatrixFuzz(json: Self.result(name: "x", findings: [("XCU-CCCC", "must", true, [])]), file: "x.json")
        #expect(clean.newText == "none")
    }

    @Test func theColumnLinksToAListOfEveryFindingWithItsInputEscaped() throws {
        var entry = try Self.sampleEntry()
        let failed = try #require(entry.failures.first)
        entry.fuzz = try MatrixFuzz(json: Self.result(name: entry.name, known: failed.id), file: "x.json")
        let html = MatrixHTML.render([entry], vectors: MatrixVectors())
        #expect(html.contains("<a href=\"#\(entry.anchor)--fuzz\""))
        #expect(html.contains(">1 must · 1 should</a> <small>· 1 known</small>"))
        #expect(html.contains("id=\"\(entry.anchor)--fuzz\""))
        for id in ["XCU-AAAA", "XCU-BBBB", "XCU-CCCC", "XCU-DDDD"] { #expect(html.contains("id=\"\(entry.anchor)--fuzz-\(id)\"")) }
        #expect(html.contains("%26|&lt;b&gt;"), "the input is shown escaped")
        #expect(!html.contains("|<b>"))
        #expect(html.contains("Tests/Implementations/fuzz.sh --replay row XCU-AAAA"))
        #expect(html.contains("<a href=\"#\(entry.anchor)--\(failed.id)\">\(failed.id)</a> (\(failed.level))"), "a known finding links its vector")
        // New findings first, then the known one, then the explained one.
        let positions = ["XCU-AAAA", "XCU-BBBB", "XCU-DDDD", "XCU-CCCC"].compactMap { html.range(of: "--fuzz-\($0)")?.lowerBound }
        #expect(positions.count == 4 && positions == positions.sorted())
        let markdown = MatrixMarkdown.render([entry])
        #expect(markdown.contains("| **1 must · 1 should** · 1 known |"))
        #expect(markdown.contains("| same-action | should | `\"p://x-callback-url/%26\\|<b>\"` | **new** |"), "a pipe in an input is escaped in its cell")
        #expect(markdown.contains("| \(failed.id) |"))
        #expect(!markdown.contains("XCU-CCCC"), "an explained finding is not listed in the Markdown")
    }

    /// A run whose counts per operation never reach an operation the target declares compared nothing: it says so.
    @Test func aRunThatReachedNoDeclaredOperationSaysNothingWasCompared() throws {
        guard case .object(var members) = Self.result(name: "x", findings: []),
            let index = members.firstIndex(where: { $0.key == "run" }), case .object(var run) = members[index].value
        else { Issue.record("no run"); return }
        run.append((key: "operations", value: ["parse": "not declared", "build-request": ["executions": 0, "findings": 0]]))
        members[index].value = .object(run)
        let idle = try MatrixFuzz(json: .object(members), file: "x.json")
        #expect(idle.reachedNoDeclaredOperation)
        var entry = try Self.sampleEntry()
        entry.fuzz = idle
        #expect(MatrixHTML.render([entry], vectors: MatrixVectors()).contains(">nothing compared</a>"))
        #expect(MatrixMarkdown.render([entry]).contains("| nothing compared |"))
        run[run.count - 1].value = ["parse": ["executions": 12, "findings": 0], "build-request": "not declared"]
        members[index].value = .object(run)
        #expect(!(try MatrixFuzz(json: .object(members), file: "x.json")).reachedNoDeclaredOperation)
    }

    @Test func aRowWithoutAFuzzRunShowsADash() throws {
        let entry = try Self.sampleEntry()
        let html = MatrixHTML.render([entry], vectors: MatrixVectors())
        #expect(html.contains("<td title=\"not fuzzed\">–</td>"))
        #expect(!html.contains("--fuzz\""))
    }

    @Test func aMalformedResultIsRefusedNamingFileAndPath() throws {
        guard case .object(var members) = Self.result(name: "x") else { Issue.record("not an object"); return }
        members.removeAll { $0.key == "format" }
        do {
            _ = try MatrixFuzz(json: .object(members), file: "broken.json")
            Issue.record("a result without its format was read")
        } catch {
            #expect(error.description.hasPrefix("broken.json: $.format: expected"))
        }
        let badLevel = Self.result(name: "x", findings: [("XCU-AAAA", "sometimes", false, [])])
        do {
            _ = try MatrixFuzz(json: badLevel, file: "broken.json")
            Issue.record("a finding with an unknown level was read")
        } catch {
            #expect(error.description.hasPrefix("broken.json: $.findings[0].level: expected one of must"))
        }
    }

    /// `matrix --fuzz DIR` reads DIR/<report file name>, and refuses one made for another target or known by a vector that passed.
    @Test func theCommandReadsTheResultBesideEachReportAndRefusesAnotherTarget() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-fuzz-\(UUID().uuidString)")
        let fuzzFolder = folder.appendingPathComponent("fuzz")
        try FileManager.default.createDirectory(at: fuzzFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("sample.json")
        try Data(JSONReport.document(try SampleRun.make()).compactText.utf8).write(to: report)
        let name = try Self.sampleEntry().name
        let version = try Self.sampleEntry().version
        let errors = MatrixTests.Captured()
        let io = CommandLineIO(standardOutput: { _ in }, standardError: { errors.append($0) })
        let markdown = folder.appendingPathComponent("m.md").path
        let arguments = ["matrix", report.path, "--fuzz", fuzzFolder.path, "--markdown", markdown]

        let failed = try #require(try Self.sampleEntry().failures.first).id
        try Data(Self.result(name: name, version: version, known: failed).compactText.utf8).write(to: fuzzFolder.appendingPathComponent("sample.json"))
        #expect(ConformanceCommandLine.main(arguments: arguments, io: io) == ExitStatus.success)
        #expect(try String(contentsOfFile: markdown, encoding: .utf8).contains("**1 must · 1 should**"))

        // A finding known by a vector that passed in the report is refused, naming both.
        try Data(Self.result(name: name, version: version, known: "XCU-2222").compactText.utf8).write(to: fuzzFolder.appendingPathComponent("sample.json"))
        #expect(ConformanceCommandLine.main(arguments: arguments, io: io) == ExitStatus.cannotRun)
        #expect(errors.text.contains("the finding XCU-DDDD is known by XCU-2222, which did not fail in this report"))

        // A run of another version of the target (a live row on another machine) is shown, its known vectors unchecked.
        try Data(Self.result(name: name, version: version + "-other", known: "XCU-2222").compactText.utf8).write(to: fuzzFolder.appendingPathComponent("sample.json"))
        #expect(ConformanceCommandLine.main(arguments: arguments, io: io) == ExitStatus.success)
        #expect(errors.text.contains("the fuzz run was of version \(version)-other"))

        try Data(Self.result(name: "someone else", known: failed).compactText.utf8).write(to: fuzzFolder.appendingPathComponent("sample.json"))
        #expect(ConformanceCommandLine.main(arguments: arguments, io: io) == ExitStatus.cannotRun)
        #expect(errors.text.contains("sample.json: $.target.name: expected \"\(name)\""))
    }

    /// Every committed fuzz result reads, names the target of the library result it sits beside, and its known
    /// findings name vectors that failed there and causes of the row's audit.
    @Test func everyCommittedResultReadsAndMatchesItsRow() throws {
        let implementations = MatrixBrowserTests.root.appendingPathComponent("Tests/Implementations")
        let folder = implementations.appendingPathComponent("results/fuzz")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!names.isEmpty)
        for name in names {
            let fuzz = try MatrixFuzz(json: try JSONValue(parsing: Array(try Data(contentsOf: folder.appendingPathComponent(name)))), file: name)
            #expect(fuzz.row + ".json" == name)
            let report = implementations.appendingPathComponent("results/\(name)")
            guard FileManager.default.fileExists(atPath: report.path) else { continue }  // a row matrix.sh runs live
            var entry = try MatrixEntry(report: try JSONValue(parsing: Array(try Data(contentsOf: report))), file: name)
            let audit = implementations.appendingPathComponent("audit/\(name)")
            if FileManager.default.fileExists(atPath: audit.path) {
                entry.audit = try MatrixAudit(json: try JSONValue(parsing: Array(try Data(contentsOf: audit))), file: audit.path)
            }
            #expect(fuzz.targetName == entry.name, "\(name)")
            #expect(fuzz.problems(against: entry) == [], "\(name)")
        }
    }
}
