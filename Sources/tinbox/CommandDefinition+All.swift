import InboxCore

/// The commands of CLI.md that tinbox has, in the order help lists them. The dispatcher runs
/// them, `CommandWords` parses their words, and help, the man page and the completion scripts
/// are written from them.
extension CommandDefinition {
    static let all: [CommandDefinition] = [
        list, count, mark, refresh, inbox, event, purchase, explain, preview, simulate, replay, convert, completions,
        help,
    ]

    static let list = CommandDefinition(
        name: "list", summary: "List messages (--state S, --json)",
        overview: "List the inbox, pinned first, then newest first.",
        usage: "list [--state all|unread|read|deleted] [--json]",
        options: [
            .state,
            OptionDefinition(
                names: ["--json"], value: nil,
                summary: "One JSON array of objects with producer, id, title, state, pinned, receiveDateUTC "
                    + "and the other message fields"),
        ],
        run: ListCommand.run)

    static let count = CommandDefinition(
        name: "count", summary: "Print the number of messages in a state",
        overview: "Print one integer: how many messages are in a state.",
        usage: "count [--state all|unread|read|deleted]", options: [.state], run: CountCommand.run)

    static let mark = CommandDefinition(
        name: "mark", summary: "Mark messages read or deleted",
        overview: "Mark messages read or deleted (local state; sent on the next refresh).",
        usage: "mark read|deleted ID... | --all",
        options: [OptionDefinition(names: ["--all"], value: nil, summary: "Every message in its window")],
        firstWord: .choices([MessageState.read, .deleted].map(\.rawValue)),
        details: [
            "ID is a message id, or producer/id when two producers share it. A refused change (unknown id, "
                + "deleted message, inbox disabled, nothing to mark) exits 1 and changes nothing."
        ],
        run: MarkCommand.run)

    static let refresh = CommandDefinition(
        name: "refresh", summary: "Refresh from the producers (one a minute)",
        overview: "One manual refresh: push pending statuses and events, then fetch.", usage: "refresh",
        details: [
            "Prints one line per producer; exits 1 if any producer did not end ok. At most one refresh a "
                + "minute per data directory."
        ],
        run: RefreshCommand.run)

    static let inbox = CommandDefinition(
        name: "inbox", summary: "enable | disable | status",
        overview: "Turn the inbox on or off, or show its state.", usage: "inbox enable|disable|status",
        firstWord: .choices(InboxCommand.actions), run: InboxCommand.run)

    static let event = CommandDefinition(
        name: "event", summary: "Send a customer event; print the in-app decisions",
        overview: "Send a customer event (queued durably first), then print the in-app decisions.",
        usage: "event NAME [KEY=VALUE ...]",
        details: ["Values that parse as numbers are numbers; true/false are booleans."],
        run: InAppCommands.event)

    static let purchase = CommandDefinition(
        name: "purchase", summary: "Send a purchase event; print the in-app decisions",
        overview: "Send a purchase event, then print the in-app decisions.",
        usage: "purchase --product ID --price N --currency C [--quantity N] [KEY=VALUE ...]",
        options: [
            OptionDefinition(names: ["--product"], value: "ID", summary: "The product bought"),
            OptionDefinition(names: ["--price"], value: "N", summary: "Its price, a number"),
            OptionDefinition(names: ["--currency"], value: "C", summary: "The price's currency code"),
            OptionDefinition(names: ["--quantity"], value: "N", summary: "How many (default 1)"),
        ],
        run: InAppCommands.purchase)

    static let explain = CommandDefinition(
        name: "explain", summary: "Say why a campaign would or would not show now",
        overview: "Walk the checklist for one campaign and name the first gate that blocks it.",
        usage: "explain CAMPAIGN_ID",
        details: ["The checklist is on stdout; an unknown id exits 1 with its line on stderr too."],
        run: InAppCommands.explain)

