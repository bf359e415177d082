import Testing
import XCallbackURL

/// `XCallbackRequestBorrowedView`: the parse result lent to a closure, whose components borrow the input or a
/// scratch buffer.
@Suite struct RequestBorrowedViewTests {
    /// The view's seven fields as strings (`nil` when absent), and its parameters.
    static func read(_ url: String) throws(XCallbackRejection) -> (fields: [String?], parameters: [(String, String?)]) {
        try XCallbackRequestBorrowedView.withView(parsing: url) { view in
            func string(_ bytes: UnsafeBufferPointer<UInt8>?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
            return (
                [view.scheme, view.action, view.source, view.success, view.error, view.cancel, view.fragment].map(string),
                view.parameters.map { (string($0.name)!, string($0.value)) }
            )
        }
    }

    @Test func readsEveryComponentDecoded() throws {
        let (fields, parameters) = try Self.read(
            "App://x-callback-url/a%2Fb?t%65xt=Gr%C3%BC%C3%9Fe%2520&flag&x-success=s%3A%2F%2Fok&x-error=&e=#fr%61g")
        #expect(fields == ["app", "a/b", nil, "s://ok", "", nil, "frag"])
        #expect(parameters.map(\.0) == ["text", "flag", "e"])
        #expect(parameters.map(\.1) == ["Grüße%20", nil, ""])
    }

    @Test func readsAURLWithNoEscapeFromTheInputItself() throws {
        let (fields, parameters) = try Self.read("app://x-callback-url/go?x-source=Src&text=Hello World&k#frag")
        #expect(fields == ["app", "go", "Src", nil, nil, nil, "frag"])
        #expect(parameters.map(\.0) == ["text", "k"])
        #expect(parameters.map(\.1) == ["Hello World", nil])
    }

    @Test func lendsUndecodedComponentsFromTheInputAndDecodedOnesFromElsewhere() {
        // A native string's bytes are not copied to be parsed, so a component with no `%` lies among them.
        let url = String(["app://x-callback-url/go", "plain=abc&coded=%41bc"].joined(separator: "?"))
        var storage = url
        storage.withUTF8 { input in
            let inInput = try? XCallbackRequestBorrowedView.withView(parsing: url) { view in
                view.parameters.map { parameter in
                    parameter.value.map { input.baseAddress! <= $0.baseAddress! && $0.baseAddress! < input.baseAddress! + input.count }
                }
            }
            #expect(inInput == [true, false])
        }
    }

    @Test func lowercasesTheSchemeWhetherOrNotAnythingIsDecoded() throws {
        for url in ["MyApp://x-callback-url/go", "MyApp://x-callback-url/go?v=%41", "myapp://x-callback-url/go"] {
            #expect(try Self.read(url).fields[0] == "myapp", "\(url)")
        }
    }

    @Test func matchesAReservedNameWrittenWithEscapes() throws {
        let (fields, parameters) = try Self.read("app://x-callback-url/go?x%2Dsuccess=s://ok")
        #expect(fields[3] == "s://ok")
        #expect(parameters.isEmpty)
    }

    @Test func returnsWhatTheClosureReturns() throws {
        let count = try XCallbackRequestBorrowedView.withView(parsing: "a://x-callback-url/go?a=1&b=2&c") { $0.parameters.count }
        #expect(count == 3)
    }

    @Test func givesTheSameRequestAsTheStringParser() throws {
        for url in [
            "App://X-Callback-URL/a%20b?x-source=S&q=%F0%9F%98%80+1&k&x-error=e%3A%2F%2F#f",
            "app://x-callback-url/go?text=Hello World&x-success=s://ok#frag",
            "app://x-callback-url/go?a=%41%42%43%44%45%46%47%48&b=plain&c=%2520x&&d=",
        ] {
            let view = try XCallbackRequestBorrowedView.withView(parsing: url, XCallbackRequest.init)
            #expect(view == (try XCallbackRequest(parsing: url)), "\(url)")
        }
    }

    @Test func rejectsWhatTheStringParserRejectsWithoutCallingTheClosure() {
        for url in [
            "app://x-callback-url/go?v=%zz", "app://x-callback-url/go?v=%E9", "app://x-callback-url/?a=1",
            "app://evil.example/go", "app://x-callback-url/go?x-success=a&x-success=b", "1app://x-callback-url/go",
            "app://x-callback-url/go?v=%C3%A9%E9&w=%zz", "app://x-callback-url/go?v=1\u{7}", "",
        ] {
            var called = false
            let view = Result { () throws(XCallbackRejection) in
                try XCallbackRequestBorrowedView.withView(parsing: url) { _ in called = true }
            }
            let request = Result { () throws(XCallbackRejection) in try XCallbackRequest(parsing: url) }
            guard case .failure(let viewRejection) = view, case .failure(let requestRejection) = request else {
                Issue.record("expected both to reject \(url)")
                continue
            }
            #expect(viewRejection == requestRejection, "\(url)")
            #expect(!called, "\(url)")
        }
    }

    @Test func rejectsIllFormedUTF8Bytes() {
        let bytes = Array("a://x-callback-url/go?v=".utf8) + [0xC3]
        #expect(throws: XCallbackRejection.self) { try XCallbackRequestBorrowedView.withView(parsingUTF8: bytes) { _ in } }
        let value = try? XCallbackRequestBorrowedView.withView(parsingUTF8: Array("a://x-callback-url/go?v=%C3%A9".utf8)) {
            $0.parameters.first?.value.map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(value == "é")
    }

    @Test func readsComponentsAtTheEndOfLongAndShortInputs() throws {
        // Components that end within the last sixteen bytes, or in inputs shorter than sixteen bytes, take the scans' tails.
        for length in 0..<40 {
            let value = String(repeating: "v", count: length)
            let (_, parameters) = try Self.read("a://x-callback-url/o?k=" + value + "&z=" + value + "%41")
            #expect(parameters.map(\.1) == [value, value + "A"], "length \(length)")
        }
    }

    @Test func holdsAsManyParametersAsTheURLHasAmpersandsAndMore() throws {
        let url = "a://x-callback-url/o?" + (0..<300).map { "p\($0)=%41" }.joined(separator: "&")
        let (_, parameters) = try Self.read(url)
        #expect(parameters.count == 300)
        #expect(parameters.last.map { $0.0 == "p299" && $0.1 == "A" } == true)
    }
}
