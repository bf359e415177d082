// The command-line tool as a library function: arguments in, exit status out, every stream injectable,
// so tests run it exactly as the executable does. `main.swift` only calls `ConformanceCommandLine.main`.

import Foundation
import XCallbackURL

/// The `xcallback-conformance` command-line tool.
public enum ConformanceCommandLine {
    /// The usage text printed by `--help`.
    public static let usage = """
        USAGE: xcallback-conformance [run] [options]             run the suite and print a report
               xcallback-conformance parse URL [--json]          the reference's result, or its rejection
               xcallback-conformance show ID                     one vector with its citations
               xcallback-conformance list [selection]            vector ids with their descriptions
               xcallback-conformance serve [--target foundation] be a protocol target (default: reference)
               xcallback-conformance fuzz [--target T] [options] fuzz a target against the reference (fuzz --help)
               xcallback-conformance --help | --version

        TARGET
          --target reference|foundation|COMMAND
                                  the implementation to test (default: reference). COMMAND runs a program
                                  speaking the subprocess protocol (Vectors/protocol/PROTOCOL.md), split on
                                  spaces without a shell, e.g. --target "python3 adapter.py"
          --timeout SECONDS       time allowed for each answer of a COMMAND target (default: 2)
          --handshake-timeout SECONDS
                                  time allowed for a COMMAND target's hello (default: 10)
          --process-per-vector    start a COMMAND target afresh for every vector (slower)
          --validate              check every message of a COMMAND target against the protocol's JSON
                                  Schemas (Vectors/protocol); a violation fails the vector as unreadable

        VECTORS
          --vectors DIR           a vectors directory (default: the vectors bundled with the tool)
          --id ID                 a vector id or glob such as 'XCU-7*' (repeatable)
          --tag TAG               a tag such as D1 or host (repeatable)
          --operation OP          parse, build-request or build-callback (repeatable)
          --level LEVEL           must, should or implementation-defined (repeatable)

        REPORT
          --format FORMAT         text, json, junit, tap, markdown or badge (default: text)
          --output FILE, -o FILE  write the report to FILE instead of standard output
          --no-progress           no progress line, even when standard output is a terminal
          --known-failures FILE   excuse the failures listed in FILE; the run fails on a new failure,
                                  a different failure kind, a listed vector that passes, an unknown id
          --write-known-failures FILE
                                  write this run's failures to FILE as a starting list

        EXIT STATUS
          0 conformant (known failures excused)   1 conformance failure   64 usage error
          70 the run could not happen (vectors, known-failures file, target program, output file)

        """

    /// Runs the tool with the process's arguments and streams and returns the exit status.
    public static func main() -> Int32 {
        main(arguments: Array(CommandLine.arguments.dropFirst()), io: .process)
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    public static func main(arguments: [String], io: CommandLineIO) -> Int32 {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions(parsing: arguments)
        } catch {
            io.standardError("error: \(error.message)\nUSAGE: xcallback-conformance [run|parse|show|list|serve] [options]; see --help\n")
            return ExitStatus.usage
        }
        switch options.command {
        case .help:
            io.standardOutput(usage)
            return ExitStatus.success
        case .version:
            io.standardOutput("xcallback-conformance \(SuiteInfo.version) (protocol \(ConformanceProtocol.version))\n")
            return ExitStatus.success
        case .parse:
            return InspectCommands.parse(options.argument ?? "", json: options.json, io: io)
        case .serve:
            switch options.target {
            case "reference": ProtocolServer(target: ReferenceTarget()).serve(readLine: io.readLine, write: io.standardOutput)
            case "foundation": ProtocolServer(target: FoundationTarget()).serve(readLine: io.readLine, write: io.standardOutput)
            default: return ExitStatus.usage  // refused when the options are parsed
            }
            return ExitStatus.success
        case .show, .list, .run:
            do {
                let suite = try loadSuite(options)
                switch options.command {
                case .show: return InspectCommands.show(options.argument ?? "", in: suite, io: io)
                case .list: return InspectCommands.list(suite, selection: options.selection, io: io)
                default: return try RunCommand(options: options, suite: suite, io: io).execute()
                }
            } catch {
                io.standardError("error: \(error.message)\n")
                return ExitStatus.cannotRun
            }
        }
    }

    /// Loads the suite from `--vectors` or the bundle.
    static func loadSuite(_ options: CommandLineOptions) throws(CannotRun) -> VectorSuite {
        do {
            if let directory = options.vectorsDirectory {
                return try VectorSuite(directory: URL(fileURLWithPath: directory))
            }
            return try VectorSuite.bundled()
        } catch {
            throw CannotRun("cannot load the vectors: \(error)\n  check the file named above, or pass --vectors DIR")
        }
    }
}

/// A reason the run could not happen (exit status 70), with what to do about it.
struct CannotRun: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
