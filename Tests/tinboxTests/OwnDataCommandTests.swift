import Foundation
import Testing

/// Issue 14, point 1: the demo campaigns come only with the demo inbox (CLI.md), in every
/// command that reads campaigns.
@Suite struct OwnDataCommandTests {
    @Test(arguments: [
        ["explain", "c-welcome"], ["event", "level_up"], ["--customer", "c1", "event", "level_up"],
        ["purchase", "--product", "p1", "--price", "9", "--currency", "EUR"],
    ])
    func aNamedFeedWithoutCampaignsRefusesTheInAppCommands(arguments: [String]) throws {
        let tinbox = Tinbox()
        let feed = try tinbox.writeFeed(messages: [Tinbox.message("a")])
        let result = try tinbox.run(["--feed", feed] + arguments)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "tinbox: no campaigns: name them with --campaigns SRC (or campaigns.source in the config); "
                + "the demo campaigns come only with the demo inbox\n")
    }

    @Test func theDemoInboxStillComesWithTheDemoCampaigns() throws {
        let result = try Tinbox().run(["explain", "c-welcome"])
        #expect(result.stdout.contains("campaign c-welcome is known"), "\(result.stdout)\(result.stderr)")
    }
}