    static let preview = CommandDefinition(
        name: "preview", summary: "Show the campaigns of a file in the reader; reload on change",
        overview: "Open the reader with the campaigns of FILE and a picker that shows any of them now, as a "
            + "test send (nothing is reported). The file is read again when it changes; a version that does "
            + "not decode shows its line and column and the last good one stays.",
        usage: "preview FILE [--id ID]",
        options: [OptionDefinition(names: ["--id"], value: "ID", summary: "Show this campaign at once")],
        firstWord: .file,
        details: ["In the reader: Enter shows the chosen campaign, p hides or shows the picker."],
        run: PreviewCommand.run)

    static let simulate = CommandDefinition(
        name: "simulate", summary: "Replay an in-app timeline on a virtual clock",
        overview: "Replay an in-app messaging timeline on a virtual clock.", usage: "simulate TIMELINE.jsonl",
        firstWord: .file,
        details: [
            "Prints one JSON line per decision; the [tinbox-iam] decision log goes to stderr. Never touches "
                + "the data directory."
        ],
        run: SimulateCommand.run)

    static let convert = CommandDefinition(
        name: "convert", summary: "Print a vendor file as tinbox's own document",
        overview: "Print FILE as tinbox reads it, as tinbox's own document: a messages document for an inbox "
            + "file (tinbox, dengage, sfmc), a sync document for campaigns (tinbox, gameball). The same input "
            + "gives the same bytes.",
        usage: "convert [--from FORMAT] FILE",
        options: [
            OptionDefinition(
                names: ["--from"], value: "FORMAT", summary: "Read FILE as this format; default: by its shape",
                completion: .choices(InboxFormat.allNames))
        ],
        firstWord: .file,
        details: [
            "Every item that was skipped is one line on stderr with its JSON path and the reason. Exits 0 when "
                + "the file was read (skips included), 1 when it was not."
        ],
        run: ConvertCommand.run)

    static let replay = CommandDefinition(
        name: "replay", summary: "Play an in-app timeline in the reader, as simulate computes it",
        overview: "Open the reader on the inbox (read-only) and play a simulate timeline on a virtual clock: "
            + "its overlays, taps, resizes and decision log, exactly as simulate computes them.",
        usage: "replay TIMELINE.jsonl [--speed N] [--paused] [--loop] [--record FILE]",
        options: [
            OptionDefinition(
                names: ["--speed"], value: "N", summary: "Virtual seconds per real second, 0.1 to 1000 (default 1)"),
            OptionDefinition(names: ["--paused"], value: nil, summary: "Start paused (p resumes)"),
            OptionDefinition(names: ["--loop"], value: nil, summary: "Start again at the end, for a demo left running"),
            OptionDefinition(
                names: ["--record"], value: "FILE",
                summary: "Write the timeline's events to FILE, byte for byte as simulate prints them",
                completion: .file),
        ],
        firstWord: .file,
        details: [
            "Keys: p pause/resume, . next step or timer, + and - speed, L decision log, q quit; Space still "
                + "pages the list. Nothing is marked, recorded, refreshed or sent: the store is opened read-only. "
                + "A tap or close of your own acts on screen only and is not recorded."
        ],
        run: ReplayCommand.run)

    static let completions = CommandDefinition(
        name: "completions", summary: "Print a shell completion script",
        overview: "Print a completion script for bash, zsh or fish: commands, options and their values.",
        usage: "completions bash|zsh|fish", firstWord: .choices(CompletionScript.shells),
        details: [
            "bash: source <(tinbox completions bash), or install it as "
                + "share/bash-completion/completions/tinbox. zsh: install it as _tinbox in a folder of "
                + "$fpath, or source <(tinbox completions zsh) after compinit. fish: tinbox completions fish "
                + "| source, or install it as share/fish/vendor_completions.d/tinbox.fish. "
                + "make install puts all three under PREFIX."
        ],
        run: CompletionsCommand.run)

    static let help = CommandDefinition(
        name: "help", summary: "Show help for a command", overview: "Show help for a command.",
        usage: "help [COMMAND]",
        options: [
            OptionDefinition(
                names: ["--man"], value: nil, summary: "The man page, in roff (make install writes it)", hidden: true)
        ],
        firstWord: .command, run: Help.run)
}
