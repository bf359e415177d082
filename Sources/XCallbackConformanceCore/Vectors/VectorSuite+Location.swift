// Where the bundled vectors are: beside the binary that runs, so a release binary copied with its
// `Vectors/` (or installed with them under `share/`) finds them, and a binary copied alone exits with
// a message saying how to pass `--vectors` instead of trapping in `Bundle.module`.

import Foundation

extension VectorSuite {
    /// The name SwiftPM gives this module's resource bundle.
    static let resourceBundleName = "xcallback-conformance_XCallbackConformanceCore"

    /// The directories searched for the bundled vectors, in order: `Vectors/` beside the executable,
    /// `../share/xcallback-conformance/Vectors` and `../share/xcallback-conformance` from it, then the
    /// SwiftPM resource bundle beside it.
    public static func bundledCandidates() -> [URL] {
        var bases: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            bases.append(executable.deletingLastPathComponent())
        }
        let main = Bundle.main.bundleURL.standardizedFileURL
        if !bases.contains(main) { bases.append(main) }
        var out: [URL] = []
        for base in bases {
            let share = base.deletingLastPathComponent().appendingPathComponent("share/xcallback-conformance")
            out += [
                base.appendingPathComponent("Vectors"), share.appendingPathComponent("Vectors"), share,
                base.appendingPathComponent(resourceBundleName + ".resources/Vectors"),
                base.appendingPathComponent(resourceBundleName + ".bundle/Vectors"),
                base.appendingPathComponent(resourceBundleName + ".bundle/Contents/Resources/Vectors"),
            ]
        }
        return out.map(\.standardizedFileURL)
    }

    /// The first candidate that holds a `manifest.json`.
    static func locateBundledDirectory() -> URL? {
        bundledCandidates().first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("manifest.json").path)
        }
    }

    /// The error for a binary without its vectors: where it looked, and how to pass `--vectors`.
    static func missingBundledVectors() -> VectorLoadError {
        let looked = bundledCandidates().prefix(3).map(\.path).joined(separator: ", ")
        return VectorLoadError(
            file: "Vectors", path: "$",
            expected: "the suite's Vectors directory beside the binary (\(looked)); copy it there, "
                + "or pass --vectors DIR naming a copy of the suite's Vectors directory",
            found: "no manifest.json in any of them")
    }
}
