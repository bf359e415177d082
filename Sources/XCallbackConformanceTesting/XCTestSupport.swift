#if canImport(XCTest)
    import XCTest
    import XCallbackConformance

    /// Checks every vector (or the given ones) against `target` in an XCTest test; each failure is one `XCTFail` naming the vector.
    ///
    /// ```swift
    /// final class MyParserConformanceTests: XCTestCase {
    ///     func testConformance() throws {
    ///         try XCTAssertConforms(MyParser())
    ///     }
    /// }
    /// ```
    /// - Throws: a `VectorLoadError` when `vectors` is `nil` and the bundled suite cannot be loaded.
    public func XCTAssertConforms(
        _ target: some ConformanceTarget, vectors: [ConformanceCase]? = nil, knownFailures: KnownFailures = KnownFailures(),
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let cases = try vectors ?? ConformanceCase.all()
        XCTAssertFalse(cases.isEmpty, "no vectors to run", file: file, line: line)
        for testCase in cases {
            let check = ConformanceCheck(target, testCase, knownFailures: knownFailures)
            switch check.outcome {
            case .fine, .knownFailure:
                break
            case .failure(let message), .staleKnownFailure(let message):
                XCTFail(message, file: file, line: line)
            }
        }
    }
#endif
