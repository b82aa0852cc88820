import Bench
import Commands

// The executable: the command layer lives in the Commands library, the bench in Bench.
LiveblogMain.prepareProcess()
LiveblogMain.exit(LiveblogMain.run(Array(CommandLine.arguments.dropFirst()), bench: runBench))
