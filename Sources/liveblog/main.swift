import Bench
import Commands

// The executable: the commands live in the Commands library, the bench in Bench.
LiveblogMain.prepareProcess()
LiveblogMain.exit(LiveblogMain.run(Array(CommandLine.arguments.dropFirst()),
                                   commands: LiveblogMain.commands + [BenchCommand.self]))
