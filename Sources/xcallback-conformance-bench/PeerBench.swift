// Starting the ada-url peer for the parse group: find its driver (`--peer PATH`, else the one
// peer/build-ada-driver.sh builds under .build/, building it when it is not there), write the parse inputs for
// it, and start it. The peer is optional: when any of that fails the run says why in its notes and goes on
// without the peer's rows, and `--check` skips the floors that need them.

import Foundation

extension BenchRun {
    /// The running ada-url driver on the bench's parse inputs, or `nil` (with a note saying why).
    mutating func startPeer(
        with inputs: (vectors: PeerInputSet, mix: PeerInputSet, long: PeerInputSet)
    ) -> AdaPeer? {
        guard !options.noPeer else {
            note("ada-url peer not measured: --no-peer")
            return nil
        }
        guard let driver = peerDriver() else { return nil }
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("xcallback-bench-inputs-\(getpid()).txt").path
        do {
            try PeerInputs.write([inputs.mix, inputs.vectors, inputs.long], to: path)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let peer = try AdaPeer(driver: driver, inputs: path)
            peerVersion = peer.version
            note("peer: \(peer.version), built by peer/build-ada-driver.sh (\(driver)); it parses each URL with "
                + "ada::parse<url_aggregator>, reads the hostname, percent-decodes the path after its '/' and "
                + "decodes every query name and value into a std::string (ada::url_search_params); both sides "
                + "time their own samples on their thread's CPU clock, in alternation, on the same bytes")
            return peer
        } catch {
            note("ada-url peer not measured: \(error)")
            return nil
        }
    }

    /// The driver given by `--peer`, or the default one, built by its script when it is not there yet.
    private mutating func peerDriver() -> String? {
        if let path = options.peerPath {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                note("ada-url peer not measured: --peer \(path) is not an executable file")
                return nil
            }
            return path
        }
        let script = AdaPeer.buildScriptPath
        guard FileManager.default.isExecutableFile(atPath: script) else {
            note("ada-url peer not measured: no driver given (--peer) and no build script at \(script)")
            return nil
        }
        // The script returns at once when the driver is built and newer than its sources.
        FileHandle.standardError.write(Data("bench: ada-url peer: \(script)\n".utf8))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            note("ada-url peer not measured: cannot run \(script): \(error.localizedDescription)")
            return nil
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let path = String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: path) else {
            note("ada-url peer not measured: \(script) could not fetch or build it (its reasons are on stderr)")
            return nil
        }
        return path
    }
}
