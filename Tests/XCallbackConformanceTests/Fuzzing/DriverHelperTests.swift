// The allocation-free helpers of the fuzz drivers: level paths render as the reports name levels, and
// byte equality by `memcmp` agrees with `XCallbackRequest ==` field by field.

import Testing
import XCallbackFuzzing
import XCallbackURL

@Suite struct DriverHelperTests {
    @Test func levelPathsRenderAsTheReportsNameLevels() {
        let top = LevelPath()
        #expect(top.description == "top" && top.depth == 0)
        let deep = top.appending(0).appending(1).appending(2).appending(0)
        #expect(deep.description == "top.x-success.x-error.x-cancel.x-success" && deep.depth == 4)
        var long = top
        for level in 0..<35 { long = long.appending(UInt8(level % 3)) }
        #expect(long.depth == 35)
        // Levels 30 and 31 (slots 0 and 1) are the last kept.
        #expect(long.description.hasSuffix(".x-success.x-error.(3 more)"))
        #expect(long.description.split(separator: ".").count == 1 + 32 + 1)
    }

    @Test func exactBytesAgreesWithRequestEqualityOnEveryField() {
        let base = XCallbackRequest(
            scheme: "app", action: "run", source: "S", success: "a://b", error: "c:d", cancel: "e:f",
            parameters: [.init("k", "v"), .init("flag", nil)], fragment: "frag")
        // Pins the field count: a new field must be compared by `ExactBytes.same` too.
        #expect(Mirror(reflecting: base).children.count == 8)
        var variants: [XCallbackRequest] = []
        func vary(_ change: (inout XCallbackRequest) -> Void) {
            var copy = base
            change(&copy)
            variants.append(copy)
        }
        vary { $0.scheme = "apq" }
        vary { $0.action = "ru" }
        vary { $0.action = "ruN" }
        vary { $0.source = nil }
        vary { $0.success = "a://c" }
        vary { $0.error = "" }
        vary { $0.cancel = nil }
        vary { $0.parameters = [.init("k", "v")] }
        vary { $0.parameters = [.init("k", "v"), .init("flag", "")] }
        vary { $0.parameters = [.init("k", "w"), .init("flag", nil)] }
        vary { $0.parameters = [.init("flag", nil), .init("k", "v")] }
        vary { $0.fragment = nil }
        // Canonically equivalent, different bytes: `String ==` calls them equal, the request comparison does not.
        vary { $0.action = "caf\u{E9}" }
        var decomposed = base
        decomposed.action = "cafe\u{301}"
        #expect(ExactBytes.same(base, base) && base == base)
        for variant in variants + [decomposed] {
            #expect(ExactBytes.same(base, variant) == (base == variant), "\(variant)")
            #expect(!ExactBytes.same(base, variant))
        }
        #expect(ExactBytes.same(variants[12], decomposed) == (variants[12] == decomposed))
        #expect(ExactBytes.same("", "") && !ExactBytes.same("", "a") && ExactBytes.same(nil as String?, nil))
    }
}
