// The command-line tool as a library function: arguments in, exit status out, every stream injectable,
// so tests run it exactly as the executable does. `main.swift` only calls `ConformanceCommandLine.main`.

import Foundation
import XCallbackConformance
import XCallbackURL

/// The `xcallback-conformance` command-line tool.
public enum ConformanceCommandLine {
    /// The usage text printed by `--help`.
    public static let usage = """
        USAGE: xcallback-conformance [run] [options]             run the suite and print a report
               xcallback-conformance parse URL [--json]          the reference's result, or its rejection
               xcallback-conformance show ID                     one vector with its citations
               xcallback-conformance list [selection]            vector ids with their descriptions
               xcallback-conformance serve [--target foundation] [--roles R,...]  be a protocol target (default: reference)
               xcallback-conformance matrix REPORT.json ... [--html F] [--markdown F]  results matrix of JSON reports
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
          --run-deadline SECONDS  stop the run after this long; the rest is reported not run (default: 1800)
          --max-consecutive-timeouts N
                                  give up on a target after N timeouts in a row (default: 5; 0: never)
          --roles ROLE,...        claim these roles for the target instead of its own claim: recognise, decode,
                                  build-request, build-callback (a COMMAND target only within the operations
                                  its hello declares). Vectors of other roles are reported not applicable, and
                                  the report names the profile certified (receiver, decoder, request builder,
                                  callback builder). With serve: the roles the hello claims
          --transcript FILE       record every raw request and answer of a COMMAND target in FILE
          --validate              check every message of a COMMAND target against the protocol's JSON
                                  Schemas (Vectors/protocol); a violation fails the vector as unreadable

        VECTORS
          --vectors DIR           a vectors directory (default: the vectors bundled with the tool)
          --id ID                 a vector id or glob such as 'XCU-7*' or 'XCU-[2-4]*' (repeatable)
          --tag TAG               a tag such as D1 or host (repeatable)
          --operation OP          parse, build-request or build-callback (repeatable)
          --level LEVEL           must, should or implementation-defined (repeatable)
          --role ROLE             recognise, decode, build-request or build-callback (repeatable); the
                                  other vectors are left out of the run, not reported as not applicable

        REPORT
          --format FORMAT         text, json, junit, tap, markdown or badge (default: text)
          --tap-version 13|14     the TAP version of --format tap (default: 13, which prove reads)
          --color auto|always|never
                                  colour the text report (default: auto, a terminal without NO_COLOR)
          --output FILE, -o FILE  write the report to FILE instead of standard output
          --no-progress           no progress line, even when standard output is a terminal
          --known-failures FILE   excuse the failures listed in FILE; the run fails on a new failure,
                                  a different failure kind, a listed vector that passes, an unknown id
          --write-known-failures FILE
                                  write this run's failures to FILE as a starting list

        EXIT STATUS
          0 conformant (known failures excused)   1 conformance failure   64 usage error
          70 the run could not happen (vectors, known-failures file, target program, output file)
          74 standard output could not be written   130/143 stopped by SIGINT/SIGTERM (report of what ran)

        """

    /// Runs the tool with the process's arguments and streams and returns the exit status.
    public static func main() -> Int32 {
        // The raw bytes of each word: `CommandLine.arguments` repairs invalid UTF-8 to U+FFFD, and `parse` must not.
        let raw = (1..<Int(CommandLine.argc)).map { index in
            CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map(UInt8.init(bitPattern:)) } ?? []
        }
        return main(arguments: Array(CommandLine.arguments.dropFirst()), rawArguments: raw, io: .process)
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit status.
    ///
    /// - Parameter rawArguments: the same words as bytes, when they may not be UTF-8 (`parse` reads its URL from them).
    public static func main(arguments: [String], rawArguments: [[UInt8]]? = nil, io: CommandLineIO) -> Int32 {
        let status = command(arguments: arguments, rawArguments: rawArguments, io: io)
        if let failure = io.outputFailure() {
            io.standardError("error: cannot write to standard output: \(failure)\n")
            return ExitStatus.outputFailed
        }
        return status
    }

    private static func command(arguments: [String], rawArguments: [[UInt8]]?, io: CommandLineIO) -> Int32 {
        if arguments.first == "matrix" { return MatrixCommand.main(arguments: Array(arguments.dropFirst()), io: io) }
        if arguments.first == "fuzz" { return FuzzCommand.main(arguments: Array(arguments.dropFirst()), io: io) }
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions(parsing: arguments)
        } catch {
            io.standardError("error: \(error.message)\nUSAGE: xcallback-conformance [run|parse|show|list|serve|matrix|fuzz] [options]; see --help\n")
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
            let bytes = options.argumentIndex.flatMap { index in rawArguments.flatMap { index < $0.count ? $0[index] : nil } }
            return InspectCommands.parse(bytes ?? Array((options.argument ?? "").utf8), json: options.json, io: io)
        case .serve:
            switch options.target {
            case "reference": serve(ReferenceTarget(), claiming: options.roles, io: io)
            case "foundation": serve(FoundationTarget(), claiming: options.roles, io: io)
            default: return ExitStatus.usage  // refused when the options are parsed
            }
            return ExitStatus.success
        case .show, .list, .run:
            do {
                let suite = try loadSuite(options)
                if !suite.unlistedFiles.isEmpty {
                    io.standardError(
                        "warning: \(suite.directory.path) holds files that manifest.json does not list; their vectors are not run: "
                            + suite.unlistedFiles.joined(separator: ", ") + "\n")
                }
                if options.command != .show,
                    let problem = options.selection.emptinessProblem(
                        in: suite.vectors, suiteDescription: "suite \(suite.manifest.suiteVersion) (\(suite.directory.path))")
                {
                    io.standardError("error: \(problem)\nUSAGE: xcallback-conformance [run|parse|show|list|serve|matrix|fuzz] [options]; see --help\n")
                    return ExitStatus.usage
                }
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

    /// Serves `target` over the protocol on the tool's streams, its hello claiming `roles` when they are given.
    static func serve(_ target: some ConformanceTarget, claiming roles: Set<TargetRole>?, io: CommandLineIO) {
        if let roles {
            ProtocolServer(target: target.claiming(roles)).serve(readLine: io.readLine, write: io.standardOutput)
        } else {
            ProtocolServer(target: target).serve(readLine: io.readLine, write: io.standardOutput)
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
