// Property 5 of the robustness driver: the three views of the parse answer as the request does.
//
// `XCallbackRequestView`, `XCallbackRequestUTF8View` and `XCallbackRequestBorrowedView` come from the same
// scanner as `XCallbackRequest` but read and decode into memory of their own (one decoded string, one buffer,
// a scratch buffer on the stack), through unsafe pointers: under ASan a fuzzed input that makes one read or
// write past its memory stops the run, and one that makes it answer differently is a finding.

import XCallbackURL

extension RobustnessDriver {
    /// How the views' answers to `text` differ from the request's `expected` answer, if they do.
    public static func viewsFailure(
        _ text: String, expected: Result<XCallbackRequest, XCallbackRejection>, input: [UInt8]
    ) -> FuzzFailure? {
        let answers: [(String, Result<XCallbackRequest, XCallbackRejection>)] = [
            ("XCallbackRequestView", Result { () throws(XCallbackRejection) in
                XCallbackRequest(try XCallbackRequestView(parsing: text))
            }),
            ("XCallbackRequestUTF8View", Result { () throws(XCallbackRejection) in
                XCallbackRequest(try XCallbackRequestUTF8View(parsing: text))
            }),
            ("XCallbackRequestBorrowedView", Result { () throws(XCallbackRejection) in
                try XCallbackRequestBorrowedView.withView(parsing: text, XCallbackRequest.init)
            }),
        ]
        for (view, answer) in answers where !same(answer, expected) {
            return FuzzFailure(
                rule: "views/agree", input: input,
                details: [("view", view), ("request", describe(expected)), ("view's answer", describe(answer))])
        }
        return nil
    }

    /// Whether two answers are the same rejection, or requests with the same bytes in every field.
    static func same(
        _ lhs: Result<XCallbackRequest, XCallbackRejection>, _ rhs: Result<XCallbackRequest, XCallbackRejection>
    ) -> Bool {
        switch (lhs, rhs) {
        case (.success(let left), .success(let right)): ExactBytes.same(left, right)
        case (.failure(let left), .failure(let right)): left == right
        default: false
        }
    }

    /// An answer as a finding shows it.
    static func describe(_ answer: Result<XCallbackRequest, XCallbackRejection>) -> String {
        switch answer {
        case .success(let request): "\(request)"
        case .failure(let rejection): "rejected: \(rejection)"
        }
    }
}
