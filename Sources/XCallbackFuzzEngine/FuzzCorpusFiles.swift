// The files a fuzz run reads and keeps: a corpus directory (one input per file, named by its SHA-256,
// so reruns add only what is new) and a libFuzzer dictionary (`name="token"` lines, `\xNN` escapes).

import Foundation
import XCallbackConformanceCore
import XCallbackFuzzing

/// A corpus directory: one input per file.
public enum FuzzCorpusDirectory {
    /// Every regular file of `directory` (created when missing), in name order.
    ///
    /// - Throws: a file-system error.
    public static func load(_ directory: URL) throws -> [[UInt8]] {
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        return try manager.contentsOfDirectory(atPath: directory.path).sorted().compactMap { name in
            var isDirectory: ObjCBool = false
            let path = directory.appendingPathComponent(name).path
            guard !name.hasPrefix("."), manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }

    /// Writes each input as a file named by the first 16 hex digits of its SHA-256.
    ///
    /// - Throws: a file-system error.
    public static func add(_ inputs: [[UInt8]], to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for input in inputs {
            try Data(input).write(to: directory.appendingPathComponent(String(SHA256.hexDigest(input).prefix(16))))
        }
    }
}

/// A libFuzzer dictionary file.
public enum FuzzDictionary {
    /// A dictionary problem: the file, the line and what was expected.
    public struct LoadError: Error, CustomStringConvertible {
        /// `FILE:LINE: expected ...`.
        public var description: String
    }

    /// The tokens of the dictionary at `url`.
    ///
    /// - Throws: `LoadError` for an unreadable file or a line that is not `name="token"` or `"token"`.
    public static func load(_ url: URL) throws(LoadError) -> [[UInt8]] {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw LoadError(description: "\(url.path): cannot read the dictionary")
        }
        var tokens: [[UInt8]] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text.hasPrefix("#") { continue }
            guard let open = text.firstIndex(of: "\""), text.hasSuffix("\""), text.index(after: open) < text.endIndex else {
                throw LoadError(description: "\(url.path):\(number + 1): expected name=\"token\" or \"token\", found \(text)")
            }
            tokens.append(unescape(text[text.index(after: open)..<text.index(before: text.endIndex)]))
        }
        return tokens
    }

    /// Decodes `\\`, `\"` and `\xNN`.
    static func unescape(_ text: Substring) -> [UInt8] {
        var out: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "\\"), let next = bytes.first else { out.append(byte); continue }
            if next == UInt8(ascii: "x"), bytes.count >= 3, let value = UInt8(String(decoding: bytes.dropFirst().prefix(2), as: UTF8.self), radix: 16) {
                out.append(value)
                bytes = bytes.dropFirst(3)
            } else {
                out.append(next)
                bytes = bytes.dropFirst()
            }
        }
        return out
    }
}
