import Foundation
import InAppEngine
import InboxCore
import InboxSync

/// Gameball's V4 in-app endpoints (VENDORS.md §4): sync, variables and events, all `POST` with
/// the customer in the body and `platform` beside it.
extension InAppClient {
    static let gameballPath = "api/v4.0/integrations/inapp-messages"
    /// `x-gb-agent: GB/tinbox/<version>`.
    static let gameballAgent = "GB/tinbox/" + HTTPProducer.userAgent.replacingOccurrences(of: "tinbox/", with: "")
    /// At most this many events in one events request.
    static let gameballEventsPerRequest = 50

    private var platform: Int { source.options.platform }

    private func gameballHeaders(_ token: String?, language: String? = nil) -> [String: String] {
        var headers = ["User-Agent": HTTPProducer.userAgent, "Accept": "application/json"]
        headers["Content-Type"] = "application/json"
        headers["x-gb-agent"] = Self.gameballAgent
        if let token, !token.isEmpty { headers["APIKey"] = token }
        if let language { headers["lang"] = language }
        return headers
    }

    private func gameballPost(
        _ leaf: String, base: URL, token: String?, body: [String: Any], language: String? = nil, name: String,
        json: Bool = true, cancellation: Cancellation? = nil
    ) -> Result<Data, InAppSyncError> {
        let bytes: Data
        do {
            bytes = try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
        } catch {
            return .failure(.unreadable("the \(name) request body cannot be written as JSON: \(error)"))
        }
        let request = HTTPRequest(
            method: "POST", url: endpoint(base, "\(Self.gameballPath)/\(leaf)"),
            headers: gameballHeaders(token, language: language), body: bytes)
        return exchange(request, name, json: json, cancellation: cancellation)
    }

    /// `POST …/sync`; a 2xx body is the sync (an envelope's `success: false` fails when read).
    func gameballSync(base: URL, token: String?, customer: String, language: String) -> Result<Data, InAppSyncError> {
        let version = HTTPProducer.userAgent.replacingOccurrences(of: "tinbox/", with: "")
        let body: [String: Any] = [
            "customerId": customer, "platform": platform, "locale": language, "appVersion": version,
            "sdkVersion": version,
        ]
        return gameballPost("sync", base: base, token: token, body: body, language: language, name: "sync")
    }

    /// `POST …/variables` → `{"variables": {...}}`, as placeholders (B.12).
    func gameballVariables(
        base: URL, token: String?, customer: String, cancellation: Cancellation? = nil
    ) -> Result<[String: String], InAppSyncError> {
        gameballPost(
            "variables", base: base, token: token, body: ["customerId": customer, "platform": platform],
            name: "variables", cancellation: cancellation
        ).flatMap { body in
            guard let variables = JSONValue.parse(body)?["variables"] else {
                return .failure(.notJSON(endpoint: "variables"))
            }
            return Self.placeholderValues(variables)
        }
    }

    /// `POST …/events` in requests of at most 50, in order. A 400, 401, 404 or 422 drops that
    /// request's events (a note says so); any other failure stops and keeps the batch (B.15).
    func gameballAnalytics(_ payloads: [Data], base: URL, token: String?) -> (
        result: Result<Void, InAppSyncError>, notes: [String]
    ) {
        var notes: [String] = []
        // A payload that no longer decodes is counted in the note below, not dropped unheard.
        let events = payloads.compactMap { try? JSONDecoder().decode(AnalyticsEvent.self, from: $0) }
        if events.count < payloads.count {
            notes.append("analytics: \(payloads.count - events.count) queued events cannot be read and are not sent")
        }
        var start = 0
        while start < events.count {
            let customer = events[start].customerId
            var end = start
            while end < events.count, end - start < Self.gameballEventsPerRequest, events[end].customerId == customer {
                end += 1
            }
            let chunk = Array(events[start..<end])
            let body: [String: Any] = [
                "customerId": customer, "platform": platform, "events": chunk.map(Self.gameballEvent),
            ]
            switch gameballPost("events", base: base, token: token, body: body, name: "events", json: false) {
            case .success: break
            case .failure(.status(let code, _)) where [400, 401, 404, 422].contains(code):
                notes.append("analytics: Gameball answered HTTP \(code); \(chunk.count) events dropped")
            case .failure(let error):
                return (.failure(error), notes)
            }
            start = end
        }
        return (.success(()), notes)
    }

    /// One event in Gameball's shape: `campaignId` (and `variationId`) from the message id,
    /// `occurredAt` without fractions, optional keys omitted.
    static func gameballEvent(_ event: AnalyticsEvent) -> [String: Any] {
        let parts = event.messageId.split(separator: "/", maxSplits: 1).map(String.init)
        var object: [String: Any] = [
            "eventUid": event.eventIdText,
            "type": event.kind == .dismissal ? "dismiss" : event.kind.rawValue,
            "occurredAt": gameballInstant(event.at),
        ]
        object["campaignId"] = Int(parts[0]) ?? parts[0]
        if parts.count > 1 { object["variationId"] = Int(parts[1]) ?? parts[1] }
        if let button = event.buttonId { object["buttonId"] = button }
        if let url = event.url { object["url"] = url }
        return object
    }

    static func gameballInstant(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
