// Small readings of answers the differential driver makes.

import XCallbackConformanceCore
import XCallbackURL

extension TargetAnswer {
    /// Whether the answer is a rejection.
    var isRejected: Bool {
        if case .rejected = self { return true }
        return false
    }

    /// The rejection's category, if the answer is a rejection with one.
    var category: RejectionCategory? {
        if case .rejected(let category, _) = self { return category }
        return nil
    }
}
