/// The zsh script: an `_arguments` function, autoloaded from `$fpath` as `_tinbox` or sourced.
extension CompletionScript {
    static func zsh() -> String {
        let global = globalOptions.flatMap(zshSpecs).map { "    \($0)" }
        let commandList = commands.map { "        \(zshQuote("\($0.name):\($0.summary)"))" }
        var cases: [String] = []
        for command in commands {
            var specs = ["$global"] + command.visibleOptions.flatMap(zshSpecs)
            if let name = command.firstWordName, let action = zshAction(command.firstWord) {
                specs.append(zshQuote("1:\(zshMessage(name)):\(action)"))
            }
            cases.append("        \(command.name)) _arguments \(specs.joined(separator: " ")) && ret=0 ;;")
        }
        let install =
            "Install it as _tinbox in a\n# folder of $fpath, or after compinit: source <(tinbox completions zsh)"
        return "#compdef tinbox\n" + header("zsh", install: install)
            + """

            # [KIND=]SRC: a producer kind and '=', then a file; or a file.
            _tinbox_feed() {
              if compset -P '*='; then
                _files
              else
                compadd -S '=' -- \(feedKinds.joined(separator: " "))
                _files
              fi
            }

            _tinbox() {
              local -a global
              global=(
            \(global.joined(separator: "\n"))
              )
              local curcontext=$curcontext state state_descr line ret=1
              typeset -A opt_args
              _arguments -C $global '1: :->command' '*:: :->argument' && ret=0
              case $state in
                command)
                  local -a commands
                  commands=(
            \(commandList.joined(separator: "\n"))
                  )
                  _describe -t commands 'tinbox command' commands && ret=0
                  ;;
                argument)
                  curcontext=${curcontext%:*:*}:tinbox-$words[1]:
                  case $words[1] in
            \(cases.joined(separator: "\n"))
                    *) _arguments $global && ret=0 ;;
                  esac
                  ;;
              esac
              return ret
            }

            if [[ $funcstack[1] == _tinbox ]]; then
              _tinbox "$@"
            else
              compdef _tinbox tinbox
            fi

            """
    }

    /// `_arguments` specs for one option, one per name: `'--state=[Which messages]:S:(all …)'`.
    static func zshSpecs(_ option: OptionDefinition) -> [String] {
        let description =
            "["
            + option.summary.replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]") + "]"
        return option.names.map { name in
            var spec = name
            if option.name == "--help" || option.name == "--version" {
                spec = "(- *)" + spec  // nothing else after these
            } else if option.repeatable {
                spec = "*" + spec
            }
            if let value = option.value {
                spec += "=" + description + ":\(zshMessage(value)):" + (zshAction(option.completion) ?? " ")
            } else {
                spec += description
            }
            return zshQuote(spec)
        }
    }

    /// The action that completes a word of this kind; nil for free text.
    static func zshAction(_ completion: WordCompletion) -> String? {
        switch completion {
        case .nothing: return nil
        case .file: return "_files"
        case .directory: return "_files -/"
        case .feed: return "_tinbox_feed"
        case .choices, .command: return "(" + (words(completion) ?? []).joined(separator: " ") + ")"
        }
    }

    /// A placeholder as `_arguments` shows it, without the characters its specs use.
    static func zshMessage(_ placeholder: String) -> String {
        placeholder.filter { !"[]:()".contains($0) }
    }

    /// Single-quoted for zsh.
    static func zshQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
