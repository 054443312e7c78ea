import InboxCore

/// The shell completion scripts of `tinbox completions`, written from `CommandDefinition` and
/// `OptionDefinition.global`: a shell offers exactly the commands, options and values the
/// parser takes, and files or directories where one is expected.
enum CompletionScript {
    static let shells = ["bash", "zsh", "fish"]

    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": return bash()
        case "zsh": return zsh()
        case "fish": return fish()
        default: return nil
        }
    }

    static var commands: [CommandDefinition] { CommandDefinition.all }
    static var globalOptions: [OptionDefinition] { OptionDefinition.global.filter { !$0.hidden } }

    /// Every option name that takes a value, global or a command's: the word after it is its
    /// value, not the command word or an argument.
    static var valuedNames: [String] {
        var seen: Set<String> = []
        return (OptionDefinition.global + commands.flatMap(\.options)).filter(\.takesValue).flatMap(\.names)
            .filter { seen.insert($0).inserted }
    }

    /// The words a completion offers, when it is a fixed list.
    static func words(_ completion: WordCompletion) -> [String]? {
        switch completion {
        case .choices(let words): return words
        case .command: return commands.map(\.name)
        case .nothing, .file, .directory, .feed: return nil
        }
    }

    /// The producer kinds `--feed` takes before `=`.
    static var feedKinds: [String] { ProducerKind.allCases.map(\.rawValue) }

    static func header(_ shell: String, install: String) -> String {
        """
        # \(shell) completion for tinbox \(Help.version), written by `tinbox completions \(shell)` from the
        # definitions `tinbox --help` is written from. \(install)

        """
    }
}
