import ArgumentParser
import MediaSearchCore
import MediaSearchKit

/// `mediasearch open`: the item's store page in the browser, or its preview in a player.
struct OpenCommand: ParsableCommand, ProviderCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open an item's store page in the browser, or play its preview.",
        usage: "mediasearch open (<id> [-k <kind>] | --result <n>) [--preview] [<opts>]",
        discussion: HelpText.paragraphs(
            """
            The page opens with $BROWSER, else xdg-open (open on macOS). --preview plays with the
            first of mpv, ffplay or vlc on PATH, else opens the preview's link. When nothing can
            open it, the link is printed on stdout (exit 69), to open by hand or set $BROWSER.

            Examples:
              mediasearch open --result 1
              mediasearch open 1440857781 --preview
            """))

    @Argument(help: "The item's id (the first field of search's lines).")
    var id: String?

    @Option(help: "Open the Nth result of the last search.")
    var result: Int?

    @Option(
        name: [.customShort("k"), .long],
        help: "The kind of the id (a provider, source or kind of media, as search takes).",
        completion: CompletionWords.kind)
    var kind: String?

    @Flag(help: "Play the preview instead of opening the store page.")
    var preview = false

    @OptionGroup var common: ConfigOption

    @OptionGroup var storeOption: StoreOption
    @OptionGroup var network: NetworkOptions

    func validate() throws {
        guard (id == nil) != (result == nil) else { throw ValidationError("give an id or --result N (one of them)") }
        if let result, result < 1 { throw ValidationError("--result starts at 1") }
    }

    func execute(in environment: CommandEnvironment) async throws -> Int32 {
        let configuration = try environment.loadConfiguration(explicitPath: common.config, store: storeOption.store)
        let session = try await environment.session(configuration, network: network)
        let target: DetailTarget = id.map { .id($0, kind: kind) } ?? .result(result ?? 1)
        let item = try await session.item(of: target)
        let name = TextSanitizer.line(item.title ?? item.id)
        let link = (preview ? item.previewURL : item.url).flatMap(SafeURL.http)
        guard let link else {
            throw MediaSearchError.cannotOpen("\(name) has no \(preview ? "preview" : "store page") to open")
        }
        let console = environment.console
        let launcher = Launcher(variables: environment.variables)
        if preview {
            if let player = launcher.player(for: link) {
                console.notice("playing the preview of \(name)")
                try launcher.run(player)
                return ExitStatus.success
            }
            console.notice(
                "no player for the preview (tried \(Launcher.players.map(\.name).joined(separator: ", ")) on PATH);"
                    + " opening its link")
        }
        // When no browser can be had, the link itself is the answer: on stdout, to copy or pipe.
        let advice = "set $BROWSER (e.g. BROWSER=firefox) or install xdg-utils; the link is on stdout"
        guard let opener = launcher.opener(for: link) else {
            console.out(link + "\n")
            throw MediaSearchError.cannotOpen("no browser to open \(name) with: \(advice)")
        }
        console.notice("opening \(preview ? "the preview of " : "")\(name)")
        do {
            try launcher.run(opener, quiet: true)
        } catch {
            console.out(link + "\n")
            throw MediaSearchError.cannotOpen("\(error.description): \(advice)")
        }
        return ExitStatus.success
    }
}
