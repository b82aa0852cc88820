#!/usr/bin/env python3
"""Runs the XCTest bundle's test classes in parallel processes (scripts/test without arguments).

Each unit (a test class, or one test method of a class scripts/test-costs splits) runs in a process of
its own: `BUNDLE Target.Class[,...]`, the filter XCTest's own runner takes. A fixed number of workers
takes the units longest first (the seconds of scripts/test-costs), so the two 80-second xterm tests do
not start last; the fast tier's classes are packed into a few units, as they cost little each.

Most of the heavy tier waits (on a browser, an xterm's screenshot settling, a tmux pane), so units
overlap well on two cores. Tests that share a machine-wide resource take one of their own: Xvfb
picks a free display (-displayfd), tmux a socket of the test's, servers port 0.

Output: one line per finished unit, with the failing lines of a unit that failed, then XCTest's
verdict over all units (executed, failures) and the slowest tests. Each unit's whole log is kept in
.build/test-logs/, with the measured costs (test-costs, the format of scripts/test-costs).
"""
import argparse
import os
import re
import signal
import subprocess
import sys
import threading
import time

COSTS_HEADER = """\
# The seconds each test class took in a whole run (scripts/test, 2 cores), read by scripts/test-runner.py
# to start the longest first; a class with lines per test method runs each method in a process of its
# own (its tests share nothing that is costly to set up twice). A class not listed counts 1 s
# (0.2 s in the fast tier). Refresh: copy .build/test-logs/test-costs (the last run's) over this file.
"""
CASE = re.compile(r"^Test Case '(\w+)\.(\w+)' (passed|failed|skipped) \((\d+\.\d+) seconds\)")
EXECUTED = re.compile(r"Executed (\d+) tests?, with (?:\d+ tests? skipped and )?(\d+) failures?")
FAILURE_LINE = re.compile(r"error: .*: (XCTAssert|XCTFail|failed)|^Test Case .* failed|Fatal error|fatal error")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bundle", help="the .xctest executable")
    p.add_argument("--list", help="the tests, one Target.Class/method a line, instead of the bundle's list")
    p.add_argument("--plan", action="store_true", help="print the units (cost, label, filter) and run nothing")
    p.add_argument("--costs", required=True, help="scripts/test-costs")
    p.add_argument("--heavy", default="", help="the heavy tier's classes, comma-separated (Target.Class)")
    p.add_argument("--fast", action="store_true", help="only the classes not in --heavy")
    p.add_argument("--jobs", type=int, default=4)
    p.add_argument("--logs", help="a directory for the units' logs")
    p.add_argument("--timeout", type=float, default=1200, help="seconds a unit may take before it is ended")
    return p.parse_args()


def list_tests(bundle, listed=None):
    if listed:
        with open(listed) as f:
            out = f.read()
    else:
        out = subprocess.run([bundle, "--list-tests"], capture_output=True, text=True, check=True).stdout
    tests = [line.strip() for line in out.splitlines() if re.match(r"^\w+\.\w+/\w+$", line.strip())]
    odd = [line.strip() for line in out.splitlines() if "/" in line and line.strip() not in tests]
    if odd:
        # A test the runner cannot name would never run: refuse rather than leave it out.
        sys.exit("scripts/test: tests listed in a form the runner does not know: " + ", ".join(odd[:5]))
    if not tests:
        sys.exit("scripts/test: the test bundle lists no test:\n" + out)
    return tests


def read_costs(path):
    costs = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            seconds, name = line.split("\t")
            costs[name] = float(seconds)
    return costs


