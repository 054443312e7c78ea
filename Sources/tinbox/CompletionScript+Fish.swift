/// The fish script: `complete` lines whose conditions find the command word past the global
/// options and their values (fish's own `__fish_use_subcommand` would take a value for it).
extension CompletionScript {
    static func fish() -> String {
        var lines: [String] = ["# Commands."]
        for command in commands {
            lines.append(
                "complete -c tinbox -n __tinbox_needs_command -a \(command.name) -d \(fishQuote(command.summary))")
        }
        lines.append("# Options of every command, before or after the command word.")
        lines += globalOptions.map { fishOption($0, condition: nil) }
        for command in commands {
            let options = command.visibleOptions
            let first = fishFirstWord(command)
            guard !options.isEmpty || !first.isEmpty else { continue }
            lines.append("# \(command.name)")
            lines += options.map { fishOption($0, condition: "__tinbox_using \(command.name)") } + first
        }
        let install =
            "Install it as\n# share/fish/vendor_completions.d/tinbox.fish, or: tinbox completions fish | source"
        return header("fish", install: install)
            + """

            # The command word and the words after it, past options and their values.
            function __tinbox_words
                set -l words (commandline -opc)
                set -e words[1]
                set -l skip 0
                for word in $words
                    if test $skip = 1
                        set skip 0
                    else if contains -- $word \(valuedNames.joined(separator: " "))
                        set skip 1
                    else if not string match -q -- '-*' $word
                        echo $word
                    end
                end
            end

            function __tinbox_needs_command
                test (count (__tinbox_words)) -eq 0
            end

            # __tinbox_using COMMAND: the command word is COMMAND.
            function __tinbox_using
                set -l words (__tinbox_words)
                set -q words[1]; and test $words[1] = $argv[1]
            end

            # __tinbox_first_word COMMAND: the command word is COMMAND, and the word after it is typed.
            function __tinbox_first_word
                set -l words (__tinbox_words)
                test (count $words) -eq 1; and test $words[1] = $argv[1]
            end

            # [KIND=]SRC: a producer kind and '=', then a file; or a file.
            function __tinbox_feed
                set -l token (string replace -r -- '^--feed=' '' (commandline -ct))
                if string match -qr -- '^[^=/]+=' $token
                    set -l kind (string match -r -- '^[^=/]+=' $token)
                    for path in (__fish_complete_path (string replace -r -- '^[^=/]+=' '' $token))
                        echo $kind$path
                    end
                else
                    printf '%s\\tproducer kind\\n' \(feedKinds.map { "\($0)=" }.joined(separator: " "))
                    __fish_complete_path $token
                end
            end

            complete -c tinbox -f
            \(lines.joined(separator: "\n"))

            """
    }

    /// `complete` for one option, under `condition` when it is a command's own.
    static func fishOption(_ option: OptionDefinition, condition: String?) -> String {
        var line = "complete -c tinbox"
        if let condition { line += " -n \(fishQuote(condition))" }
        for name in option.names {
            line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
        }
        if option.takesValue {
            switch option.completion {
            case .file: line += " -r -F"
            case .directory: line += " -x -a " + fishQuote("(__fish_complete_directories (commandline -ct))")
            case .feed: line += " -x -a " + fishQuote("(__tinbox_feed)")
            case .choices, .command:
                line += " -x -a " + fishQuote((words(option.completion) ?? []).joined(separator: " "))
            case .nothing: line += " -x"
            }
        }
        return line + " -d " + fishQuote(option.summary)
    }

    /// `complete` for the first word after the command.
    static func fishFirstWord(_ command: CommandDefinition) -> [String] {
        let condition = "-n " + fishQuote("__tinbox_first_word \(command.name)")
        switch command.firstWord {
        case .nothing: return []
        case .file: return ["complete -c tinbox \(condition) -F"]
        case .directory: return ["complete -c tinbox \(condition) -a " + fishQuote("(__fish_complete_directories)")]
        case .feed: return ["complete -c tinbox \(condition) -a " + fishQuote("(__tinbox_feed)")]
        case .command:
            return commands.map { "complete -c tinbox \(condition) -a \($0.name) -d \(fishQuote($0.summary))" }
        case .choices(let words):
            return ["complete -c tinbox \(condition) -a " + fishQuote(words.joined(separator: " "))]
        }
    }

    /// Single-quoted for fish.
    static func fishQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
