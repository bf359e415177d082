import Testing
import XCallbackURL

/// The spec's own examples (x-callback-url 1.0 DRAFT R3, Examples page), encoded as the spec's note asks.
@Suite struct SpecExampleTests {
    @Test func parsesTheOneWayExample() throws {
        let request = try XCallbackRequest(
            parsing: "targetapp://x-callback-url/updateStatus?x-source=SourceApp&text=%5BUser%20inputted%20string%5D")
        #expect(request.scheme == "targetapp")
        #expect(request.action == "updateStatus")
        #expect(request.source == "SourceApp")
        #expect(request.success == nil)
        #expect(request.parameters == [XCallbackParameter("text", "[User inputted string]")])
    }

    @Test func parsesTheTwoWayExampleWithEncodedCallbacks() throws {
        let request = try XCallbackRequest(
            parsing: "targetapp://x-callback-url/translate?x-success=sourceapp%3A%2F%2Fx-callback-url%2FacceptTranslation"
                + "&x-source=SourceApp&x-error=sourceapp%3A%2F%2Fx-callback-url%2FtranslationError&word=Hello&language=Spanish")
        #expect(request.action == "translate")
        #expect(request.success == "sourceapp://x-callback-url/acceptTranslation")
        #expect(request.error == "sourceapp://x-callback-url/translationError")
        #expect(request.source == "SourceApp")
        #expect(request.cancel == nil)
        #expect(request.parameters == [XCallbackParameter("word", "Hello"), XCallbackParameter("language", "Spanish")])
    }

    @Test func rejectsTheExampleAsPrintedOnSeveralLines() {
        // The page breaks the URL over lines "for legibility"; a raw line feed is not part of any URL.
        let printed = "targetapp://x-callback-url/updateStatus?\n   x-source=SourceApp&\n   text=[User inputted string]"
        #expect(throws: XCallbackRejection.self) { try XCallbackRequest(parsing: printed) }
        #expect(rejection(printed)?.category == .invalidCharacter)
        #expect(rejection(printed)?.offset == 40)
    }

    @Test func buildsTheTwoWayExampleAndReadsItBack() throws {
        let request = XCallbackRequest(
            scheme: "targetapp", action: "translate", source: "SourceApp",
            success: "sourceapp://x-callback-url/acceptTranslation", error: "sourceapp://x-callback-url/translationError",
            parameters: [XCallbackParameter("word", "Hello"), XCallbackParameter("language", "Spanish")])
        let url = try request.url()
        #expect(
            url == "targetapp://x-callback-url/translate?x-source=SourceApp&x-success=sourceapp://x-callback-url/acceptTranslation"
                + "&x-error=sourceapp://x-callback-url/translationError&word=Hello&language=Spanish")
        #expect(try XCallbackRequest(parsing: url) == request)
    }

    @Test func buildsTheSuccessAndErrorCallbacksOfTheExample() throws {
        let success = XCallbackResponse(
            callbackURL: "sourceapp://x-callback-url/acceptTranslation", outcome: .success, source: "TargetApp",
            parameters: [XCallbackParameter("word", "Hola")])
        #expect(try success.url() == "sourceapp://x-callback-url/acceptTranslation?x-source=TargetApp&word=Hola")
        let error = XCallbackResponse(
            callbackURL: "sourceapp://x-callback-url/translationError", outcome: .error(code: "code", message: "message"),
            source: "TargetApp")
        #expect(
            try error.url() == "sourceapp://x-callback-url/translationError?x-source=TargetApp&errorCode=code&errorMessage=message")
    }
}

/// The rejection thrown by parsing `url`, or `nil` when it parses.
func rejection(_ url: String) -> XCallbackRejection? {
    do {
        _ = try XCallbackRequest(parsing: url)
        return nil
    } catch {
        return error
    }
}
