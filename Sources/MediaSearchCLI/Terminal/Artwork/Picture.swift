import CArtwork
import Foundation

/// A picture decoded to RGB, three bytes a pixel, rows top first (docs/design.md, "Artwork in the
/// terminal"): a source's JPEG or PNG, decoded and scaled by Debian's stb (the `CArtwork` target).
public struct Picture: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    /// The largest side decoded: a cover is 600 px; larger ones are refused unread.
    public static let maxSide = 4096

    /// Whether this build decodes pictures (it was built with Debian's libstb-dev).
    public static var canDecode: Bool { ms_artwork_available() == 1 }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The picture `data` holds (JPEG or PNG), or `nil` for anything else, a broken one, or one
    /// over ``maxSide`` on a side.
    public init?(decoding data: Data) {
        guard data.count < Int(Int32.max) else { return nil }
        var width: Int32 = 0
        var height: Int32 = 0
        let decoded = data.withUnsafeBytes { bytes -> UnsafeMutablePointer<UInt8>? in
            guard let start = bytes.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return ms_artwork_decode(start, Int32(bytes.count), Int32(Self.maxSide), &width, &height)
        }
        guard let decoded else { return nil }
        defer { ms_artwork_free(decoded) }
        guard width > 0, height > 0, width <= Self.maxSide, height <= Self.maxSide else { return nil }
        self.init(
            width: Int(width), height: Int(height),
            pixels: Array(UnsafeBufferPointer(start: decoded, count: Int(width) * Int(height) * 3)))
    }

    /// This picture at `width` x `height` pixels (each at least 1), or `nil` when it cannot be scaled.
    public func scaled(width: Int, height: Int) -> Picture? {
        let width = max(1, min(width, Self.maxSide))
        let height = max(1, min(height, Self.maxSide))
        if width == self.width && height == self.height { return self }
        var out = [UInt8](repeating: 0, count: width * height * 3)
        let done = pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                ms_artwork_scale(
                    source.baseAddress, Int32(self.width), Int32(self.height), target.baseAddress, Int32(width),
                    Int32(height))
            }
        }
        return done == 1 ? Picture(width: width, height: height, pixels: out) : nil
    }

    /// The colour of a pixel.
    func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let at = (y * width + x) * 3
        return (pixels[at], pixels[at + 1], pixels[at + 2])
    }
}
