import Foundation
import PackagePlugin

/// Compiles files people edit into the web target as Swift string constants, at build time: the
/// OpenAPI document (`Schemas/openapi.json`, served at `/openapi.json`), the web's catalogs
/// (`Localization/web/<code>.json`) and its templates (`Templates/web/<name>.mustache`). Each is kept once, in the tree, as the file itself; the Swift
/// that holds it is written in the build folder, by `/bin/sh`, whenever one of them changes.
///
/// The generated `EmbeddedFiles.text` maps each file's path in the package to its text, in a raw
/// multi-line literal (`##"""`): the command refuses a file that holds that literal's end or its
/// escape, so no file can end the literal early.
@main
struct EmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let root = context.package.directoryURL
        let catalogs = try FileManager.default.contentsOfDirectory(
            atPath: root.appending(path: "Localization/web").path
        )
        .filter { $0.hasSuffix(".json") }.sorted().map { "Localization/web/" + $0 }
        let templates = try FileManager.default.contentsOfDirectory(
            atPath: root.appending(path: "Templates/web").path
        )
        .filter { $0.hasSuffix(".mustache") }.sorted().map { "Templates/web/" + $0 }
        let names = ["Schemas/openapi.json"] + catalogs + templates
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) files in \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", Self.script, "embed", output.path, root.path] + names,
                inputFiles: names.map { root.appending(path: $0) }, outputFiles: [output])
        ]
    }

    /// `embed OUTPUT ROOT NAME...`: writes OUTPUT, a Swift file with each ROOT/NAME's text.
    static let script = ###"""
        set -eu
        output=$1 root=$2
        shift 2
        for name in "$@"; do
            if grep -q -e '"""##' -e '\\##' "$root/$name"; then
                echo "error: $name holds \"\"\"## or \\##, which would end or escape the literal it is embedded in" >&2
                exit 1
            fi
        done
        {
            echo '// Written at build time by the EmbedFiles plugin (Plugins/EmbedFiles).'
            echo 'enum EmbeddedFiles {'
            echo '    /// Each embedded file'"'"'s text, by its path in the package.'
            echo '    static let text: [String: String] = ['
            for name in "$@"; do
                echo "\"$name\": ##\"\"\""
                cat "$root/$name"
                echo
                echo '"""##,'
            done
            echo '    ]'
            echo '}'
        } > "$output.part"
        mv "$output.part" "$output"
        """###
}
