// The inputs the bench times against its peer, written to a file that the peer's driver reads, so that both
// time the same bytes: one set per parse row (the realistic mix, the parse vectors, the 1 MB URL).
//
// Format (peer/ada_driver.cpp reads it): a line `xcallback-peer-inputs 1`, then for each set a line
// `set NAME COUNT` followed by COUNT URLs, each as a line with its length in bytes, the bytes, and a newline
// (URLs may hold line breaks: some apps' documentation prints them).

import Foundation

/// One named list of URLs that the bench and its peer both parse.
struct PeerInputSet: Sendable {
    /// The set's name in the file and on the peer's command line: a word.
    var name: String
    /// The URLs, in the order both sides parse them.
    var urls: [String]
}

enum PeerInputs {
    /// The file's contents for `sets`.
    static func fileContents(_ sets: [PeerInputSet]) -> [UInt8] {
        var out = Array("xcallback-peer-inputs 1\n".utf8)
        for set in sets {
            out += Array("set \(set.name) \(set.urls.count)\n".utf8)
            for url in set.urls {
                out += Array("\(url.utf8.count)\n".utf8)
                out += Array(url.utf8)
                out.append(UInt8(ascii: "\n"))
            }
        }
        return out
    }

    /// Writes `sets` to `path`.
    /// - Throws: `BenchError` naming the file when it cannot be written.
    static func write(_ sets: [PeerInputSet], to path: String) throws {
        do {
            try Data(fileContents(sets)).write(to: URL(fileURLWithPath: path))
        } catch {
            throw BenchError("cannot write the peer's inputs to \(path): \(error.localizedDescription)")
        }
    }
}
