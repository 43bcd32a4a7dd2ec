import MediaSearchKit

/// The exit codes of `mediasearch`, from sysexits where one fits.
public enum ExitStatus {
    public static let success: Int32 = 0
    /// Some providers or lookups failed, but results were printed.
    public static let partial: Int32 = 3
    /// Bad command-line usage (EX_USAGE).
    public static let usage: Int32 = 64
    /// The id asked for does not exist (EX_NOINPUT).
    public static let notFound: Int32 = 66
    /// Every provider failed (EX_UNAVAILABLE).
    public static let unavailable: Int32 = 69
    /// A local file could not be written (EX_CANTCREAT).
    public static let cannotWrite: Int32 = 73
    /// Bad configuration (EX_CONFIG).
    public static let config: Int32 = 78
    /// Interrupted by Ctrl-C (128 + SIGINT).
    public static let interrupted: Int32 = 130
}

extension MediaSearchError {
    /// The exit code for a command that ends with this error.
    public var exitStatus: Int32 {
        switch self {
        case .usage, .listFixed: ExitStatus.usage
        case .invalidConfig: ExitStatus.config
        case .notFound, .noSuchList: ExitStatus.notFound
        case .cancelled: ExitStatus.interrupted
        case .storage, .listExists: ExitStatus.cannotWrite
        default: ExitStatus.unavailable
        }
    }
}
