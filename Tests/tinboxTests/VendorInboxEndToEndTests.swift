import Foundation
import TestSupport
import Testing

/// Issue 12: Dengage and Salesforce inbox files, and `tinbox convert`, through the built binary.
@Suite struct VendorInboxEndToEndTests {
    static let fixtures = GameballEndToEndTests.root.appendingPathComponent("Tests/Fixtures/vendors")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    func write(_ text: String, named name: String, in tinbox: Tinbox) throws -> String {
        try FileManager.default.createDirectory(at: tinbox.dataDirectory, withIntermediateDirectories: true)
        let url = tinbox.dataDirectory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    // MARK: list and count

    @Test(arguments: [
        ("dengage-inbox-channel.json", 5, 3), ("dengage-legacy.json", 3, 1), ("sfmc-ios.json", 1, 1),
        ("sfmc-react-native.json", 1, 1), ("sfmc-flutter.json", 1, 0), ("sfmc-expo.json", 2, 2),
        ("sfmc-wire.json", 2, 2),
    ])
    func aVendorFileIsCountedByShape(name: String, all: Int, unread: Int) throws {
        let tinbox = Tinbox()
        let count = try tinbox.run(["count", "--feed", Self.fixture(name)])
        #expect(count.status == 0, "\(count.stderr)")
        // sfmc-ios.json's second message is deleted in the export: stored, but not in `all`.
        #expect(count.stdout == "\(all)\n")
        #expect(try tinbox.run(["count", "--state", "unread"]).stdout == "\(unread)\n")
    }

    @Test func aDengageInboxListsInTheReadersOrderWithItsState() throws {
        let tinbox = Tinbox()
        let list = try tinbox.run(["list", "--feed", "dengage:" + Self.fixture("dengage-inbox-channel.json")])
        #expect(list.status == 0, "\(list.stderr)")
        let ids = list.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        // Pinned first, then newest first (A.3); the undated message is dated when first stored (now).
        #expect(
            ids.map { String($0.first { $0.contains("/") } ?? "") } == [
                "engagement/dg-1001", "engagement/dg-1003", "engagement/dg-1004", "engagement/dg-1002",
                "engagement/1008",
            ])
        #expect(ids.map { String($0[0]) } == ["unread", "unread", "read", "read", "unread"])
    }

    @Test func aDeletedExportMessageIsDeletedOnImportAndMarksStillWork() throws {
        let tinbox = Tinbox()
        let path = Self.fixture("sfmc-ios.json")
        #expect(try tinbox.run(["count", "--state", "deleted", "--feed", path]).stdout == "1\n")
        let mark = try tinbox.run(["mark", "read", "sf-ios-1", "--feed", path])
        #expect(mark.status == 0, "\(mark.stderr)")
        #expect(try tinbox.run(["count", "--state", "read", "--feed", path]).stdout == "1\n")
    }

    // MARK: bad input

    @Test func brokenJSONIsNamedAtItsLineAndColumn() throws {
        let tinbox = Tinbox()
        let broken = try write(
            "[\n  {\"smsgId\": \"a\",\n   \"messageJson\": {\"title\": }\n]", named: "broken.json", in: tinbox)
        let convert = try tinbox.run(["convert", broken])
        #expect(convert.status == 1)
        #expect(convert.stderr.hasPrefix("tinbox: \(broken):3:"), "\(convert.stderr)")
        #expect(convert.stderr.split(separator: "\n").count == 1)
        let count = try tinbox.run(["count", "--feed", "dengage:" + broken])
        #expect(count.stderr.contains("\(broken):3:"), "\(count.stderr)")
    }

    @Test func anUnrecognisedFileIsOneLineSayingWhatWasFound() throws {
        let tinbox = Tinbox()
        let odd = try write(#"[{"uuid": "1", "text": "hi"}]"#, named: "odd.json", in: tinbox)
        let result = try tinbox.run(["convert", odd])
        #expect(result.status == 1)
        #expect(
            result.stderr == "tinbox: \(odd): not a tinbox, dengage, sfmc or gameball document "
                + "(a list whose first item has keys text, uuid)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aCampaignFormatForAProducerAndSfmcOverHTTPAreRefusedByName() throws {
        let tinbox = Tinbox()
        let http = try tinbox.run(["count", "--feed", "sfmc:https://mc.example.com"])
        #expect(http.status == 64)
        #expect(http.stderr.contains("format 'sfmc' is read from files only"))
        let campaigns = try tinbox.run(["count", "--feed", "gameball:" + GameballEndToEndTests.capture])
        #expect(campaigns.status == 64)
        #expect(campaigns.stderr.contains("holds in-app campaigns, not inbox messages"))
    }

    @Test func aConfigProducerTakesItsFormat() throws {
        let tinbox = Tinbox()
        let config = try write(
            #"{"producers": [{"kind": "app-messaging", "source": "\#(Self.fixture("sfmc-wire.json"))", "format": "sfmc"}]}"#,
            named: "config.json", in: tinbox)
        let list = try tinbox.run(["list", "--config", config])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("app-messaging/sf-wire-1") || list.stdout.contains("sf-wire-1"))
        let bad = try write(
            #"{"producers": [{"source": "x.json", "format": "pigeon"}]}"#, named: "bad.json", in: tinbox)
        let refused = try tinbox.run(["list", "--config", bad])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("producers[0].format: unknown format 'pigeon'"), "\(refused.stderr)")
    }

