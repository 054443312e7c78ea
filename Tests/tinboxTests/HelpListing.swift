import Foundation
import TestSupport

/// What the built binary's help lists: the commands of `tinbox --help` and the options of
/// `tinbox help COMMAND`, read from its output as a user reads them.
enum HelpListing {
    /// CLI.md's commands, all of which tinbox has.
    static let cliCommands = [
        "list", "count", "mark", "refresh", "inbox", "event", "purchase", "explain", "preview", "simulate",
        "replay", "convert", "completions", "help",
    ]
    /// CLI.md's options for every command, and those of single commands.
    static let cliGlobalOptions = [
        "--data-dir", "--config", "--feed", "--campaigns", "--customer", "--lang", "--help", "--version",
        "--bidi", "--graphics", "--screen-reader",
    ]
    static let cliCommandOptions: [String: [String]] = [
        "list": ["--state", "--json"], "count": ["--state"], "mark": ["--all"],
        "purchase": ["--product", "--price", "--currency", "--quantity"], "preview": ["--id"],
        "convert": ["--from"],
    ]

    /// The command names under SUBCOMMANDS in `tinbox --help`.
    static func commands() throws -> [String] {
        try section("SUBCOMMANDS:", of: Tinbox.run(["--help"]).stdout).compactMap { line in
            line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
        }.filter { $0 != "See" }
    }

    /// The global options (OPTIONS in `tinbox --help`).
    static func globalOptions() throws -> [String] {
        options(in: section("OPTIONS:", of: try Tinbox.run(["--help"]).stdout))
    }

    /// A command's own options (OPTIONS in `tinbox help COMMAND`; GLOBAL OPTIONS apart).
    static func ownOptions(of command: String) throws -> [String] {
        options(in: section("OPTIONS:", of: try Tinbox.run(["help", command]).stdout))
    }

    /// The lines after `title` up to the next blank line.
    static func section(_ title: String, of text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: title) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// `  -h, --help   Show help` -> `-h`, `--help` (help puts 3 spaces or more before the
    /// text); wrapped lines, indented deeper, are skipped.
    static func options(in lines: [String]) -> [String] {
        lines.filter { $0.hasPrefix("  -") }.flatMap { line in
            let label = line.dropFirst(2).components(separatedBy: "   ").first ?? ""
            return label.components(separatedBy: ", ").compactMap { $0.split(separator: " ").first.map(String.init) }
        }
    }
}
