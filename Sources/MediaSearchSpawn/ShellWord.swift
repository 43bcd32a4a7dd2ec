/// A word as a POSIX shell reads it back: as it is when it holds only characters no shell takes
/// specially (letters, digits, `-_./:+,=@%`), else in single quotes (a quote inside written
/// `'\''`). The one rule for every command line MediaSearch prints for a person to paste (the
/// next page's `More:` line, the demo server's `export` line).
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:+,=@%".contains($0) }
            ? word : "'\(word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''"))'"
    }
}
