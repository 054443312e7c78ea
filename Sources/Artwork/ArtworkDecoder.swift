import CArtwork
import Foundation

/// Decodes campaign artwork: PNG with libpng, JPEG with libjpeg-turbo (issue 6, point 5).
///
/// Hostile bytes never crash the reader: both libraries report errors by longjmp, and the
/// setjmp is in the CArtwork C target, so no jump crosses a Swift frame. Every failure is an
/// `ArtworkError`.
public enum ArtworkDecoder {
    /// 40 megapixels (160 MB of RGBA): far more than a terminal can show, and a bound on the
    /// memory a small hostile file that claims a huge size can make the decoder allocate.
    public static let maximumPixelCount = 40_000_000

    /// The picture's format by its magic bytes.
    public enum Format: Equatable, Sendable {
        case png
        case jpeg
    }

    /// PNG or JPEG by their magic bytes. Anything else, a truncated or corrupt file, or a
    /// picture over `maximumPixelCount` throws `ArtworkError`.
    ///
    /// A JPEG's EXIF orientation is applied, so the picture stands as it is meant to be seen.
    ///
    /// One leniency, as in browsers: a PNG whose pixel data is complete but whose closing IEND
    /// chunk is cut off still decodes. Any cut into the pixel data throws.
    public static func decode(_ data: Data) throws -> RasterImage {
        guard !data.isEmpty else { throw ArtworkError(.empty, "the picture is empty (0 bytes)") }
        guard let format = format(of: data) else {
            throw ArtworkError(.unsupportedFormat, "the picture is \(describeUnsupported(data)), not PNG or JPEG")
        }
        var raster = tinbox_raster()
        let status = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int32 in
            let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
            switch format {
            case .png: return tinbox_decode_png(base, bytes.count, UInt64(maximumPixelCount), &raster)
            case .jpeg: return tinbox_decode_jpeg(base, bytes.count, UInt64(maximumPixelCount), &raster)
            }
        }
        defer { tinbox_raster_free(&raster) }
        let name = format == .png ? "PNG" : "JPEG"
        let width = Int(raster.width)
        let height = Int(raster.height)
        switch Int(status) {
        case Int(TINBOX_DECODE_OK):
            break
        case Int(TINBOX_DECODE_TOO_LARGE):
            let limit = maximumPixelCount / 1_000_000
            throw ArtworkError(
                .tooLarge(width: width, height: height),
                "the \(name) picture is \(width)x\(height) pixels, over the limit of \(limit) megapixels")
        case Int(TINBOX_DECODE_NO_MEMORY):
            throw ArtworkError(.outOfMemory, "not enough memory to decode the \(width)x\(height) \(name) picture")
        default:
            throw ArtworkError(.corrupt, "cannot decode the \(name) picture: \(message(of: &raster))")
        }
        guard let pixels = raster.pixels, width > 0, height > 0 else {
            throw ArtworkError(.corrupt, "cannot decode the \(name) picture: it has no pixels")
        }
        // Turned as the file's EXIF orientation says, as browsers show it (a photograph taken
        // with the camera on its side is stored sideways).
        return RasterImage.oriented(
            UnsafeRawBufferPointer(start: pixels, count: width * height * 4), width: width, height: height,
            orientation: Int(raster.orientation))
    }

    /// A picture's size as its header says, without decoding it: PNG's IHDR, or a JPEG's first
    /// start-of-frame segment; nil when the header does not say (or is not PNG or JPEG).
    public static func dimensions(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(64 * 1024))
        func big16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func big32(_ at: Int) -> Int { big16(at) << 16 | big16(at + 2) }
        switch format(of: data) {
        case .png?:
            guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
            return (big32(16), big32(20))
        case .jpeg?:
            var at = 2
            while at + 4 <= bytes.count {
                guard bytes[at] == 0xFF else { return nil }
                let marker = bytes[at + 1]
                if marker == 0xFF {
                    at += 1
                    continue
                }
                if (0xD0...0xD7).contains(marker) || marker == 0x01 {
                    at += 2
                    continue
                }
                let length = big16(at + 2)
                // Start of frame: every C0-CF but DHT (C4), JPG (C8) and DAC (CC).
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard at + 9 <= bytes.count else { return nil }
                    return (big16(at + 7), big16(at + 5))
                }
                if marker == 0xDA || length < 2 { return nil }
                at += 2 + length
            }
            return nil
        case nil:
            return nil
        }
    }

    /// PNG's 8-byte signature, or JPEG's start-of-image marker followed by another marker.
    public static func format(of data: Data) -> Format? {
        if data.starts(with: pngSignature) { return .png }
        if data.starts(with: jpegStart) { return .jpeg }
        return nil
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// Names a few formats people try instead, so the error says what the file is.
    private static func describeUnsupported(_ data: Data) -> String {
        let head = Array(data.prefix(16))
        func has(_ text: String, at offset: Int = 0) -> Bool {
            let bytes = Array(text.utf8)
            return head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if has("GIF8") { return "a GIF" }
        if has("RIFF") && has("WEBP", at: 8) { return "a WebP" }
        if has("BM") { return "a BMP" }
        if has("<svg") || has("<?xml") { return "SVG or XML" }
        if has("ftyp", at: 4) { return "an AVIF, HEIC or MP4" }
        if pngSignature.starts(with: data) || jpegStart.starts(with: data) {
            return "too short to be a picture (\(data.count) bytes)"
        }
        return "in an unknown format (\(data.count) bytes)"
    }

    private static func message(of raster: inout tinbox_raster) -> String {
        let text = withUnsafeBytes(of: &raster.message) { bytes in
            // Library text, but kept to printable ASCII so it stays one clean line.
            String(decoding: bytes.prefix { $0 != 0 }.map { (0x20..<0x7F).contains($0) ? $0 : 0x3F }, as: UTF8.self)
        }
        return text.isEmpty ? "unknown error" : text
    }
}
