import Foundation
import Testing
import XCallbackConformance

/// The report schema pins the failure kinds and the date format, and the validator asserts `format`.
@Suite struct ReportSchemaTests {
    /// The sample report with `change` applied to its members.
    static func report(_ change: (inout [(key: String, value: JSONValue)]) -> Void) throws -> JSONValue {
        guard case .object(var members) = try JSONValue(parsing: ReportFormat.json.render(try SampleRun.make())) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        change(&members)
        return .object(members)
    }

    @Test func theSchemaRefusesAStartedAtThatIsNotADateTime() throws {
        let schema = try SampleRun.schema("report.schema.json")
        #expect(schema.isValid(try Self.report { _ in }))
        for bad in ["yesterday", "2026-13-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-01-01 00:00:00"] {
            let report = try Self.report { members in
                if let index = members.firstIndex(where: { $0.key == "startedAt" }) { members[index].value = .string(bad) }
            }
            #expect(!schema.isValid(report), "\(bad)")
        }
    }

    @Test func theSchemaRefusesAnUnknownFailureKind() throws {
        let schema = try SampleRun.schema("report.schema.json")
        let report = try Self.report { members in
            guard let index = members.firstIndex(where: { $0.key == "results" }),
                case .array(var results) = members[index].value, case .object(var first) = results[0],
                let kind = first.firstIndex(where: { $0.key == "failureKind" })
            else { return }
            first[kind].value = "banana"
            results[0] = .object(first)
            members[index].value = .array(results)
        }
        #expect(schema.validate(report).contains { $0.instancePath.hasSuffix("failureKind") })
    }

    @Test func theValidatorAssertsDateTimeAndRefusesUnknownFormats() throws {
        let schema = try JSONSchema(["type": "string", "format": "date-time"])
        for good in ["2026-11-22T19:05:23Z", "2024-02-29T23:59:60.5+05:30", "2026-01-01t00:00:00z"] {
            #expect(schema.isValid(.string(good)), "\(good)")
        }
        for bad in ["2026-11-22", "2023-02-29T00:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22T10:00:00+25:00", ""] {
            #expect(!schema.isValid(.string(bad)), "\(bad)")
        }
        #expect(throws: JSONSchemaError.self) { try JSONSchema(["format": "email"]) }
    }
}
