import Foundation
import Testing
import TinboxKit

/// `InAppCheck`, `InAppEventWords` and `InAppSimulation`: the engine asked headless, as the
/// commands `event`, `purchase`, `explain` and `simulate` ask it.
struct InAppCheckTests {
    let workspace: Workspace
    let clock = ManualClock(now: Workspace.start, uptime: 1_000)
    let warnings = Recorder<String>()

    init() throws {
        workspace = try Workspace()
    }

    func check(
        _ campaigns: [[String: Any]] = [Workspace.campaign("c-go")],
        placeholders: [String: Any] = ["cust": ["name": "Sam"]]
    ) throws -> InAppCheck {
        let url = try workspace.writeCampaigns(campaigns, placeholders: placeholders)
        return InAppCheck(
            configuration: TinboxConfiguration(
                dataDirectory: workspace.dataDirectory, campaigns: .file(url), customer: "cust", clock: clock),
            customer: "cust", columns: 80, rows: 24, warn: { [warnings] in warnings.append($0) })
    }

    @Test func anEventIsSelectedAndShownWithoutASession() throws {
        let check = try check()
        let result = try check.evaluate(event: "go")
        #expect(result.lines.first == #"{"at":0.000,"event":"selected","message":"c-go"}"#)
        // B.12: the values are fetched before a message with a placeholder is presented (here from
        // the `placeholders.json` beside the campaigns file).
        #expect(
            result.lines.last
                == #"{"at":0.000,"event":"shown","message":"c-go","text":{"header":"Hi Sam","body":"Body of c-go"}}"#)
        #expect(!result.lines.contains { $0.contains("sessionStarted") })
        #expect(try check.evaluate(event: "other").lines.isEmpty)
        #expect(warnings.items.isEmpty)
    }

    @Test func fetchedPlaceholderValuesAreHeldForWhenTheNextFetchFails() throws {
        _ = try check().evaluate(event: "go")
        // The file beside the campaigns now has no values for this customer: the fetch fails.
        let offline = try check(placeholders: [:]).evaluate(event: "go")
        #expect(offline.lines.last?.contains(#""header":"Hi Sam""#) == true)
        #expect(offline.log.contains("[tinbox-iam] placeholders for campaign c-go failed: using the last values held"))
    }

    /// One check asked twice: the values its first evaluation fetched are the last held for the second.
    @Test func oneCheckEvaluatedTwiceHoldsWhatItsFirstEvaluationFetched() throws {
        let check = try check()
        #expect(try check.evaluate(event: "go").lines.last?.contains(#""header":"Hi Sam""#) == true)
        _ = try workspace.writeCampaigns([Workspace.campaign("c-go")], placeholders: [:])
        let again = try check.evaluate(event: "go")
        #expect(again.lines.last?.contains(#""header":"Hi Sam""#) == true, "\(again.lines)")
    }

    @Test func explainNamesTheGatesAndAnUnknownId() throws {
        let check = try check()
        let known = try check.explain(campaignId: "c-go")
        #expect(known.isKnown && known.blocker == nil && !known.lines.isEmpty)
        let unknown = try check.explain(campaignId: "nope")
        #expect(!unknown.isKnown)
    }

    @Test func aDeliveredEventLeavesNothingQueuedForAFileSource() throws {
        #expect(try check().deliver(event: "go", properties: ["n": .number(1)]) == nil)
    }

    @Test func withoutCampaignsTheCheckSaysWhy() throws {
        let check = InAppCheck(
            configuration: TinboxConfiguration(dataDirectory: workspace.dataDirectory, clock: clock),
            customer: "cust", columns: 80, rows: 24, warn: { _ in })
        #expect(throws: TinboxError.campaignsUnavailable("no campaign source is configured")) {
            try check.evaluate(event: "go")
        }
    }

    @Test func eventWordsAreTypedAndABadWordIsOneLine() throws {
        #expect(
            try InAppEventWords.properties(["n=2", "ok=true", "s=x"])
                == ["n": .number(2), "ok": .bool(true), "s": .string("x")])
        #expect(throws: InAppWordsError.self) { try InAppEventWords.properties(["oops"]) }
        do {
            _ = try InAppEventWords.properties(["oops"])
        } catch {
            #expect(error.description == "'oops' is not KEY=VALUE")
        }
        let purchase = try InAppEventWords.purchase(
            product: "p", price: "9.5", currency: "EUR", quantity: nil, extras: [:])
        #expect(purchase["quantity"] == .number(1) && purchase["price"] == .number(9.5))
        #expect(InAppEventWords.purchaseEvent == "purchase")
    }

    @Test func aSimulationRunsInMemoryAndABrokenLineIsNamed() throws {
        let url = try workspace.writeCampaigns([Workspace.campaign("c-go")])
        let timeline = [
            #"{"at":0,"do":"setup","syncFile":"\#(url.lastPathComponent)"}"#, #"{"at":0,"do":"start","customer":"c1"}"#,
            #"{"at":1,"do":"event","name":"go"}"#,
        ].joined(separator: "\n")
        let result = InAppSimulation.run(timeline: timeline, baseDirectory: workspace.root, timelineName: "t.jsonl")
        #expect(result.error == nil)
        #expect(result.stdout.hasPrefix(#"{"at":0.000,"event":"sessionStarted","customer":"c1"}"#))
        #expect(result.stdout.contains(#"{"at":1.000,"event":"selected","message":"c-go"}"#))
        let broken = InAppSimulation.run(timeline: "{", baseDirectory: workspace.root, timelineName: "t.jsonl")
        #expect(broken.error?.hasPrefix("t.jsonl:1: ") == true)
    }
}
