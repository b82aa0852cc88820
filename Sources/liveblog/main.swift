import Foundation

// Interim entry point; the full command line arrives with the Arguments module.
let args = Array(CommandLine.arguments.dropFirst())
if args.first == "simulate", args.count >= 2 {
    var trace: String?
    var report = "text"
    var i = 2
    while i < args.count {
        if args[i] == "--trace", i + 1 < args.count { trace = args[i + 1]; i += 2 }
        else if args[i] == "--report", i + 1 < args.count { report = args[i + 1]; i += 2 }
        else { i += 1 }
    }
    exit(runSimulate(path: args[1], tracePath: trace, report: report))
}
print("liveblog")
