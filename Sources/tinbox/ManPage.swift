import Foundation
import TerminalUI
import TinboxHost

/// tinbox(1) in roff, written by `tinbox help --man` from the same definitions as `--help`
/// (`CommandDefinition`, `OptionDefinition.global`) and the reader's own key list
/// (`KeyBindings.helpLines`, its `?` card), so the page cannot say what the program does not do.
enum ManPage {
    static func render(keys: KeyBindings = .defaults) -> String {
        var page = [
            ".\\\" tinbox(1), written by `tinbox help --man` from the definitions `tinbox --help` is written from.",
            ".TH TINBOX 1 \(Help.date) \"tinbox \(Help.version)\" \"User Commands\"",
            // No hyphenation (HY: the man macros turn it on again at each paragraph): paths,
            // option values and ids are typed as they are printed.
            ".nr HY 0", ".nh",
            ".SH NAME", "tinbox \\- " + text(Help.tagline),
            ".SH SYNOPSIS", ".SY tinbox", "[\\fIOPTIONS\\fR]", ".YS",
        ]
        for command in CommandDefinition.all {
            let rest = command.usage.dropFirst(command.name.count).trimmingCharacters(in: .whitespaces)
            page += [".SY \"tinbox \(command.name)\""] + (rest.isEmpty ? [] : [usage(rest)]) + [".YS"]
        }
        page += [".SH DESCRIPTION", text(Help.about)]
        page += description.flatMap { [".PP", text($0)] }
        page += [".SH COMMANDS"] + CommandDefinition.all.flatMap(commandEntry)
        page += [".SH OPTIONS", text("Every command takes these, before or after the command word.")]
        page += OptionDefinition.global.flatMap(optionEntry)
        page += [".SH KEYS", text("The reader's keys, as its ? card lists them:")]
        page += keys.helpLines.flatMap { [".TP", "\\fB" + text($0.0) + "\\fR", text($0.1)] }
        page += keyNotes.flatMap { [".PP", text($0)] }
        page += [".SH FILES"] + files.flatMap { [".TP", "\\fI" + text($0.0) + "\\fR", text($0.1)] }
        page += [".SH ENVIRONMENT"] + environment.flatMap { [".TP", "\\fB" + text($0.0) + "\\fR", text($0.1)] }
        page += [".SH EXIT STATUS"] + exitStatus.flatMap { [".TP", "\\fB\($0.0)\\fR", text($0.1)] }
        page +=
            [".SH EXAMPLES"]
            + examples.flatMap { [".PP", text($0.0), ".PP", ".RS 4", ".EX", text($0.1), ".EE", ".RE"] }
        return page.joined(separator: "\n") + "\n"
    }

    /// `.TP` with the command and its usage, its overview and details, then its own options.
    static func commandEntry(_ command: CommandDefinition) -> [String] {
        var lines = [".TP", "\\fB\(command.name)\\fR" + usage(String(command.usage.dropFirst(command.name.count)))]
        lines.append(text(command.overview))
        for paragraph in command.details { lines += [".IP", text(paragraph)] }
        if !command.visibleOptions.isEmpty {
            lines += [".RS"] + command.visibleOptions.flatMap(optionEntry) + [".RE"]
        }
        return lines
    }

    static func optionEntry(_ option: OptionDefinition) -> [String] {
        guard !option.hidden else { return [] }
        let names = option.names.map { "\\fB" + text($0) + "\\fR" }.joined(separator: ", ")
        return [".TP", names + (option.value.map { " \\fI" + text($0) + "\\fR" } ?? ""), text(option.summary)]
    }

    static let description = [
        "The reader lists the inbox of one or two producers (engagement, app-messaging) with tabs for All, "
            + "Unread, Read and Deleted, refreshes from them once a minute at most, and shows in-app campaigns "
            + "over the list when a customer event or a session start triggers them. list, count and mark work "
            + "on the local store alone; statuses and events go out on the next refresh.",
        "Every text from a feed, a campaign or a server is sanitized before it reaches the terminal: control "
            + "characters become visible pictures and invisible format characters are removed.",
    ]

    static let keyNotes = [
        "In the list q quits and Esc does nothing but clear a search, so an extra Esc after closing an "
            + "overlay never ends the session; elsewhere Esc goes back.",
        "In an overlay: Tab or the arrows choose a button, Enter presses it, Esc or x closes it. Mouse clicks "
            + "select rows, tabs and buttons; a click outside a modal card closes it when the campaign allows it; "
            + "the wheel scrolls.",
    ]

