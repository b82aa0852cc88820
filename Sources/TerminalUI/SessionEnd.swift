/// How an interactive session (`view`, `compare`, `demo`, the linear reader) ended, for the
/// command to turn into its exit status (`ExitCode`, issue 25): the front end names outcomes, the
/// command alone spells statuses.
public enum SessionEnd: Equatable, Sendable {
    case finished
    /// What the session had to write could not be written (a recording, the linear reader's
    /// text): the reason, for the command to print (exit 74).
    case outputFailed(String)
    /// The page's engine crashed or stopped answering (X2): its message, naming what it was doing
    /// (exit 70).
    case pageFailed(String)
}
