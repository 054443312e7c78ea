import TinboxHost

/// `tinbox completions bash|zsh|fish`: prints the completion script for that shell.
enum CompletionsCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .completions)
        guard parsed.positional.count == 1, let shell = parsed.positional.first else {
            throw UsageError("completions needs one shell: tinbox completions bash|zsh|fish")
        }
        guard let script = CompletionScript.script(for: shell) else {
            throw UsageError.unknown(
                "shell", shell, candidates: CompletionScript.shells, see: "tinbox help completions")
        }
        Output.write(script)
    }
}
