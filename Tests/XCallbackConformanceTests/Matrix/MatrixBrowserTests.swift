import Foundation
import Testing
import XCallbackConformance
import XCallbackMatrix

/// Renders the matrix page in headless Chromium: it loads, every in-page link resolves, and at laptop
/// width (1366 px) the tables fit without horizontal scrolling. Skipped where no Chromium is installed.
@Suite(.enabled(if: HeadlessChromium.executable != nil, "no Chromium on PATH (apt-get install chromium): the browser test is skipped"))
struct MatrixBrowserTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The page CI publishes: the committed library results with their audits and fuzz runs, plus an in-process run with failures of every kind.
    static func page() throws -> (html: String, audits: Int, ruleTables: Int) {
        let implementations = root.appendingPathComponent("Tests/Implementations")
        let results = implementations.appendingPathComponent("results")
        let vectors = try MatrixVectors(directory: root.appendingPathComponent("Vectors"))
        var entries = [try MatrixEntry(report: JSONReport.document(try SampleRun.make()), file: "sample")]
        for name in try FileManager.default.contentsOfDirectory(atPath: results.path).sorted() where name.hasSuffix(".json") {
            let document = try JSONValue(parsing: Array(try Data(contentsOf: results.appendingPathComponent(name))))
            var entry = try MatrixEntry(report: document, file: name)
            let audit = implementations.appendingPathComponent("audit/\(name)")
            if FileManager.default.fileExists(atPath: audit.path) {
                entry.audit = try MatrixAudit(json: try JSONValue(parsing: Array(try Data(contentsOf: audit))), file: audit.path)
            }
            let fuzz = results.appendingPathComponent("fuzz/\(name)")
            if FileManager.default.fileExists(atPath: fuzz.path) {
                entry.fuzz = try MatrixFuzz(json: try JSONValue(parsing: Array(try Data(contentsOf: fuzz))), file: fuzz.path)
            }
            entries.append(entry)
        }
        for index in entries.indices { entries[index].resolveRules(with: vectors) }
        let ruleTables = entries.map { entry in MatrixEntry.levels.filter { !entry.ruleGroups(at: $0).isEmpty }.count }.reduce(0, +)
        return (MatrixHTML.render(entries, vectors: vectors), entries.filter { $0.audit != nil }.count, ruleTables)
    }

    @Test func everyLinkResolvesAndTheTablesFitALaptopScreen() throws {
        let folder = try HeadlessChromium.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The check runs in a copy of the page: the published page itself carries no script.
        let check = """
            <script>
            const links = [...document.querySelectorAll('a[href^="#"]')];
            const broken = links.filter(a => !document.getElementById(decodeURIComponent(a.getAttribute('href').slice(1))));
            const wide = [...document.querySelectorAll('table.m')].filter(t => t.getBoundingClientRect().right > window.innerWidth);
            const out = document.createElement('pre'); out.id = 'browser-check';
            out.textContent = JSON.stringify({links: links.length, broken: broken.slice(0, 5).map(a => a.getAttribute('href')),
              tables: document.querySelectorAll('table.m').length, tablesTooWide: wide.length,
              widestTableRight: Math.max(...[...document.querySelectorAll('table.m')].map(t => Math.ceil(t.getBoundingClientRect().right))),
              scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth});
            document.body.appendChild(out);
            </script>
            """
        let page = folder.appendingPathComponent("checked.html")
        let (html, audits, ruleTables) = try Self.page()
        try Data((html + check).utf8).write(to: page)
        let dom = try HeadlessChromium.run(["--dump-dom", page.absoluteString], in: folder)
        guard let start = dom.range(of: "<pre id=\"browser-check\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            Issue.record("Chromium did not run the check; its output began: \(dom.prefix(300))")
            return
        }
        let text = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
        let result = try JSONValue(parsing: text)
        #expect((result["links"]?.numberValue ?? 0) > 20, "\(text)")
        #expect(result["broken"] == .array([]), "links without an anchor: \(text)")
        // Scores, choice points and divergence rows, one table of causes per audited implementation, and one table of
        // failing rules per implementation and level with failures.
        #expect(result["tables"]?.numberValue == Double(3 + audits + ruleTables), "\(text)")
        #expect(audits > 0)
        #expect(result["tablesTooWide"]?.numberValue == 0, "a table is wider than 1366 px: \(text)")
        #expect((result["scrollWidth"]?.numberValue ?? .infinity) <= 1366, "the page scrolls sideways: \(text)")
    }

    @Test func takesAScreenshotAtLaptopWidth() throws {
        let folder = try HeadlessChromium.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("matrix.html")
        try Data(try Self.page().html.utf8).write(to: page)
        let shot = folder.appendingPathComponent("matrix.png")
        _ = try HeadlessChromium.run(["--hide-scrollbars", "--screenshot=\(shot.path)", page.absoluteString], in: folder)
        let bytes = Array(try Data(contentsOf: shot))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        #expect(bytes.count > 24)
        let width = bytes.count > 24 ? bytes[16..<20].reduce(0) { $0 << 8 | Int($1) } : 0
        #expect(width == HeadlessChromium.width)
    }
}

/// Finds and runs a headless Chromium with a time limit, so a hung browser never hangs the tests.
enum HeadlessChromium {
    static let width = 1366

    static let executable: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }()

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("matrix-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs Chromium headless at laptop size with `arguments`; returns its standard output.
    static func run(_ arguments: [String], in folder: URL, timeout: Double = 90) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(executable))
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--window-size=\(width),900",
            "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
        ] + arguments
        let output = folder.appendingPathComponent("stdout.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            Issue.record("Chromium did not finish within \(Int(timeout)) s")
        }
        return (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }
}
