import InboxCore
import InboxStore
import TinboxHost

/// `tinbox mark read|deleted ID... | --all`. A refused change exits 1 and changes nothing:
/// every ID is checked before any is marked, and all marks happen in one run.
enum MarkCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .mark)
        guard let stateWord = parsed.positional.first else {
            throw UsageError("mark needs a state: tinbox mark read|deleted ID... | --all")
        }
        guard let target = [MessageState.read, .deleted].first(where: { $0.rawValue == stateWord }) else {
            throw UsageError.unknown("state", stateWord, candidates: ["read", "deleted"])
        }
        let ids = Array(parsed.positional.dropFirst())
        let all = parsed.flags.contains("--all")
        if all == !ids.isEmpty {
            throw UsageError("mark takes either message ids or --all, not \(all ? "both" : "neither")")
        }
        let inbox = try context().inboxImportingOnce()
        if all {
            if case .refused(let reason) = try inbox.markAll(target) { throw CommandFailure("mark refused: \(reason)") }
            return
        }
        try markEach(ids, target, inbox)
    }

    private static func markEach(_ ids: [String], _ target: MessageState, _ inbox: Inbox) throws {
        var keys: [MessageKey] = []
        for id in ids {
            switch try inbox.resolve(id) {
            case .success(let key): keys.append(key)
            case .failure(let refusal): throw CommandFailure("mark refused: \(refusal)")
            }
        }
        // Check every id first so a refusal changes nothing (CLI.md).
        try inbox.store.database.transaction {
            for key in keys {
                if case .refused(let reason) = try inbox.mark(target, key) {
                    throw CommandFailure("mark refused for \(key): \(reason)")
                }
            }
        }
    }
}
