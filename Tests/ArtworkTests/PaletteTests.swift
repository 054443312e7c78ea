import InboxCore
import TestSupport
import Testing

@testable import Artwork

@Suite struct PaletteTests {
    @Test(arguments: [
        (RGBColour(red: 0, green: 0, blue: 0), 16),
        (RGBColour(red: 255, green: 255, blue: 255), 231),
        (RGBColour(red: 255, green: 0, blue: 0), 196),
        (RGBColour(red: 0, green: 255, blue: 0), 46),
        (RGBColour(red: 0, green: 0, blue: 255), 21),
        (RGBColour(red: 128, green: 128, blue: 128), 244),  // grey ramp: 8 + 12 x 10
        (RGBColour(red: 100, green: 100, blue: 100), 241),  // grey 98 beats cube 95
        (RGBColour(red: 95, green: 95, blue: 95), 59),  // the cube's own grey
        (RGBColour(red: 90, green: 140, blue: 200), 68),  // 95, 135, 215
        (RGBColour(red: 0x1E, green: 0x88, blue: 0xE5), 32),  // a campaign blue: 0, 135, 215
        (RGBColour(red: 240, green: 240, blue: 240), 255),
    ])
    func nearestOf256(colour: RGBColour, index: Int) {
        #expect(ArtworkPalette.index256(of: colour) == index)
        #expect(ArtworkPalette.nearest256(to: colour) == XtermPalette.colour(at: index))
    }

    /// The quick cube-and-ramp search gives an entry as near as an exhaustive search over 16...255.
    @Test func nearestOf256MatchesAnExhaustiveSearch() {
        var generator = SeededGenerator(state: 256)
        for _ in 0..<3000 {
            let colour = RGBColour(
                red: .random(in: 0...255, using: &generator), green: .random(in: 0...255, using: &generator),
                blue: .random(in: 0...255, using: &generator))
            let best = XtermPalette.fixed.map { colour.distanceSquared(to: XtermPalette.colour(at: $0)) }
                .min()
            #expect(colour.distanceSquared(to: ArtworkPalette.nearest256(to: colour)) == best, "\(colour)")
        }
    }

    @Test func everyEntryOf256MapsToItself() {
        for index in XtermPalette.fixed {
            #expect(ArtworkPalette.index256(of: XtermPalette.colour(at: index)) == index)
        }
        #expect(XtermPalette.colour(at: 232) == RGBColour(red: 8, green: 8, blue: 8))
        #expect(XtermPalette.colour(at: 255) == RGBColour(red: 238, green: 238, blue: 238))
        #expect(XtermPalette.colour(at: 16 + 36 * 2 + 6 * 3 + 4) == RGBColour(red: 135, green: 175, blue: 215))
    }

    @Test(arguments: [
        (RGBColour(red: 0, green: 0, blue: 0), 0),
        (RGBColour(red: 255, green: 0, blue: 0), 1),
        (RGBColour(red: 20, green: 180, blue: 30), 2),
        (RGBColour(red: 200, green: 200, blue: 0), 3),
        (RGBColour(red: 0, green: 0, blue: 200), 4),
        (RGBColour(red: 150, green: 0, blue: 170), 5),
        (RGBColour(red: 0, green: 220, blue: 220), 6),
        (RGBColour(red: 250, green: 250, blue: 250), 7),
        (RGBColour(red: 60, green: 60, blue: 60), 0),
        (RGBColour(red: 180, green: 180, blue: 180), 7),
    ])
    func nearestOf8(colour: RGBColour, index: Int) {
        #expect(ArtworkPalette.index8(of: colour) == index)
        #expect(ArtworkPalette.nearest8(to: colour) == XtermPalette.ansi[index])
    }

    @Test func halfBlocksQuantizeEveryCellToThePalette() {
        let image = Fixtures.makeImage(width: 16, height: 16) { x, y in (UInt8(x * 16), UInt8(y * 16), 200, 255) }
        let indexed = ArtworkRenderer.render(image, columns: 8, rows: 4, symbols: .halfBlocks, colours: .indexed256)
        let eight = ArtworkRenderer.render(image, columns: 8, rows: 4, symbols: .halfBlocks, colours: .indexed8)
        let colours256 = Set(XtermPalette.fixed.map(XtermPalette.colour(at:)))
        for cell in indexed.cells {
            #expect(cell.foreground.map(colours256.contains) == true)
            #expect(cell.background.map(colours256.contains) == true)
        }
        for cell in eight.cells {
            #expect(cell.foreground.map(XtermPalette.ansi.contains) == true)
            #expect(cell.background.map(XtermPalette.ansi.contains) == true)
        }
    }
}
