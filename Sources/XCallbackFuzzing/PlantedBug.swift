// A deliberately planted bug, used only to measure how fast each fuzzing setup reaches deep nesting.
//
// It fires only when the input parses as an x-callback-url whose x-success, x-error or x-cancel holds
// an x-callback-url (level 2) whose callback holds a third (level 3) with an action parameter whose
// value contains both `&` and `=`. Such a value has to be encoded once at level 3, twice inside level 2
// and three times in the input (`a%252526b%25253Dc`), so random byte edits almost never produce it.

import XCallbackURL

/// The planted three-level bug: a measurement fixture, never part of a real fuzz run.
public struct PlantedBugDriver: FuzzDriver {
    /// Creates the driver.
    public init() {}

    /// `planted-bug`.
    public var name: String { "planted-bug" }

    /// Returns a failure exactly when `triggerPath(in:)` finds the planted shape.
    public func failure(for input: [UInt8]) -> FuzzFailure? {
        guard let path = PlantedBugDriver.triggerPath(in: input) else { return nil }
        return FuzzFailure(rule: "planted-bug", input: input, details: [("path", path)])
    }

    /// The nesting path to the planted shape (`x-success.x-error.text`), or nil when the input lacks it.
    public static func triggerPath(in input: [UInt8]) -> String? {
        guard let top = try? XCallbackRequest(parsingUTF8: input) else { return nil }
        for (name2, value2) in callbacks(of: top) {
            guard let level2 = try? XCallbackRequest(parsing: value2) else { continue }
            for (name3, value3) in callbacks(of: level2) {
                guard let level3 = try? XCallbackRequest(parsing: value3) else { continue }
                for parameter in level3.parameters {
                    if let value = parameter.value, value.utf8.contains(UInt8(ascii: "&")), value.utf8.contains(UInt8(ascii: "=")) {
                        return [name2, name3, parameter.name].joined(separator: ".")
                    }
                }
            }
        }
        return nil
    }

    static func callbacks(of request: XCallbackRequest) -> [(String, String)] {
        var result: [(String, String)] = []
        if let value = request.success { result.append(("x-success", value)) }
        if let value = request.error { result.append(("x-error", value)) }
        if let value = request.cancel { result.append(("x-cancel", value)) }
        return result
    }
}
