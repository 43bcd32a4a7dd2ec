import Foundation
import MediaSearchFixtures
import TestSlots
import Testing

/// `mediasearch open` with fake openers and players on PATH that record what they were asked.
@Suite("mediasearch open, end to end", .slots)
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
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(calls(log).last == "xdg-open \(first["previewUrl"] as! String)")
        #expect(preview.stderr.contains("no player for the preview (tried mpv, ffplay, vlc on PATH); opening its link"))
    }

    /// xdg-open with no browser behind it prints its own warnings and exits 3: they are not
    /// shown; the link is printed, with how to set a browser.
    @Test func aFailingOpenerPrintsTheLinkAndHowToSetABrowser() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.stop() } }
        let (_, search) = try await harness.searchJSON(["jack", "--kind", "song"])
        let url = try #require(search.results.first?["url"] as? String)
        let bin = harness.runner.home.appendingPathComponent("failing-bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let opener = bin.appendingPathComponent("xdg-open").path
        let noise = (1...7).map { "echo 'xdg-open: no method available for opening \($0)' >&2" }.joined(separator: "\n")
        try "#!/bin/sh\n\(noise)\necho noise on stdout\nexit 3\n".write(
            toFile: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener)
        let result = try await harness.run(["open", "--result", "1"], environment: ["PATH": bin.path])
        #expect(result.status == 69)
        #expect(result.stdout == url + "\n")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.last?.contains("xdg-open exited with status 3: set $BROWSER (e.g. BROWSER=firefox)") == true)
        #expect(!result.stderr.contains("no method available"))
    }

    @Test func nothingToOpenWithIsAClearError() async throws {
        let harness = try await Harness.start()
        defer { Task { await harness.stop() } }
        _ = try await harness.searchJSON(["jack", "--kind", "song"])
        let (bin, _) = try fakeBin(harness, [])
        let result = try await harness.run(["open", "--result", "1"], environment: ["PATH": bin])
        #expect(result.status == 69)
        #expect(result.stdout.hasPrefix("https://") && result.stdout.hasSuffix("\n"))
        #expect(result.stderr.contains("no browser to open"))
        #expect(result.stderr.contains("set $BROWSER (e.g. BROWSER=firefox) or install xdg-utils"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        let usage = try await harness.run(["open"], environment: ["PATH": bin])
        #expect(usage.status == 64)
    }
}
