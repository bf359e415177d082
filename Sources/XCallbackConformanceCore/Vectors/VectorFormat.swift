/// The vector file format this package reads: format 3 (suite 3.x) adds `role`, `rule` and `breaks` to every vector.
public enum VectorFormat {
    /// The one format version this loader reads.
    public static let version = 3

    /// What the loader expected, said to someone holding a directory of another format (`found`).
    public static func expectation(found: Int) -> String {
        let advice = found < version ? "use xcallback-conformance 2.x" : "use the xcallback-conformance release that wrote it"
        return "format \(version) (suite \(version).x); this directory is format \(found): \(advice)"
    }
}
