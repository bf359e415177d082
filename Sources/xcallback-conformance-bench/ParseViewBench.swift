// Parse as an app reads a URL: each result type parses the text and then the app reads the action, the four
// reserved values and every action parameter's name and value, folding each one's UTF-8 length into the
// sink. `URLComponents` reads its path and every query item (which include the reserved ones). Every side
// decodes every component it hands out (the request and the view while parsing, `queryItems` when asked),
// so none skips work another does; nobody builds a result type it does not hand out.

import Foundation
import XCallbackURL

extension BenchRun {
    /// Parses each URL into an `XCallbackRequest` and reads what an app reads.
    static func requestReadWorkload(_ name: String, _ urls: [String]) -> Workload {
        Workload(name: name, bytesPerCall: urls.reduce(0) { $0 + $1.utf8.count }, itemsPerCall: urls.count) {
            var result = 0
            for url in urls {
                do throws(XCallbackRejection) {
                    let request = try XCallbackRequest(parsing: url)
                    result &+= request.action.utf8.count &+ (request.source?.utf8.count ?? 0)
                    result &+= (request.success?.utf8.count ?? 0) &+ (request.error?.utf8.count ?? 0)
                    result &+= request.cancel?.utf8.count ?? 0
                    for parameter in request.parameters {
                        result &+= parameter.name.utf8.count &+ (parameter.value?.utf8.count ?? 0)
                    }
                } catch {
                    result &+= 1 &+ (error.offset ?? 0)
                }
            }
            return result
        }
    }

    /// Parses each URL into an `XCallbackRequestBorrowedView` and reads what an app reads, as the decoded UTF-8
    /// bytes the view lends during its call.
    static func borrowedReadWorkload(_ name: String, _ urls: [String]) -> Workload {
        Workload(name: name, bytesPerCall: urls.reduce(0) { $0 + $1.utf8.count }, itemsPerCall: urls.count) {
            var result = 0
            for url in urls {
                do throws(XCallbackRejection) {
                    result &+= try XCallbackRequestBorrowedView.withView(parsing: url) { view in
                        var read = view.action.count &+ (view.source?.count ?? 0) &+ (view.success?.count ?? 0)
                        read &+= (view.error?.count ?? 0) &+ (view.cancel?.count ?? 0)
                        for parameter in view.parameters {
                            read &+= parameter.name.count &+ (parameter.value?.count ?? 0)
                        }
                        return read
                    }
                } catch {
                    result &+= 1 &+ (error.offset ?? 0)
                }
            }
            return result
        }
    }

    /// Parses each URL with `URLComponents` and reads what an app reads: the path and every query item.
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
                    result &+= item.name.utf8.count &+ (item.value?.utf8.count ?? 0)
                }
            }
            return result
        }
    }
}
