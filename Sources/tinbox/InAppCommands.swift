import Foundation
import InboxCore
import TinboxHost
import TinboxKitCore

/// `tinbox event`, `tinbox purchase` and `tinbox explain` (CLI.md): the in-app engine asked
/// about one trigger or one campaign right now, headless, through TinboxKit's `InAppCheck` (no
/// session start, the host says `show`, nothing is displayed or consumed).
enum InAppCommands {
    /// `tinbox event NAME [KEY=VALUE ...]`: queue and send the event, then print the decisions.
    static func event(_ words: [String], context: () throws -> AppContext) throws {
        let (name, properties) = try eventArguments(words)
        try trigger(name: name, properties: properties, context: try context())
    }

    /// `NAME [KEY=VALUE ...]`, for `tinbox event` and the reader's `:event`.
    static func eventArguments(_ words: [String]) throws -> (String, [String: JSONValue]) {
        let parsed = try CommandWords(words, for: .event)
        guard let name = parsed.positional.first, !name.isEmpty else {
            throw UsageError("event needs a name: event NAME [KEY=VALUE ...]")
        }
        return (name, try typed { try InAppEventWords.properties(Array(parsed.positional.dropFirst())) })
    }

    /// `tinbox purchase --product ID --price N --currency C [--quantity N] [KEY=VALUE ...]`.
    static func purchase(_ words: [String], context: () throws -> AppContext) throws {
        let properties = try purchaseProperties(words)
        try trigger(name: InAppEventWords.purchaseEvent, properties: properties, context: try context())
    }

    /// The purchase's words as event properties, for `tinbox purchase` and the reader's `:purchase`.
    static func purchaseProperties(_ words: [String]) throws -> [String: JSONValue] {
        let parsed = try CommandWords(words, for: .purchase)
        guard let product = parsed.values["--product"], let price = parsed.values["--price"],
            let currency = parsed.values["--currency"]
        else {
            throw UsageError("purchase needs --product ID --price N --currency C")
        }
        return try typed {
            try InAppEventWords.purchase(
                product: product, price: price, currency: currency, quantity: parsed.values["--quantity"],
                extras: try InAppEventWords.properties(parsed.positional))
        }
    }

    /// `tinbox explain CAMPAIGN_ID`: walks the checklist and names the first gate that blocks.
    static func explain(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .explain)
        guard parsed.positional.count == 1, let id = parsed.positional.first else {
            throw UsageError("explain needs one campaign id: tinbox explain CAMPAIGN_ID")
        }
        let explanation = try check(try context()).explain(campaignId: id)
        for line in explanation.lines { Output.line(TerminalText.sanitize(line)) }
        // An unknown id is a failure for scripts: the checklist stays on stdout, its failing
        // line goes to stderr too (CLI.md: exit 1 with one clear line on stderr).
        if !explanation.isKnown {
            let reason = explanation.blocker ?? "unknown campaign id \(id)"
            throw CommandFailure("explain: \(TerminalText.sanitize(reason))")
        }
    }

    private static func trigger(name: String, properties: [String: JSONValue], context app: AppContext) throws {
        let check = try check(app)
        let failure = try check.deliver(event: name, properties: properties)
        let result = try check.evaluate(event: name, properties: properties)
        for line in result.lines { Output.line(TerminalText.escapingInvisibles(inJSON: line)) }
        for line in result.log { Output.log(TerminalText.sanitize(line)) }
        if let failure {
            throw CommandFailure("the event is queued but was not sent: \(failure) (it goes out with the next one)")
        }
    }

    /// TinboxKit's headless check of this customer's campaigns, on the terminal's size.
    private static func check(_ app: AppContext) throws -> InAppCheck {
        _ = try app.requiredCampaigns()
        guard let customer = app.customer, !customer.isEmpty else {
            throw UsageError("no customer: name one with --customer ID (or campaigns.customer in the config)")
        }
        let size = TerminalSize.current()
        return app.inAppCheck(customer: customer, columns: size.columns, rows: size.rows)
    }

    /// Bad `KEY=VALUE` words or a non-numeric price are bad usage (exit 64).
    private static func typed<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let problem as InAppWordsError {
            throw UsageError(problem.description)
        }
    }
}

/// The size the engine's orientation and room rules see from the command line: the terminal's,
/// else `$COLUMNS`/`$LINES`, else 80x24.
enum TerminalSize {
    static func current() -> (columns: Int, rows: Int) {
        var size = winsize()
        for descriptor in [STDOUT_FILENO, STDIN_FILENO, STDERR_FILENO]
        where ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 && size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        let environment = ProcessInfo.processInfo.environment
        return (Int(environment["COLUMNS"] ?? "") ?? 80, Int(environment["LINES"] ?? "") ?? 24)
    }
}
