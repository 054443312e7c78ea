import Foundation
import TestSupport
import Testing

/// Issue 5 points 4-5: `tinbox event` against a real server. The event goes through the durable
/// outbox: a failed send keeps it (exit 1), and the next event sends it first, byte for byte,
/// so nothing is lost and nothing acknowledged is sent twice.
@Suite struct CustomerEventCommandTests {
    let document: [String: Any] = [
        "settings": ["cooldownSeconds": 0],
        "campaigns": [
            [
                "id": "c-order",
                "trigger": [
                    "type": "event", "event": "place_order",
                    "filters": [["property": "price", "op": "gte", "value": 100]],
                ],
                "message": ["type": "modal", "header": "Thanks"],
            ]
        ],
    ]

    private func run(_ stub: StubServer, _ data: URL, _ words: [String]) throws -> (Int32, String) {
        let result = try ChildProcess.run(
            KillTests.binary.path,
            ["--data-dir", data.path, "--campaigns", "http://127.0.0.1:\(stub.port)", "--customer", "c1"] + words)
        return (result.status, result.stdout)
    }

    @Test func aFailedEventIsKeptAndSentFirstWithTheNextOne() throws {
        guard FileManager.default.isExecutableFile(atPath: KillTests.binary.path) else {
            Issue.record("\(KillTests.binary.path) is missing: run `swift build` before the tests")
            return
        }
        let stub = try StubServer()
        defer { stub.stop() }
        let data = Scratch.folder("tinbox-ev")
        try stub.script("GET /api/iam/sync", [["json": document], ["json": document]])
        try stub.script("POST /api/events", [["status": 503]])

        let (failed, decisions) = try run(stub, data, ["event", "place_order", "price=150", "currency=USD"])
        #expect(failed == 1)
        #expect(decisions.contains(#""event":"selected","message":"c-order""#))
        let (ok, _) = try run(stub, data, ["event", "level_up", "level=3"])
        #expect(ok == 0)

        let bodies = try stub.requests("POST /api/events").map { $0.json as? [String: Any] ?? [:] }
        let names = bodies.map { ($0["events"] as? [String: Any])?.keys.sorted() ?? [] }
        #expect(names == [["place_order"], ["place_order"], ["level_up"]])
        let order = (bodies[1]["events"] as? [String: Any])?["place_order"] as? [String: Any]
        #expect(order?["price"] as? Int == 150 && order?["currency"] as? String == "USD")
        #expect(bodies.allSatisfy { $0["customerId"] as? String == "c1" })
    }
}
