/// Help text is written wrapped in the source, and ArgumentParser wraps it again to the screen:
/// kept as written, a paragraph would break twice, mid-sentence. So each paragraph becomes one
/// line first; lines indented by two spaces or more (examples, lists) are kept as they are.
public enum HelpText {
    public static func paragraphs(_ text: String) -> String {
        var lines: [String] = []
        var joining = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let prose = !line.isEmpty && !line.hasPrefix("  ")
            if prose, joining, let last = lines.popLast() {
                lines.append(last + " " + line)
            } else {
                lines.append(line)
            }
            joining = prose && !line.hasSuffix(":")
        }
        return lines.joined(separator: "\n")
    }
}
