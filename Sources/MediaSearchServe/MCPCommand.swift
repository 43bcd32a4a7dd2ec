import ArgumentParser
import Foundation
import MediaSearchCLI
import MediaSearchCore
import MediaSearchKit
import MediaSearchWeb

/// `mediasearch mcp`: the tools of the MCP face on stdin and stdout, for an assistant's client to
/// start (docs/mcp.md). Logs and notices go to stderr; stdout carries MCP's messages only.
public struct MCPCommand: ParsableCommand, ProviderCommand {
    public static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve the search to an AI assistant over MCP (stdin and stdout).",
        discussion: HelpText.paragraphs(
            """
            Speaks the Model Context Protocol on stdin and stdout, for an assistant's client to start
            (`serve` offers the same at /mcp). Tools: search (progress as each source answers), show,
            providers, lists, list; star and unstar are refused unless `mcp: {writes: true}` is in the
            config. A source past its request budget says how long is left rather than waiting, as
            on the web. docs/mcp.md shows an assistant's config.

            Example (Claude Desktop, Cursor, VS Code and others take the same two words):
              {"mcpServers": {"mediasearch": {"command": "mediasearch", "args": ["mcp"]}}}
            """))

    @OptionGroup var common: ConfigOption
    @OptionGroup var storeOption: StoreOption
    @OptionGroup var network: NetworkOptions

    public init() {}

    public func execute(in environment: CommandEnvironment) async throws -> Int32 {
        SearchSession.prepare(network: !network.offline)
        let console = environment.console
        let configuration = try environment.loadConfiguration(explicitPath: common.config, store: storeOption.store)
        var options = network
        options.noWait = true
        let session = try await environment.session(
            configuration, network: options, storeLog: { line in console.notice(line) })
        session.shared?.keepAlive()
        environment.announce(configuration)
        await MCPFace.serveStdio(session: session)
        return ExitStatus.success
    }
}
