import Foundation
import InboxCore
import TerminalUI
import TinboxHost

/// The command line split into global options, the command word and the command's own words.
struct Arguments {
    var global = GlobalOptions()
    var command: String?
    var rest: [String] = []

    static let globalWithValue = OptionDefinition.global.filter(\.takesValue).flatMap(\.names)
    static let globalFlags = OptionDefinition.global.filter { !$0.takesValue }.flatMap(\.names)

    init(_ words: [String]) throws {
        var index = 0
        var passThrough = false
        // The command's own words after `--` are operands too: `--` goes on to `CommandWords`
        // before the first of them, or `mark deleted -- --all` read `--all` as the flag.
        var separatorOwed = false
        while index < words.count {
            let word = words[index]
            index += 1
            if passThrough || !word.hasPrefix("-") || word == "-" {
                if command == nil {
                    command = word
                } else {
                    if separatorOwed { rest.append("--") }
                    separatorOwed = false
                    rest.append(word)
                }
                continue
            }
            if word == "--" {
                passThrough = true
                separatorOwed = true
                continue
            }
            let (name, inline) = Self.split(word)
            if Self.globalWithValue.contains(name) {
                let value: String
                if let inline {
                    value = inline
                } else if index < words.count {
                    value = words[index]
                    index += 1
                } else {
                    throw UsageError("option '\(name)' needs a value")
                }
                try set(name, value)
            } else if Self.globalFlags.contains(name) {
                if inline != nil { throw UsageError("option '\(name)' takes no value") }
                switch name {
                case "--help", "-h": global.help = true
                case "--version": global.version = true
                case "--no-refresh": global.noRefresh = true
                case "--reduce-motion": global.reduceMotion = true
                case "--screen-reader": global.screenReader = true
                default: preconditionFailure("OptionDefinition.global has \(name), which Arguments does not set")
                }
            } else if command == nil {
                // Before the command word only global options can stand.
                throw UsageError.unknown("option", name, candidates: Self.globalWithValue + Self.globalFlags)
            } else {
                rest.append(word)
            }
        }
    }

    private mutating func set(_ name: String, _ value: String) throws {
        // An empty value is none: `--data-dir ""` put the store in the working directory.
        guard !value.isEmpty else { throw UsageError("option '\(name)' needs a value") }
        switch name {
        case "--data-dir": global.dataDir = value
        case "--config": global.config = value
        case "--feed": global.feeds.append(value)
        case "--campaigns": global.campaigns = value
        case "--customer": global.customer = value
        case "--lang": global.lang = value
        case "--bidi":
            guard let mode = BidiMode(rawValue: value) else {
                throw UsageError("option '--bidi' takes auto, app or terminal, not '\(value)'")
            }
            global.bidi = mode
        case "--graphics":
            guard GraphicsMode(rawValue: value) != nil else {
                throw UsageError(
                    "option '--graphics' takes \(GraphicsMode.allCases.map(\.rawValue).joined(separator: ", ")), not '\(value)'"
                )
            }
            global.graphics = value
        default: preconditionFailure("OptionDefinition.global has \(name), which Arguments does not set")
        }
    }

    /// `--name=value` -> ("--name", "value").
    static func split(_ word: String) -> (String, String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }
}

/// Reads a command's own words against the options it accepts.
struct CommandWords {
    var positional: [String] = []
    var flags: Set<String> = []
    var values: [String: String] = [:]

    /// The words of `command`, against the options its definition lists.
    init(_ words: [String], for command: CommandDefinition) throws {
        try self.init(words, command: command.name, flags: command.flags, valued: command.valued)
    }

    /// `valued` options take a value; `flags` do not. Anything else is a usage error.
    init(_ words: [String], command: String, flags allowedFlags: [String] = [], valued: [String] = []) throws {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" {
                positional += words[index...]
                break
            }
            guard word.hasPrefix("--") else {
                positional.append(word)
                continue
            }
            let (name, inline) = Arguments.split(word)
            if allowedFlags.contains(name) {
                if inline != nil { throw UsageError("option '\(name)' takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                if let inline {
                    values[name] = inline
                } else if index < words.count {
                    values[name] = words[index]
                    index += 1
                } else {
                    throw UsageError("option '\(name)' of '\(command)' needs a value")
                }
            } else {
                let known = allowedFlags + valued + Arguments.globalWithValue + Arguments.globalFlags
                var text = "'\(command)' has no option '\(name)'"
                if let best = Suggestion.nearest(to: name, in: known) { text += ". Did you mean '\(best)'?" }
                throw UsageError(text + " (see 'tinbox help \(command)')")
            }
        }
    }
}
