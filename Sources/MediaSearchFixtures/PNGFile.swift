import Foundation

/// A PNG written for the fixture server's artwork: 8-bit RGB, its rows kept in stored (not
/// compressed) deflate blocks, which every PNG reader takes.
enum PNGFile {
    /// The file of `rows`: each row a filter byte (0) and `width` RGB pixels.
    static func rgb(width: Int, height: Int, rows: Data) -> Data {
        var header = Data()
        header.append(bigEndian: UInt32(width))
        header.append(bigEndian: UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0])  // 8 bits, RGB, deflate, no filter choice, no interlace
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        file.append(chunk("IHDR", header))
        file.append(chunk("IDAT", zlibStored(rows)))
        file.append(chunk("IEND", Data()))
        return file
    }

    /// A zlib stream of stored blocks, with its Adler-32.
    static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        let bytes = [UInt8](data)
        var start = 0
        repeat {
            let count = min(65_535, bytes.count - start)
            let last: UInt8 = start + count == bytes.count ? 1 : 0
            out.append(last)
            out.append(contentsOf: [
                UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF),
            ])
            out.append(contentsOf: bytes[start..<start + count])
            start += count
        } while start < bytes.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        out.append(bigEndian: b << 16 | a)
        return out
    }

    static func chunk(_ type: String, _ body: Data) -> Data {
        var out = Data()
        out.append(bigEndian: UInt32(body.count))
        let typed = Data(type.utf8) + body
        out.append(typed)
        out.append(bigEndian: crc32(typed))
        return out
    }

    static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
        ])
    }
}
