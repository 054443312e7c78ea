import Foundation
import InboxCore
import Testing

@testable import Artwork

@Suite struct ChafaRendererTests {
    /// A picture with edges, gradients and colours, like campaign artwork.
    static let scene = Fixtures.makeImage(width: 96, height: 64) { x, y in
        let inCircle = (x - 60) * (x - 60) + (y - 28) * (y - 28) < 400
        if inCircle { return (250, 200, 40, 255) }
        if y > 44 + (x / 12) % 3 { return (30, UInt8(120 + y), 50, 255) }
        return (UInt8(40 + x), UInt8(80 + y), 220, 255)
    }

    /// The same shapes on a transparent background, like a logo.
    static let logo = Fixtures.makeImage(width: 64, height: 64) { x, y in
        let distance = (x - 32) * (x - 32) + (y - 32) * (y - 32)
        if distance < 300 { return (230, 30, 90, 255) }
        if distance < 700 { return (30, 90, 230, UInt8(max(0, 700 - distance) / 2)) }
        return (0, 0, 0, 0)
    }

    static let allColours: [ArtworkRenderer.Colours] = [.trueColour, .indexed256, .indexed8]

    @Test(arguments: allColours)
    func everyGlyphIsOneColumnAndTheSizeIsAsAsked(colours: ArtworkRenderer.Colours) {
        #expect(TerminalText.prepareLocale())
        for image in [Self.scene, Self.logo] {
            for (columns, rows) in [(60, 20), (17, 5), (1, 1), (3, 9)] {
                let picture = ArtworkRenderer.render(
                    image, columns: columns, rows: rows, symbols: .chafa, colours: colours)
                #expect(picture.columns == columns && picture.rows == rows)
                #expect(picture.cells.count == columns * rows)
                for cell in picture.cells {
                    #expect(cell.text.unicodeScalars.count == 1)
                    #expect(TerminalText.width(cell.text) == 1, "\(cell.text) is not one column")
                    #expect(cell.text.unicodeScalars.allSatisfy(ArtworkRenderer.isBlockGlyph))
                }
                for row in picture.textRows { #expect(TerminalText.width(row) == columns) }
            }
        }
    }

    @Test func chafaUsesMoreThanHalfBlocksOnAnOpaquePicture() {
        let picture = ArtworkRenderer.render(Self.scene, columns: 40, rows: 12, symbols: .chafa, colours: .trueColour)
        let glyphs = Set(picture.cells.map(\.text))
        #expect(glyphs.count > 2, "chafa drew only \(glyphs)")
        #expect(picture.cells.allSatisfy { $0.background != nil })
    }

    @Test func aVisibleGlyphAlwaysHasAForegroundColour() {
        for colours in Self.allColours {
            let picture = ArtworkRenderer.render(Self.logo, columns: 30, rows: 15, symbols: .chafa, colours: colours)
            for cell in picture.cells where cell.text != " " {
                #expect(cell.foreground != nil, "\(cell.text) drawn in no colour")
            }
            #expect(picture.cells.allSatisfy { $0.text != " " || $0.foreground == nil })
        }
    }

    @Test func transparentCornersShowThroughAndTheMiddleIsOpaque() {
        let picture = ArtworkRenderer.render(Self.logo, columns: 16, rows: 8, symbols: .chafa, colours: .trueColour)
        #expect(picture[0, 0] == .transparent)
        #expect(picture[15, 7] == .transparent)
        let middle = picture[8, 4]
        #expect(middle.background != nil || middle.foreground != nil)
    }

    @Test func aBackgroundMakesEveryCellOpaque() {
        let backdrop = RGBColour(red: 250, green: 250, blue: 245)
        let picture = ArtworkRenderer.render(
            Self.logo, columns: 16, rows: 8, symbols: .chafa, colours: .trueColour, background: backdrop)
        #expect(picture.cells.allSatisfy { $0.background != nil })
        #expect(picture[0, 0].background == backdrop)
    }

    @Test func indexedModesCarryThePalettesOwnColours() {
        let colours256 = Set(XtermPalette.fixed.map(XtermPalette.colour(at:)))
        let colours8 = Set(XtermPalette.ansi)
        for image in [Self.scene, Self.logo] {
            let indexed = ArtworkRenderer.render(image, columns: 30, rows: 10, symbols: .chafa, colours: .indexed256)
            let eight = ArtworkRenderer.render(image, columns: 30, rows: 10, symbols: .chafa, colours: .indexed8)
            for cell in indexed.cells {
                for colour in [cell.foreground, cell.background].compactMap({ $0 }) {
                    #expect(colours256.contains(colour), "\(colour) is not in xterm 16...255")
                }
            }
            for cell in eight.cells {
                for colour in [cell.foreground, cell.background].compactMap({ $0 }) {
                    #expect(colours8.contains(colour), "\(colour) is not one of the 8 ANSI colours")
                }
            }
        }
    }

    @Test func aFlatColourComesOutAsThatColour() {
        let image = Fixtures.makeImage(width: 8, height: 8) { _, _ in (200, 30, 60, 255) }
        let picture = ArtworkRenderer.render(image, columns: 4, rows: 2, symbols: .chafa, colours: .trueColour)
        let flat = RGBColour(red: 200, green: 30, blue: 60)
        for cell in picture.cells {
            let shown = cell.text == "█" ? cell.foreground : cell.background
            #expect(shown == flat)
        }
    }

    @Test func decodedFixturesRenderAtAFittedSize() throws {
        for name in Fixtures.pngNames + Fixtures.jpegNames {
            let image = try Fixtures.image(name)
            let size = ArtworkRenderer.fittedSize(
                imageWidth: image.width, imageHeight: image.height, maxColumns: 20, maxRows: 6)
            let picture = ArtworkRenderer.render(
                image, columns: size.columns, rows: size.rows, symbols: .chafa, colours: .trueColour)
            #expect(picture.cells.count == size.columns * size.rows)
        }
    }
}