    static let files: [(String, String)] = [
        (
            "$XDG_DATA_HOME/tinbox/tinbox.db",
            "The state: one SQLite database, in --data-dir DIR when given, else ~/.local/share/tinbox when "
                + "XDG_DATA_HOME is not set. The folder is made with mode 0700."
        ),
        (
            "$XDG_CONFIG_HOME/tinbox/config.json",
            "The config, or --config FILE; else ~/.config/tinbox/config.json. JSON; every key is optional ("
                + Config.topKeys.joined(separator: ", ") + ") and unknown keys are warnings. --feed, --campaigns, "
                + "--customer and --lang override it."
        ),
        (
            "PREFIX/share/tinbox/demo",
            "The demo producers and campaigns, read when neither --feed nor the config names a producer."
        ),
        ("PREFIX/libexec/tinbox/tinbox-net", "The network helper, started only when an http(s) source is used."),
    ]

    static let environment: [(String, String)] = [
        ("XDG_DATA_HOME, XDG_CONFIG_HOME, HOME", "Where the state and the config live (FILES)."),
        ("TINBOX_RESOURCES", "A folder holding demo/, instead of the share/tinbox beside the binary."),
        ("TINBOX_NET", "The tinbox-net helper to run, instead of the installed one."),
        ("TINBOX_REDUCE_MOTION", "1 skips the entrance animations, like --reduce-motion."),
        (
            "TERM, COLORTERM",
            "The terminal's capabilities; COLORTERM=truecolor or 24bit draws campaign colours in 24 bits."
        ),
        ("NO_COLOR", "When set, no colour: bold, reverse and dim only."),
        ("BROWSER", "The program that opens external links, else xdg-open."),
        ("LANG, LC_ALL, LC_CTYPE", "A locale that is not UTF-8 is switched to C.UTF-8."),
        ("COLUMNS, LINES", "The screen size event, purchase and explain assume without a terminal (else 80x24)."),
    ]

    static let exitStatus: [(String, String)] = [
        ("0", "Success."),
        (
            "1",
            "Failure, with one line on standard error that says why: a refused mark, a producer that did not "
                + "refresh, an unknown campaign id, a file that cannot be read."
        ),
        (
            "64",
            "Bad usage, with one line on standard error: an unknown command or option (with a suggestion for "
                + "a near miss), a missing value."
        ),
    ]

    static let examples: [(String, String)] = [
        ("The reader, on the demo data when nothing is configured:", "tinbox"),
        ("Unread messages of a feed file, as JSON:", "tinbox --feed ~/feeds/app.json list --state unread --json"),
        ("Mark one message read (producer/id when two producers share the id):", "tinbox mark read engagement/m-1001"),
        ("Why the welcome campaign would or would not show now:", "tinbox explain c-welcome"),
        ("A customer event with a number property:", "tinbox --customer c1 event Level_Up amount=150"),
        ("Preview a campaigns file while editing it:", "tinbox preview campaigns.json --id c-welcome"),
        ("Completion in the current bash:", "source <(tinbox completions bash)"),
    ]

    /// A usage line: an optional part in brackets is never broken across lines.
    static func usage(_ plain: String) -> String {
        var depth = 0
        return text(plain).reduce(into: "") { out, character in
            if character == "[" { depth += 1 }
            if character == "]" { depth -= 1 }
            out += character == " " && depth > 0 ? "\\ " : String(character)
        }
    }

    /// Text for roff: backslashes and option dashes escaped, non-ASCII as `\[uXXXX]` (groff reads
    /// its input as Latin-1 unless told otherwise), and a leading `.` or `'` kept from being a request.
    static func text(_ plain: String) -> String {
        var out = ""
        var inOption = false
        var previous: Unicode.Scalar = " "
        for scalar in plain.unicodeScalars {
            if scalar == " " { inOption = false }
            switch scalar {
            case "\\": out += "\\e"
            case "-":
                // An option's dashes are minus signs, so they copy as ASCII; a word's hyphen stays.
                if inOption || " [(|,".unicodeScalars.contains(previous) { inOption = true }
                out += inOption ? "\\-" : "-"
            case _ where scalar.value > 0x7E: out += String(format: "\\[u%04X]", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
    }
}
