/// Help texts in the style of swift-argument-parser: OVERVIEW, USAGE, OPTIONS, SUBCOMMANDS.
enum Help {
    static let version = "0.1.0"

    static let globalOptions = """
        OPTIONS:
          --data-dir DIR          State (SQLite). Default $XDG_DATA_HOME/tinbox, else ~/.local/share/tinbox
          --config FILE           Default $XDG_CONFIG_HOME/tinbox/config.json, else ~/.config/tinbox/config.json
          --feed [KIND=]SRC       Inbox producer, repeatable. KIND: engagement (default) | app-messaging.
                                  SRC: a file path or an http(s) base URL
          --campaigns SRC         In-app campaigns: a sync document file or an http(s) base URL
          --customer ID           Customer for in-app messaging
          --lang CODE             Preferred language
          --reduce-motion         No entrance animations (also TINBOX_REDUCE_MOTION=1)
          --no-refresh            The reader shows what the store holds; no refresh at start-up
          -h, --help              Show help
          --version               Show the version
        """

    static let overview = """
        OVERVIEW: tinbox - a terminal inbox reader and in-app campaign previewer

        USAGE: tinbox [OPTIONS] [COMMAND]

        With no command, tinbox opens the interactive reader. With no --feed and no config,
        it reads the demo data it ships.

        \(globalOptions)

        SUBCOMMANDS:
          list      List messages (--state S, --json)
          count     Print the number of messages in a state
          mark      Mark messages read or deleted
          refresh   Refresh from the producers (one a minute)
          inbox     enable | disable | status
          event     Send a customer event; print the in-app decisions
          purchase  Send a purchase event; print the in-app decisions
          explain   Say why a campaign would or would not show now
          preview   Show the campaigns of a file in the reader; reload on change
          simulate  Replay an in-app timeline on a virtual clock
          help      Show help for a command

          See 'tinbox help COMMAND' for a command's own options.
        """

    static let commands: [String: String] = [
        "list": """
            OVERVIEW: List the inbox, pinned first, then newest first.

            USAGE: tinbox list [--state all|unread|read|deleted] [--json]

              --state S   Which messages (default all: active and not deleted)
              --json      One JSON array of objects with producer, id, title, state, pinned,
                          receiveDateUTC and the other message fields
            """,
        "count": """
            OVERVIEW: Print one integer: how many messages are in a state.

            USAGE: tinbox count [--state all|unread|read|deleted]
            """,
        "mark": """
            OVERVIEW: Mark messages read or deleted (local state; sent on the next refresh).

            USAGE: tinbox mark read|deleted ID... | --all

              ID is a message id, or producer/id when two producers share it. A refused change
              (unknown id, deleted message, inbox disabled, nothing to mark) exits 1 and changes nothing.
            """,
        "refresh": """
            OVERVIEW: One manual refresh: push pending statuses and events, then fetch.

            USAGE: tinbox refresh

              Prints one line per producer; exits 1 if any producer did not end ok.
              At most one refresh a minute per data directory.
            """,
        "inbox": """
            OVERVIEW: Turn the inbox on or off, or show its state.

            USAGE: tinbox inbox enable|disable|status
            """,
        "simulate": """
            OVERVIEW: Replay an in-app messaging timeline on a virtual clock.

            USAGE: tinbox simulate TIMELINE.jsonl

              Prints one JSON line per decision; the [tinbox-iam] decision log goes to stderr.
              Never touches the data directory.
            """,
        "event": """
            OVERVIEW: Send a customer event (queued durably first), then print the in-app decisions.

            USAGE: tinbox event NAME [KEY=VALUE ...]

              Values that parse as numbers are numbers; true/false are booleans.
            """,
        "purchase": """
            OVERVIEW: Send a purchase event, then print the in-app decisions.

            USAGE: tinbox purchase --product ID --price N --currency C [--quantity N] [KEY=VALUE ...]
            """,
        "explain": """
            OVERVIEW: Walk the checklist for one campaign and name the first gate that blocks it.

            USAGE: tinbox explain CAMPAIGN_ID
            """,
        "preview": """
            OVERVIEW: Open the reader with the campaigns of FILE and a picker that shows any of them
            now, as a test send (nothing is reported). The file is read again when it changes; a
            version that does not decode shows its line and column and the last good one stays.

            USAGE: tinbox preview FILE [--id ID]

              --id ID   Show this campaign at once
              In the reader: Enter shows the chosen campaign, p hides or shows the picker.
            """,
        "help": """
            OVERVIEW: Show help for a command.

            USAGE: tinbox help [COMMAND]
            """,
    ]

    static func text(for command: String) throws -> String {
        guard let text = commands[command] else {
            throw UsageError.unknown("command", command, candidates: Array(commands.keys).sorted())
        }
        return text + "\n\n" + globalOptions
    }
}