    // MARK: convert

    @Test(arguments: [
        "dengage-inbox-channel.json", "dengage-legacy.json", "sfmc-ios.json", "sfmc-react-native.json",
        "sfmc-flutter.json",
        "sfmc-expo.json", "sfmc-wire.json",
    ])
    func convertIsDeterministicAndReadsBackAsTheSameMessages(name: String) throws {
        let tinbox = Tinbox()
        let first = try tinbox.run(["convert", Self.fixture(name)])
        let second = try tinbox.run(["convert", Self.fixture(name)])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == second.stdout)
        #expect(first.stderr == second.stderr)
        #expect(first.stdout.hasSuffix("}\n"))
        #expect(first.stdout.hasPrefix("{\n  \"messages\": ["))
        // Converted once more, tinbox's own document is the same bytes (undated ones aside: null is skipped).
        let converted = try write(first.stdout, named: "converted.json", in: tinbox)
        let again = try tinbox.run(["convert", "--from", "tinbox", converted])
        #expect(again.status == 0, "\(again.stderr)")
        if !first.stderr.contains("receiveDateUTC") { #expect(again.stdout == first.stdout) }
    }

    @Test func convertNamesEverySkippedItemWithItsPath() throws {
        let result = try Tinbox().run(["convert", Self.fixture("dengage-inbox-channel.json")])
        #expect(result.status == 0)
        #expect(
            result.stderr.split(separator: "\n") == [
                #"$[3]: no receive date; written with "receiveDateUTC": null"#, "$[4]: no smsgId",
                "$[5]: no title or message", "$[6]: messageJson is not a JSON object", "$[7]: not an object",
            ])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: [[String: Any]]])
        #expect(
            document["messages"]?.map { $0["id"] as? String } == ["dg-1001", "dg-1002", "dg-1003", "dg-1004", "1008"])
        let undated = try #require(document["messages"]?[3]["data"] as? [String: Any])
        #expect(undated["receiveDateUTC"] is NSNull)
    }

    @Test func convertWritesTheVendorFieldsPROTOCOLCarries() throws {
        let result = try Tinbox().run(["convert", "--from", "sfmc", Self.fixture("sfmc-ios.json")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                """
                        "subtitle": "A subtitle",
                        "imageAlt": "A red shoe",
                        "customKeys": {
                          "custom": "{\\"campaign\\":\\"winter\\"}",
                          "store": "12",
                          "tier": "gold"
                        }
                """), "\(result.stdout)")
        #expect(result.stdout.contains(#""isDeleted": true"#))
    }

    @Test func convertOfTheGameballCaptureIsASyncDocumentOfItsSixCampaigns() throws {
        let tinbox = Tinbox()
        let result = try tinbox.run(["convert", GameballEndToEndTests.capture])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try tinbox.run(["convert", "--from", "gameball", GameballEndToEndTests.capture]).stdout == result.stdout)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let campaigns = try #require(document["campaigns"] as? [[String: Any]])
        #expect(
            campaigns.map { "\($0["id"] ?? "")/\($0["variationId"] ?? "")" } == [
                "2055/20", "2054/19", "2057/22", "2059/25", "2060/26", "2061/27",
            ])
        // Read back as tinbox's own sync document, it converts to the same bytes.
        let converted = try write(result.stdout, named: "sync.json", in: tinbox)
        let again = try tinbox.run(["convert", converted])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout == result.stdout)
    }

    /// VENDORS.md §4 drops a Gameball campaign whose `contentMode` is not prerendered or whose
    /// filters are joined by anything but And; converted, they were written as ordinary campaigns
    /// that matched their events. A campaign that never shows is left out, its line says why.
    @Test func convertLeavesOutTheCampaignsThatNeverShow() throws {
        let tinbox = Tinbox()
        var capture = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: GameballEndToEndTests.capture)))
                as? [String: Any])
        var messages = try #require(capture["messages"] as? [[String: Any]])
        messages[0]["contentMode"] = "html"
        var trigger = try #require(messages[2]["trigger"] as? [String: Any])
        trigger["metadataLogicalOperator"] = "Or"
        messages[2]["trigger"] = trigger
        capture["messages"] = messages
        let file = try write(
            String(decoding: try JSONSerialization.data(withJSONObject: capture), as: UTF8.self), named: "gb.json",
            in: tinbox)
        let result = try tinbox.run(["convert", file])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let campaigns = try #require(document["campaigns"] as? [[String: Any]])
        #expect(campaigns.map { "\($0["id"] ?? "")" } == ["2054", "2059", "2060", "2061"])
        #expect(result.stderr.contains(#"$.messages[0].contentMode "html" is not prerendered; it never shows"#))
        #expect(result.stderr.contains(#"is not And; it never shows"#), "\(result.stderr)")
    }

    @Test func convertRefusesAnUnknownFormatAndAMissingFile() throws {
        let tinbox = Tinbox()
        let unknown = try tinbox.run(["convert", "--from", "pigeon", Self.fixture("sfmc-ios.json")])
        #expect(unknown.status == 64)
        let missing = try tinbox.run(["convert", "/nonexistent/inbox.json"])
        #expect(missing.status == 1)
        #expect(missing.stderr.split(separator: "\n").count == 1)
    }
}
