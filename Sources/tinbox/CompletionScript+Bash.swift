/// The bash script: plain bash 4+, no bash-completion helpers needed, so it also works sourced
/// in a bare shell.
extension CompletionScript {
    static func bash() -> String {
        let globalNames = globalOptions.flatMap(\.names)
        var optionCases: [String] = []
        var argumentCases: [String] = []
        for command in commands {
            let names = command.visibleOptions.flatMap(\.names) + globalNames
            optionCases.append("            \(command.name)) _tinbox_reply \"$cur\" \(names.joined(separator: " ")) ;;")
            if let reply = bashReply(command.firstWord, word: "$cur") {
                argumentCases.append("        \(command.name)) \(reply) ;;")
            }
        }
        var valueCases: [String] = []
        for option in globalOptions + commands.flatMap(\.visibleOptions) where option.takesValue {
            guard let reply = bashReply(option.completion, word: "$value") else { continue }
            let line = "            \(option.names.joined(separator: "|"))) \(reply) ;;"
            if !valueCases.contains(line) { valueCases.append(line) }
        }
        let install = "Install it as\n# share/bash-completion/completions/tinbox, or: source <(tinbox completions bash)"
        return header("bash", install: install)
            + """

            # _tinbox_reply WORD CANDIDATE...: the candidates that begin with WORD.
            _tinbox_reply() {
                local word=$1 candidate
                shift
                COMPREPLY=()
                for candidate in "$@"; do
                    [[ $candidate == "$word"* ]] && COMPREPLY+=("$candidate")
                done
                return 0
            }

            # _tinbox_files WORD [-d]: the file names (or only the directories) that begin with WORD.
            _tinbox_files() {
                compopt -o filenames 2>/dev/null
                mapfile -t COMPREPLY < <(compgen "${2:--f}" -- "$1")
                return 0
            }

            # _tinbox_feed WORD: [KIND=]SRC, a producer kind and '=' (no space after it), else a file.
            # Kinds are not mixed with file names: bash would write their '=' as a file name's '\\='.
            _tinbox_feed() {
                if [[ $1 == *=* ]]; then
                    _tinbox_files "${1#*=}"
                    return 0
                fi
                _tinbox_reply "$1" \(feedKinds.map { "\($0)=" }.joined(separator: " "))
                if ((${#COMPREPLY[@]})); then
                    compopt -o nospace 2>/dev/null
                else
                    _tinbox_files "$1"
                fi
                return 0
            }

            _tinbox() {
                COMPREPLY=()
                # COMP_WORDBREAKS splits '--state=un' and 'engagement=file' at '='; join them again.
                local words=() i word
                for ((i = 0; i <= COMP_CWORD; i++)); do
                    word=${COMP_WORDS[i]-}
                    if ((i > 1)) && [[ $word == "=" || ${COMP_WORDS[i - 1]} == "=" ]]; then
                        words[${#words[@]} - 1]+=$word
                    else
                        words+=("$word")
                    fi
                done
                local count=$((${#words[@]} - 1))
                local cur=${words[count]}
                # The command word and how many words follow it, past options and their values.
                local command= arguments=0 skip=
                for ((i = 1; i < count; i++)); do
                    word=${words[i]}
                    if [[ -n $skip ]]; then
                        skip=
                        continue
                    fi
                    case $word in
                        \(valuedNames.joined(separator: "|"))) skip=1 ;;
                        -*) ;;
                        *) if [[ -z $command ]]; then command=$word; else arguments=$((arguments + 1)); fi ;;
                    esac
                done
                # An option's value: the word after it, or after '=' in the same word.
                local option= value=$cur
                if [[ -n $skip ]]; then
                    option=${words[count - 1]}
                elif [[ $cur == --*=* ]]; then
                    option=${cur%%=*}
                    value=${cur#*=}
                fi
                if [[ -n $option ]]; then
                    case $option in
            \(valueCases.joined(separator: "\n"))
                    esac
                    # bash replaces only what follows the last '=' when COMP_WORDBREAKS holds '='
                    # (its default); otherwise the part before it goes in front of each reply.
                    if [[ $cur == *=* && $COMP_WORDBREAKS != *=* ]]; then
                        COMPREPLY=("${COMPREPLY[@]/#/${cur%=*}=}")
                    fi
                    return 0
                fi
                if [[ $cur == -* ]]; then
                    case $command in
            \(optionCases.joined(separator: "\n"))
                        *) _tinbox_reply "$cur" \(globalNames.joined(separator: " ")) ;;
                    esac
                    return 0
                fi
                if [[ -z $command ]]; then
                    _tinbox_reply "$cur" \(commands.map(\.name).joined(separator: " "))
                    return 0
                fi
                ((arguments == 0)) || return 0
                case $command in
            \(argumentCases.joined(separator: "\n"))
                esac
                return 0
            }

            complete -F _tinbox tinbox

            """
    }

    /// The bash call that completes a word of this kind; nil for free text.
    static func bashReply(_ completion: WordCompletion, word: String) -> String? {
        switch completion {
        case .nothing: return nil
        case .file: return "_tinbox_files \"\(word)\""
        case .directory: return "_tinbox_files \"\(word)\" -d"
        case .feed: return "_tinbox_feed \"\(word)\""
        case .choices, .command: return "_tinbox_reply \"\(word)\" " + (words(completion) ?? []).joined(separator: " ")
        }
    }
}
