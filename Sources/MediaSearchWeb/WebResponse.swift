import Foundation
import HTTPTypes
import Hummingbird
import Logging
import MediaSearchCore
import MediaSearchKit
import NIOCore

/// Building answers.
enum WebResponse {
    static func html(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
        body(html.raw, type: "text/html; charset=utf-8", status: status)
    }

    static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        body(text, type: "application/json; charset=utf-8", status: status)
    }

    static func asset(_ text: String, type: String) -> Response {
        var response = body(text, type: type, status: .ok)
        response.headers[.cacheControl] = "public, max-age=300"
        return response
    }

    static func body(_ text: String, type: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// An error as JSON (`{"error": "...", "status": 400}`) or as a page.
    static func error(
        status: Int, message: String, json: Bool, configuration: Configuration, notices: [String] = []
    ) -> Response {
        let code = HTTPResponse.Status(code: status)
        if json {
            let error = WebError(
                error: TextSanitizer.line(message), status: status,
                notices: notices.isEmpty ? nil : notices.map { TextSanitizer.line($0) })
            let text =
                (try? JSONOutput.encode(error))
                ?? "{\"status\":\(status)}\n"
            return WebResponse.json(text, status: code)
        }
        return WebResponse.html(
            Screens.error(status: status, message: message, configuration: configuration), status: code)
    }
}
