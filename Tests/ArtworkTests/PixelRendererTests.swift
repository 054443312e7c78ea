import Foundation
import InboxCore
import Testing

@testable import Artwork

/// Pictures in pixels through chafa's sixel and kitty canvases (TERMINAL.md §2).
@Suite struct PixelRendererTests {
    static let gradient = Fixtures.makeImage(width: 64, height: 32) { x, y in
        (UInt8(x * 4), UInt8(y * 8), 128, 255)
    }

    @Test func sixelsAreOneDeviceControlStringSizedToTheCells() throws {
        let cell = CellPixels(width: 9, height: 19)
        let pixels = try #require(
            ArtworkRenderer.pixels(Self.gradient, columns: 10, rows: 3, cell: cell, encoding: .sixel))
        let text = String(decoding: pixels.bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P"))
        #expect(text.hasSuffix("\u{1B}\\"))
        // Raster attributes: 90 pixels wide, and a height of whole sixels (6 rows) inside 57.
        let attributes = try #require(text.firstMatch(of: /"1;1;(\d+);(\d+)/))
        #expect(Int(attributes.1) == 90)
        let height = try #require(Int(attributes.2))
        #expect(height <= 57 && height > 57 - 6 && height % 6 == 0)
        // Nothing but the one sequence: no cursor moves, no text.
        #expect(text.dropFirst(2).dropLast(2).contains("\u{1B}") == false)
    }

    /// The gradient (2:1) in cells of its shape, 12x3 of 8x16 pixels, twice as large.
    @Test func kittyCanvasPixelsComeBackAsAPNGOfTheCellsSize() throws {
        let pixels = try #require(
            ArtworkRenderer.pixels(Self.gradient, columns: 12, rows: 3, cell: .standard, encoding: .png))
        let decoded = try ArtworkDecoder.decode(Data(pixels.bytes))
        #expect(decoded.width == 96 && decoded.height == 48)
        let transparent = decoded.hasTransparency
        #expect(!transparent)
        // chafa scaled the gradient: red grows left to right, green top to bottom.
        #expect(decoded.pixel(x: 90, y: 24).colour.red > decoded.pixel(x: 4, y: 24).colour.red)
        #expect(decoded.pixel(x: 48, y: 44).colour.green > decoded.pixel(x: 48, y: 2).colour.green)
    }

    @Test func transparencyIsCompositedOverTheBackgroundOrKept() throws {
        let clear = Fixtures.makeImage(width: 8, height: 8) { _, _ in (255, 0, 0, 0) }
        let kept = try #require(ArtworkRenderer.pixels(clear, columns: 2, rows: 1, cell: .standard, encoding: .png))
        let keptTransparency = try ArtworkDecoder.decode(Data(kept.bytes)).hasTransparency
        #expect(keptTransparency)
        let blue = RGBColour(red: 0, green: 0, blue: 255)
        let over = try #require(
            ArtworkRenderer.pixels(clear, columns: 2, rows: 1, cell: .standard, encoding: .png, background: blue))
        let decoded = try ArtworkDecoder.decode(Data(over.bytes))
        let transparent = decoded.hasTransparency
        #expect(!transparent)
        let colour = decoded.pixel(x: 3, y: 3).colour
        #expect(colour == blue)
    }

    /// TERMINAL §2's budget, here at the welcome artwork's own size in the 120x40 modal.
    @Test func theWelcomeArtworkFitsSixtyFourKibibytesInEveryEncoding() throws {
        let welcome = try ArtworkDecoder.decode(
            Data(contentsOf: DemoArtworkTests.demo.appendingPathComponent("art/welcome.png")))
        let size = ArtworkRenderer.fittedSize(
            imageWidth: welcome.width, imageHeight: welcome.height, maxColumns: 56, maxRows: 14, cellAspect: 2)
        for encoding in [ArtworkPixels.Encoding.sixel, .png] {
            let pixels = try #require(
                ArtworkRenderer.pixels(
                    welcome, columns: size.columns, rows: size.rows, cell: .standard, encoding: encoding))
            // Base64 makes a PNG a third larger on the wire.
            let wire = encoding == .png ? (pixels.bytes.count + 2) / 3 * 4 : pixels.bytes.count
            #expect(wire <= 65_536, "\(encoding): \(wire) bytes")
        }
    }
}

/// Half-transparent pixels keep their colour in a PNG for kitty and iTerm2: the terminal applies
/// the alpha, so a colour already multiplied by it came out twice as dark (found by a helper).
@Suite struct PixelAlphaTests {
    @Test func aHalfTransparentColourIsSentWithItsOwnColour() throws {
        let image = Fixtures.makeImage(width: 32, height: 32) { _, _ in (255, 0, 0, 128) }
        let made = try #require(
            ArtworkRenderer.pixels(image, columns: 4, rows: 2, cell: .standard, encoding: .png))
        let back = try ArtworkDecoder.decode(Data(made.bytes))
        let (colour, alpha) = back.pixel(x: back.width / 2, y: back.height / 2)
        #expect(abs(Int(alpha) - 128) <= 2, "alpha \(alpha)")
        #expect(colour.red >= 250 && colour.green <= 3 && colour.blue <= 3, "colour \(colour)")
    }
}

/// Cells are whole, so a picture's box of cells rarely has its shape: the picture keeps its own
/// inside it, the rest transparent (a 40:1 strip in one row of ten 8x16 cells is 2 pixels tall).
@Suite struct PixelAspectTests {
    @Test func aStripKeepsItsShapeInsideItsCells() throws {
        let strip = Fixtures.makeImage(width: 400, height: 10) { _, _ in (255, 0, 0, 255) }
        let made = try #require(ArtworkRenderer.pixels(strip, columns: 10, rows: 1, cell: .standard, encoding: .png))
        let back = try ArtworkDecoder.decode(Data(made.bytes))
        try #require(back.width == 80 && back.height == 16)
        #expect(back.pixel(x: 40, y: 1).alpha == 0, "above the strip")
        #expect(back.pixel(x: 40, y: 14).alpha == 0, "below it")
        let middle = back.pixel(x: 40, y: 8)
        #expect(middle.alpha == 255 && middle.colour.red >= 250, "the strip: \(middle)")

        let tall = Fixtures.makeImage(width: 10, height: 400) { _, _ in (0, 0, 255, 255) }
        let column = try #require(ArtworkRenderer.pixels(tall, columns: 2, rows: 2, cell: .standard, encoding: .png))
        let high = try ArtworkDecoder.decode(Data(column.bytes))
        try #require(high.width == 16 && high.height == 32)
        #expect(high.pixel(x: 1, y: 16).alpha == 0 && high.pixel(x: 14, y: 16).alpha == 0, "beside the column")
        #expect(
            (6...9).contains { high.pixel(x: $0, y: 16).alpha > 0 }, "the column, under a pixel wide, in the middle")
    }

    @Test func aPictureOfTheCellsShapeFillsThem() throws {
        let square = Fixtures.makeImage(width: 64, height: 64) { _, _ in (0, 200, 0, 255) }
        let made = try #require(ArtworkRenderer.pixels(square, columns: 4, rows: 2, cell: .standard, encoding: .png))
        let back = try ArtworkDecoder.decode(Data(made.bytes))
        #expect(!back.hasTransparency, "no padding: 4x2 cells of 8x16 are square")
    }
}
