import Foundation

/// Something going wrong on the server's side, for fault-injection tests.
public enum Fault: Sendable {
    /// Answers with this status and body.
    case status(Int, body: String = "")
    /// Answers 200 with this body and content type.
    case body(String, contentType: String = "text/javascript; charset=utf-8")
    /// Answers normally, this long after the request arrived (and the server's latency).
    case delay(Duration)
    /// Answers normally (or with a later rule's fault) once the gate is open.
    case hold(FaultGate)
    /// Answers 200 with a body of this many bytes of valid-looking JSON padding, generated as it
    /// is sent (a 1 GB answer costs the server no memory); announced by `Content-Length`, or
    /// `chunked` with no length, so the client learns its size only by reading it.
    case huge(bytes: Int, chunked: Bool = false)
    /// Answers with a redirect (302 unless given) to this location, absolute or relative.
    case redirect(to: String, status: Int = 302)
    /// Sends a normal answer a few bytes at a time, pausing between them.
    case drip(bytesPerChunk: Int, interval: Duration)
    /// Closes the connection without answering.
    case reset
}
