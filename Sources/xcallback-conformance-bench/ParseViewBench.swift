// Parse as an app reads a URL: `XCallbackRequestView` against `URLComponents`, on the same inputs and the
// same reads. Both sides parse the text and then read the action, x-success, and every action parameter's
// name and value (as `Substring`s of the view's one decoded string, as `String`s from `queryItems`), folding
// each one's UTF-8 length into the sink. Neither side builds an `XCallbackRequest`; both decode every
// component (the view while parsing, `queryItems` when asked), so neither skips work the other does.

import Foundation
import XCallbackURL

extension BenchRun {
    /// Times the view against `URLComponents` on `urls` and records both and their ratio as `\(id).speedup`.
    mutating func compareViewWithFoundation(_ id: String, _ label: String, _ urls: [String]) {
        let view = Self.viewReadWorkload("\(label): view, app reads", urls)
        let foundation = Self.foundationReadWorkload("\(label): URLComponents, app reads", urls)
        let pair = measurer.compare(view, foundation)
        addThroughput("parse", view.name, view, pair.a)
        addThroughput("parse", foundation.name, foundation, pair.b)
        add(RatioResult(
            id: "\(id).speedup",
            description: "URLComponents(string:) + queryItems time / XCallbackRequestView(parsing:) time over \(label); "
                + "both read the action, x-success and every parameter's name and value",
            goal: 10, pair.ratio))
    }

    /// Parses each URL into a view and reads what an app reads.
    static func viewReadWorkload(_ name: String, _ urls: [String]) -> Workload {
        Workload(name: name, bytesPerCall: urls.reduce(0) { $0 + $1.utf8.count }, itemsPerCall: urls.count) {
            var result = 0
            for url in urls {
                do throws(XCallbackRejection) {
                    let view = try XCallbackRequestView(parsing: url)
                    result &+= view.action.utf8.count &+ (view.success?.utf8.count ?? 0)
                    for parameter in view.parameters {
                        result &+= parameter.name.utf8.count &+ (parameter.value?.utf8.count ?? 0)
                    }
                } catch {
                    result &+= 1 &+ (error.offset ?? 0)
                }
            }
            return result
        }
    }

    /// Parses each URL with `URLComponents` and reads what an app reads: the path, x-success and every query item.
    static func foundationReadWorkload(_ name: String, _ urls: [String]) -> Workload {
        Workload(name: name, bytesPerCall: urls.reduce(0) { $0 + $1.utf8.count }, itemsPerCall: urls.count) {
            var result = 0
            for url in urls {
                guard let components = URLComponents(string: url), components.host == "x-callback-url" else {
                    result &+= 1
                    continue
                }
                result &+= components.path.utf8.count
                for item in components.queryItems ?? [] {
                    if item.name == "x-success" {
                        result &+= item.value?.utf8.count ?? 0
                    } else {
                        result &+= item.name.utf8.count &+ (item.value?.utf8.count ?? 0)
                    }
                }
            }
            return result
        }
    }
}
