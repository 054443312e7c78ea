import InAppEngine
import InboxCore
import Testing

@testable import TerminalUI

/// Campaign colours mapped to the terminal (issue 6 point 1): nearest of 256, of 8, the mode chosen
/// from the environment, and the bounded table of colour pairs.
@Suite struct CampaignPaletteTests {
    func colour(_ hex: String) -> RGBColour {
        RGBColour(hex: hex)!
    }

    @Test(arguments: [
        ("#000000", 16), ("#FFFFFF", 231), ("#FF0000", 196), ("#00FF00", 46), ("#0000FF", 21),
        ("#5F87AF", 67), ("#808080", 244), ("#080808", 232), ("#EEEEEE", 255), ("#1E88E5", 32),
        ("#5B2EFF", 57), ("#FFC83D", 221),
    ])
    func nearest256(hex: String, index: Int) {
        #expect(CampaignPalette.nearest256(colour(hex)) == index)
    }

    @Test func nearest256NeverPicksTheSixteenColoursUsersRetheme() {
        for value in stride(from: 0, through: 255, by: 17) {
            for other in stride(from: 0, through: 255, by: 51) {
                let sample = RGBColour(red: UInt8(value), green: UInt8(other), blue: UInt8(255 - value))
                #expect((16...255).contains(CampaignPalette.nearest256(sample)))
            }
        }
    }

    @Test func everyXtermColourMapsToItselfOrAnEqualColour() {
        for index in 16...255 {
            let mapped = CampaignPalette.nearest256(XtermPalette.colour(at: index))
            #expect(XtermPalette.colour(at: mapped) == XtermPalette.colour(at: index))
        }
    }

    @Test(arguments: [
        ("#000000", 0), ("#222222", 0), ("#FFFFFF", 7), ("#888888", 7), ("#DDDDDD", 7), ("#FF0000", 1),
        ("#00C000", 2), ("#FFC83D", 3), ("#5B2EFF", 4), ("#C000C0", 5), ("#1E88E5", 6),
    ])
    func nearest8(hex: String, index: Int) {
        #expect(CampaignPalette.nearest8(colour(hex)) == index)
    }

    @Test func textThatWouldVanishOnItsBackgroundTakesTheContrastingColour() {
        let palette = CampaignPalette(depth: .colors8, terminalColours: 8)
        let numbers = palette.numbers(foreground: colour("#222222"), background: colour("#333333"))
        #expect(numbers.background == 0 && numbers.foreground == 7)
        let light = palette.numbers(foreground: colour("#EEEEEE"), background: colour("#FFFFFF"))
        #expect(light.background == 7 && light.foreground == 0)
        let kept = palette.numbers(foreground: colour("#FFFFFF"), background: colour("#1E88E5"))
        #expect(kept.foreground == 7 && kept.background == 6)
    }

    @Test func oneChannelLeavesTheOtherToTheRole() {
        let palette = CampaignPalette(depth: .colors256, terminalColours: 256)
        let numbers = palette.numbers(foreground: colour("#FF0000"), background: nil)
        #expect(numbers.foreground == 196 && numbers.background == nil)
    }

    @Test func noColourDepthMapsNothing() {
        let palette = CampaignPalette(depth: .none, terminalColours: 0)
        let numbers = palette.numbers(foreground: colour("#FF0000"), background: colour("#FFFFFF"))
        #expect(numbers.foreground == nil && numbers.background == nil)
    }

    @Test func directColourDrawsTheNearestPaletteColourBeneath() {
        #expect(CampaignPalette(depth: .direct, terminalColours: 256).indexed == .colors256)
        #expect(CampaignPalette(depth: .direct, terminalColours: 8).indexed == .colors8)
    }

    @Test(arguments: [
        (Theme.Depth.colors256, "default", ["COLORTERM": "truecolor"], CampaignPalette.Depth.direct),
        (.colors256, "default", ["COLORTERM": "24bit"], .direct),
        (.colors256, "default", ["COLORTERM": "yes"], .colors256),
        (.colors256, "default", [:], .colors256),
        (.colors8, "default", [:], .colors8),
        (.colors8, "default", ["COLORTERM": "truecolor"], .direct),
        (.colors8, "basic", ["COLORTERM": "truecolor"], .colors8),
        (.monochrome, "default", ["COLORTERM": "truecolor", "NO_COLOR": "1"], .none),
    ])
    func depthFollowsTheEnvironment(
        theme: Theme.Depth, name: String, environment: [String: String], expected: CampaignPalette.Depth
    ) {
        #expect(CampaignPalette.depth(theme: theme, themeName: name, environment: environment) == expected)
    }

    @Test func noColorMakesTheThemeMonochrome() {
        let depth = Theme.depth(theme: "default", environment: ["NO_COLOR": "1"], hasColors: true, colors: 256)
        #expect(depth == .monochrome)
    }

    @Test func contrastingPicksBlackOnLightAndWhiteOnDark() {
        #expect(CampaignPalette.contrasting(colour("#FFFFFF")) == colour("#000000"))
        #expect(CampaignPalette.contrasting(colour("#E9F7FB")) == colour("#000000"))
        #expect(CampaignPalette.contrasting(colour("#2D0B59")) == colour("#FFFFFF"))
        #expect(CampaignPalette.contrasting(colour("#5B2EFF")) == colour("#FFFFFF"))
    }
}

@Suite struct ColourPairTableTests {
    typealias Key = ColourPairTable.Key

    @Test func pairsAreMadeOnFirstUseAndReused() {
        var table = ColourPairTable(first: 12, last: 20)
        let red = Key(foreground: 196, background: -1)
        #expect(table.pair(for: red, isOnScreen: { _ in true }) == .new(12))
        #expect(table.pair(for: Key(foreground: 21, background: 231), isOnScreen: { _ in true }) == .new(13))
        #expect(table.pair(for: red, isOnScreen: { _ in true }) == .existing(12))
        #expect(table.count == 2)
    }

    @Test func aFullTableRecyclesThePairUsedLongestAgoThatIsNotOnScreen() {
        var table = ColourPairTable(first: 1, last: 3)
        let keys = (0..<5).map { Key(foreground: Int16(100 + $0), background: -1) }
        for key in keys.prefix(3) { _ = table.pair(for: key, isOnScreen: { _ in false }) }
        _ = table.pair(for: keys[0], isOnScreen: { _ in false })
        // keys[1] was used longest ago, but it is on screen: keys[2] gives way.
        let assignment = table.pair(for: keys[3], isOnScreen: { $0 == keys[1] })
        #expect(assignment == .new(3))
        #expect(table.pair(for: keys[1], isOnScreen: { _ in false }) == .existing(2))
        #expect(table.pair(for: keys[2], isOnScreen: { _ in false }) == .new(1))
        #expect(table.count == 3)
    }

    @Test func aFullTableWhosePairsAreAllOnScreenGivesNone() {
        var table = ColourPairTable(first: 1, last: 2)
        _ = table.pair(for: Key(foreground: 1, background: 2), isOnScreen: { _ in true })
        _ = table.pair(for: Key(foreground: 3, background: 4), isOnScreen: { _ in true })
        #expect(table.pair(for: Key(foreground: 5, background: 6), isOnScreen: { _ in true }) == nil)
    }

    @Test func anEmptyRangeNeverAllocates() {
        var table = ColourPairTable(first: 4, last: 3)
        #expect(table.pair(for: Key(foreground: 1, background: 2), isOnScreen: { _ in false }) == nil)
    }
}