def make_units(tests, costs, heavy, fast_only, jobs):
    """[(cost, label, [filter names])], longest first."""
    classes = {}
    for t in tests:
        cls, method = t.split("/")
        classes.setdefault(cls, []).append(method)
    units, fast = [], []
    for cls, methods in classes.items():
        is_heavy = cls in heavy
        if fast_only and is_heavy:
            continue
        split = any(f"{cls}/{m}" in costs for m in methods)
        if split:
            for m in methods:
                units.append((costs.get(f"{cls}/{m}", 1.0), f"{cls}/{m}", [f"{cls}/{m}"]))
        elif is_heavy:
            units.append((costs.get(cls, 1.0), cls, [cls]))
        else:
            fast.append((costs.get(cls, 0.2), cls))
    # The fast tier's classes packed into `jobs` units of about equal cost (longest first into the
    # lightest pack), so a one-core share of the fast tier is never left for the end.
    packs = [[0.0, []] for _ in range(max(1, jobs))]
    for cost, cls in sorted(fast, reverse=True):
        lightest = min(packs, key=lambda p: p[0])
        lightest[0] += cost
        lightest[1].append(cls)
    for i, (cost, names) in enumerate(p for p in packs if p[1]):
        units.append((cost, f"fast tier, part {i + 1} ({len(names)} classes)", sorted(names)))
    units.sort(key=lambda u: -u[0])
    return units


def interrupted(*_):
    raise KeyboardInterrupt


