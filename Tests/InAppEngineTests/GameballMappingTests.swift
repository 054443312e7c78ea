import Foundation
import InboxCore
import Testing

@testable import InAppEngine

/// VENDORS.md §4-§6: Gameball's sync onto tinbox's campaign document, rule by rule.
@Suite struct GameballMappingTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Gameball")
    /// The real capture (`../shared/vendors/upstream/`), kept unchanged beside the replay example
    /// that plays it, so a clone without `../shared` holds it too (`theCaptureIsTheSharedOneUnchanged`).
    static let capture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/replay/gameball-v4-sync-live-android.json").standardized
    /// Where the project's shared folder keeps the original, beside the package.
    static let sharedCapture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/vendors/upstream/gameball-v4-sync-live-android.json").standardized

    /// The copy in the repository is the capture byte for byte, wherever `../shared` is there to
    /// compare with (CI lays it beside the clone).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: sharedCapture.path)))
    func theCaptureIsTheSharedOneUnchanged() throws {
        #expect(try Data(contentsOf: Self.capture) == Data(contentsOf: Self.sharedCapture))
    }

    func fixture(_ name: String, options: CampaignReadOptions = CampaignReadOptions()) throws -> CampaignDocument {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        return try CampaignDocument.read(data, format: nil, options: options, documentBase: Self.folder)
    }

    /// One campaign in a V4 payload: `fields` go inside the campaign object.
    func one(_ fields: String, format: CampaignFormat? = .gameball) throws -> (Campaign, [String]) {
        let base = #"{"campaignId":1,"messageType":2,"trigger":{"type":"session_start"},"locale":{"message":"m"}}"#
        var merged = try #require(JSONValue.parse(base)?.objectValue)
        for (key, value) in try #require(JSONValue.parse("{" + fields + "}")?.objectValue) { merged[key] = value }
        let json = JSONValue.object(["messages": .array([.object(merged)])])
        let document = try CampaignDocument.read(json, format: format)
        return (try #require(document.campaigns.first), document.problems)
    }

    func campaign(_ document: CampaignDocument, _ id: String) throws -> Campaign {
        try #require(document.campaigns.first { $0.id == id })
    }

    // MARK: the upstream capture

    @Test func theLiveCaptureReadsUnchangedWithEveryCampaignUsable() throws {
        let document = try CampaignDocument.read(try Data(contentsOf: Self.capture), format: nil)
        #expect(
            document.campaigns.map(\.messageId) == ["2055/20", "2054/19", "2057/22", "2059/25", "2060/26", "2061/27"])
        #expect(document.campaigns.allSatisfy { $0.isUsable })
        #expect(document.problems.isEmpty)
        #expect(document.settings.cooldownSeconds == 10)
        #expect(document.settings.quietHours == QuietHours(start: 22 * 60, end: 8 * 60, clock: .local))
        let full = try campaign(document, "2055")
        #expect(full.name == "QA Fullscreen - place_order")
        #expect(full.dispatchId == "2c17375c-d0d8-40b2-adcb-9c3f2940968c")
        #expect(full.trigger == .event(name: "place_order", filters: []))
        #expect(full.repeatRule == .interval(seconds: 300))
        #expect(full.message?.kind == .fullscreen)
        #expect(full.message?.orientation == .portrait)
        #expect(full.message?.imageURL?.original == "https://i.ibb.co/G34R4MtM/83312799-summer-sale.jpg")
        #expect(
            full.message?.buttons == [
                MessageButton(id: "ok", text: "Track my order", action: .navigate(route: "orders", arguments: [:]))
            ])
        #expect(full.message?.showCloseButton == true)
        let slide = try campaign(document, "2054")
        #expect(slide.repeatRule == .everyTime)
        #expect(slide.message?.showCloseButton == false)
        #expect(slide.message?.autoDismissAfter == 8)
        let plain = try campaign(document, "2059")
        #expect(plain.repeatRule == .once)
        #expect(plain.message?.body == "EN summer sale")
        #expect(plain.message?.showCloseButton == true && plain.message?.dismissOnScrimTap == true)
    }

    @Test func aHigherGameballPriorityWinsAndTiesKeepArrayOrder() throws {
        let document = try CampaignDocument.read(try Data(contentsOf: Self.capture), format: .gameball)
        let ordered = document.campaigns.sorted(by: Campaign.precedes).map(\.id)
        #expect(ordered == ["2055", "2054", "2057", "2059", "2060", "2061"])
        let shuffled = try CampaignDocument.read(
            Data(
                #"{"messages":[{"campaignId":1,"messageType":2,"trigger":{"type":"session_start"},"locale":{"message":"a"}},{"campaignId":2,"priority":3,"messageType":2,"trigger":{"type":"session_start"},"locale":{"message":"b"}},{"campaignId":3,"priority":0,"messageType":2,"trigger":{"type":"session_start"},"locale":{"message":"c"}}]}"#
                    .utf8), format: .gameball)
        #expect(shuffled.campaigns.sorted(by: Campaign.precedes).map(\.id) == ["2", "1", "3"])
    }

    // MARK: the V4 fixture

    @Test func everyFieldOfAV4CampaignMaps() throws {
        let document = try fixture("v4-sync.json")
        #expect(document.settings.cooldownSeconds == 45)
        #expect(document.settings.quietHours == QuietHours(startSeconds: 21 * 3600 + 30 * 60 + 15, endSeconds: 86_400))
        let big = try campaign(document, "101")
        #expect(big.messageId == "101/7" && big.name == "Big spender" && big.dispatchId == "d-101")
        #expect(big.isTest && big.priority == -2)
        #expect(big.endsAt == Date(timeIntervalSince1970: 1_790_805_599.5))
        #expect(big.repeatRule == .interval(seconds: 600))
        #expect(
            big.trigger
                == .event(
                    name: "place_order",
                    filters: [
                        EventFilter(property: "price", op: .gte, value: .number(100)),
                        EventFilter(property: "currency", op: .eq, value: .string("USD")),
                        EventFilter(property: "items", op: .gte, value: .number(3)),
                        EventFilter(property: "items", op: .lte, value: .number(9)),
                    ]))
        #expect(
            document.problems.contains(
                #"campaign 101/7: $.messages[0].trigger.metadataFilters[3].operator "Exists" is unknown; this filter is left out"#
            ))
        #expect(
            document.problems.contains(
                "campaign 101/7: $.messages[0].trigger.metadataFilters[4].value is null; this filter is left out"))
        let message = try #require(big.message)
        #expect(
            message.kind == .modal && message.header == "Thanks, {player_name}!" && message.body == "You earned points."
        )
        #expect(message.clickAction == .openURL(url: "https://acme.example/deal", external: true))
        #expect(message.buttons.map(\.id) == ["claim", "later"], "joined by id, content's order, a modal keeps 2")
        #expect(message.buttons[0].action == .navigate(route: "rewards", arguments: ["tab": .string("points")]))
        #expect(message.buttons[0].backgroundColor == RGBColour(hex: "#1E88E5"))
        #expect(message.buttons[0].borderColor == RGBColour(hex: "#0D47A1"))
        #expect(message.buttons[1].action == .dismiss, "a null action dismisses")
        #expect(message.showCloseButton && message.dismissOnScrimTap)
        #expect(message.autoDismissAfter == 12)
        #expect(message.layout == .imageOnly)
        #expect(message.orientation == .any, "orientation is kept for full screens only")
        #expect(message.imageURL?.original == "https://cdn.example/modal.png")
        #expect(message.iconURL == nil, "only a slide-up has an icon")
        #expect(message.extras == ["tier": "gold", "n": "3"])
        #expect(message.style.backgroundColor == RGBColour(red: 0x11, green: 0x22, blue: 0x33))
        #expect(message.style.textColor == RGBColour(hex: "#445566"))
        #expect(message.style.headerColor == RGBColour(hex: "#778899"))
        #expect(message.style.closeButtonColor == RGBColour(hex: "#AABBCC"))
        #expect(message.style.borderColor == RGBColour(hex: "#DDEEFF"))
        #expect(message.style.frameColor == RGBColour(red: 0, green: 0, blue: 0), "#RRGGBBAA")
        #expect(message.style.headerAlignment == .center && message.style.bodyAlignment == .trailing)

        let slide = try #require(try campaign(document, "102").message)
        #expect(try campaign(document, "102").messageId == "102")
        #expect(try campaign(document, "102").trigger == .sessionStart)
        #expect(try campaign(document, "102").repeatRule == .everyTime)
        #expect(slide.kind == .slideup && slide.body == "Welcome back" && slide.buttons.isEmpty)
        #expect(slide.slidePosition == .top && slide.orientation == .any && !slide.showCloseButton)
        #expect(slide.iconURL?.original == "https://cdn.example/icon.png")
        #expect(slide.style.headerAlignment == .trailing && slide.style.bodyAlignment == .trailing)

        let full = try #require(try campaign(document, "103").message)
        #expect(full.kind == .fullscreen && full.orientation == .landscape && full.layout == .textWithImage)
        #expect(full.imageURL?.original == "https://cdn.example/fallback.png", "a video is not artwork")
        #expect(!full.showCloseButton && !full.dismissOnScrimTap, "swipe on a full screen: no glyph")
        #expect(full.clickAction == .unsupported(type: "log_event"))
        #expect(
            full.buttons.map(\.action) == [
                .unsupported(type: "log_attribute"), .dismiss, .navigate(route: "orders", arguments: [:]),
            ])
    }

    @Test func unmappableCampaignsNeverShowAndNameTheirJSONPath() throws {
        let document = try fixture("v4-sync.json")
        #expect(try campaign(document, "104").message?.kind == .unsupported("messageType 5"))
        #expect(try campaign(document, "104").isUsable, "an unsupported type is kept, dropped at selection")
        let expected = [
            "105": #"campaign 105: $.messages[4].contentMode "html" is not prerendered; it never shows"#,
            "106": "campaign 106: $.messages[5].trigger.name is missing (eventId is never matched); it never shows",
            "107": #"campaign 107: $.messages[6].trigger.metadataLogicalOperator "Or" is not And; it never shows"#,
            "108": #"campaign 108: $.messages[7].trigger.type "page_view" is unknown; it never shows"#,
            "109": "campaign 109: $.messages[8].trigger.metadataFilters[0].name is missing; it never shows",
        ]
        for (id, line) in expected {
            #expect(try !campaign(document, id).isUsable)
            #expect(document.problems.contains(line), "\(id)")
        }
        #expect(document.problems.contains("$.messages[9]: no numeric campaignId; skipped"))
        #expect(document.problems.contains("$.messages[10]: no numeric campaignId; skipped"))
        #expect(document.campaigns.count == 9)
    }

    // MARK: the enveloped form and §6 leniency

    @Test func theEnvelopeIsUnwrappedAndEveryLenientSpellingIsRead() throws {
        let document = try fixture("enveloped.json")
        #expect(document.settings.cooldownSeconds == 30, "a negative cooldown takes the default")
        #expect(document.settings.quietHours == QuietHours(start: 480, end: 480), "enabled as 1; start == end is empty")
        #expect(document.settings.quietHours?.contains(secondsOfDay: 480 * 60) == false)
        let first = try campaign(document, "201")
        #expect(first.isUsable)
        #expect(first.messageId == "201/4" && first.name == nil && first.dispatchId == nil, "blank strings are null")
        #expect(first.priority == -3 && first.isTest == false)
        #expect(first.endsAt == nil, "an unreadable expiresAt means no expiry")
        #expect(first.repeatRule == .interval(seconds: 30))
        #expect(
            first.trigger
                == .event(
                    name: "purchase",
                    filters: [EventFilter(property: "price", op: .lte, value: .array([.string("50"), .number(10)]))]))
        let message = try #require(first.message)
        #expect(message.kind == .modal && message.header == nil && message.body == "Enveloped")
        #expect(message.autoDismissAfter == 0 && message.imageURL == nil)
        #expect(message.style.backgroundColor == nil && message.style.textColor == nil, "bad colours are the theme")
        let second = try campaign(document, "202")
        #expect(second.isTest && second.repeatRule == .once && second.priority == 0)
        #expect(second.trigger == .event(name: "purchase", filters: []))
        #expect(
            document.problems.contains(
                #"campaign 202: $.response.messages[1].trigger.metadataFilters[0].value is not "min,max" or [min, max]; this filter is left out"#
            ))
    }

    @Test func anEnvelopeSayingItFailedIsAFailure() throws {
        #expect(throws: CampaignError.vendorFailure("the Gameball answer says success: false (player not found)")) {
            try CampaignDocument.read(
                Data(#"{"response":null,"success":false,"errorMsg":"player not found","errorCode":404}"#.utf8),
                format: .gameball)
        }
    }

    // MARK: tables

    @Test(arguments: [
        ("is", EventFilter.Operator.eq), ("Equals", .eq), ("EQUAL", .eq), ("eq", .eq), ("==", .eq),
        ("IsNot", .neq), ("not_equals", .neq), ("NotEqual", .neq), ("ne", .neq), ("neq", .neq), ("!=", .neq),
        ("Greater", .gt), ("GreaterThan", .gt), ("gt", .gt), (">", .gt),
        ("GreaterOrEqual", .gte), ("greater_than_or_equal", .gte), ("GreaterThanOrEquals", .gte), ("gte", .gte),
        (">=", .gte), ("Less", .lt), ("LessThan", .lt), ("lt", .lt), ("<", .lt), ("LessOrEqual", .lte),
        ("LessThanOrEqual", .lte), ("less_than_or_equals", .lte), ("lte", .lte), ("<=", .lte),
        ("Contains", .contains),
    ])
    func everyOperatorSpellingMaps(spelling: String, op: EventFilter.Operator) throws {
        let (campaign, problems) = try one(
            #""trigger":{"type":"event","name":"e","metadataFilters":[{"name":"p","operator":"\#(spelling)","value":"5"}]}"#
        )
        #expect(
            campaign.trigger == .event(name: "e", filters: [EventFilter(property: "p", op: op, value: .string("5"))]))
        #expect(problems.isEmpty)
    }

    @Test(arguments: [
        (#""10,20""#, 10.0, 20.0), (#""20, 10""#, 10, 20), ("[1, 5]", 1, 5), (#"["7","2"]"#, 2, 7),
        ("[-3, -3]", -3, -3),
    ])
    func betweenBecomesGteAndLteWithBoundsInOrder(value: String, low: Double, high: Double) throws {
        let (campaign, _) = try one(
            #""trigger":{"type":"event","name":"e","metadataFilters":[{"name":"p","operator":"Between","value":\#(value)}]}"#
        )
        #expect(
            campaign.trigger
                == .event(
                    name: "e",
                    filters: [
                        EventFilter(property: "p", op: .gte, value: .number(low)),
                        EventFilter(property: "p", op: .lte, value: .number(high)),
                    ]))
        let filters = if case .event(_, let filters) = campaign.trigger { filters } else { [EventFilter]() }
        #expect(filters.allSatisfy { $0.passes(["p": .number(low)]) })
        #expect(!filters.allSatisfy { $0.passes(["p": .number(high + 1)]) })
    }

    @Test(arguments: [
        ("", RepeatRule.once), (#""repeatable":false,"minIntervalSeconds":60"#, .once), (#""repeatable":null"#, .once),
        (#""repeatable":true"#, .everyTime), (#""repeatable":true,"minIntervalSeconds":0"#, .everyTime),
        (#""repeatable":true,"minIntervalSeconds":null"#, .everyTime),
        (#""repeatable":true,"minIntervalSeconds":-4"#, .everyTime),
        (#""repeatable":1,"minIntervalSeconds":"90""#, .interval(seconds: 90)),
        (#""repeatable":"true","minIntervalSeconds":90.5"#, .interval(seconds: 90.5)),
    ])
    func repeatRules(trigger: String, rule: RepeatRule) throws {
        let (campaign, _) = try one(#""trigger":{"type":"session_start"\#(trigger.isEmpty ? "" : ",")\#(trigger)}"#)
        #expect(campaign.repeatRule == rule)
    }

    @Test(arguments: [
        (1, "button", false, false), (1, "swipe", false, false), (1, "both", false, false), (1, "null", false, false),
        (2, "button", true, false), (2, "swipe", false, true), (2, "both", true, true), (2, "null", true, true),
        (3, "button", true, false), (3, "swipe", false, false), (3, "both", true, false), (3, "null", true, false),
        (2, #""""#, true, true), (2, #""BUTTON""#, true, false),
    ])
    func closeBehaviourByMessageType(type: Int, behaviour: String, glyph: Bool, scrim: Bool) throws {
        let written = behaviour == "null" || behaviour.hasPrefix("\"") ? behaviour : "\"\(behaviour)\""
        let (campaign, _) = try one(#""messageType":\#(type),"content":{"closeBehaviour":\#(written)}"#)
        #expect(campaign.message?.showCloseButton == glyph)
        #expect(campaign.message?.dismissOnScrimTap == scrim)
    }

    @Test(arguments: [
        (3, #"{"type":"image","url":"https://x/m.png"}"#, #""https://x/i.png""#, "https://x/m.png"),
        (3, #"{"url":"https://x/m.png"}"#, #""https://x/i.png""#, "https://x/m.png"),
        (3, #"{"type":"video","url":"https://x/m.mp4"}"#, #""https://x/i.png""#, "https://x/i.png"),
        (3, "null", #""https://x/i.png""#, "https://x/i.png"),
        (2, #"{"type":"image","url":"https://x/m.png"}"#, #""https://x/i.png""#, "https://x/i.png"),
        (2, #"{"type":"image","url":"https://x/m.png"}"#, "null", "https://x/m.png"),
        (2, #"{"type":"image","url":"https://x/m.png"}"#, #""""#, "https://x/m.png"),
        (1, "null", #""https://x/i.png""#, "https://x/i.png"),
        (2, "null", "null", ""),
    ])
    func artworkPrecedence(type: Int, media: String, imageUrl: String, expected: String) throws {
        let (campaign, _) = try one(#""messageType":\#(type),"content":{"media":\#(media),"imageUrl":\#(imageUrl)}"#)
        #expect((campaign.message?.imageURL?.original ?? "") == expected)
    }

    @Test(arguments: [
        (#"{"type":"dismiss"}"#, InAppAction.dismiss),
        (
            #"{"type":"open_url","url":"https://a.example","external":null}"#,
            .openURL(url: "https://a.example", external: false)
        ),
        (
            #"{"type":"OPEN_URL","url":"https://a.example","external":1}"#,
            .openURL(url: "https://a.example", external: true)
        ),
        (
            #"{"type":"navigate","route":"//shop","arguments":{"id":3}}"#,
            .navigate(route: "shop", arguments: ["id": .number(3)])
        ),
        (#"{"type":"request_push_permission"}"#, .requestPushPermission),
        (#"{"type":"log_event","eventName":"e"}"#, .unsupported(type: "log_event")),
        (#"{"type":"log_attribute"}"#, .unsupported(type: "log_attribute")),
        (#"{"type":"teleport"}"#, .unsupported(type: "teleport")),
    ])
    func surfaceActions(action: String, expected: InAppAction) throws {
        let (campaign, _) = try one(#""content":{"action":\#(action)}"#)
        #expect(campaign.message?.clickAction == expected)
    }

    @Test func aNullSurfaceActionIsInertAndAButtonWithoutAnActionDismisses() throws {
        let (campaign, _) = try one(
            #""content":{"action":null,"buttons":[{"id":"b","action":{"type":"open_url","url":""}}]},"locale":{"message":"m","buttons":[{"id":"b","text":"Go"}]}"#
        )
        #expect(campaign.message?.clickAction == nil)
        #expect(campaign.message?.buttons.map(\.action) == [.dismiss])
    }

    @Test(arguments: [
        ("left", MessageStyle.Alignment.leading), ("start", .leading), ("center", .center), ("centre", .center),
        ("right", .trailing), ("end", .trailing),
    ])
    func textAlignmentSpellings(written: String, alignment: MessageStyle.Alignment) throws {
        let (split, _) = try one(#""content":{"textAlignment":{"header":"\#(written)","body":"\#(written)"}}"#)
        let (single, _) = try one(#""content":{"textAlignment":"\#(written)"}"#)
        for campaign in [split, single] {
            #expect(campaign.message?.style.headerAlignment == alignment)
            #expect(campaign.message?.style.bodyAlignment == alignment)
        }
    }

    @Test(arguments: [
        ("text_with_image", InAppMessage.Layout.textWithImage), ("image_and_text", .textWithImage),
        ("image_only", .imageOnly), ("carousel", .textWithImage),
    ])
    func layouts(written: String, layout: InAppMessage.Layout) throws {
        let (campaign, _) = try one(#""content":{"layout":"\#(written)"}"#)
        #expect(campaign.message?.layout == layout)
    }

    @Test(arguments: [
        (1, InAppMessage.Kind.slideup), (2, .modal), (3, .fullscreen), (4, .unsupported("messageType 4")),
        (5, .unsupported("messageType 5")),
    ])
    func messageTypes(type: Int, kind: InAppMessage.Kind) throws {
        let (campaign, _) = try one(#""messageType":"\#(type)""#)
        #expect(campaign.message?.kind == kind)
    }

    @Test func slideFromAndAutoDismissMap() throws {
        let (top, _) = try one(#""messageType":1,"content":{"slideFrom":"TOP","autoDismissSeconds":null}"#)
        #expect(top.message?.slidePosition == .top && top.message?.autoDismissAfter == nil)
        #expect(top.message?.autoDismissDuration == 8, "null: the PROTOCOL 2.1 default")
        let (off, _) = try one(#""messageType":1,"content":{"slideFrom":"sideways","autoDismissSeconds":0}"#)
        #expect(off.message?.slidePosition == .bottom && off.message?.autoDismissDuration == nil)
    }

    @Test func quietHoursNeedEnabledAndTakeTheConfiguredClock() throws {
        func settings(_ quiet: String, clock: QuietHours.Clock? = nil) throws -> CampaignSettings {
            try CampaignDocument.read(
                Data(#"{"quietHours":\#(quiet),"messages":[]}"#.utf8), format: .gameball,
                options: CampaignReadOptions(quietHoursClock: clock)
            ).settings
        }
        #expect(try settings(#"{"start":"22:00","end":"08:00"}"#).quietHours == nil, "enabled absent: none")
        #expect(try settings(#"{"enabled":false,"start":"22:00","end":"08:00"}"#).quietHours == nil)
        #expect(try settings(#"{"enabled":true,"start":"22:00","end":"08:00"}"#).quietHours?.clock == .local)
        let utc = try settings(#"{"enabled":true,"start":"22:00","end":"08:00"}"#, clock: .utc).quietHours
        #expect(utc == QuietHours(start: 22 * 60, end: 8 * 60, clock: .utc))
        let noon = EngineTime(uptime: 0, utc: Date(timeIntervalSince1970: 12 * 3600), utcOffset: 11 * 3600)
        #expect(utc?.contains(noon) == false, "12:00 UTC is outside, though 23:00 local")
        #expect(QuietHours(start: 22 * 60, end: 8 * 60).contains(noon), "on the local clock it is inside")
        #expect(try settings(#"{"enabled":true,"start":"25:00","end":"08:00"}"#).quietHours == nil)
        #expect(QuietHours.seconds("24:00") == 86_400 && QuietHours.seconds("07:05:09") == 25_509)
        #expect(QuietHours.seconds("24:01") == nil && QuietHours.seconds("7:05") == nil)
    }

    /// A window with seconds is written with them, and tinbox's document reads them back: `convert`
    /// wrote `12:00:30` as `12:00`, and the converted file judged those 30 seconds differently.
    @Test func aQuietHoursWindowKeepsItsSecondsThroughConvert() throws {
        let gameball = try CampaignDocument.read(
            Data(#"{"quietHours":{"enabled":true,"start":"12:00:30","end":"24:00"},"messages":[]}"#.utf8),
            format: .gameball)
        let written = JSONWriter.write(gameball.syncDocument)
        #expect(written.contains(#""start":"12:00:30""#) && written.contains(#""end":"00:00""#), "\(written)")
        let again = try CampaignDocument.read(Data(written.utf8), format: .tinbox)
        #expect(again.settings.quietHours?.startSeconds == 12 * 3600 + 30)
        #expect(again.problems.isEmpty, "\(again.problems)")
        let bad = try CampaignDocument.read(
            Data(#"{"settings":{"quietHours":{"start":"12:00:60","end":"13:00"}},"campaigns":[]}"#.utf8),
            format: .tinbox)
        #expect(bad.settings.quietHours == nil)
        #expect(
            bad.problems == ["settings.quietHours: start and end must be HH:mm or HH:mm:ss; no quiet hours are used"])
    }

    // MARK: §5 recognising a file

    @Test(arguments: [
        (#"{"campaigns":[]}"#, DocumentShape.tinboxSync),
        (#"{"messages":[{"data":{}}]}"#, .tinboxMessages),
        (#"{"messages":[{"campaignId":1}]}"#, .gameball),
        (#"{"response":{"messages":[{"campaignId":1}]},"success":true}"#, .gameball),
        (#"{"messages":[{"subject":"s"}]}"#, .sfmc),
        (#"{"messages":[{"alert":"a"}]}"#, .sfmc),
        (#"[{"smsgId":"1"}]"#, .dengage), (#"[{"smsg_id":"1"}]"#, .dengage),
        (#"[{"id":"1","sendDateUtc":"x"}]"#, .sfmc),
        (#"{"messages":[]}"#, .empty), ("[]", .empty),
        (#"{"settings":{}}"#, .unknown(found: "an object with keys settings")),
    ])
    func shapes(text: String, shape: DocumentShape) throws {
        #expect(DocumentShape.of(try #require(JSONValue.parse(text))) == shape)
    }

    @Test func anUnrecognisedFileSaysWhatWasFound() throws {
        #expect(throws: CampaignError.unrecognised(found: "a list whose first item has keys name, x")) {
            try CampaignDocument.read(Data(#"[{"x":1,"name":"n"}]"#.utf8), format: nil)
        }
        #expect(
            CampaignError.unrecognised(found: "a number").description
                == "not a tinbox, dengage, sfmc or gameball document (a number)")
        #expect(throws: CampaignError.inboxDocument(format: "dengage")) {
            try CampaignDocument.read(Data(#"[{"smsgId":"1"}]"#.utf8), format: nil)
        }
        #expect(try CampaignDocument.read(Data("[]".utf8), format: nil).campaigns.isEmpty)
    }

    @Test func namesAreShownSanitizedBesideTheId() throws {
        let (campaign, _) = try one(#""variationId":2,"name":"Sale \u001b[31m now""#)
        #expect(campaign.label == "1/2 \"Sale ␛[31m now\"")
    }

    /// A named format is how the document is read, unless its shape is plainly another's: then
    /// one error, not an empty document (found by a helper: `convert --from gameball` of a tinbox
    /// sync document printed no campaign and exited 0).
    @Test func aDocumentOfAnotherFormatThanTheOneNamedIsRefused() throws {
        let tinbox = try #require(JSONValue.parse(#"{"campaigns": [{"id": "c"}]}"#))
        let gameball = try #require(JSONValue.parse(#"{"messages": [{"campaignId": 1}]}"#))
        #expect(throws: CampaignError.otherFormat(named: "gameball", found: "tinbox sync")) {
            try CampaignDocument.read(tinbox, format: .gameball)
        }
        #expect(throws: CampaignError.otherFormat(named: "tinbox", found: "gameball")) {
            try CampaignDocument.read(gameball, format: .tinbox)
        }
        #expect(throws: CampaignError.inboxDocument(format: "tinbox messages")) {
            try CampaignDocument.read(
                try #require(JSONValue.parse(#"{"messages": [{"data": {}}]}"#)), format: .gameball)
        }
        // An empty list, or a shape no format has, is read as named.
        #expect(
            try CampaignDocument.read(try #require(JSONValue.parse(#"{"messages": []}"#)), format: .gameball).campaigns
                .isEmpty)
    }
}
