// Command-line options of the bench tool: `--name value` and `--name=value`, parsed into a value,
// validated separately; errors become exit status 64 in main.

import Foundation

/// The parsed command line of `xcallback-conformance-bench`.
struct BenchOptions: Sendable, Equatable {
    /// Every group the tool knows, in the order they run.
    static let allGroups = ["parse", "build", "scaling", "runner", "fuzz"]

    /// Print JSON instead of the table.
    var json = false
    /// Also write the JSON result to this file (the table still goes to stdout).
    var jsonOutputPath: String?
    /// Compare ratios with the floors and exit 1 when one is out of bounds.
    var check = false
    /// Reduced sizes and repetitions (CI).
    var quick = false
    /// Print usage and exit.
    var help = false
    /// The groups to run.
    var groups = BenchOptions.allGroups
    /// The floors file; nil means floors.json beside the sources.
    var floorsPath: String?
    /// The vectors directory; nil means the XCallbackConformanceCore resource bundle.
    var vectorsPath: String?
    /// The `xcallback-conformance` executable used as the Swift subprocess target; nil means beside this one.
    var cliPath: String?
    /// The Python interpreter for the Python example adapter.
    var python = "python3"
    /// The Python example adapter; nil means the one found under the vectors directory.
    var adapterPath: String?
    /// A workload to run untimed under a profiler instead of benchmarking.
    var profile: String?
    /// Iterations of the profiled workload.
    var profileIterations = 1000
    /// Write the parse inputs in the peer's format to this file and exit (to run the peer by hand).
    var peerInputsPath: String?
    /// The ada-url driver; nil means the one peer/build-ada-driver.sh builds (and builds when missing).
    var peerPath: String?
    /// Leave the ada-url peer out.
    var noPeer = false
    /// Leave the bench and the processes it starts free to run on any CPU instead of pinning them to one.
    var noPin = false

    /// The usage text.
    static let usage = """
        usage: xcallback-conformance-bench [--quick] [--check] [--json] [--json-output FILE] [--only GROUP[,...]]
                                           [--floors FILE] [--vectors DIR] [--cli PATH]
                                           [--python PATH] [--adapter FILE] [--peer PATH | --no-peer] [--no-pin]
               xcallback-conformance-bench --profile WORKLOAD [--iterations N]
               xcallback-conformance-bench --write-peer-inputs FILE
          --quick          reduced sizes and repetitions (CI, well under a minute)
          --check          compare ratios with the floors file; exit 1 when one is out of bounds
          --json           print the result as JSON instead of a table
          --json-output F  also write the JSON result to F
          --only GROUPS    run only these groups: parse, build, scaling, runner, fuzz
          --floors FILE    floors file (default: floors.json beside the bench sources)
          --vectors DIR    vectors directory (default: the XCallbackConformanceCore resource bundle)
          --cli PATH       xcallback-conformance executable for the subprocess target (default: beside this one)
          --python PATH    Python interpreter for the example adapter (default: python3)
          --adapter FILE   Python example adapter (default: found under the vectors directory)
          --peer PATH      ada-url driver for the parse group's peer rows (default: the one
                           peer/build-ada-driver.sh builds under .build/, built when missing)
          --no-peer        leave the ada-url peer out
          --no-pin         leave the bench and the processes it starts free to run on any CPU (by default
                           all are pinned to the CPU the bench starts on; Linux only)
          --profile W      run one reference workload untimed for a profiler (perf, valgrind --tool=callgrind):
                           parse-mix, parse-long (XCallbackRequest), parse-borrowed-mix,
                           parse-borrowed-long (the borrowed view, every field read), build-request,
                           build-callback
          --iterations N   iterations of the profiled workload (default 1000)
          --write-peer-inputs F  write the parse inputs (mix, vectors, long) in the peer driver's format to F
        """

    /// Parses arguments (without the program name).
    /// - Throws: `BenchError` for an unknown option, a missing value or an unknown group.
    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var index = 0
        func value(of name: String, inline: String?) throws -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw BenchError("missing value for \(name)") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            let takesValue = [
                "--json-output", "--only", "--floors", "--vectors", "--cli", "--python", "--adapter", "--profile",
                "--iterations", "--write-peer-inputs", "--peer",
            ].contains(name)
            if inline != nil && !takesValue { throw BenchError("option \(name) takes no value") }
            switch name {
            case "--json": options.json = true
            case "--check": options.check = true
            case "--quick": options.quick = true
            case "-h", "--help": options.help = true
            case "--only":
                let groups = try value(of: name, inline: inline).split(separator: ",").map(String.init)
                options.groups = allGroups.filter(groups.contains)
                if let unknown = groups.first(where: { !allGroups.contains($0) }) {
                    throw BenchError("unknown group '\(unknown)' (known: \(allGroups.joined(separator: ", ")))")
                }
                if options.groups.isEmpty { throw BenchError("--only needs at least one group") }
            case "--json-output": options.jsonOutputPath = try value(of: name, inline: inline)
            case "--floors": options.floorsPath = try value(of: name, inline: inline)
            case "--vectors": options.vectorsPath = try value(of: name, inline: inline)
            case "--cli": options.cliPath = try value(of: name, inline: inline)
            case "--python": options.python = try value(of: name, inline: inline)
            case "--adapter": options.adapterPath = try value(of: name, inline: inline)
            case "--profile": options.profile = try value(of: name, inline: inline)
            case "--write-peer-inputs": options.peerInputsPath = try value(of: name, inline: inline)
            case "--peer": options.peerPath = try value(of: name, inline: inline)
            case "--no-peer": options.noPeer = true
            case "--no-pin": options.noPin = true
            case "--iterations":
                let text = try value(of: name, inline: inline)
                guard let count = Int(text), count > 0 else {
                    throw BenchError("--iterations needs a positive integer")
                }
                options.profileIterations = count
            default: throw BenchError("unknown option '\(argument)'")
            }
            index += 1
        }
        return options
    }
}
