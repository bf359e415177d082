// `xcallback-conformance matrix REPORT.json ... [--html OUT.html] [--markdown OUT.md] [--vectors DIR] [--audit DIR] [--fuzz DIR]`:
// turns JSON reports into the results page and table. Rows keep the order of the arguments; every failure takes its
// rule from the vectors (DIR, else the bundled ones), which the rows' headlines group by. With `--audit`,
// each report's failure audit (DIR/<report file name>) is read, checked against the report, and shown; with
// `--fuzz`, each report's committed fuzz run (DIR/<report file name>) is read and shown beside the scores.

import Foundation
import XCallbackConformance
import XCallbackMatrix

/// The `matrix` subcommand.
public enum MatrixCommand {
    /// The usage line of the subcommand.
    public static let usage = "USAGE: xcallback-conformance matrix REPORT.json ... [--html OUT.html] [--markdown OUT.md] [--vectors DIR] [--audit DIR] [--fuzz DIR] [--title TEXT]\n"

    /// Runs the subcommand with `arguments` (after `matrix`) and returns the exit status.
    public static func main(arguments: [String], io: CommandLineIO) -> Int32 {
        var reports: [String] = []
        var html: String?
        var markdown: String?
        var vectorsDirectory: String?
        var auditDirectory: String?
        var fuzzDirectory: String?
        var title = "x-callback-url conformance matrix"
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inline) = argument.hasPrefix("--") && argument.contains("=")
                ? (String(argument.prefix { $0 != "=" }), String(argument.drop { $0 != "=" }.dropFirst())) : (argument, nil)
            if ["--html", "--markdown", "--vectors", "--audit", "--fuzz", "--title"].contains(name) {
                guard let value = inline ?? remaining.popFirst(), !value.isEmpty else {
                    io.standardError("error: \(name) needs a value\n" + usage)
                    return ExitStatus.usage
                }
                switch name {
                case "--html": html = value
                case "--markdown": markdown = value
                case "--vectors": vectorsDirectory = value
                case "--audit": auditDirectory = value
                case "--fuzz": fuzzDirectory = value
                default: title = value
                }
            } else if name == "--help" || name == "-h" {
                io.standardOutput(usage)
                return ExitStatus.success
            } else if name.hasPrefix("-") {
                io.standardError("error: unknown matrix option '\(name)'\n" + usage)
                return ExitStatus.usage
            } else {
                reports.append(argument)
            }
        }
        guard !reports.isEmpty else {
            io.standardError("error: matrix needs at least one JSON report\n" + usage)
            return ExitStatus.usage
        }
        do {
            var entries = try reports.map { path throws(MatrixInputError) in try load(path) }
            let vectors = try loadVectors(vectorsDirectory)
            for index in entries.indices { entries[index].resolveRules(with: vectors) }
            // The fault model names each row's faults from its stored answers, when the vectors load as a suite.
            if let suite = try? (vectorsDirectory.map { try VectorSuite(directory: URL(fileURLWithPath: $0)) } ?? VectorSuite.bundled()) {
                for (index, path) in reports.enumerated() {
                    guard let data = FileManager.default.contents(atPath: path), let report = try? JSONValue(parsing: Array(data))
                    else { continue }
                    entries[index].faults = MatrixFaults(report: report, suite: suite)
                }
            }
            if let auditDirectory {
                let known = Set(vectors.inputs.keys)
                for (index, path) in reports.enumerated() {
                    guard let audit = try MatrixAudit.load(besides: path, in: auditDirectory) else { continue }
                    let problems = audit.problems(against: entries[index], knownVectors: known)
                    guard problems.isEmpty else {
                        throw MatrixInputError(
                            file: URL(fileURLWithPath: auditDirectory).appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path,
                            path: "$.causes",
                            expected: "an audit that accounts for \(path):\n  " + problems.joined(separator: "\n  "))
                    }
                    entries[index].audit = audit
                }
            }
            if let fuzzDirectory {
                for (index, path) in reports.enumerated() {
                    guard let fuzz = try MatrixFuzz.load(besides: path, in: fuzzDirectory) else { continue }
                    guard fuzz.targetName == entries[index].name else {
                        throw MatrixInputError(
                            file: URL(fileURLWithPath: fuzzDirectory).appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path,
                            path: "$.target.name", expected: "\"\(entries[index].name)\", the target of \(path), not \"\(fuzz.targetName)\"")
                    }
                    // A fuzz run of another version (a live row on another machine's Python or Node) is shown
                    // with its version, and its known vectors are not held against this report.
                    let problems = fuzz.targetVersion == entries[index].version ? fuzz.problems(against: entries[index]) : []
                    if fuzz.targetVersion != entries[index].version {
                        io.standardError("note: \(path): the fuzz run was of version \(fuzz.targetVersion), this report of \(entries[index].version)\n")
                    }
                    guard problems.isEmpty else {
                        throw MatrixInputError(
                            file: URL(fileURLWithPath: fuzzDirectory).appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent).path,
                            path: "$.findings", expected: "known findings that \(path) accounts for:\n  " + problems.joined(separator: "\n  "))
                    }
                    entries[index].fuzz = fuzz
                }
            }
            if html == nil && markdown == nil { io.standardOutput(MatrixMarkdown.render(entries)) }
            if let html { try write(MatrixHTML.render(entries, vectors: vectors, title: title), to: html) }
            if let markdown {
                let htmlName = html.map { relativeName(of: $0, from: markdown) }
                try write(MatrixMarkdown.render(entries, htmlName: htmlName), to: markdown)
            }
            io.standardError("matrix of \(entries.count) implementations" + [html, markdown].compactMap { $0.map { " → \($0)" } }.joined() + "\n")
            return ExitStatus.success
        } catch {
            io.standardError("error: \(error)\n")
            return ExitStatus.cannotRun
        }
    }

    static func load(_ path: String) throws(MatrixInputError) -> MatrixEntry {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        } catch let error as JSONSyntaxError {
            throw MatrixInputError(file: path, path: "$", expected: "a JSON report (\(error))")
        } catch {
            throw MatrixInputError(file: path, path: "$", expected: "a readable file (\(error.localizedDescription))")
        }
        return try MatrixEntry(report: document, file: path)
    }

    static func loadVectors(_ path: String?) throws(MatrixInputError) -> MatrixVectors {
        if let path { return try MatrixVectors(directory: URL(fileURLWithPath: path)) }
        guard let directory = try? VectorSuite.bundledDirectory() else { return MatrixVectors() }
        return try MatrixVectors(directory: directory)
    }

    static func write(_ text: String, to path: String) throws(MatrixInputError) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw MatrixInputError(file: path, path: "$", expected: "a writable output file (\(error.localizedDescription))")
        }
    }

    /// The HTML file's name as a link from the Markdown file: bare when both share a folder.
    static func relativeName(of html: String, from markdown: String) -> String {
        let htmlURL = URL(fileURLWithPath: html).standardizedFileURL
        let markdownFolder = URL(fileURLWithPath: markdown).standardizedFileURL.deletingLastPathComponent()
        return htmlURL.deletingLastPathComponent() == markdownFolder ? htmlURL.lastPathComponent : htmlURL.path
    }
}
