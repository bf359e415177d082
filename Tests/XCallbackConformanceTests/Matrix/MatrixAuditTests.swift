import Foundation
import Testing
import XCallbackConformance
import XCallbackMatrix

@Suite struct MatrixAuditTests {
    /// An audit with two causes, the first linked to its upstream report; `report` is spliced in as given.
    static func audit(report: String) throws -> MatrixAudit {
        let text = """
            {"implementation": "lib", "repository": "https://github.com/o/lib", "commit": "0123456", "entryPoints": "calls",
             "causes": [
              {"id": "host-compared-exactly", "level": "must", "source": ["A.swift:1"], "summary": "exact host", "vectors": ["XCU-1"],
               "report": \(report)},
              {"id": "quiet-cause", "level": "should", "source": ["A.swift:2"], "summary": "no report", "vectors": ["XCU-2"]}
             ]}
            """
        return try MatrixAudit(json: try JSONValue(parsing: Array(text.utf8)), file: "lib.json")
    }

    @Test func aCauseLinksToItsUpstreamReportOnThePageAndInTheTable() throws {
        var entry = try MatrixEntry(report: try MatrixTests.sampleReport(), file: "sample.json")
        entry.audit = try Self.audit(report: "\"reports/lib.md#host-compared-exactly\"")
        #expect(entry.audit?.causes.map(\.report) == ["reports/lib.md#host-compared-exactly", nil])
        let html = MatrixHTML.render([entry], vectors: MatrixVectors())
        #expect(html.contains("<th>host-compared-exactly<br><a href=\"reports/lib.md#host-compared-exactly\">upstream report</a></th>"))
        #expect(html.contains("<th>quiet-cause</th>"), "a cause without a report has no link")
        let markdown = MatrixMarkdown.render([entry])
        #expect(markdown.contains("| host-compared-exactly ([report](reports/lib.md#host-compared-exactly)): exact host |"))
        #expect(markdown.contains("| quiet-cause: no report |"))
    }

    @Test func aReportThatIsNotAStringIsRefusedNamingItsPath() throws {
        #expect {
            _ = try Self.audit(report: "7")
        } throws: { error in
            (error as? MatrixInputError)?.path == "$.causes[0].report"
        }
    }
}
