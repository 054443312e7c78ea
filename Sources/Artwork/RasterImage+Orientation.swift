extension RasterImage {
    /// The picture turned for display as EXIF orientation `orientation` says (TIFF tag 0x0112):
    /// 1 as stored, 2 mirrored, 3 turned half round, 4 flipped, 5 transposed, 6 turned a quarter
    /// clockwise, 7 transversed, 8 turned a quarter anticlockwise. Anything else is taken as 1.
    public func oriented(_ orientation: Int) -> RasterImage {
        guard (2...8).contains(orientation) else { return self }
        let sideways = orientation >= 5
        let (outWidth, outHeight) = sideways ? (height, width) : (width, height)
        // Where each shown pixel (x, y) is read from in the stored picture.
        let source: (Int, Int) -> (Int, Int)
        switch orientation {
        case 2: source = { x, y in (width - 1 - x, y) }
        case 3: source = { x, y in (width - 1 - x, height - 1 - y) }
        case 4: source = { x, y in (x, height - 1 - y) }
        case 5: source = { x, y in (y, x) }
        case 6: source = { x, y in (y, height - 1 - x) }
        case 7: source = { x, y in (width - 1 - y, height - 1 - x) }
        default: source = { x, y in (width - 1 - y, x) }
        }
        var turned = [UInt8](repeating: 0, count: rgba.count)
        // A pixel's four bytes are moved as one 32-bit word.
        rgba.withUnsafeBytes { stored in
            turned.withUnsafeMutableBytes { shown in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let (sx, sy) = source(x, y)
                        let pixel = stored.load(fromByteOffset: (sy * width + sx) * 4, as: UInt32.self)
                        shown.storeBytes(of: pixel, toByteOffset: (y * outWidth + x) * 4, as: UInt32.self)
                    }
                }
            }
        }
        return RasterImage(width: outWidth, height: outHeight, rgba: turned)
    }
}
