import Foundation
import MediaSearchFixtures
import Testing

/// `mediasearch open` with fake openers and players on PATH that record what they were asked.
@Suite("mediasearch open, end to end")
struct OpenCommandTests {
    /// A folder of fake programs, each appending its name and arguments to `calls.log`.
    func fakeBin(_ harness: Harness, _ names: [String]) throws -> (bin: String, log: String) {
        let bin = harness.runner.home.appendingPathComponent("bin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = harness.runner.home.appendingPathComponent("calls.log").path
        for name in names {
            let path = bin.appendingPathComponent(name).path
            try "#!/bin/sh\necho \"\(name) $*\" >> '\(log)'\n".write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        return (bin.path, log)
    }

    func calls(_ log: String) -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func opensTheStorePageAndPlaysThePreview() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.stop() } }
        let (_, search) = try await harness.searchJSON(["jack", "--kind", "song"])
        let first = try #require(search.results.first)
        let (bin, log) = try fakeBin(harness, ["xdg-open", "mpv"])
        let page = try await harness.run(["open", "--result", "1"], environment: ["PATH": bin])
        #expect(page.status == 0, "\(page.stderr)")
        #expect(calls(log) == ["xdg-open \(first["url"] as! String)"])
        let played = try await harness.run(["open", "--result", "1", "--preview"], environment: ["PATH": bin])
        #expect(played.status == 0, "\(played.stderr)")
        #expect(calls(log).last == "mpv \(first["previewUrl"] as! String)")
        #expect(await harness.server.requests().count == 1, "open must not fetch the item again")
    }

    @Test func browserWinsAndAPreviewWithoutAPlayerOpensItsLink() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.stop() } }
        let (_, search) = try await harness.searchJSON(["jack", "--kind", "song"])
        let first = try #require(search.results.first)
        let (bin, log) = try fakeBin(harness, ["xdg-open", "firefox"])
        let browser = try await harness.run(
            ["open", "--result", "1"], environment: ["PATH": bin, "BROWSER": "firefox --new-tab %s"])
        #expect(browser.status == 0, "\(browser.stderr)")
        #expect(calls(log) == ["firefox --new-tab \(first["url"] as! String)"])
        let preview = try await harness.run(["open", "--result", "1", "--preview"], environment: ["PATH": bin])
        #expect(preview.status == 0)
        #expect(calls(log).last == "xdg-open \(first["previewUrl"] as! String)")
    }

    @Test func nothingToOpenWithIsAClearError() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.stop() } }
        _ = try await harness.searchJSON(["jack", "--kind", "song"])
        let (bin, _) = try fakeBin(harness, [])
        let result = try await harness.run(["open", "--result", "1"], environment: ["PATH": bin])
        #expect(result.status == 69)
        #expect(result.stderr.contains("nothing here can open https://"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        let usage = try await harness.run(["open"], environment: ["PATH": bin])
        #expect(usage.status == 64)
    }
}
