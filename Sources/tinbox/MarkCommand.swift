import TinboxHost
import TinboxKitCore

/// `tinbox mark read|deleted ID... | --all`. A refused change exits 1 and changes nothing:
/// every ID is checked before any is marked, and all marks happen in one run.
enum MarkCommand {
    static func run(_ words: [String], context: () throws -> AppContext) throws {
        let parsed = try CommandWords(words, for: .mark)
        guard let stateWord = parsed.positional.first else {
            throw UsageError("mark needs a state: tinbox mark read|deleted ID... | --all")
        }
        guard let target = [InboxMarkTarget.read, .deleted].first(where: { $0.rawValue == stateWord }) else {
            throw UsageError.unknown("state", stateWord, candidates: ["read", "deleted"], see: "tinbox help mark")
        }
        let ids = Array(parsed.positional.dropFirst())
        let all = parsed.flags.contains("--all")
        if all == !ids.isEmpty {
            throw UsageError("mark takes either message ids or --all, not \(all ? "both" : "neither")")
        }
        let inbox = try context().inboxApiImportingOnce()
        // Every id is checked first, so a refusal changes nothing (CLI.md).
        let refusal = all ? try inbox.markAllMessages(as: target) : try inbox.markMessages(ids: ids, as: target)
        guard let refusal else { return }
        if let messageId = refusal.messageId {
            throw CommandFailure("mark refused for \(messageId): \(refusal.reason)")
        }
        throw CommandFailure("mark refused: \(refusal.reason)")
    }
}
