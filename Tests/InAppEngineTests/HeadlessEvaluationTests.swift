import Foundation
import Synchronization
import Testing

@testable import InAppEngine

/// `tinbox event` / `tinbox purchase`: one trigger through the presenter, nothing displayed.
@Suite struct HeadlessEvaluationTests {
    typealias P = PresenterTests

    static let campaigns =
        #"{"id":"welcome","trigger":{"type":"sessionStart"},"message":{"type":"modal"}},"#
        + #"{"id":"big","priority":1,"trigger":{"type":"event","event":"purchase","#
        + #""filters":[{"property":"price","op":"gte","value":100},{"property":"quantity","op":"eq","value":1}]},"#
        + #""message":{"type":"modal","header":"Thanks {name}!"}},"#
        + #"{"id":"any","priority":2,"trigger":{"type":"event","event":"purchase"},"message":{"type":"slideup"}},"#
        + #"{"id":"level","trigger":{"type":"event","event":"Level_Up"},"message":{"type":"modal"}}"#

    static func evaluation(_ history: FrequencyHistory? = nil, lastShownAt: Date? = nil) throws -> HeadlessEvaluation {
        HeadlessEvaluation(
            document: try P.document(Self.campaigns), customer: "c1", time: P.at(0), columns: 120, rows: 40,
            history: history, placeholders: ["name": "Sara"], lastShownAt: lastShownAt)
    }

    @Test func purchasePropertiesFollowTheProtocolWithExtrasMergedOver() {
        let properties = HeadlessEvaluation.purchaseProperties(
            productId: "p1", price: 9.5, currency: "EUR", extras: ["quantity": .number(3), "coupon": .string("X")])
        #expect(
            properties == [
                "productId": .string("p1"), "price": .number(9.5), "currency": .string("EUR"), "quantity": .number(3),
                "coupon": .string("X"),
            ])
        #expect(
            HeadlessEvaluation.purchaseProperties(productId: "p", price: 1, currency: "USD")["quantity"] == .number(1))
    }

    @Test func purchaseReportsTheTriggerOnlyInSimulateLines() throws {
        let result = try Self.evaluation().evaluatePurchase(productId: "p1", price: 150, currency: "USD")
        #expect(
            result.lines == [
                #"{"at":0.000,"event":"selected","message":"big"}"#,
                #"{"at":0.000,"event":"deferred","message":"any","reason":"runnerUp"}"#,
                #"{"at":0.000,"event":"shown","message":"big","text":{"header":"Thanks Sara!","body":null}}"#,
            ])
        #expect(!result.reports.contains(.selected(messageId: "welcome")), "the command line is not a session start")
    }

    @Test func nothingIsConsumedOrRecorded() throws {
        let evaluation = try Self.evaluation()
        let first = evaluation.evaluate(event: "level_up")
        #expect(first.reports.first == .selected(messageId: "level"))
        #expect(!first.reports.contains(.impression(messageId: "level")))
        #expect(evaluation.evaluate(event: "LEVEL_UP").reports == first.reports, "a once campaign is still allowed")
    }

    @Test func storedHistoryAndCooldownApply() throws {
        var history = FrequencyHistory(owner: "c1")
        let level = try #require(try P.document(Self.campaigns).campaigns.last)
        history.recordImpression(of: level, at: P.at(-50), session: 1)
        let repeated = try Self.evaluation(history).evaluate(event: "Level_Up")
        #expect(repeated.lines == [#"{"at":0.000,"event":"dropped","message":"level","reason":"repeat"}"#])

        let cooling = try Self.evaluation(lastShownAt: P.at(-10).utc).evaluate(event: "Level_Up")
        #expect(cooling.reports == [.selected(messageId: "level"), .deferred(messageId: "level", reason: .cooldown)])
        #expect(cooling.log.contains { $0.contains("20 s left of the cooldown") })
    }

    @Test func explainSeesSessionStartCampaignsAndTheSameState() throws {
        let explanation = try Self.evaluation(lastShownAt: P.at(-10).utc).explain(campaignId: "welcome")
        #expect(explanation.blocker?.gate == .cooldown)
        #expect(explanation.blocker?.sentence.hasPrefix("cooldown: 20 s left") == true)
    }

    @Test func emptyCustomerIsRefused() throws {
        var evaluation = try Self.evaluation()
        evaluation.customer = ""
        let result = evaluation.evaluate(event: "Level_Up")
        #expect(result.reports.isEmpty)
        #expect(result.log == ["[tinbox-iam] start refused: the customer id is empty"])
    }

    @Test func placeholdersAreFetchedForAMessageThatHasOneAndTheNewValuesAreToBeHeld() throws {
        let asked = Mutex<[String]>([])
        var evaluation = try Self.evaluation()
        evaluation.fetchPlaceholders = { customer in
            asked.withLock { $0.append(customer) }
            return .values(["name": "Noor"])
        }
        let shown = evaluation.evaluatePurchase(productId: "p1", price: 150, currency: "USD")
        #expect(
            shown.lines.last
                == #"{"at":0.000,"event":"shown","message":"big","text":{"header":"Thanks Noor!","body":null}}"#)
        #expect(shown.placeholdersToHold == ["name": "Noor"])
        #expect(asked.withLock { $0 } == ["c1"])

        // A message without a placeholder asks for nothing (B.12: only before one that has one).
        let plain = evaluation.evaluate(event: "Level_Up")
        #expect(plain.reports.contains(.shown(messageId: "level", header: nil, body: nil, isTest: false)))
        #expect(plain.placeholdersToHold == nil)
        #expect(asked.withLock { $0 } == ["c1"])
    }

    @Test(arguments: [
        (HeadlessEvaluation.PlaceholderAnswer.failed(nil), "failed"), (.failed("HTTP 500"), "failed"),
        (.timedOut, "timed out after 2 s"),
    ])
    func aFetchThatFailsOrTimesOutLeavesTheLastValuesHeld(answer: HeadlessEvaluation.PlaceholderAnswer, said: String)
        throws
    {
        var evaluation = try Self.evaluation()
        evaluation.fetchPlaceholders = { _ in answer }
        let shown = evaluation.evaluatePurchase(productId: "p1", price: 150, currency: "USD")
        #expect(
            shown.lines.last
                == #"{"at":0.000,"event":"shown","message":"big","text":{"header":"Thanks Sara!","body":null}}"#)
        #expect(shown.log.contains("[tinbox-iam] placeholders for campaign big \(said): using the last values held"))
        #expect(shown.placeholdersToHold == nil)
        let reason = shown.log.contains("[tinbox-iam] placeholders of customer c1: HTTP 500")
        #expect(reason == (answer == .failed("HTTP 500")), "a failure's reason is told: \(shown.log)")
    }
}
