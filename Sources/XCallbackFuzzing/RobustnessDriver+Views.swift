// Property 5 of the robustness driver: the view of the parse answers as the request does.
//
// `XCallbackRequestBorrowedView` comes from the same scanner as `XCallbackRequest` but reads the input and
// decodes into memory of its own (a scratch buffer on the stack), through unsafe pointers: under ASan a fuzzed
// input that makes it read or write past its memory stops the run, and one that makes it answer differently is
// a finding. (The rule keeps its name from when three views were checked, so findings and corpora still match.)

import XCallbackURL

extension RobustnessDriver {
    /// How the borrowed view's answer to `text` differs from the request's `expected` answer, if it does.
    public static func viewsFailure(
        _ text: String, expected: Result<XCallbackRequest, XCallbackRejection>, input: [UInt8]
    ) -> FuzzFailure? {
        let answer = Result { () throws(XCallbackRejection) in
            try XCallbackRequestBorrowedView.withView(parsing: text, XCallbackRequest.init)
        }
        guard !same(answer, expected) else { return nil }
        return FuzzFailure(
            rule: "views/agree", input: input,
            details: [
                ("view", "XCallbackRequestBorrowedView"), ("request", describe(expected)),
                ("view's answer", describe(answer)),
            ])
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
