import Foundation
import InboxCore
import Testing

@testable import InAppEngine

@Suite struct CampaignDecodingTests {
    func decode(_ text: String, base: URL? = nil) throws -> CampaignDocument {
        try CampaignDocument.decode(Data(text.utf8), documentBase: base)
    }

    @Test func minimalCampaignTakesEveryDefault() throws {
        let document = try decode(
            #"{"campaigns":[{"id":"m","trigger":{"type":"event","event":"x"},"message":{"type":"modal"}}]}"#)
        let campaign = try #require(document.campaigns.first)
        let message = try #require(campaign.message)
        #expect(campaign.isUsable)
        #expect(campaign.repeatRule == .once)
        #expect(campaign.priority == nil)
        #expect(campaign.isTest == false)
        #expect(message.orientation == .any)
        #expect(message.showCloseButton)
        #expect(message.dismissOnScrimTap == false)
        #expect(message.layout == .textWithImage)
        #expect(message.slidePosition == .bottom)
        #expect(document.settings.cooldownSeconds == 30)
        #expect(document.problems.isEmpty)
    }

    /// One campaign whose cooldown, repeat interval and auto-dismiss are all `seconds` (JSON text).
    func durations(_ seconds: String, kind: String) throws -> CampaignDocument {
        try decode(
            #"{"settings":{"cooldownSeconds":"# + seconds + #"},"campaigns":[{"id":"a","#
                + #""repeat":{"type":"interval","seconds":"# + seconds + #"},"trigger":{"type":"event","event":"go"},"#
                + #""message":{"type":""# + kind + #"","autoDismissAfter":"# + seconds + #"}}]}"#)
    }

    /// A duration over ten years is ten years, with a problem line: as good as never, which is
    /// what it meant. A cooldown of 1e19 s, counted in whole seconds, stopped `explain`.
    @Test(arguments: ["1e19", "1e300"])
    func aDurationOverTenYearsIsTenYearsAndSaid(_ seconds: String) throws {
        let document = try durations(seconds, kind: "slideup")
        let campaign = try #require(document.campaigns.first)
        #expect(document.settings.cooldownSeconds == CampaignSettings.longestDuration)
        #expect(campaign.repeatRule == .interval(seconds: CampaignSettings.longestDuration))
        #expect(campaign.message?.autoDismissAfter == CampaignSettings.longestDuration)
        #expect(
            document.problems == [
                "settings.cooldownSeconds: over ten years; ten years is used",
                "campaign a: message.autoDismissAfter is over ten years; ten years is used",
                "campaign a: repeat.seconds is over ten years; ten years is used",
            ])
    }

    /// A negative duration, or one that is no number, takes the default and is said.
    @Test(arguments: ["-5", "\"abc\""])
    func aDurationThatIsNoneTakesTheDefaultAndIsSaid(_ seconds: String) throws {
        let document = try durations(seconds, kind: "modal")
        let campaign = try #require(document.campaigns.first)
        #expect(document.settings.cooldownSeconds == 30)
        #expect(campaign.repeatRule == .once)
        #expect(campaign.message?.autoDismissAfter == nil)
        #expect(
            document.problems == [
                "settings.cooldownSeconds: not a number >= 0; using 30",
                "campaign a: message.autoDismissAfter is not a number >= 0; the default is used",
                "campaign a: repeat.seconds is missing or negative; it repeats once",
            ])
    }

