import InAppEngine
import InAppSync
import Testing

/// CLI.md: `KEY=VALUE` typing, and the purchase event of PROTOCOL 2.3.
@Suite struct EventArgumentsTests {
    @Test func numbersAndBooleansAreTypedAndTheRestAreStrings() throws {
        let properties = try EventArguments.properties([
            "amount=150", "ratio=-2.5", "vip=true", "off=false", "name=Sara", "code=007x", "empty=",
        ])
        #expect(properties["amount"] == .number(150))
        #expect(properties["ratio"] == .number(-2.5))
        #expect(properties["vip"] == .bool(true))
        #expect(properties["off"] == .bool(false))
        #expect(properties["name"] == .string("Sara"))
        #expect(properties["code"] == .string("007x"))
        #expect(properties["empty"] == .string(""))
    }

    @Test func aWordWithoutEqualsOrWithAnEmptyKeyIsRefused() {
        #expect(throws: EventArguments.Problem.notKeyValue("oops")) { try EventArguments.properties(["oops"]) }
        #expect(throws: EventArguments.Problem.emptyKey("=1")) { try EventArguments.properties(["=1"]) }
    }

    @Test func aPurchaseHasItsFourFieldsWithQuantityOneAndExtrasMergedOver() throws {
        let plain = try EventArguments.purchase(
            product: "sku-1", price: "9.99", currency: "USD", quantity: nil, extras: [:])
        #expect(
            plain == [
                "productId": .string("sku-1"), "price": .number(9.99), "currency": .string("USD"),
                "quantity": .number(1),
            ])
        let merged = try EventArguments.purchase(
            product: "sku-1", price: "5", currency: "USD", quantity: "2",
            extras: ["currency": .string("EUR"), "gift": .bool(true)])
        #expect(merged["currency"] == .string("EUR"))
        #expect(merged["quantity"] == .number(2))
        #expect(merged["gift"] == .bool(true))
        #expect(throws: EventArguments.Problem.notANumber(option: "--price", value: "free")) {
            try EventArguments.purchase(product: "p", price: "free", currency: "USD", quantity: nil, extras: [:])
        }
    }
}
