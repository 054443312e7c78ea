import TerminalUI
import TinboxHost

/// Help texts in the style of swift-argument-parser (OVERVIEW, USAGE, OPTIONS, SUBCOMMANDS),
/// written from `CommandDefinition` and `OptionDefinition.global`, as the man page and the
/// completion scripts are.
enum Help {
    static let version = "0.1.0"
    /// The date of this version, for the man page.
    static let date = "2026-12-01"
    static let tagline = "a terminal inbox reader and in-app campaign previewer"
    static let about =
        "With no command, tinbox opens the interactive reader. With no --feed and no config, it reads the "
        + "demo data it ships."
    /// Help lines are wrapped to this many columns.
    static let width = 80

    /// `tinbox help [COMMAND]`, and the hidden `tinbox help --man`.
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .help)
        if parsed.flags.contains("--man") {
            try rejectExtra(parsed.positional, command: "help --man")
            // KEYS shows the config's rebindings, as the reader's `?` card does; `make generated`
            // passes `--config /dev/null`, so an installed page has the defaults.
            // A config that cannot be read is said on stderr; the page then shows the default keys.
            let keys: KeyBindings
            do {
                keys = try context().config.keys
            } catch {
                Output.warn("\(error); KEYS shows the default keys")
                keys = .defaults
            }
            return Output.write(ManPage.render(keys: keys))
        }
        guard parsed.positional.count <= 1 else { throw UsageError("help takes one command: tinbox help [COMMAND]") }
        Output.line(try parsed.positional.first.map(text(for:)) ?? overview)
    }

    static var overview: String {
        let names = CommandDefinition.all.map(\.name)
        let column = (names.map(\.count).max() ?? 0) + 2
        let commands = CommandDefinition.all.flatMap { command in
            hanging(command.summary, label: command.name, column: column)
        }
        return
            (["OVERVIEW: tinbox - \(tagline)", "", "USAGE: tinbox [OPTIONS] [COMMAND]", ""]
            + wrap(about, width: width) + ["", "OPTIONS:"] + rows(OptionDefinition.global)
            + ["", "SUBCOMMANDS:"] + commands + ["", "  See 'tinbox help COMMAND' for a command's own options."])
            .joined(separator: "\n")
    }

    static func text(for name: String) throws -> String {
        guard let command = CommandDefinition.named(name) else {
            throw UsageError.unknown("command", name, candidates: CommandDefinition.all.map(\.name))
        }
        var lines = wrap("OVERVIEW: " + command.overview, width: width) + ["", "USAGE: tinbox \(command.usage)"]
        for paragraph in command.details { lines += [""] + wrap(paragraph, width: width - 2).map { "  " + $0 } }
        if !command.visibleOptions.isEmpty { lines += ["", "OPTIONS:"] + rows(command.visibleOptions) }
        lines += ["", "GLOBAL OPTIONS:"] + rows(OptionDefinition.global)
        return lines.joined(separator: "\n")
    }

    /// `-h, --help` or `--data-dir DIR`.
    static func label(_ option: OptionDefinition) -> String {
        option.names.joined(separator: ", ") + (option.value.map { " \($0)" } ?? "")
    }

    /// One aligned row (or more, wrapped) per option.
    static func rows(_ options: [OptionDefinition]) -> [String] {
        let visible = options.filter { !$0.hidden }
        let column = (visible.map { label($0).count }.max() ?? 0) + 3
        return visible.flatMap { hanging($0.summary, label: label($0), column: column) }
    }

    /// `  label    text`, the text wrapped and its further lines under its first.
    static func hanging(_ text: String, label: String, column: Int) -> [String] {
        let indent = String(repeating: " ", count: column + 2)
        return wrap(text, width: width - indent.count).enumerated().map { index, line in
            index == 0 ? "  " + label.padding(toLength: column, withPad: " ", startingAt: 0) + line : indent + line
        }
    }

    /// Words filled into lines of at most `width` columns (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        return lines + (line.isEmpty ? [] : [line])
    }
}
