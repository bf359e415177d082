// Literal build cases: any request or callback response, written field by field as text, so that every build
// vector's input is a build case of the differential driver (its seeds, and a starting point for mutation).
//
// A request's first choice (its scheme's first letter) has one value more than the generator's letters; that
// value makes the rest a literal request: scheme, action, then x-source, x-success, x-error and x-cancel each
// behind a presence flag, then a parameter count (one byte) and each parameter's name, a presence flag and its
// value. A callback URL's first choice (its scheme) has one value more than the listed schemes; that value reads
// the whole callback URL as text and makes the response literal too: the outcome, the error code and message
// for an error, x-source behind a flag, then the parameters as for a request. Every text is
// `FuzzInputReader.string` over the generator's alphabet, of any length a URL has.
// `FuzzInputWriter` writes the same bytes back (`literalBytes(request:)`, `literalBytes(response:)`).

import XCallbackURL

extension RequestGenerator {
    /// The longest literal text read in one piece (a length byte of at most this; longer texts take a length marker).
    static let literalMaxLength = 64

    /// One literal text.
    func literal(_ reader: inout FuzzInputReader) -> String {
        reader.string(maxLength: Self.literalMaxLength, alphabet: Self.textAlphabet)
    }

    /// A literal request, after the first choice said so.
    func literalRequest(_ reader: inout FuzzInputReader) -> XCallbackRequest {
        var request = XCallbackRequest(scheme: literal(&reader), action: literal(&reader))
        request.source = reader.flag() ? literal(&reader) : nil
        request.success = reader.flag() ? literal(&reader) : nil
        request.error = reader.flag() ? literal(&reader) : nil
        request.cancel = reader.flag() ? literal(&reader) : nil
        request.parameters = literalParameters(&reader)
        return request
    }

    /// A parameter count and that many parameters; reading stops where the bytes do.
    func literalParameters(_ reader: inout FuzzInputReader) -> [XCallbackParameter] {
        var parameters: [XCallbackParameter] = []
        for _ in 0..<Int(reader.byte()) where !reader.isExhausted {
            let name = literal(&reader)
            parameters.append(XCallbackParameter(name, reader.flag() ? literal(&reader) : nil))
        }
        return parameters
    }

    /// A literal response onto `callbackURL`, after the callback URL's first choice said so.
    func literalResponse(_ reader: inout FuzzInputReader, callbackURL: String) -> XCallbackResponse {
        let outcome: XCallbackResponse.Outcome
        switch reader.choose(below: 3) {
        case 0: outcome = .success
        case 1: outcome = .error(code: literal(&reader), message: literal(&reader))
        default: outcome = .cancel
        }
        var response = XCallbackResponse(callbackURL: callbackURL, outcome: outcome)
        response.source = reader.flag() ? literal(&reader) : nil
        response.parameters = literalParameters(&reader)
        return response
    }

    /// The request a build-request case's bytes (after its first byte) describe, without a fragment.
    public func buildRequestCase(_ reader: inout FuzzInputReader) -> XCallbackRequest {
        var request = self.request(&reader).request
        request.fragment = nil
        return request
    }

    /// The response a build-callback case's bytes (after its first byte) describe.
    public func buildCallbackCase(_ reader: inout FuzzInputReader) -> XCallbackResponse {
        let callback = callbackURLChoice(&reader)
        return callback.literal ? literalResponse(&reader, callbackURL: callback.url) : response(&reader, callbackURL: callback.url)
    }

    // MARK: - Writing

    /// Writes one literal text.
    func writeLiteral(_ text: String, to writer: inout FuzzInputWriter) {
        writer.string(text, maxLength: Self.literalMaxLength, alphabet: Self.textAlphabet)
    }

    /// Writes an optional literal text behind its presence flag.
    func writeLiteral(optional text: String?, to writer: inout FuzzInputWriter) {
        writer.flag(text != nil)
        if let text { writeLiteral(text, to: &writer) }
    }

    /// Writes a parameter count and the parameters as `literalParameters(_:)` reads them.
    func writeLiteral(_ parameters: [XCallbackParameter], to writer: inout FuzzInputWriter) {
        precondition(parameters.count <= 255, "\(parameters.count) parameters do not fit one count byte")
        writer.byte(UInt8(parameters.count))
        for parameter in parameters {
            writeLiteral(parameter.name, to: &writer)
            writeLiteral(optional: parameter.value, to: &writer)
        }
    }

    /// The build-request case (first byte 0x01) whose bytes decode to `request` without its fragment.
    public func literalBytes(request: XCallbackRequest) -> [UInt8] {
        var writer = FuzzInputWriter()
        writer.byte(DifferentialInput.buildRequestByte)
        writer.choose(Self.schemeFirstLetters.count, below: Self.schemeFirstLetters.count + 1)
        writeLiteral(request.scheme, to: &writer)
        writeLiteral(request.action, to: &writer)
        for value in [request.source, request.success, request.error, request.cancel] {
            writeLiteral(optional: value, to: &writer)
        }
        writeLiteral(request.parameters, to: &writer)
        return writer.bytes
    }

    /// The build-callback case (first byte 0x02) whose bytes decode to `response`.
    public func literalBytes(response: XCallbackResponse) -> [UInt8] {
        var writer = FuzzInputWriter()
        writer.byte(DifferentialInput.buildCallbackByte)
        writer.choose(Self.callbackSchemes.count, below: Self.callbackSchemes.count + 1)
        writeLiteral(response.callbackURL, to: &writer)
        switch response.outcome {
        case .success:
            writer.choose(0, below: 3)
        case .error(let code, let message):
            writer.choose(1, below: 3)
            writeLiteral(code, to: &writer)
            writeLiteral(message, to: &writer)
        case .cancel:
            writer.choose(2, below: 3)
        }
        writeLiteral(optional: response.source, to: &writer)
        writeLiteral(response.parameters, to: &writer)
        return writer.bytes
    }
}
