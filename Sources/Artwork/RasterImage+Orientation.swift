extension RasterImage {
    /// The picture turned for display as EXIF orientation `orientation` says (TIFF tag 0x0112):
    /// 1 as stored, 2 mirrored, 3 turned half round, 4 flipped, 5 transposed, 6 turned a quarter
    /// clockwise, 7 transversed, 8 turned a quarter anticlockwise. Anything else is taken as 1.
    public func oriented(_ orientation: Int) -> RasterImage {
        guard (2...8).contains(orientation) else { return self }
        return rgba.withUnsafeBytes { Self.oriented($0, width: width, height: height, orientation: orientation) }
    }

    /// `width` x `height` RGBA pixels at `stored` as one picture, turned as `oriented(_:)` says:
    /// read straight into the picture's own pixels, so a decoder's buffer is never copied whole
    /// first (a turned 40-megapixel photograph held three copies of its 160 MB).
    static func oriented(_ stored: UnsafeRawBufferPointer, width: Int, height: Int, orientation: Int) -> RasterImage {
        let count = width * height * 4
        guard (2...8).contains(orientation) else {
            return RasterImage(width: width, height: height, rgba: Array(stored.prefix(count)))
        }
        let sideways = orientation >= 5
        let (shownWidth, shownHeight) = sideways ? (height, width) : (width, height)
        // The stored pixel under shown pixel (x, y) is `first + x * across + y * down`.
        let (first, across, down): (Int, Int, Int)
        switch orientation {
        case 2: (first, across, down) = (width - 1, -1, width)
        case 3: (first, across, down) = ((height - 1) * width + width - 1, -1, -width)
        case 4: (first, across, down) = ((height - 1) * width, 1, -width)
        case 5: (first, across, down) = (0, width, 1)
        case 6: (first, across, down) = ((height - 1) * width, -width, 1)
        case 7: (first, across, down) = ((height - 1) * width + width - 1, -width, -1)
        default: (first, across, down) = (width - 1, width, -1)
        }
        let turned = [UInt8](unsafeUninitializedCapacity: count) { shown, initialized in
            let target = UnsafeMutableRawBufferPointer(shown)
            var to = 0
            for y in 0..<shownHeight {
                var from = first + y * down
                for _ in 0..<shownWidth {
                    // A pixel's four bytes move as one 32-bit word.
                    target.storeBytes(
                        of: stored.load(fromByteOffset: from * 4, as: UInt32.self), toByteOffset: to, as: UInt32.self)
                    from += across
                    to += 4
                }
            }
            initialized = count
        }
        return RasterImage(width: shownWidth, height: shownHeight, rgba: turned)
    }
}
