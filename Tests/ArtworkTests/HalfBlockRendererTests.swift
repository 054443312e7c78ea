import InboxCore
import Testing

@testable import Artwork

@Suite struct HalfBlockRendererTests {
    static let red = RGBColour(red: 255, green: 0, blue: 0)
    static let green = RGBColour(red: 0, green: 255, blue: 0)
    static let blue = RGBColour(red: 0, green: 0, blue: 255)
    static let white = RGBColour(red: 255, green: 255, blue: 255)
    static let black = RGBColour(red: 0, green: 0, blue: 0)
    static let grey = RGBColour(red: 128, green: 128, blue: 128)

    /// Rows of the 2x4 picture: red white / green black / blue grey / white red.
    static let twoByFour: RasterImage = {
        let rows = [[red, white], [green, black], [blue, grey], [white, red]]
        return Fixtures.makeImage(width: 2, height: 4) { x, y in
            let colour = rows[y][x]
            return (colour.red, colour.green, colour.blue, 255)
        }
    }()

    @Test func eachCellIsTheTopPixelOverTheBottomPixel() {
        let picture = ArtworkRenderer.render(
            Self.twoByFour, columns: 2, rows: 2, symbols: .halfBlocks, colours: .trueColour)
        #expect(picture.columns == 2 && picture.rows == 2)
        #expect(picture.textRows == ["▀▀", "▀▀"])
        #expect(picture[0, 0] == ArtworkCell(text: "▀", foreground: Self.red, background: Self.green))
        #expect(picture[1, 0] == ArtworkCell(text: "▀", foreground: Self.white, background: Self.black))
        #expect(picture[0, 1] == ArtworkCell(text: "▀", foreground: Self.blue, background: Self.white))
        #expect(picture[1, 1] == ArtworkCell(text: "▀", foreground: Self.grey, background: Self.red))
    }

    @Test func shrinkingAveragesTheAreaEachHalfCovers() {
        // One cell: the top half averages rows 0-1, the bottom half rows 2-3.
        let picture = ArtworkRenderer.render(
            Self.twoByFour, columns: 1, rows: 1, symbols: .halfBlocks, colours: .trueColour)
        // (255+255+0+0)/4 = 127.5 -> 128; (0+255+255+0)/4; (0+255+0+0)/4 = 63.75 -> 64.
        #expect(picture[0, 0].foreground == RGBColour(red: 128, green: 128, blue: 64))
        // (0+128+255+255)/4 = 159.5 -> 160; (0+128+255+0)/4 = 95.75; (255+128+255+0)/4 = 159.5.
        #expect(picture[0, 0].background == RGBColour(red: 160, green: 96, blue: 160))
    }

    @Test func fractionalCoverageWeighsPartlyCoveredPixels() {
        // Three columns into two: the middle pixel is split half and half.
        let image = Fixtures.makeImage(width: 3, height: 2) { x, _ in
            let value: UInt8 = [0, 90, 210][x]
            return (value, value, value, 255)
        }
        let picture = ArtworkRenderer.render(image, columns: 2, rows: 1, symbols: .halfBlocks, colours: .trueColour)
        // (0 x 1 + 90 x 0.5) / 1.5 = 30; (90 x 0.5 + 210 x 1) / 1.5 = 170.
        #expect(picture[0, 0].foreground == RGBColour(red: 30, green: 30, blue: 30))
        #expect(picture[1, 0].foreground == RGBColour(red: 170, green: 170, blue: 170))
    }

    @Test func growingRepeatsPixels() {
        let picture = ArtworkRenderer.render(
            Self.twoByFour, columns: 4, rows: 4, symbols: .halfBlocks, colours: .trueColour)
        #expect(picture[0, 0] == ArtworkCell(text: "▀", foreground: Self.red, background: Self.red))
        #expect(picture[1, 0] == picture[0, 0])
        #expect(picture[3, 3] == ArtworkCell(text: "▀", foreground: Self.red, background: Self.red))
        #expect(picture[2, 1] == ArtworkCell(text: "▀", foreground: Self.black, background: Self.black))
    }

    @Test func transparentHalvesHaveNoColour() {
        // Column 0: opaque red over transparent; column 1: transparent over opaque blue.
        // Column 2 is transparent throughout; column 3 is mostly transparent (alpha 100).
        let image = Fixtures.makeImage(width: 4, height: 2) { x, y in
            switch (x, y) {
            case (0, 0): return (255, 0, 0, 255)
            case (1, 1): return (0, 0, 255, 255)
            case (3, _): return (0, 255, 0, 100)
            default: return (9, 9, 9, 0)
            }
        }
        let picture = ArtworkRenderer.render(image, columns: 4, rows: 1, symbols: .halfBlocks, colours: .trueColour)
        #expect(picture[0, 0] == ArtworkCell(text: "▀", foreground: Self.red, background: nil))
        #expect(picture[1, 0] == ArtworkCell(text: "▄", foreground: Self.blue, background: nil))
        #expect(picture[2, 0] == .transparent)
        #expect(picture[3, 0] == .transparent)
    }

    @Test func aBackgroundBlendsTransparencyAway() {
        let image = Fixtures.makeImage(width: 1, height: 2) { _, y in y == 0 ? (255, 255, 255, 0) : (255, 0, 0, 102) }
        let picture = ArtworkRenderer.render(
            image, columns: 1, rows: 1, symbols: .halfBlocks, colours: .trueColour,
            background: RGBColour(red: 0, green: 0, blue: 100))
        // Fully transparent shows the background; 40% red over it is 102, 0, 60.
        #expect(
            picture[0, 0]
                == ArtworkCell(
                    text: "▀", foreground: RGBColour(red: 0, green: 0, blue: 100),
                    background: RGBColour(red: 102, green: 0, blue: 60)))
    }

    @Test func transparentPixelsDoNotDarkenAnAveragedEdge() {
        // A transparent black pixel next to an opaque white one: the average stays white.
        let image = Fixtures.makeImage(width: 2, height: 2) { x, _ in x == 0 ? (0, 0, 0, 0) : (255, 255, 255, 255) }
        let picture = ArtworkRenderer.render(image, columns: 1, rows: 1, symbols: .halfBlocks, colours: .trueColour)
        #expect(picture[0, 0] == ArtworkCell(text: "▀", foreground: Self.white, background: Self.white))
    }

    @Test func sizesUnderOneCountAsOne() {
        let picture = ArtworkRenderer.render(
            Self.twoByFour, columns: 0, rows: -3, symbols: .halfBlocks, colours: .trueColour)
        #expect(picture.columns == 1 && picture.rows == 1 && picture.cells.count == 1)
    }
}
