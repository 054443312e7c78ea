import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxStore
import TinboxHost

/// `tinbox event`, `tinbox purchase` and `tinbox explain` (CLI.md): the in-app engine asked
/// about one trigger or one campaign right now, headless (see `HeadlessEvaluation` for what that
/// means: no session start, the host says `show`, nothing is displayed or consumed).
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
        return (name, try typed { try EventArguments.properties(Array(parsed.positional.dropFirst())) })
    }

    /// `tinbox purchase --product ID --price N --currency C [--quantity N] [KEY=VALUE ...]`.
    static func purchase(_ words: [String], context: () throws -> AppContext) throws {
        let properties = try purchaseProperties(words)
        try trigger(name: HeadlessEvaluation.purchaseEvent, properties: properties, context: try context())
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
            try EventArguments.purchase(
                product: product, price: price, currency: currency, quantity: parsed.values["--quantity"],
                extras: try EventArguments.properties(parsed.positional))
        }
    }

    /// `tinbox explain CAMPAIGN_ID`: walks the checklist and names the first gate that blocks.
    static func explain(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .explain)
        guard parsed.positional.count == 1, let id = parsed.positional.first else {
            throw UsageError("explain needs one campaign id: tinbox explain CAMPAIGN_ID")
        }
        let app = try context()
        let explanation = try evaluation(app).explain(campaignId: id)
        for line in explanation.renderExplanation() { Output.line(TerminalText.sanitize(line)) }
        // An unknown id is a failure for scripts: the checklist stays on stdout, its failing
        // line goes to stderr too (CLI.md: exit 1 with one clear line on stderr).
        if explanation.messageId == nil {
            let reason = explanation.blocker?.sentence ?? "unknown campaign id \(id)"
            throw CommandFailure("explain: \(TerminalText.sanitize(reason))")
        }
    }

    private static func trigger(name: String, properties: [String: JSONValue], context app: AppContext) throws {
        _ = try app.requiredCampaigns()
        let customer = try customer(app)
        let delivery = try CustomerEventQueue(app: app, customer: customer).record(name: name, properties: properties)
        let result = try evaluation(app).evaluate(event: name, properties: properties)
        for line in result.lines { Output.line(TerminalText.escapingInvisibles(inJSON: line)) }
        for line in result.log { Output.log(TerminalText.sanitize(line)) }
        if case .failed(let reason) = delivery {
            throw CommandFailure("the event is queued but was not sent: \(reason) (it goes out with the next one)")
        }
    }

    /// The headless engine over the campaigns of this customer, as the reader would hold them now.
    private static func evaluation(_ app: AppContext) throws -> HeadlessEvaluation {
        let client = InAppClient(source: try app.requiredCampaigns())
        let customer = try customer(app)
        let store = try app.inAppStore()
        let loaded = CampaignLoader(client: client, store: store, clock: app.clock).load(
            customer: customer, language: app.language)
        for problem in loaded.problems { Output.warn(TerminalText.sanitize(problem)) }
        guard let document = loaded.document else {
            throw CommandFailure("cannot get the campaigns: \(loaded.failure?.description ?? "no document")")
        }
        for problem in document.problems { Output.warn(TerminalText.sanitize(problem)) }
        let ready = ArtworkPrefetcher(client: client, store: store, clock: app.clock).prefetch(document)
        // A stored record that no longer decodes is left out with a warning, not silently.
        let history = try store.history(customer: customer).flatMap { data in
            readBack("the frequency history of customer \(customer)") {
                try JSONDecoder().decode(FrequencyHistory.self, from: data)
            }
        }
        let placeholders =
            try store.placeholders(customer: customer).flatMap { data in
                readBack("the placeholder values of customer \(customer)") {
                    try JSONDecoder().decode([String: String].self, from: data)
                }
            } ?? [:]
        let size = TerminalSize.current()
        return HeadlessEvaluation(
            document: document, customer: customer, time: EngineTime(clock: app.clock), columns: size.columns,
            rows: size.rows, language: app.language, history: history, placeholders: placeholders,
            artwork: .ready(ready))
    }

    /// A stored record read back, or nil with a warning on stderr when it no longer decodes.
    private static func readBack<Value>(_ what: String, _ read: () throws -> Value) -> Value? {
        do {
            return try read()
        } catch {
            Output.warn(TerminalText.sanitize("\(what) cannot be read back and is left out"))
            return nil
        }
    }

    private static func customer(_ app: AppContext) throws -> String {
        guard let customer = app.customer, !customer.isEmpty else {
            throw UsageError("no customer: name one with --customer ID (or campaigns.customer in the config)")
        }
        return customer
    }

    /// Bad `KEY=VALUE` words or a non-numeric price are bad usage (exit 64).
    private static func typed<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let problem as EventArguments.Problem {
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
