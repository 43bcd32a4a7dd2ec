import Foundation
import HTTPTypes
import Hummingbird

/// Picks the language of each answer's words (``Texts/negotiate(query:cookie:acceptLanguage:)``)
/// for everything after it, error pages included; `?ui=<code>` also sets the `ui` cookie, so the
/// switch on the page is remembered.
struct LanguageMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// The config's `notice:`, which every page shows.
    var notice: String? = nil

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let asked = QueryString.parse(request.uri.query)["ui"]
        var texts = Texts.negotiate(
            query: asked, cookie: request.headers[.cookie], acceptLanguage: request.headers[.acceptLanguage])
        texts.here = Self.withoutLanguage(request.uri.path, request.uri.query)
        texts.notice = notice
        var response = try await Texts.$current.withValue(texts) { try await next(request, context) }
        if let asked, asked.lowercased() == texts.code {
            response.headers[.setCookie] = "ui=\(texts.code); Path=/; Max-Age=31536000; SameSite=Lax"
        }
        // The same URL reads differently by language: caches must tell them apart.
        response.headers[.vary] = "Accept-Language, Cookie"
        return response
    }

    /// The path and query of a request without its `ui`, for the links that switch the language.
    static func withoutLanguage(_ path: String, _ query: String?) -> String {
        let kept = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("ui=") }
        return kept.isEmpty ? path : path + "?" + kept.joined(separator: "&")
    }
}
