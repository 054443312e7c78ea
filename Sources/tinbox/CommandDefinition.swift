import Foundation
import InboxCore
import TerminalUI
import TinboxHost

/// What a shell offers for a word (`tinbox completions`).
enum WordCompletion: Sendable, Equatable {
    /// Free text: an id, a name, a number.
    case nothing
    case file
    case directory
    case choices([String])
    /// `[KIND=]SRC`: a producer kind and `=`, or a file.
    case feed
    /// A command's name (`tinbox help COMMAND`).
    case command
}

/// One option as the parser accepts it and as `--help`, the man page and the completion
/// scripts show it: all four read this, so they cannot drift apart.
struct OptionDefinition: Sendable {
    /// The long name last: `["-h", "--help"]`.
    let names: [String]
    /// The value's placeholder (`DIR`); nil for a flag.
    let value: String?
    let summary: String
    var completion: WordCompletion = .nothing
    /// May be given more than once (`--feed`).
    var repeatable = false
    /// Left out of help, the man page and completions (`help --man`, a maker's tool).
    var hidden = false

    var name: String { names[names.count - 1] }
    var takesValue: Bool { value != nil }
}

/// One command: its name, texts, options and what its first word completes to.
struct CommandDefinition: Sendable {
    typealias Run = @Sendable ([String], () throws -> AppContext) throws -> Void

    let name: String
    /// One line, for the command list.
    let summary: String
    /// A paragraph, for the command's own help and the man page.
    let overview: String
    /// After `tinbox `.
    let usage: String
    var options: [OptionDefinition] = []
    /// What the first word after the command completes to.
    var firstWord: WordCompletion = .nothing
    /// Further paragraphs.
    var details: [String] = []
    let run: Run

    var visibleOptions: [OptionDefinition] { options.filter { !$0.hidden } }
    var flags: [String] { options.filter { !$0.takesValue }.map(\.name) }
    var valued: [String] { options.filter(\.takesValue).map(\.name) }

    static func named(_ name: String) -> CommandDefinition? { all.first { $0.name == name } }

    /// The placeholder of the first word after the command in `usage` (`FILE`, `read|deleted`),
    /// when the command takes one.
    var firstWordName: String? {
        let words = usage.split(separator: " ").dropFirst()
        guard let first = words.first, !first.hasPrefix("-"), !first.hasPrefix("[-") else { return nil }
        return first.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    }
}

extension OptionDefinition {
    /// The options every command takes (CLI.md), before or after the command word.
    static let global: [OptionDefinition] = [
        OptionDefinition(
            names: ["--data-dir"], value: "DIR",
            summary: "State (SQLite). Default $XDG_DATA_HOME/tinbox, else ~/.local/share/tinbox",
            completion: .directory),
        OptionDefinition(
            names: ["--config"], value: "FILE",
            summary: "Config file. Default $XDG_CONFIG_HOME/tinbox/config.json, else ~/.config/tinbox/config.json",
            completion: .file),
        OptionDefinition(
            names: ["--feed"], value: "[KIND=]SRC",
            summary: "Inbox producer, repeatable. KIND: engagement (default) | app-messaging. "
                + "SRC: a file path or an http(s) base URL, after an optional format: "
                + "dengage:, sfmc: (files) or tinbox: (the file's shape decides without one)",
            completion: .feed, repeatable: true),
        OptionDefinition(
            names: ["--campaigns"], value: "SRC",
            summary: "In-app campaigns: a sync document file or an http(s) base URL, "
                + "after an optional format: gameball: or tinbox:",
            completion: .file),
        OptionDefinition(names: ["--customer"], value: "ID", summary: "Customer for in-app messaging"),
        OptionDefinition(names: ["--lang"], value: "CODE", summary: "Preferred language"),
        OptionDefinition(
            names: ["--reduce-motion"], value: nil, summary: "No entrance animations (also TINBOX_REDUCE_MOTION=1)"),
        OptionDefinition(
            names: ["--screen-reader"], value: nil,
            summary: "For screen readers and braille: a visible cursor on the focused thing, no animation, "
                + "ASCII frames, words for marks, spoken-style status lines"),
        OptionDefinition(
            names: ["--bidi"], value: "MODE",
            summary: "Right-to-left text: app lays it out, terminal leaves it to the terminal; "
                + "auto (default) picks terminal in VTE and Konsole outside tmux and screen",
            completion: .choices(BidiMode.allCases.map(\.rawValue))),
        OptionDefinition(
            names: ["--graphics"], value: "MODE",
            summary: "Pictures: auto (default: asks the terminal) | kitty | sixel | iterm | symbols | none",
            completion: .choices(GraphicsMode.allCases.map(\.rawValue))),
        OptionDefinition(
            names: ["--no-refresh"], value: nil,
            summary: "The reader shows what the store holds; no refresh at start-up"),
        OptionDefinition(names: ["-h", "--help"], value: nil, summary: "Show help"),
        OptionDefinition(names: ["--version"], value: nil, summary: "Show the version"),
    ]

    static let state = OptionDefinition(
        names: ["--state"], value: "S", summary: "Which messages (default all: active and not deleted)",
        completion: .choices(StateFilter.allCases.map(\.rawValue)))
}