class Runner:
    def __init__(self, args, units):
        self.args, self.units = args, units
        self.lock = threading.Lock()
        self.next = 0
        self.done = 0
        self.results = []  # (label, status, executed, failures, seconds, failing lines, log path)
        self.cases = []  # (seconds, name, outcome)
        self.start = time.monotonic()
        self.procs = set()
        self.stopping = False
        # The environment `swift test` gives the bundle: it sets NO_COLOR=1 (its output is not a
        # terminal), and the programs the tests start in tmux inherit it.
        self.env = dict(os.environ, NO_COLOR="1")

    def take(self):
        with self.lock:
            if self.stopping or self.next >= len(self.units):
                return None
            unit = self.units[self.next]
            self.next += 1
            return self.next, unit

    def run_unit(self, index, unit):
        cost, label, names = unit
        safe = re.sub(r"[^\w.-]+", "_", label)[:120]
        log_path = os.path.join(self.args.logs, f"{index:03d}-{safe}.log")
        began = time.monotonic()
        with open(log_path, "w") as log:
            proc = subprocess.Popen([self.args.bundle, ",".join(names)], stdout=log, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, start_new_session=True, env=self.env)
            with self.lock:
                self.procs.add(proc)
                stopping = self.stopping
            if stopping:  # the run was interrupted while this one started
                self.end(proc)
            try:
                status = proc.wait(timeout=self.args.timeout)
            except subprocess.TimeoutExpired:
                self.end(proc)
                status = proc.wait()
                log.write(f"\nscripts/test: ended after {self.args.timeout:.0f} s\n")
            with self.lock:
                self.procs.discard(proc)
        seconds = time.monotonic() - began
        text = open(log_path, errors="replace").read()
        executed = failures = 0
        # The last "Executed" line is the selection's total.
        totals = EXECUTED.findall(text)
        if totals:
            executed, failures = int(totals[-1][0]), int(totals[-1][1])
        failing = [line for line in text.splitlines() if FAILURE_LINE.search(line)]
        cases = [(float(m.group(4)), f"{m.group(1)}.{m.group(2)}", m.group(3))
                 for m in map(CASE.match, text.splitlines()) if m]
        ok = status == 0 and failures == 0 and executed > 0
        if status != 0 and not failing:
            failing = [f"the test process ended with status {status}; its last lines:"] + text.splitlines()[-15:]
        with self.lock:
            self.done += 1
            self.results.append((label, ok, executed, failures, seconds, failing, log_path))
            self.cases += cases
            elapsed = time.monotonic() - self.start
            word = "passed" if ok else "FAILED"
            print(f"[{self.done:3d}/{len(self.units)} {elapsed / 60:4.1f} min] {word} {label}: "
                  f"{executed} tests in {seconds:.1f} s", flush=True)
            if not ok:
                for line in failing[:30]:
                    print("    " + line, flush=True)
                print(f"    (the whole log: {log_path})", flush=True)

    @staticmethod
    def end(proc):
        """The unit's process group: SIGTERM, a moment to end, then SIGKILL for whatever is left."""
        try:
            os.killpg(proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def worker(self):
        while True:
            taken = self.take()
            if taken is None:
                return
            self.run_unit(*taken)

    def run(self):
        threads = [threading.Thread(target=self.worker, daemon=True) for _ in range(self.args.jobs)]
        for t in threads:
            t.start()
        # Ctrl-C or SIGTERM (a cancelled CI job): no unit starts after it, and the running ones
        # are ended (they run in sessions of their own, which the terminal's signal does not reach).
        signal.signal(signal.SIGTERM, interrupted)
        try:
            for t in threads:
                while t.is_alive():
                    t.join(0.5)
        except KeyboardInterrupt:
            with self.lock:
                self.stopping = True
                procs = list(self.procs)
            for p in procs:
                self.end(p)
            raise


def main():
    args = parse_args()
    tests = list_tests(args.bundle, args.list)
    heavy = set(filter(None, args.heavy.split(",")))
    costs = read_costs(args.costs)
    units = make_units(tests, costs, heavy, args.fast, args.jobs)
    if args.plan:
        for cost, label, names in units:
            print(f"{cost:.1f}\t{label}\t{','.join(names)}")
        return 0
    os.makedirs(args.logs, exist_ok=True)
    for old in os.listdir(args.logs):
        os.remove(os.path.join(args.logs, old))
    print(f"scripts/test: {len(tests)} tests in {len(units)} units on {args.jobs} workers; logs in {args.logs}",
          flush=True)
    runner = Runner(args, units)
    try:
        runner.run()
    except KeyboardInterrupt:
        print(f"\nscripts/test: interrupted; the {len(runner.procs) or 'running'} units were ended, none started after",
              flush=True)
        return 130
    wall = time.monotonic() - runner.start

    # The measured costs, by the bundle's names: each class's total, and each method of a split one.
    target_of = {t.split("/")[0].split(".")[1]: t.split("/")[0].split(".")[0] for t in tests}
    split = {u[1].split("/")[0] for u in units if "/" in u[1]}
    per_class, per_method = {}, {}
    for seconds, name, _ in runner.cases:
        cls, method = name.split(".")
        full = f"{target_of.get(cls, '?')}.{cls}"
        per_class[full] = per_class.get(full, 0.0) + seconds
        if full in split:
            per_method[f"{full}/{method}"] = seconds
    with open(os.path.join(args.logs, "test-costs"), "w") as f:
        f.write(COSTS_HEADER)
        for cls, seconds in sorted(per_class.items(), key=lambda x: -x[1]):
            if seconds < 0.5 and cls not in split:
                continue
            f.write(f"{seconds:.1f}\t{cls}\n")
            for m, ms in sorted(((m, s) for m, s in per_method.items() if m.startswith(cls + "/")),
                                key=lambda x: -x[1]):
                f.write(f"{ms:.1f}\t{m}\n")

    executed = sum(r[2] for r in runner.results)
    # A unit that failed without a failed test (a crash, a timeout) counts as one failure.
    failures = sum(r[3] if r[3] > 0 or r[1] else 1 for r in runner.results)
    failed_units = [r for r in runner.results if not r[1]]
    slowest = sorted(runner.cases, reverse=True)[:10]
    print("\nThe 10 slowest tests:")
    for seconds, name, _ in slowest:
        print(f"  {seconds:7.1f} s  {name}")
    print(f"\nscripts/test: {len(units)} units in {wall / 60:.1f} min of wall time on {args.jobs} workers")
    # The tests the units select: all, or with --fast the fast tier's.
    selected = sum(1 for t in tests if any(t == n or t.startswith(n + "/") for u in units for n in u[2]))
    missing = max(0, selected - executed)
    if failed_units or missing:
        print("\n== scripts/test: XCTest's verdict")
        for r in failed_units:
            print(f"  failed: {r[0]} ({r[3]} failures; {r[6]})")
            for line in r[5][:10]:
                print("      " + line)
        if missing:
            print(f"  {missing} of {selected} tests did not run to their end (a unit crashed or was ended)")
        print(f"Test Suite 'All tests' failed\n\t Executed {executed} tests, with {failures} failures")
        return 1
    print(f"Test Suite 'All tests' passed\n\t Executed {executed} tests, with 0 failures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
