import Foundation
import MediaSearchKit

/// Encodes command output as pretty, stable JSON (sorted keys, unescaped slashes).
public enum JSONOutput {
    /// The JSON text of a value, ending in a newline.
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
