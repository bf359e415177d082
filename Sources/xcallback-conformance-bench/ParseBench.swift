// Parse: the reference against the Foundation target (URL + URLComponents + queryItems, the way most
// apps parse) over every parse vector's input, over a realistic mix, and over one long input.
// Both go through the same `ConformanceTarget` call, so the wrapper costs the same on either side.

import Foundation
import XCallbackConformance
import XCallbackURL

extension BenchRun {
    /// Runs the parse group.
    mutating func runParse() throws {
        let reference = ReferenceTarget()
        let foundation = FoundationTarget()

        // 1. Every parse vector's input that a String can carry.
        let suite = loadVectorsOrNote()
        var vectorURLs: [String] = []
        var unusable = 0
        for vector in suite?.vectors ?? [] {
            switch vector.input {
            case .parseText(let url): vectorURLs.append(url)
            case .parseBytes(let bytes):
                if let text = String(validating: bytes, as: UTF8.self) {
                    vectorURLs.append(text)
                } else {
                    unusable += 1
                }
            default: break
            }
        }
        note("parse vectors: \(vectorURLs.count) inputs timed; \(unusable) ill-formed UTF-8 byte inputs left out "
            + "(a String-based API cannot take them)")
        if !vectorURLs.isEmpty {
            let label = "parse vectors (\(vectorURLs.count) URLs)"
            compareParsers("parse.vectors", label, vectorURLs, reference, foundation)
            compareViewWithFoundation("parse.view.vectors", label, vectorURLs)
        }

        // 2. The realistic mix: documented real-world URLs, and requests with callbacks nested 1-3 levels.
        let mix = RealisticInputs.realWorldURLs + (try RealisticInputs.nestedRequests())
        note("realistic mix: \(RealisticInputs.realWorldURLs.count) real-world URLs as documented by the apps "
            + "+ \(mix.count - RealisticInputs.realWorldURLs.count) requests with a callback nested 1-3 levels, "
            + "\(mix.reduce(0) { $0 + $1.utf8.count } / mix.count) bytes on average")
        compareParsers("parse.mix", "realistic mix (\(mix.count) URLs)", mix, reference, foundation)
        measureResultFloor("realistic mix (\(mix.count) URLs)", mix)
        compareViewWithFoundation("parse.view.mix", "realistic mix (\(mix.count) URLs)", mix)

        // 3. One long input (1 MB of percent-encoded text in one value), where throughput is the figure.
        let long = Self.urlWithValue(of: 1 << 20, chunk: Self.encodedTextChunk)
        compareParsers("parse.long", "one 1 MB URL, encoded text", [long], reference, foundation)
        compareViewWithFoundation("parse.view.long", "one 1 MB URL, encoded text", [long])
    }

    /// Times reference and Foundation side by side on `urls` and records both and their ratio.
    private mutating func compareParsers(
        _ id: String, _ label: String, _ urls: [String], _ reference: ReferenceTarget, _ foundation: FoundationTarget
    ) {
        let referenceWork = Self.targetParseWorkload("\(label): reference", reference, urls)
        let foundationWork = Self.targetParseWorkload("\(label): foundation", foundation, urls)
        let pair = measurer.compare(referenceWork, foundationWork)
        addThroughput("parse", referenceWork.name, referenceWork, pair.a)
        addThroughput("parse", foundationWork.name, foundationWork, pair.b)
        add(RatioResult(
            id: "\(id).speedup", description: "Foundation time / reference time over \(label)",
            goal: 10, pair.ratio))
    }

    /// A workload that parses each URL through a conformance target and folds the answers into the sink.
    static func targetParseWorkload(_ name: String, _ target: some ConformanceTarget, _ urls: [String]) -> Workload {
        let bytes = urls.reduce(0) { $0 + $1.utf8.count }
        return Workload(name: name, bytesPerCall: bytes, itemsPerCall: urls.count) {
            var result = 0
            for url in urls {
                switch target.parse(url) {
                case .accepted(let request):
                    result &+= request.parameters.count &+ request.action.utf8.count
                    result &+= request.success?.utf8.count ?? 0
                case .rejected(let category, _):
                    result &+= category?.rawValue.utf8.count ?? 1
                default:
                    result &+= 7
                }
            }
            return result
        }
    }

    /// Loads the vectors from `--vectors DIR` or the bundled resource; on failure notes why and returns nil,
    /// so the vector-based figures are missing (and `--check` fails on them) while the rest still runs.
    mutating func loadVectorsOrNote() -> VectorSuite? {
        if let cached = vectorSuite { return cached }
        if vectorLoadFailed { return nil }
        do {
            let suite = try options.vectorsPath.map { path throws(VectorLoadError) in
                try VectorSuite(directory: URL(fileURLWithPath: path))
            } ?? VectorSuite.bundled()
            vectorSuite = suite
            return suite
        } catch {
            vectorLoadFailed = true
            note("vectors not loaded, vector-based figures left out: \(error)")
            return nil
        }
    }
}
