import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit

/// `mediasearch show`: everything worth knowing about one item (T1-T5).
struct ShowCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the detail of one item: header, facts, author, other works.",
        discussion: HelpText.paragraphs(
            """
            Examples:
              mediasearch show 1078111961
              mediasearch show --result 2          # the 2nd tile of the last search
              mediasearch show --result 1 --format json
              mediasearch show 1038991417 --kind album --format m3u > album.m3u && mpv --playlist=album.m3u
            """))

    @OptionGroup var item: ItemTarget

    @Flag(help: "Show names uncensored even when explicit content is off.")
    var uncensored = false

    @Option(help: "Layout width in columns (default: the terminal's, or $COLUMNS, or 80).")
    var width: Int?

    @OptionGroup var configOption: ConfigOption

    @Option(
        name: .long,
        help:
            "text for people, json for programs, or m3u: what the item can play (an album's tracks, a book's sections, recent episodes, a station's stream) as a playlist."
    )
    var format: DetailFormat = .text

    @OptionGroup var storeOption: StoreOption
    @OptionGroup var terminal: TerminalOptions
    @OptionGroup var network: NetworkOptions

    func validate() throws {
        if let width, width < 30 || width > 1000 { throw ValidationError("--width takes 30 to 1000 columns") }
    }

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let configuration = try environment.loadConfiguration(
            explicitPath: configOption.config, store: storeOption.store)
        let session = try await environment.session(configuration, network: network)
        environment.announce(configuration)
        let target = item.target
        let console = environment.console
        let spinner = Spinner(
            console: console, kinds: ["the detail"], enabled: console.stderrIsTerminal,
            animated: console.stderrIsTerminal, waits: environment.waits, verb: "loading")
        spinner.start(kinds: ["the detail"])
        let page: DetailPage
        do {
            page = try await session.detail(of: target, uncensored: uncensored)
            spinner.stop()
        } catch {
            spinner.stop()
            throw error
        }
        switch format {
        case .json:
            console.out(try JSONOutput.encode(page.document))
        case .m3u:
            let playlist = Playlist(page)
            console.out(playlist.m3u)
            if playlist.entries.isEmpty {
                console.notice("\(page.item.title.map(TextSanitizer.line) ?? page.item.id) has nothing to play")
            }
        case .text:
            let layout = DetailLayout(
                width: min(environment.layoutWidth(width), 120), style: environment.textStyle(terminal.color))
            environment.show(layout.render(page.detail), pager: !terminal.noPager)
        }
        for notice in page.detail.notices { console.error("\(notice) (section left out)") }
        return page.detail.notices.isEmpty ? ExitStatus.success : ExitStatus.partial
    }
}
