#if canImport(XCTest)
    import XCTest
    import XCallbackConformance

    /// Checks every vector that applies to `target` (or the given ones) in an XCTest test; each failure is one `XCTFail` naming the vector.
    ///
    /// ```swift
    /// final class MyParserConformanceTests: XCTestCase {
    ///     func testConformance() throws {
    ///         try XCTAssertConforms(MyParser())
    ///     }
    /// }
    /// ```
    /// The test ends with one failure that sums up the faults by level (`FaultSummary`), when there are any.
    /// By default the vectors are `ConformanceCase.all(for: target)`: those of the roles the target claims. A given
    /// vector of a role it does not claim is not run and fails with a message saying so, never passes.
    /// - Throws: a `VectorLoadError` when `vectors` is `nil` and the bundled suite cannot be loaded.
    public func XCTAssertConforms(
        _ target: some ConformanceTarget, vectors: [ConformanceCase]? = nil, knownFailures: KnownFailures = KnownFailures(),
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let cases = try vectors ?? ConformanceCase.all(for: target)
        XCTAssertFalse(cases.isEmpty, "no vectors to run", file: file, line: line)
        var results: [RunResult] = []
        for testCase in cases {
            let check = ConformanceCheck(target, testCase, knownFailures: knownFailures)
            switch check.outcome {
            case .fine, .knownFailure:
                break
            case .failure(let message), .staleKnownFailure(let message), .notApplicable(let message):
                XCTFail(message, file: file, line: line)
            }
            results.append(RunResult(result: check.result, durationSeconds: 0, knownFailure: check.knownFailure))
        }
        // The last word: the faults of the whole run by level, once.
        let summary = FaultSummary(results, rules: try VectorSuite.bundled().rules, target: target)
        if !summary.isEmpty { XCTFail(summary.text, file: file, line: line) }
    }
#endif
