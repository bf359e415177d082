import Foundation

/// A target program's command line, split into words without a shell, with its executable found on `PATH`.
public struct TargetCommand: Hashable, Sendable, CustomStringConvertible {
    /// The words: the program, then its arguments.
    public var words: [String]

    /// Creates a command from its words.
    public init(_ words: [String]) { self.words = words }

    /// Splits a command line on spaces; single or double quotes group words and a backslash escapes one character.
    ///
    /// - Throws: a `TargetCommandError` for an unterminated quote or an empty command.
    public init(parsing line: String) throws(TargetCommandError) {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaping = false
        for character in line {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" && quote != "'" {
                escaping = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil || escaping { throw TargetCommandError("unterminated quote or escape in \(line.debugDescription)") }
        if inWord { words.append(current) }
        guard !words.isEmpty else { throw TargetCommandError("the target command is empty") }
        self.words = words
    }

    /// The command as one line, quoting words that need it.
    public var description: String {
        words.map { word in
            word.isEmpty || word.contains(where: { " \t'\"\\".contains($0) }) ? "'" + word + "'" : word
        }.joined(separator: " ")
    }

    /// The program file: the first word itself when it holds a `/`, otherwise the first match on `PATH`.
    ///
    /// - Throws: a `TargetCommandError` naming the program when no executable file is found.
    public func executable(
        searching path: String? = ProcessInfo.processInfo.environment["PATH"]
    ) throws(TargetCommandError) -> URL {
        let program = words[0]
        let manager = FileManager.default
        if program.contains("/") {
            guard manager.isExecutableFile(atPath: program) else {
                throw TargetCommandError("'\(program)' is not an executable file")
            }
            return URL(fileURLWithPath: program)
        }
        for directory in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = String(directory) + "/" + program
            if manager.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        throw TargetCommandError("'\(program)' was not found on PATH; give its full path")
    }

    /// A short name for reports when the target never said who it is: the program's file name.
    public var fallbackName: String {
        words.count > 1 && ["python3", "python", "node", "ruby", "perl", "java", "env"].contains(words[0])
            ? URL(fileURLWithPath: words[1]).lastPathComponent
            : URL(fileURLWithPath: words[0]).lastPathComponent
    }
}

/// Why a target command line could not be used.
public struct TargetCommandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and what to do.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
