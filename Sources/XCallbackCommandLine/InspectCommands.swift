// `parse URL`, `show ID` and `list`: look at the reference's answer and at the vectors.

import XCallbackConformance
import XCallbackURL

/// The inspection subcommands.
enum InspectCommands {
    /// Prints the reference's canonical result for the URL's bytes (text or JSON), or its rejection with a caret.
    ///
    /// The bytes go through `parsingUTF8`, so invalid UTF-8 is rejected as `invalid-utf8`, as vectors expect.
    static func parse(_ url: [UInt8], json: Bool, io: CommandLineIO) -> Int32 {
        do {
            let request = try XCallbackRequest(parsingUTF8: url)
            io.standardOutput(json ? request.canonicalJSON.prettyText + "\n" : describe(request))
            return ExitStatus.success
        } catch {
            if json {
                let rejection: JSONValue = [
                    "reject": .string(error.category.rawValue), "message": .string(error.message),
                    "offset": error.offset.map { .number(Double($0)) } ?? .null,
                ]
                io.standardOutput(rejection.prettyText + "\n")
            } else {
                io.standardOutput(error.description + "\n")
            }
            return ExitStatus.failure
        }
    }

    /// The canonical result as aligned text lines.
    static func describe(_ request: XCallbackRequest) -> String {
        func show(_ value: String?) -> String { value.map { JSONValue.string($0).compactText } ?? "(absent)" }
        var out = "scheme     \(show(request.scheme))\naction     \(show(request.action))\n"
        out += "x-source   \(show(request.source))\nx-success  \(show(request.success))\n"
        out += "x-error    \(show(request.error))\nx-cancel   \(show(request.cancel))\n"
        out += "parameters" + (request.parameters.isEmpty ? " (none)\n" : "\n")
        for parameter in request.parameters {
            out += "  \(JSONValue.string(parameter.name).compactText) = "
            out += parameter.value.map { JSONValue.string($0).compactText } ?? "(no value: no '=')"
            out += "\n"
        }
        out += "fragment   \(request.fragment.map { JSONValue.string($0).compactText } ?? "(none)")\n"
        return out
    }

    /// Prints one vector with its input, expectation and the text of its citations.
    static func show(_ id: String, in suite: VectorSuite, io: CommandLineIO) -> Int32 {
        guard let vector = suite.vector(id: id.uppercased()) else {
            io.standardError("error: no vector \(id) in suite \(suite.manifest.suiteVersion); try 'list'\n")
            return ExitStatus.failure
        }
        var out = "\(vector.id)  \(vector.level.rawValue)  \(vector.operation.rawValue)  (\(vector.file))\n"
        out += "\(vector.summary)\n\ninput:\n\(indent(inputJSON(vector.input).prettyText))\n"
        out += "expect:\n\(indent(vector.expectation.canonicalJSON.prettyText))\n"
        if !vector.tags.isEmpty { out += "tags: \(vector.tags.joined(separator: ", "))\n" }
        out += "cite:\n"
        for anchor in vector.citations {
            guard let citation = suite.citations[anchor] else { continue }
            out += "  [\(anchor)] \(citation.source)" + (citation.section.map { ", \($0)" } ?? "")
            out += citation.normative ? "" : " (the spec is silent)"
            out += "\n"
            if let quote = citation.quote { out += "    “\(quote)”\n" }
            if let note = citation.note { out += "    \(note)\n" }
        }
        for source in vector.provenance { out += "provenance: \(source)\n" }
        io.standardOutput(out)
        return ExitStatus.success
    }

    /// Lists the selected vectors: id, level, operation, description.
    static func list(_ suite: VectorSuite, selection: VectorSelection, io: CommandLineIO) -> Int32 {
        var out = ""
        for vector in selection.apply(to: suite.vectors) {
            out += "\(vector.id)  \(vector.level.rawValue.padding(toLength: 24, withPad: " ", startingAt: 0))"
            out += "\(vector.operation.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0))\(vector.summary)\n"
        }
        io.standardOutput(out)
        return ExitStatus.success
    }

    /// A vector input in its vector-file form.
    static func inputJSON(_ input: VectorInput) -> JSONValue {
        switch input {
        case .parseText(let url): ["url": .string(url)]
        case .parseBytes(let bytes): ["urlHex": .string(ConformanceProtocol.hex(bytes))]
        case .buildRequest(let request): ["request": request.canonicalJSON]
        case .buildCallback(let response): response.canonicalJSON
        }
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
