import Foundation
import MediaSearchCore
import MediaSearchKit
import Synchronization
import TestSlots
import Testing

@Suite("Single flight, in process", .slots)
struct SingleFlightUnitTests {
    static func answer(_ text: String) -> FetchedAnswer {
        FetchedAnswer(answer: HTTPResponse(status: 200, body: Data(text.utf8)), fromCache: false)
    }

    /// Fifty callers at once: one fetch, one leader, everyone the same answer; afterwards a new
    /// call fetches again.
    @Test func callersAtOnceShareOneFetch() async throws {
        let flights = SingleFlight()
        let calls = Mutex(0)
        let gate = AsyncStream<Void>.makeStream()
        let fetch: @Sendable () async throws -> FetchedAnswer = {
            calls.withLock { $0 += 1 }
            for await _ in gate.stream { break }
            return Self.answer("shared")
        }
        let results = await withTaskGroup(of: (String, Bool).self) { group in
            for _ in 0..<50 {
                group.addTask {
                    let flight = try? await flights.run("k", fetch)
                    return (
                        String(decoding: flight?.response.answer.body ?? Data(), as: UTF8.self), flight?.leader ?? false
                    )
                }
            }
            // Every caller has joined the flight before it may land.
            while flights.waiters(of: "k") < 50 { try? await Task.sleep(for: .milliseconds(5)) }
            gate.continuation.yield()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(calls.withLock { $0 } == 1)
        #expect(results.allSatisfy { $0.0 == "shared" })
        #expect(results.filter(\.1).count == 1)
        #expect(flights.inFlight == 0)
        let again = try await flights.run("k") { Self.answer("again") }
        #expect(String(decoding: again.response.answer.body, as: UTF8.self) == "again" && again.leader)
    }

    /// When every caller gives up, the fetch is cancelled; one caller giving up leaves it to the others.
    @Test func theFetchStopsWhenEveryCallerHasGivenUp() async throws {
        let flights = SingleFlight()
        let cancelled = Mutex(false)
        let fetch: @Sendable () async throws -> FetchedAnswer = {
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                cancelled.withLock { $0 = true }
                throw error
            }
            return Self.answer("late")
        }
        let first = Task { try await flights.run("k", fetch) }
        let second = Task { try await flights.run("k", fetch) }
        while flights.waiters(of: "k") < 2 { try await Task.sleep(for: .milliseconds(5)) }
        first.cancel()
        // The first caller's leaving is seen as the count of those waiting (an event, not a
        // sleep); the second is still attached, and the request goes on for it.
        for _ in 0..<6_000 where flights.waiters(of: "k") > 1 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(flights.waiters(of: "k") == 1, "one caller left; the other still waits")
        #expect(!cancelled.withLock { $0 }, "one caller left; the other still waits")
        second.cancel()
        _ = await second.result
        // The abandoned flight is off the table at once: a caller arriving while it unwinds asks
        // anew rather than joining a cancelled request.
        #expect(flights.waiters(of: "k") == 0)
        let fresh = try await flights.run("k") { Self.answer("fresh") }
        #expect(String(decoding: fresh.response.answer.body, as: UTF8.self) == "fresh" && fresh.leader)
        for _ in 0..<200 where !cancelled.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(cancelled.withLock { $0 })
    }
}
