import Testing
import XCallbackURL

/// The reference's position on each divergence row of shared/research/divergences.md that concerns parsing.
@Suite struct DivergenceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let row: String
        let url: String
        let expected: Outcome
        var testDescription: String { "\(row): \(url)" }
    }

    enum Outcome: Sendable {
        case parameters([XCallbackParameter])
        case action(String)
        case rejected(RejectionCategory)
        case source(String?)
    }

    static let cases: [Case] = [
        Case(row: "D1", url: "a://x-callback-url/o?text=a+b", expected: .parameters([.init("text", "a+b")])),
        Case(row: "D1", url: "a://x-callback-url/o?text=a%2Bb%20c", expected: .parameters([.init("text", "a+b c")])),
        Case(row: "D4", url: "a://x-callback-url/o?v=%zz", expected: .rejected(.invalidPercentEncoding)),
        Case(row: "D4", url: "a://x-callback-url/o?v=%", expected: .rejected(.invalidPercentEncoding)),
        Case(row: "D4", url: "a://x-callback-url/o?v=%4", expected: .rejected(.invalidPercentEncoding)),
        Case(row: "D4", url: "a://x-callback-url/o?ok=%41&v=red%20%text", expected: .rejected(.invalidPercentEncoding)),
        Case(row: "D5", url: "a://x-callback-url/o?v=%E9", expected: .rejected(.invalidUTF8)),
        Case(row: "D5", url: "a://x-callback-url/o?v=%ED%A0%80", expected: .rejected(.invalidUTF8)),
        Case(row: "D5", url: "a://x-callback-url/o?v=%C3%A9", expected: .parameters([.init("v", "é")])),
        Case(row: "D5", url: "a://x-callback-url/o?v=%c3%a9", expected: .parameters([.init("v", "é")])),
        Case(
            row: "D6", url: "pythonista://x-callback-url/run?argv=foo&argv=bar",
            expected: .parameters([.init("argv", "foo"), .init("argv", "bar")])),
        Case(
            row: "D7", url: "a://x-callback-url/open?url=x&create-new-tab",
            expected: .parameters([.init("url", "x"), .init("create-new-tab", nil)])),
        Case(
            row: "D8", url: "a://x-callback-url/o?q=http://google.com?q=test",
            expected: .parameters([.init("q", "http://google.com?q=test")])),
        Case(
            row: "D9", url: "a://x-callback-url/o?x-source=s://x-callback-url/done?id=1&x=2",
            expected: .parameters([.init("x", "2")])),
        Case(row: "D10", url: "a://X-Callback-URL/o", expected: .action("o")),
        Case(row: "D10", url: "things:///add?title=x", expected: .rejected(.notXCallbackURL)),
        Case(row: "D10", url: "pyto://x-callback/run", expected: .rejected(.notXCallbackURL)),
        Case(row: "D11", url: "a://x%2Dcallback-url/o", expected: .action("o")),
        Case(row: "D12", url: "a://x-callback-url/open/", expected: .action("open/")),
        Case(row: "D12", url: "launch://x-callback-url/dropbox/addphoto", expected: .action("dropbox/addphoto")),
        Case(row: "D12", url: "a://x-callback-url/a%2Fb", expected: .action("a/b")),
        Case(row: "D12", url: "a://x-callback-url/", expected: .rejected(.missingAction)),
        Case(row: "D12", url: "terminology://x-callback-url/1.0/lookup", expected: .action("1.0/lookup")),
        Case(row: "D13", url: "a://x-callback-url/o?x-foo=1", expected: .parameters([.init("x-foo", "1")])),
        Case(row: "D13", url: "a://x-callback-url/o?X-Success=s://", expected: .parameters([.init("X-Success", "s://")])),
        Case(row: "D14", url: "a://x-callback-url/o?x%2Dsource=VFX", expected: .source("VFX")),
        Case(row: "pollution", url: "a://x-callback-url/o?x-success=a:&x-success=b:", expected: .rejected(.duplicateReservedParameter)),
        Case(row: "authority", url: "a://x-callback-url@evil.example/o", expected: .rejected(.invalidAuthority)),
        Case(row: "authority", url: "a://x-callback-url:443/o", expected: .rejected(.invalidAuthority)),
        Case(row: "scheme", url: "1a://x-callback-url/o", expected: .rejected(.invalidScheme)),
        Case(row: "scheme", url: "://x-callback-url/o", expected: .rejected(.invalidScheme)),
    ]

    @Test(arguments: cases)
    func takesItsDocumentedPosition(_ testCase: Case) {
        do {
            let request = try XCallbackRequest(parsing: testCase.url)
            switch testCase.expected {
            case .parameters(let parameters): #expect(request.parameters == parameters)
            case .action(let action): #expect(request.action == action)
            case .source(let source): #expect(request.source == source)
            case .rejected(let category): Issue.record("expected a rejection '\(category)', got \(request)")
            }
        } catch {
            guard case .rejected(let category) = testCase.expected else {
                Issue.record("expected acceptance, got \(error)")
                return
            }
            #expect(error.category == category)
            #expect(error.offset != nil)
        }
    }

    @Test func keepsEmptyAndValuelessParametersApart() throws {
        let request = try XCallbackRequest(parsing: "a://x-callback-url/o?a&b=&=c&&d==")
        #expect(request.parameters == [.init("a", nil), .init("b", ""), .init("", "c"), .init("d", "=")])
    }

    @Test func treatsAReservedNameWithoutEqualsAsPresentAndEmpty() throws {
        let request = try XCallbackRequest(parsing: "a://x-callback-url/o?x-cancel&x-source=")
        #expect(request.cancel == "")
        #expect(request.source == "")
        #expect(request.success == nil)
    }

    @Test func readsTheFragmentAfterTheFirstHash() throws {
        let request = try XCallbackRequest(parsing: "a://x-callback-url/o?a=1#b=2&c#d")
        #expect(request.parameters == [.init("a", "1")])
        #expect(request.fragment == "b=2&c#d")
    }

    @Test func lowercasesTheScheme() throws {
        #expect(try XCallbackRequest(parsing: "TargetApp://x-callback-url/o").scheme == "targetapp")
    }
}
