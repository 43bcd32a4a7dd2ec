import Foundation

/// The web UI's strings, one catalog per language, by language code: each
/// `Localization/web/<code>.json`, compiled in by the EmbedFiles plugin (``EmbeddedFiles``).
/// `Scripts/catalogs --check` holds every catalog to English's keys; a test reads each here.
enum Catalogs {
    static let all: [String: [String: String]] = EmbeddedFiles.text.reduce(into: [:]) { all, file in
        let prefix = "Localization/web/"
        guard file.key.hasPrefix(prefix), file.key.hasSuffix(".json"),
            let strings = try? JSONDecoder().decode([String: String].self, from: Data(file.value.utf8))
        else { return }
        all[String(file.key.dropFirst(prefix.count).dropLast(".json".count))] = strings
    }
}

/// The OpenAPI 3.1 document of the JSON API, served at `/openapi.json`: `Schemas/openapi.json`,
/// compiled in by the EmbedFiles plugin.
enum OpenAPIDocument {
    static let json = EmbeddedFiles.text["Schemas/openapi.json"] ?? "{}"
}
