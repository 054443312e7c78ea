import InboxCore
import Testing

@testable import InAppEngine

@Suite struct EventFilterTests {
    static let properties: [String: JSONValue] = [
        "price": .number(150), "text": .string("100"), "currency": .string("USD"), "flag": .bool(true),
        "odd": .string("nan"), "none": .null,
    ]

    func passes(_ property: String, _ op: EventFilter.Operator, _ value: JSONValue) -> Bool {
        EventFilter(property: property, op: op, value: value).passes(Self.properties)
    }

    @Test func numbersCompareByValueAndNumericStringsCountAsNumbers() {
        #expect(passes("price", .eq, .number(150.0)))
        #expect(passes("text", .eq, .number(100)))
        #expect(passes("text", .gte, .number(100)))
        #expect(passes("text", .lt, .number(100.5)))
        #expect(passes("price", .gt, .number(149.99)))
        #expect(!passes("price", .lte, .number(149)))
        #expect(passes("price", .neq, .number(151)))
    }

    @Test func orderingOpsCompareNumbersOnly() {
        #expect(!passes("currency", .gt, .string("A")))
        #expect(!passes("odd", .gt, .number(0)))
        #expect(!passes("flag", .gte, .number(0)))
    }

    @Test func stringsCompareExactlyAndContainsIsCaseSensitive() {
        #expect(passes("currency", .eq, .string("USD")))
        #expect(!passes("currency", .eq, .string("usd")))
        #expect(passes("currency", .contains, .string("US")))
        #expect(!passes("currency", .contains, .string("us")))
        #expect(!passes("price", .contains, .string("15")))
    }

    @Test(arguments: [EventFilter.Operator.eq, .neq, .gt, .gte, .lt, .lte, .contains])
    func missingPropertyFailsEveryOpButExists(op: EventFilter.Operator) {
        #expect(!passes("absent", op, .number(1)))
        #expect(!passes("none", op, .number(1)))
    }

    @Test func existsTestsPresenceOnly() {
        #expect(passes("flag", .exists, .null))
        #expect(!passes("absent", .exists, .null))
    }

    @Test func unknownOpNeverPasses() {
        #expect(!passes("price", .unsupported("between"), .number(1)))
    }

    @Test func eventNamesMatchCaseInsensitivelyAndEveryFilterMustPass() {
        let campaign = Campaign(
            id: "c",
            trigger: .event(
                name: "Place_Order",
                filters: [
                    EventFilter(property: "price", op: .gte, value: .number(100)),
                    EventFilter(property: "currency", op: .eq, value: .string("USD")),
                ]), message: InAppMessage(kind: .modal))
        let index = CampaignIndex([campaign])
        #expect(index.matches(event: "place_order", properties: Self.properties).count == 1)
        #expect(index.matches(event: "PLACE_ORDER", properties: Self.properties).count == 1)
        #expect(index.matches(event: "place_order", properties: ["price": .number(150)]).isEmpty)
    }

    @Test func indexLooksAtTheEventsOwnCampaignsOnly() {
        var campaigns: [Campaign] = []
        for number in 0..<20_000 {
            campaigns.append(
                Campaign(
                    id: "c\(number)", priority: Double(number % 7),
                    trigger: .event(name: "e\(number % 1000)", filters: []),
                    message: InAppMessage(kind: .modal), documentIndex: number))
        }
        let index = CampaignIndex(campaigns)
        let matches = index.matches(event: "E7", properties: [:])
        #expect(matches.count == 20)
        #expect(zip(matches, matches.dropFirst()).allSatisfy { Campaign.precedes($0, $1) })
    }
}
