import Foundation
import TestSupport
import Testing

@testable import Artwork

/// Campaign artwork comes from the network: no byte sequence may crash the reader, and every
/// refusal is an ArtworkError with a one-line description.
@Suite struct HostileBytesTests {
    static func decodingError(_ data: Data) -> ArtworkError? {
        do {
            _ = try ArtworkDecoder.decode(data)
            return nil
        } catch {
            return error as? ArtworkError
        }
    }

    @Test func emptyDataIsRefused() {
        let error = Self.decodingError(Data())
        #expect(error?.reason == .empty)
        #expect(error?.description == "the picture is empty (0 bytes)")
    }

    @Test(arguments: [
        (Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), "the picture is a GIF, not PNG or JPEG"),
        (Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "the picture is a WebP, not PNG or JPEG"),
        (Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), "the picture is SVG or XML, not PNG or JPEG"),
        (Data([0x00, 0x01, 0x02]), "the picture is in an unknown format (3 bytes), not PNG or JPEG"),
        (Data([0x89, 0x50, 0x4E]), "the picture is too short to be a picture (3 bytes), not PNG or JPEG"),
    ])
    func otherFormatsAreNamed(data: Data, description: String) {
        let error = Self.decodingError(data)
        #expect(error?.reason == .unsupportedFormat)
        #expect(error?.description == description)
    }

    @Test func signatureAloneIsCorrupt() {
        let png = Self.decodingError(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(png?.reason == .corrupt)
        #expect(png?.description.hasPrefix("cannot decode the PNG picture: ") == true)
        let jpeg = Self.decodingError(Data([0xFF, 0xD8, 0xFF]))
        #expect(jpeg?.reason == .corrupt)
        #expect(jpeg?.description.hasPrefix("cannot decode the JPEG picture: ") == true)
    }

    @Test func hugeDimensionsAreRefusedBeforeAllocating() throws {
        let png = Self.decodingError(Fixtures.pngClaiming(width: 10_000, height: 10_000))
        #expect(png?.reason == .tooLarge(width: 10_000, height: 10_000))
        #expect(png?.description == "the PNG picture is 10000x10000 pixels, over the limit of 40 megapixels")

        // The baseline fixture's SOF0 with its height and width set to 65000 x 65000.
        var jpeg = try Fixtures.data("baseline.jpg")
        let start = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange(start + 5..<start + 9, with: [0xFD, 0xE8, 0xFD, 0xE8])
        let error = Self.decodingError(jpeg)
        #expect(error?.reason == .tooLarge(width: 65_000, height: 65_000))
    }

    /// Each progressive scan is a pass over every coefficient, so a file that repeats scans
    /// could keep the decoder busy: repeated scans (and over 500 scans) are refused.
    @Test func aProgressiveFileThatRepeatsItsScansIsRefused() throws {
        let bytes = [UInt8](try Fixtures.data("progressive.jpg"))
        // The last scan: from its SOS marker (FF DA) to the EOI marker (FF D9) at the end.
        let sos = try #require((0..<bytes.count - 1).last { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        let scan = bytes[sos..<bytes.count - 2]
        var repeated = Array(bytes[..<(bytes.count - 2)])
        for _ in 0..<600 { repeated += scan }
        repeated += [0xFF, 0xD9]
        let error = Self.decodingError(Data(repeated))
        #expect(error?.reason == .corrupt)
    }

    @Test func justUnderTheLimitIsNotRefusedForSize() {
        // 6324 x 6324 is 39,992,976 pixels: allowed by size, then refused for missing data.
        let error = Self.decodingError(Fixtures.pngClaiming(width: 6324, height: 6324))
        #expect(error?.reason == .corrupt)
    }

    @Test(arguments: Fixtures.jpegNames)
    func everyTruncatedJPEGThrows(name: String) throws {
        let whole = try Fixtures.data(name)
        for length in 0..<whole.count {
            let error = Self.decodingError(whole.prefix(length))
            #expect(error != nil, "\(name) cut to \(length) of \(whole.count) bytes decoded")
            #expect(error?.description.contains("\n") == false)
        }
    }

    /// Every cut before the final IEND chunk (12 bytes) throws; a cut inside IEND, with all the
    /// pixels there, either throws or gives the whole picture.
    @Test(arguments: Fixtures.pngNames)
    func everyPNGCutIntoItsPixelsThrows(name: String) throws {
        let whole = try Fixtures.data(name)
        let complete = try ArtworkDecoder.decode(whole)
        for length in 0..<whole.count {
            do {
                let image = try ArtworkDecoder.decode(whole.prefix(length))
                #expect(length >= whole.count - 12, "\(name) cut to \(length) of \(whole.count) bytes decoded")
                #expect(image.rgba == complete.rgba)
            } catch let error as ArtworkError {
                #expect(!error.description.contains("\n"))
            }
        }
    }

    @Test(arguments: Fixtures.pngNames + Fixtures.jpegNames)
    func randomCorruptionNeverCrashes(name: String) throws {
        let whole = try Fixtures.data(name)
        var generator = SeededGenerator(state: UInt64(whole.count))
        for _ in 0..<300 {
            var mutated = whole
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                // Past the magic bytes, so the decoders themselves are exercised.
                let offset = Int.random(in: 3..<mutated.count, using: &generator)
                mutated[offset] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                let image = try ArtworkDecoder.decode(mutated)
                #expect(image.rgba.count == image.width * image.height * 4)
            } catch let error as ArtworkError {
                #expect(!error.description.isEmpty && !error.description.contains("\n"))
            }
        }
    }

    @Test func randomBytesAfterEachMagicNeverCrash() {
        var generator = SeededGenerator(state: 42)
        for magic in [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF]] as [[UInt8]] {
            for _ in 0..<200 {
                let tail = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
                #expect(Self.decodingError(Data(magic + tail)) != nil)
            }
        }
    }
}