    @Test func tenYearsIsTheLongestDuration() throws {
        let document = try decode(
            #"{"settings":{"cooldownSeconds":315360000},"campaigns":[{"id":"a","#
                + #""repeat":{"type":"interval","seconds":315360000},"trigger":{"type":"event","event":"go"},"#
                + #""message":{"type":"modal"}}]}"#)
        #expect(document.settings.cooldownSeconds == 315_360_000)
        #expect(document.campaigns.first?.repeatRule == .interval(seconds: 315_360_000))
        #expect(document.problems.isEmpty)
        // Whole seconds past Int's range are printed, not converted.
        #expect(InAppPresenter.seconds(1e19) == "10000000000000000000")
    }

    @Test func unnumberedPriorityComesAfterEveryNumberedOne() throws {
        let document = try decode(
            #"{"campaigns":[{"id":"none","trigger":{"type":"sessionStart"},"message":{"type":"modal"}},"#
                + #"{"id":"late","priority":99,"trigger":{"type":"sessionStart"},"message":{"type":"modal"}},"#
                + #"{"id":"tieA","priority":1,"trigger":{"type":"sessionStart"},"message":{"type":"modal"}},"#
                + #"{"id":"tieB","priority":1,"trigger":{"type":"sessionStart"},"message":{"type":"modal"}}]}"#)
        let order = CampaignIndex(document.campaigns).sessionStart.map(\.messageId)
        #expect(order == ["tieA", "tieB", "late", "none"])
    }

    @Test func messageIdJoinsTheVariation() throws {
        let document = try decode(
            #"{"campaigns":[{"id":"c-42","variationId":"b","trigger":{"type":"sessionStart"},"message":{"type":"modal"}}]}"#
        )
        #expect(document.campaigns.first?.messageId == "c-42/b")
    }

    @Test func unknownValuesDecodeAsExplicitUnsupportedCases() throws {
        let document = try decode(
            #"{"campaigns":[{"id":"u","trigger":{"type":"event","event":"x"},"message":{"type":"banner","#
                + #""clickAction":{"type":"shareSheet"},"#
                + #""buttons":[{"id":"b1","text":"Go"},{"id":"b2","text":"Web","action":{"type":"openURL"}},"#
                + #"{"id":"b3","text":"Nav","action":{"type":"navigate","route":"/r","arguments":{"tab":"x"}}}]}}]}"#)
        let message = try #require(document.campaigns.first?.message)
        #expect(message.kind == .unsupported("banner"))
        #expect(message.clickAction == .unsupported(type: "shareSheet"))
        #expect(
            message.buttons.map(\.action) == [
                .dismiss, .dismiss, .navigate(route: "/r", arguments: ["tab": .string("x")]),
            ])
        #expect(document.campaigns.first?.isUsable == true)
    }

    @Test func badColourFallsBackToTheTheme() throws {
        let document = try decode(
            #"{"campaigns":[{"id":"c","trigger":{"type":"sessionStart"},"message":{"type":"modal","#
                + ##""style":{"backgroundColor":"#12345","textColor":"#1D3557","headerColor":"#+1+2+3"}}}]}"##)
        let style = try #require(document.campaigns.first?.message?.style)
        #expect(style.backgroundColor == nil)
        #expect(style.textColor == RGBColour(red: 0x1D, green: 0x35, blue: 0x57))
        #expect(style.headerColor == nil)
        #expect(document.campaigns.first?.isUsable == true)
    }

    @Test func campaignWithoutUsableMessageOrTriggerNeverShowsAndIsReportedByName() throws {
        let document = try decode(
            #"{"campaigns":[{"id":"no-message","trigger":{"type":"sessionStart"}},"#
                + #"{"id":"odd-trigger","trigger":{"type":"geofence"},"message":{"type":"modal"}},"#
                + #"{"id":"fine","trigger":{"type":"sessionStart"},"message":{"type":"modal"}}]}"#)
        #expect(document.campaigns.map(\.isUsable) == [false, false, true])
        #expect(document.problems.contains { $0.contains("no-message") && $0.contains("message") })
        #expect(document.problems.contains { $0.contains("odd-trigger") && $0.contains("trigger.type") })
        #expect(CampaignIndex(document.campaigns).sessionStart.map(\.messageId) == ["fine"])
    }

    @Test func httpArtworkIsRefusedAndRelativeArtworkNeedsADocumentFolder() throws {
        let text =
            #"{"campaigns":[{"id":"c","trigger":{"type":"sessionStart"},"message":{"type":"modal","#
            + #""imageURL":"http://cdn.example/a.png","iconURL":"art/b.png"}}]}"#
        let fromNetwork = try decode(text).campaigns[0].message!
        #expect(fromNetwork.imageURL?.isFetchable == false)
        #expect(fromNetwork.iconURL?.isFetchable == false)
        let base = URL(fileURLWithPath: "/demo")
        let fromFile = try decode(text, base: base).campaigns[0].message!
        #expect(fromFile.imageURL?.isFetchable == false)
        #expect(fromFile.iconURL?.kind == .local)
        #expect(fromFile.iconURL?.url?.path == "/demo/art/b.png")
        #expect(ArtworkReference("file:art/c.png", documentBase: base).url?.path == "/demo/art/c.png")
        #expect(ArtworkReference("https://cdn.example/a.png", documentBase: nil).kind == .remote)
    }

    @Test func settingsDecodeQuietHoursAndLanguages() throws {
        let document = try decode(
            #"{"settings":{"cooldownSeconds":12,"quietHours":{"start":"22:00","end":"07:00"},"#
                + #""supportedLanguages":["en","ar"]},"campaigns":[]}"#)
        #expect(document.settings.cooldownSeconds == 12)
        #expect(document.settings.quietHours == QuietHours(start: 22 * 60, end: 7 * 60))
        #expect(document.settings.resolveLanguage("AR") == "ar")
        #expect(document.settings.resolveLanguage("de") == "en")
    }

    @Test func aDocumentThatIsNotAnObjectIsAnError() {
        #expect(throws: CampaignError.notJSON) { try decode("nope") }
        #expect(throws: CampaignError.notAnObject) { try decode("[]") }
    }

    @Test func duplicateMessageIdKeepsTheFirstCampaign() throws {
        let document = try decode(
            #"{"campaigns":[{"id":"d","trigger":{"type":"sessionStart"},"message":{"type":"modal"}},"#
                + #"{"id":"d","trigger":{"type":"sessionStart"},"message":{"type":"slideup"}}]}"#)
        #expect(document.campaigns.map(\.isUsable) == [true, false])
    }
}
