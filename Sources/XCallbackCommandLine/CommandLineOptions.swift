// Argument parsing for `xcallback-conformance`: words in, a `Sendable` options value out, usage errors as
// values. Every option takes `--name value` and `--name=value`; validation is a separate step.

import XCallbackConformance

/// What the command line asks for.
public struct CommandLineOptions: Hashable, Sendable {
    /// The subcommands.
    public enum Command: String, Hashable, Sendable {
        /// Run the suite and print a report (the default).
        case run
        /// Print the reference's canonical result for a URL.
        case parse
        /// Print one vector.
        case show
        /// List vector ids with their descriptions.
        case list
        /// Speak the subprocess protocol on stdin and stdout with the reference implementation.
        case serve
        /// Print the usage text.
        case help
        /// Print the version.
        case version
    }

    /// The subcommand.
    public var command: Command = .run
    /// The positional argument of `parse` (a URL) or `show` (an id).
    public var argument: String?
    /// The index of `argument` among the words parsed, so `parse` can read that word's raw bytes.
    public var argumentIndex: Int?
    /// `reference`, `foundation` or a command line speaking the subprocess protocol.
    public var target = "reference"
    /// `--roles`: the roles to claim for the target instead of its own claim, or `nil` to keep its claim.
    public var roles: Set<TargetRole>?
    /// A vectors directory instead of the bundled one.
    public var vectorsDirectory: String?
    /// The vector selection.
    public var selection = VectorSelection()
    /// The report format.
    public var format: ReportFormat = .text
    /// The TAP version of a TAP report: 13 (the default, what `prove` reads) or 14.
    public var tapVersion = 13
    /// When the text report is coloured.
    public var color = ColorChoice.auto
    /// Where to write the report; `nil` for standard output.
    public var output: String?
    /// A known-failures file to apply.
    public var knownFailures: String?
    /// Where to write this run's failures as a known-failures file.
    public var writeKnownFailures: String?
    /// The per-request timeout for a subprocess target, in seconds.
    public var timeout = 2.0
    /// The handshake timeout for a subprocess target, in seconds.
    public var handshakeTimeout = 10.0
    /// The longest the whole run may take, in seconds; the vectors left are reported as not run.
    public var runDeadline = 1800.0
    /// How many timeouts in a row make the run give up on the target; 0 never gives up.
    public var maxConsecutiveTimeouts = 5
    /// Where to record the raw requests and answers exchanged with a subprocess target.
    public var transcript: String?
    /// Whether to start the subprocess target afresh for every vector.
    public var processPerVector = false
    /// Whether to suppress the progress line.
    public var noProgress = false
    /// Whether to check every message of a subprocess target against the published schemas.
    public var validate = false
    /// `parse --json`: print JSON instead of text.
    public var json = false

    /// Creates the defaults: run the bundled suite against the reference, text report.
    public init() {}

