import Foundation
import InAppEngine
import InAppSync
import InboxCore
import InboxStore
import TinboxKit

// Issue 10, "Performance": the library adds <= 1 ms to a headless `tinbox event` against 1,000
// campaigns. Both paths do the same work for one customer event, in one process, interleaved:
// - the engine directly, as `tinbox event` runs it: the event written to the durable outbox and
//   flushed (CustomerEventDelivery), then the decisions of `HeadlessEvaluation`;
// - through TinboxKit: `InAppMessaging.sendEvent` on a started headless messaging object, from the
//   call until the chosen message is on screen (`shownMessage`), the outbox written on the way.
// Run with `swift run -c release tinbox-kit-bench`; a debug build prints unrepresentative numbers.

func seconds() -> Double { ProcessInfo.processInfo.systemUptime }

func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

func p95(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
}

func format(_ value: Double) -> String { String(format: "%.3f", value) }

/// 1,000 event campaigns, one per event name, each with two filters. One matches an event, so
/// no runner-up waits on the deferred stack to take the slot when the winner is closed.
func campaignsJSON(count: Int = 1000, names: Int = 1000) -> String {
    let items = (0..<count).map { index in
        #"{"id":"c\#(index)","priority":\#((index * 7919) % 1000),"trigger":{"type":"event","event":"e\#(index % names)","#
            + #""filters":[{"property":"price","op":"gte","value":\#(index % 50)},"#
            + #"{"property":"currency","op":"eq","value":"USD"}]},"repeat":{"type":"everyTime"},"#
            + #""message":{"type":"modal","header":"Offer \#(index)"}}"#
    }
    return #"{"settings":{"cooldownSeconds":0},"campaigns":[\#(items.joined(separator: ","))]}"#
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tinbox-kit-bench-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let file = folder.appendingPathComponent("campaigns.json")
try Data(campaignsJSON().utf8).write(to: file)
let properties: [String: JSONValue] = ["price": .number(60), "currency": .string("USD")]
let rounds = 300

// The engine directly, on its own data directory.
let engineStore = InAppStore(store: try Store(directory: folder.appendingPathComponent("engine")))
let client = InAppClient(source: .file(file))
guard case .success(let (document, _)) = client.sync(customer: "bench", language: "en") else {
    fatalError("the benchmark's campaigns do not load")
}
let evaluation = HeadlessEvaluation(
    document: document, customer: "bench", time: EngineTime(clock: SystemClock()), columns: 120, rows: 40)

@MainActor func engineEvent(_ name: String) throws -> Double {
    let start = seconds()
    try CustomerEventDelivery.enqueue(
        name: name, properties: properties, customer: "bench", at: Date(), in: engineStore)
    _ = try CustomerEventDelivery.flush(engineStore, client: client)
    let result = evaluation.evaluate(event: name, properties: properties)
    guard result.reports.contains(where: { if case .shown = $0 { true } else { false } }) else {
        fatalError("the engine showed nothing for \(name)")
    }
    return (seconds() - start) * 1000
}

// Through TinboxKit, on a data directory of its own.
InAppMessaging.logging = false
let queue = DispatchQueue(label: "tinbox.kit.bench")
let messaging = InAppMessaging(
    configuration: TinboxConfiguration(
        dataDirectory: folder.appendingPathComponent("kit"), campaigns: .file(file), customer: "bench",
        callbackQueue: queue))
let synced = DispatchSemaphore(value: 0)
messaging.onDecisionLog = { line in if line.contains("campaigns synced") { synced.signal() } }
messaging.startInAppMessaging()
guard synced.wait(timeout: .now() + 30) == .success else { fatalError("TinboxKit did not sync") }

/// Busy-waits (a sleep would measure the scheduler) for at most 10 s.
func spin(until condition: () -> Bool, _ what: String) {
    let deadline = seconds() + 10
    while !condition() {
        if seconds() > deadline { fatalError("TinboxKit: \(what) did not happen within 10 s") }
    }
}

@MainActor func kitEvent(_ name: String) -> Double {
    let start = seconds()
    messaging.sendEvent(name, properties: properties)
    spin(until: { messaging.shownMessage != nil }, "\(name) shown")
    let elapsed = (seconds() - start) * 1000
    messaging.close()
    spin(until: { messaging.shownMessage == nil }, "\(name) closed")
    return elapsed
}

var engine: [Double] = []
var kit: [Double] = []
for round in 0..<(rounds + 20) {
    let name = "e\(round % 1000)"
    // Interleaved, so a busy moment of the machine falls on both alike; 20 warm-up rounds.
    let pair = round % 2 == 0 ? (try engineEvent(name), kitEvent(name)) : (0, 0)
    let other = round % 2 == 1 ? (kitEvent(name), try engineEvent(name)) : (0, 0)
    guard round >= 20 else { continue }
    if round % 2 == 0 {
        engine.append(pair.0)
        kit.append(pair.1)
    } else {
        kit.append(other.0)
        engine.append(other.1)
    }
}
messaging.stopInAppMessaging()

print("one customer event against 1,000 campaigns, in process (\(rounds) rounds, interleaved)")
func line(_ label: String, _ samples: [Double]) {
    print("  \(label) median \(format(median(samples))) ms, p95 \(format(p95(samples))) ms")
}
line("baseline engine directly (outbox + HeadlessEvaluation):", engine)
line("TinboxKit InAppMessaging.sendEvent until shown:       ", kit)
let added = median(kit) - median(engine)
print("  the library adds \(format(added)) ms (target <= 1 ms) -> \(added <= 1 ? "met" : "NOT met")")
