import Foundation
import InAppEngine
import InboxCore

// The in-app engine's performance figures (issue 5 "Performance"), each against a baseline
// measured in the same run so the machine's speed cancels out:
// - one event evaluated against 10,000 campaigns (target: median <= 1 ms), baseline 100 campaigns;
// - `Simulation.run` of a 100,000-step timeline (target <= 3 s), baseline 10,000 steps (linear?).
// Run with `swift run -c release tinbox-bench`; a debug build prints slower, unrepresentative numbers.

/// Seconds since an arbitrary origin, monotonic.
func seconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

func format(_ value: Double, _ decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}

let epoch = Date(timeIntervalSince1970: 1_796_040_000)

func time(_ uptime: Double) -> EngineTime {
    EngineTime(uptime: uptime, utc: epoch.addingTimeInterval(uptime), utcOffset: 0)
}

/// `count` event campaigns over `names` event names (`e0`…), each with two filters on `price`
/// and `currency`, priorities spread so the index has real sorting to do.
func document(campaigns count: Int, eventNames names: Int) -> CampaignDocument {
    var items: [String] = []
    items.reserveCapacity(count)
    for index in 0..<count {
        items.append(
            #"{"id":"c\#(index)","priority":\#((index * 7919) % 1000),"trigger":{"type":"event","event":"e\#(index % names)","#
                + #""filters":[{"property":"price","op":"gte","value":\#(index % 50)},"#
                + #"{"property":"currency","op":"eq","value":"USD"}]},"repeat":{"type":"everyTime"},"#
                + #""message":{"type":"modal","header":"Offer \#(index)"}}"#)
    }
    let text = #"{"settings":{"cooldownSeconds":0},"campaigns":[\#(items.joined(separator: ","))]}"#
    guard let document = try? CampaignDocument.decode(Data(text.utf8)) else { fatalError("benchmark document") }
    return document
}

/// The same campaigns as `document` in Gameball's V4 sync (VENDORS.md §4), read by its decoder:
/// higher Gameball priority wins, so it is the negated tinbox one.
func gameballDocument(campaigns count: Int, eventNames names: Int) -> CampaignDocument {
    var items: [String] = []
    items.reserveCapacity(count)
    for index in 0..<count {
        items.append(
            #"{"campaignId":\#(index + 1),"variationId":1,"name":"Offer \#(index)","#
                + #""priority":\#(-((index * 7919) % 1000)),"messageType":2,"#
                + #""trigger":{"type":"event","name":"e\#(index % names)","metadataLogicalOperator":"And","#
                + #""metadataFilters":[{"name":"price","operator":"greaterOrEqual","value":"\#(index % 50)"},"#
                + #"{"name":"currency","operator":"equals","value":"USD"}],"repeatable":true,"minIntervalSeconds":0},"#
                + #""content":{"closeBehaviour":"both","buttons":[{"id":"ok","action":{"type":"dismiss"}}]},"#
                + #""locale":{"header":"Offer \#(index)","message":"m","buttons":[{"id":"ok","text":"OK"}]},"#
                + #""expiresAt":null,"isTest":false}"#)
    }
    let text = #"{"cooldownSeconds":0,"quietHours":{"enabled":false},"messages":[\#(items.joined(separator: ","))]}"#
    guard let document = try? CampaignDocument.read(Data(text.utf8), format: .gameball),
        document.campaigns.count == count, document.campaigns.allSatisfy(\.isUsable)
    else { fatalError("benchmark Gameball document") }
    return document
}

/// A presenter started with `document` adopted and nothing showing.
func runningPresenter(_ document: CampaignDocument) -> InAppPresenter {
    var presenter = InAppPresenter(configuration: .init(columns: 120, rows: 40), eventIds: SequentialEventIds())
    let effects = presenter.start(customer: "bench", at: time(0))
    for case .requestSync(let request) in effects {
        _ = presenter.syncSucceeded(requestId: request.requestId, document: document, at: time(0))
    }
    return presenter
}

struct EventFigures {
    var median: Double
    var p95: Double
    var candidates: Int
}

/// Median and p95 in µs of one `event` call (selection, runner-up, drops, host asked) on a fresh
/// copy of the running presenter each time, so every evaluation sees the same state.
func measureEvent(campaigns: Int, eventNames: Int, gameball: Bool = false, evaluations: Int = 1000) -> EventFigures {
    let read = gameball ? gameballDocument : document
    let presenter = runningPresenter(read(campaigns, eventNames))
    let properties: [String: JSONValue] = ["price": .number(120), "currency": .string("USD")]
    var candidates = 0
    var samples: [Double] = []
    samples.reserveCapacity(evaluations)
    for iteration in 0..<(evaluations + 50) {
        var copy = presenter
        let start = seconds()
        let effects = copy.event(name: "e0", properties: properties, at: time(1))
        let elapsed = seconds() - start
        if iteration >= 50 { samples.append(elapsed * 1e6) }
        candidates = effects.count { if case .report = $0 { true } else { false } }
    }
    samples.sort()
    return EventFigures(median: percentile(samples, 0.5), p95: percentile(samples, 0.95), candidates: candidates)
}

/// A timeline of `steps` steps after setup: events, host policies, taps, closes, background and
/// foreground, resizes and network changes, one second apart, cycling.
func timeline(steps: Int) -> String {
    let campaigns = (0..<20).map { index in
        let kind = ["slideup", "modal", "fullscreen"][index % 3]
        return #"{"id":"c\#(index)","priority":\#(index),"trigger":{"type":"event","event":"e\#(index % 5)"},"#
            + #""repeat":{"type":"everyTime"},"message":{"type":"\#(kind)","header":"Hi {name}","#
            + #""buttons":[{"id":"ok","text":"OK","action":{"type":"dismiss"}}]}}"#
    }
    var lines = [
        #"{"at":0,"do":"setup","sync":{"settings":{"cooldownSeconds":5},"campaigns":[\#(campaigns.joined(separator: ","))]}}"#,
        #"{"at":0,"do":"start","customer":"c1"}"#,
    ]
    let cycle = [
        #""do":"event","name":"e0","properties":{"price":1}"#, #""do":"event","name":"e1""#,
        #""do":"tap","button":"ok""#,
        #""do":"event","name":"e2""#, #""do":"close""#, #""do":"network","placeholders":{"values":{"name":"Sara"}}"#,
        #""do":"event","name":"e3""#, #""do":"background""#, #""do":"foreground""#,
        #""do":"resize","cols":100,"rows":40"#,
        #""do":"decide","message":"c4","decision":"later""#, #""do":"event","name":"e4""#, #""do":"clickOutside""#,
        #""do":"network","analytics":"fail""#, #""do":"event","name":"e0""#, #""do":"network","analytics":"ok""#,
    ]
    lines.reserveCapacity(steps + 3)
    for index in 0..<steps {
        lines.append(#"{"at":\#(index + 1),\#(cycle[index % cycle.count])}"#)
    }
    lines.append(#"{"at":\#(steps + 60),"do":"end"}"#)
    return lines.joined(separator: "\n")
}

struct SimulationFigures {
    var seconds: Double
    var outputLines: Int
}

func measureSimulation(steps: Int) -> SimulationFigures {
    let text = timeline(steps: steps)
    let start = seconds()
    let result = Simulation.run(timeline: text, baseDirectory: URL(fileURLWithPath: "/"))
    let elapsed = seconds() - start
    if let error = result.error { fatalError("benchmark timeline: \(error)") }
    return SimulationFigures(seconds: elapsed, outputLines: result.stdout.count { $0 == "\n" })
}

#if DEBUG
    print("note: debug build; run `swift run -c release tinbox-bench` for the figures that count")
#endif

/// `--gameball`: only issue 12's figure, for Benchmarks/vendors.py: one event against 10,000 Gameball
/// campaigns next to the same campaigns in tinbox's format, measured in this run.
if CommandLine.arguments.contains("--gameball") {
    print("one event against 10,000 campaigns, 100 event names (1000 evaluations after 50 warm-up)")
    let own = measureEvent(campaigns: 10_000, eventNames: 100)
    let vendor = measureEvent(campaigns: 10_000, eventNames: 100, gameball: true)
    print("  baseline tinbox's format: median \(format(own.median)) µs, p95 \(format(own.p95)) µs")
    print(
        "  gameball: median \(format(vendor.median)) µs, p95 \(format(vendor.p95)) µs"
            + " (\(format(vendor.median / own.median, 2))x; target median <= 1000 µs ->"
            + " \(vendor.median <= 1000 ? "met" : "NOT met"))")
    exit(0)
}

print("one event against N campaigns (1000 evaluations after 50 warm-up, each on the same state)")
let scenarios: [(label: String, campaigns: Int, names: Int)] = [
    ("baseline   100 campaigns, 100 event names", 100, 100),
    ("target  10,000 campaigns, 100 event names", 10_000, 100),
    ("baseline   100 campaigns, all on the event", 100, 1),
    ("worst   10,000 campaigns, all on the event", 10_000, 1),
]
var eventFigures: [EventFigures] = []
for scenario in scenarios {
    let figures = measureEvent(campaigns: scenario.campaigns, eventNames: scenario.names)
    eventFigures.append(figures)
    print(
        "  \(scenario.label): median \(format(figures.median)) µs, p95 \(format(figures.p95)) µs"
            + " (\(figures.candidates) reports per evaluation)")
}
let target = eventFigures[1]
print(
    "  target: median <= 1000 µs -> \(target.median <= 1000 ? "met" : "NOT met")"
        + " (\(format(target.median / eventFigures[0].median, 2))x the 100-campaign baseline)")
print(
    "  worst case: median \(format(eventFigures[3].median / 1000, 2)) ms"
        + " (\(format(eventFigures[3].median / eventFigures[2].median, 1))x its 100-campaign baseline)")

print("one event against 10,000 Gameball campaigns (VENDORS.md §4, read by the Gameball decoder), 100 event names")
let gameball = measureEvent(campaigns: 10_000, eventNames: 100, gameball: true)
print(
    "  gameball 10,000 campaigns, 100 event names: median \(format(gameball.median)) µs, p95 \(format(gameball.p95)) µs"
        + " (\(gameball.candidates) reports per evaluation)")
print(
    "  target: median <= 1000 µs -> \(gameball.median <= 1000 ? "met" : "NOT met")"
        + " (\(format(gameball.median / target.median, 2))x the same campaigns in tinbox's format)")
print("Simulation.run of a generated timeline")
let small = measureSimulation(steps: 10_000)
let large = measureSimulation(steps: 100_000)
print("  baseline  10,000 steps: \(format(small.seconds, 3)) s (\(small.outputLines) output lines)")
print("  target   100,000 steps: \(format(large.seconds, 3)) s (\(large.outputLines) output lines)")
print(
    "  target: <= 3 s -> \(large.seconds <= 3 ? "met" : "NOT met");"
        + " 10x the steps took \(format(large.seconds / small.seconds, 2))x the time (linear is 10x)")