    /// Parses the arguments that follow the program name.
    ///
    /// - Throws: a `UsageError` saying what is wrong; the tool prints it with the usage line and exits 64.
    public init(parsing arguments: [String]) throws(UsageError) {
        var words = arguments[...]
        if let first = words.first, !first.hasPrefix("-") {
            guard let command = Command(rawValue: first), command != .help, command != .version else {
                throw UsageError("unknown command '\(first)'; expected run, parse, show, list or serve")
            }
            self.command = command
            words = words.dropFirst()
        }
        while let word = words.popFirst() {
            guard word.hasPrefix("-"), word != "-" else {
                guard argument == nil, [.parse, .show].contains(command) else {
                    throw UsageError("unexpected argument '\(word)'")
                }
                argument = word
                argumentIndex = arguments.count - words.count - 1
                continue
            }
            if word == "--" {
                guard let next = words.popFirst(), argument == nil, [.parse, .show].contains(command) else {
                    throw UsageError("'--' must be followed by the one argument of parse or show")
                }
                argument = next
                argumentIndex = arguments.count - words.count - 1
                continue
            }
            let (name, inline) = Self.split(word)
            func value() throws(UsageError) -> String {
                if let inline { return inline }
                guard let next = words.popFirst() else { throw UsageError("\(name) needs a value") }
                return next
            }
            switch name {
            case "-h", "--help": command = .help
            case "--version": command = .version
            case "--target": target = try value()
            case "--roles": roles = (roles ?? []).union(try Self.roles(try value()))
            case "--vectors": vectorsDirectory = try value()
            case "--id":
                let pattern = try value()
                do {
                    _ = try GlobPattern(pattern)
                } catch {
                    throw UsageError("--id \(error.description)")
                }
                selection.ids.append(pattern)
            case "--tag":
                let tag = try value()
                guard !tag.isEmpty else { throw UsageError("--tag needs a tag such as D1 or host, not an empty string") }
                selection.tags.append(tag)
            case "--operation":
                let text = try value()
                guard let operation = Operation(rawValue: text) else {
                    throw UsageError("--operation must be parse, build-request or build-callback, not '\(text)'")
                }
                selection.operations.append(operation)
            case "--level":
                let text = try value()
                guard let level = Level(rawValue: text) else {
                    throw UsageError("--level must be must, should or implementation-defined, not '\(text)'")
                }
                selection.levels.append(level)
            case "--role":
                let text = try value()
                guard TargetRole(rawValue: text).operation != nil else {
                    throw UsageError("--role must be \(Self.roleNames), not '\(text)'")
                }
                selection.roles.append(TargetRole(rawValue: text))
            case "--format":
                let text = try value()
                guard let format = ReportFormat(rawValue: text) else {
                    throw UsageError(
                        "--format must be one of \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
                }
                self.format = format
            case "--tap-version":
                let text = try value()
                guard let version = Int(text), TAPReport.versions.contains(version) else {
                    throw UsageError("--tap-version must be 13 or 14, not '\(text)'")
                }
                tapVersion = version
            case "--color":
                let text = try value()
                guard let choice = ColorChoice(rawValue: text) else {
                    throw UsageError("--color must be auto, always or never, not '\(text)'")
                }
                color = choice
            case "--output", "-o": output = try value()
            case "--known-failures": knownFailures = try value()
            case "--write-known-failures": writeKnownFailures = try value()
            case "--timeout": timeout = try Self.seconds(name, try value(), atMost: 3600)
            case "--handshake-timeout": handshakeTimeout = try Self.seconds(name, try value(), atMost: 3600)
            case "--run-deadline": runDeadline = try Self.seconds(name, try value(), atMost: 604_800)
            case "--max-consecutive-timeouts":
                let text = try value()
                guard let count = Int(text), (0...100_000).contains(count) else {
                    throw UsageError("\(name) must be a whole number from 0 (never give up) to 100000, not '\(text)'")
                }
                maxConsecutiveTimeouts = count
            case "--transcript": transcript = try value()
            case "--process-per-vector": try Self.flag(name, inline); processPerVector = true
            case "--no-progress": try Self.flag(name, inline); noProgress = true
            case "--validate": try Self.flag(name, inline); validate = true
            case "--json": try Self.flag(name, inline); json = true
            default: throw UsageError("unknown option '\(name)'")
            }
        }
        try checkCombination()
    }

    /// Checks the combination of options.
    func checkCombination() throws(UsageError) {
        if [.parse, .show].contains(command), argument == nil {
            throw UsageError("\(command.rawValue) needs \(command == .parse ? "a URL" : "a vector id")")
        }
        if command == .serve, !["reference", "foundation"].contains(target) {
            throw UsageError("serve takes --target reference or --target foundation, not '\(target)'")
        }
        if json, command != .parse { throw UsageError("--json applies to the parse command; use --format json for reports") }
        if roles != nil, ![.run, .serve].contains(command) {
            throw UsageError("--roles applies to a run or to serve; to list the vectors of a role, use --role")
        }
    }

    /// The role names, for messages: `recognise, decode, build-request or build-callback`.
    static let roleNames = TargetRole.allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + TargetRole.allCases.last!.rawValue

    /// Reads the value of `--roles`: role names separated by commas, each one the suite knows.
    static func roles(_ text: String) throws(UsageError) -> Set<TargetRole> {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0.filter { $0 != " " }) }
        var roles: Set<TargetRole> = []
        for name in names {
            guard !name.isEmpty else { throw UsageError("--roles takes role names separated by commas, such as decode,build-request, not '\(text)'") }
            guard TargetRole(rawValue: name).operation != nil else {
                throw UsageError("--roles: '\(name)' is not a role; the roles are \(roleNames)")
            }
            roles.insert(TargetRole(rawValue: name))
        }
        return roles
    }

    private static func split(_ word: String) -> (String, String?) {
        guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    private static func flag(_ name: String, _ inline: String?) throws(UsageError) {
        if inline != nil { throw UsageError("\(name) takes no value") }
    }

    private static func seconds(_ name: String, _ text: String, atMost limit: Double) throws(UsageError) -> Double {
        guard let value = Double(text), value >= 0.001, value <= limit else {
            throw UsageError("\(name) must be a number of seconds from 0.001 to \(Int(limit)), not '\(text)'")
        }
        return value
    }
}

/// A command-line mistake: printed with the usage line, exit status 64.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
