/// The vector file format this package writes: format 4 (suite 4.x) adds `fields` to every rule of `rules.json` and
/// `supports` to every anchor of `citations.json`; format 3 (suite 3.x) added `role`, `rule` and `breaks` to every vector.
public enum VectorFormat {
    /// The format version this package writes; the loader also reads format 3 (`VectorSuite.readableFormats`).
    public static let version = 4

    /// What the loader expected, said to someone holding a directory of another format (`found`).
    public static func expectation(found: Int) -> String {
        let advice = found < 3 ? "use xcallback-conformance 2.x" : "use the xcallback-conformance release that wrote it"
        return "format \(version) or 3 (suite \(version).x or 3.x); this directory is format \(found): \(advice)"
    }
}
