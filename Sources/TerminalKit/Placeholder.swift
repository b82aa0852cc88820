// TerminalKit
