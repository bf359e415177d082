import Testing
import XCallbackConformance

/// The JSON Schema validator: each keyword accepts what it should and names the path of what it refuses.
@Suite struct JSONSchemaTests {
    func schema(_ text: String) throws -> JSONSchema { try JSONSchema(try JSONValue(parsing: text)) }
    func violations(_ schemaText: String, _ instance: String) throws -> [JSONSchemaViolation] {
        try schema(schemaText).validate(try JSONValue(parsing: instance))
    }

    @Test func acceptsAValidInstance() throws {
        let text = #"{"type":"object","properties":{"id":{"type":"string","pattern":"^XCU-"}},"required":["id"],"additionalProperties":false}"#
        #expect(try violations(text, #"{"id":"XCU-2345"}"#).isEmpty)
    }

    @Test func namesThePathAndWhatWasExpected() throws {
        let text = #"{"properties":{"vectors":{"items":{"properties":{"id":{"type":"string","pattern":"^XCU-[2-9]{4}$"}}}}}}"#
        let found = try violations(text, #"{"vectors":[{"id":"XCU-2345"},{"id":"XCU-1"}]}"#)
        #expect(found.count == 1)
        #expect(found.first?.instancePath == "$.vectors[1].id")
        #expect(found.first?.schemaPath == "#/properties/vectors/items/properties/id/pattern")
        #expect(found.first?.description == #"$.vectors[1].id: expected a string matching /^XCU-[2-9]{4}$/, found "XCU-1" (schema #/properties/vectors/items/properties/id/pattern)"#)
    }

    @Test func requiredAndAdditionalProperties() throws {
        let text = #"{"type":"object","properties":{"a":{}},"required":["a","b"],"additionalProperties":false}"#
        let found = try violations(text, #"{"a":1,"c":2}"#).map(\.description)
        #expect(found.contains(#"$: expected the member 'b', found no such member (schema #/required)"#))
        #expect(found.contains(#"$.c: expected no member 'c' (allowed: a), found the member (schema #/additionalProperties)"#))
    }

    @Test func typeEnumConstAndInteger() throws {
        #expect(try violations(#"{"type":["string","null"]}"#, "null").isEmpty)
        #expect(try violations(#"{"type":"integer"}"#, "2.5").count == 1)
        #expect(try violations(#"{"type":"integer"}"#, "2").isEmpty)
        #expect(try violations(#"{"enum":["must","should"]}"#, #""may""#).first?.expected == #"one of "must", "should""#)
        #expect(try violations(#"{"const":{"a":1,"b":2}}"#, #"{"b":2,"a":1}"#).isEmpty)
    }

    @Test func arraysAndStrings() throws {
        let pair = #"{"type":"array","prefixItems":[{"type":"string"},{"type":["string","null"]}],"minItems":2,"maxItems":2}"#
        #expect(try violations(pair, #"["a",null]"#).isEmpty)
        #expect(try violations(pair, #"["a",1]"#).first?.instancePath == "$[1]")
        #expect(try violations(pair, #"["a"]"#).first?.expected == "an array of at least 2 items")
        #expect(try violations(pair, #"["a","b","c"]"#).first?.expected == "an array of at most 2 items")
        #expect(try violations(#"{"items":{"minLength":2}}"#, #"["ab","é"]"#).first?.instancePath == "$[1]")
        #expect(try violations(#"{"minLength":2}"#, #""😀é""#).isEmpty)
    }

    @Test func oneOfAnyOfAndRefs() throws {
        let text = ##"{"$defs":{"s":{"type":"string"},"n":{"type":"number"}},"oneOf":[{"$ref":"#/$defs/s"},{"$ref":"#/$defs/n"}]}"##
        #expect(try violations(text, #""x""#).isEmpty)
        let failed = try violations(text, "true")
        #expect(failed.first?.expected.hasPrefix("exactly one of 2 alternatives") == true)
        #expect(failed.contains { $0.schemaPath == "#/$defs/s/type" || $0.schemaPath == "#/$defs/n/type" })
        let both = #"{"oneOf":[{"type":"string"},{"minLength":1}]}"#
        #expect(try violations(both, #""x""#).first?.expected.hasPrefix("exactly one alternative") == true)
        #expect(try violations(#"{"anyOf":[{"type":"string"},{"minLength":1}]}"#, #""x""#).isEmpty)
    }

    @Test func refusesUnsupportedKeywordsAndDanglingRefs() throws {
        #expect(throws: JSONSchemaError.self) { try schema(#"{"allOf":[{}]}"#) }
        #expect(throws: JSONSchemaError.self) { try schema(##"{"properties":{"a":{"$ref":"#/$defs/missing"}}}"##) }
        #expect(throws: JSONSchemaError.self) { try schema(#"{"pattern":"("}"#) }
        #expect(throws: JSONSchemaError.self) { try schema(#"{"type":"text"}"#) }
        do {
            _ = try schema(#"{"properties":{"a":{"maximum":3}}}"#)
            Issue.record("an unsupported keyword was accepted")
        } catch {
            #expect("\(error)" == "schema #/properties/a/maximum: unsupported keyword 'maximum'")
        }
    }

    @Test func theVectorSchemaRefusesABrokenVector() throws {
        let schema = try JSONSchema(try VectorFixtures.json("schema.json"))
        let broken = #"""
            {"title":"t","description":"d","vectors":[{"id":"XCU-0000","description":"x","operation":"parse",
             "role":"recognise","rule":"r","input":{"url":"a://x-callback-url/b"},"level":"must","expect":{"reject":"not-x-callback-url"},"cite":["xcu-host"]}]}
            """#
        let found = schema.validate(try JSONValue(parsing: broken))
        #expect(found.contains { $0.instancePath == "$.vectors[0].id" && $0.expected.contains("XCU-") })
        let choiceAtMust = #"""
            {"title":"t","description":"d","vectors":[{"id":"XCU-2222","description":"x","operation":"parse",
             "role":"decode","rule":"r","input":{"url":"a://x-callback-url/b?v=a+b"},"level":"must","cite":["silent-plus"],
             "expect":{"choice":"plus","outcomes":{"literal":{"reject":"invalid-character"}}}}]}
            """#
        #expect(!schema.validate(try JSONValue(parsing: choiceAtMust)).isEmpty)
    }
}
