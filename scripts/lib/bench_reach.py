"""scripts/bench-reach's work (its header says what it measures): the planted-bug adapters of
Tests/Fixtures/planted/ (bugs.json lists them) checked, then explored, seed by seed.

Run it through scripts/bench-reach, which builds the release binary first."""

import argparse
import datetime
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PLANTED = os.path.join(ROOT, "Tests", "Fixtures", "planted")
NAME = "planted"  # the adapter's name, as the planted adapters announce it

# "  1234 cases  2 findings  7 s " (ExploreCommand's progress line, drawn with CONCORD_PROGRESS=always)
PROGRESS = re.compile(r"^\s*(\d+) cases\s+(\d+) findings\s+(\d+) s\s*$")
# "explore: seed 7, 1760 cases in 5.1 s (344/s), …"
SUMMARY = re.compile(r"^explore: seed (\d+), (\d+) cases in ([0-9.]+) s")
FIRST = re.compile(r"^  first in case (\d+) \((.*)\); (\d+) cases? in all$")
SHRUNK = re.compile(r"^  input, shrunk in (\d+) steps?:")
SIGNATURE = re.compile(r"^(\S+) (\S+): (.*)$")


def fail(message):
    print(f"bench-reach: {message}", file=sys.stderr)
    sys.exit(2)


def load_bugs(only):
    with open(os.path.join(PLANTED, "bugs.json")) as f:
        bugs = json.load(f)["bugs"]
    if only:
        names = {b["name"] for b in bugs}
        unknown = [n for n in only if n not in names]
        if unknown:
            fail(f"--only: no planted bug named {', '.join(unknown)} (bugs: {', '.join(sorted(names))})")
        bugs = [b for b in bugs if b["name"] in only]
    return bugs


def adapter(bug, off=False):
    """The --adapter option of a planted adapter; `off` runs it with its bug switched off."""
    command = f"node {os.path.join(PLANTED, bug['name'] + '.js')}"
    return f"{NAME}={'PLANTED_BUG=off ' if off else ''}{command}"


def implicates(signature, name=NAME):
    """Whether a finding's signature puts `name` apart: its error, its side of a round trip, or a side
    of a divergence that is `name` alone (ExploreCommand's signatures, Oracle.swift)."""
    m = SIGNATURE.match(signature)
    if not m:
        return False
    rest = m.group(3)
    if rest.startswith(f"{name} error ("):
        return True
    rt = re.match(r"^(\S+) seals, (\S+) opens: ", rest)
    if rt:
        return name in (rt.group(1), rt.group(2))
    body = re.sub(r" \[[^\]]*\]$", "", rest)
    for side in body.split(" vs "):
        if side.split(" ", 1)[0].split("+") == [name]:
            return True
    return False


class Explored:
    """One `concord explore` process: its findings in the order found, its progress lines with the
    time each arrived, its summary."""

    def __init__(self):
        self.findings = []  # dicts: signature, suite, op, case, made, steps
        self.known = 0
        self.progress = []  # (seconds since start, cases, findings)
        self.cases = None
        self.seconds = None
        self.wall = None
        self.status = None
        self.stderr = ""


def explore(concord, bug, seed, references, seconds=None, case=None, suites=None, off=False, guard=None):
    args = [concord, "explore", *(suites or bug["suites"]), "--implementations", ",".join(references + [NAME]),
            "--adapter", adapter(bug, off), "--seed", str(seed)]
    args += ["--case", str(case)] if case is not None else ["--seconds", str(seconds)]
    env = dict(os.environ, CONCORD_PROGRESS="always")
    e = Explored()
    start = time.monotonic()
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT, start_new_session=True)
    err = []

    def read_progress():
        pending = b""
        while True:
            chunk = p.stderr.read1(65536)
            if not chunk:
                break
            now = time.monotonic() - start
            pending += chunk
            parts = re.split(rb"[\r\n]", pending)
            pending = parts.pop()
            for part in parts:
                text = part.decode("utf-8", "replace")
                m = PROGRESS.match(text)
                if m:
                    e.progress.append((now, int(m.group(1)), int(m.group(2))))
                elif text.strip() and not text.startswith("\x1b"):
                    err.append(text)
        if pending.strip():
            err.append(pending.decode("utf-8", "replace"))

    reader = threading.Thread(target=read_progress, daemon=True)
    reader.start()
    try:
        out, _ = p.communicate(timeout=guard or (seconds or 0) + 180)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        err.append("bench-reach: killed: explore ran past its guard")
    reader.join()
    e.wall = time.monotonic() - start
    e.status = p.returncode
    e.stderr = "\n".join(err)
    current = None
    for line in out.decode("utf-8", "replace").splitlines():
        if line.startswith("finding: "):
            sig = line[len("finding: "):]
            m = SIGNATURE.match(sig)
            current = {"signature": sig, "suite": m.group(1) if m else "", "op": m.group(2) if m else "", "case": None, "made": "", "steps": None}
            e.findings.append(current)
        elif line.startswith("known: "):
            e.known += 1
            current = None
        elif current is not None and FIRST.match(line):
            m = FIRST.match(line)
            current["case"], current["made"] = int(m.group(1)), m.group(2)
        elif current is not None and SHRUNK.match(line):
            current["steps"] = int(SHRUNK.match(line).group(1))
        elif SUMMARY.match(line):
            m = SUMMARY.match(line)
            e.cases, e.seconds = int(m.group(2)), float(m.group(3))
    return e


def run_report(concord, args, tmp):
    """`concord run …` with a JSON report; the report, or None with the reason."""
    report = os.path.join(tmp, "run.json")
    if os.path.exists(report):
        os.remove(report)
    p = subprocess.run([concord, "run", *args, "-q", "-o", report], capture_output=True, text=True, cwd=ROOT, timeout=600)
    if not os.path.exists(report):
        return None, (p.stderr.strip().splitlines() or [f"exit {p.returncode}"])[-1]
    with open(report) as f:
        return json.load(f), None


def statuses(report, implementation):
    counts = {}
    for r in report["results"]:
        s = r["implementations"].get(implementation, {}).get("status", "not run")
        counts[s] = counts.get(s, 0) + 1
    return counts


def check(concord, bug, references, control_seconds, tmp):
    """The self-check of one planted bug: (ok, lines)."""
    lines, ok = [], True
    # 1. The landed vectors of its suites pass on it.
    report, why = run_report(concord, [*bug["suites"], "--implementations", NAME, "--adapter", adapter(bug)], tmp)
    if report is None:
        return False, [f"landed vectors: concord run did not report: {why}"]
    mine = statuses(report, NAME)
    bad = {s: n for s, n in mine.items() if s not in ("pass", "unsupported")}
    ok &= not bad and mine.get("pass", 0) > 0
    lines.append(f"landed vectors of {', '.join(bug['suites'])}: {mine.get('pass', 0)} pass"
                 + (f", {mine['unsupported']} unsupported" if mine.get("unsupported") else "")
                 + (f"; NOT PASSED: {bad}" if bad else "")
                 + (f" ({', '.join(i['file'] for i in report['inputs']['files'])})" if report.get("inputs") else ""))
    # 2. Its proof: the references pass every vector of it, the planted adapter fails one at least.
    proof = os.path.join(PLANTED, "proofs", bug["name"] + ".yaml")
    report, why = run_report(concord, [proof, "--implementations", ",".join(references + [NAME]), "--adapter", adapter(bug)], tmp)
    if report is None:
        return False, lines + [f"proof: concord run did not report: {why}"]
    refs_bad = {i: statuses(report, i) for i in references if set(statuses(report, i)) != {"pass"}}
    failing = [r["vector"] for r in report["results"] if r["implementations"].get(NAME, {}).get("status") == "fail"]
    ok &= not refs_bad and bool(failing)
    lines.append(f"proof {os.path.relpath(proof, ROOT)}: {', '.join(references)} pass"
                 + (f" (NOT: {refs_bad})" if refs_bad else "")
                 + (f"; {NAME} fails {', '.join(failing)}" if failing else f"; {NAME} fails NOTHING"))
    # 3. With its bug switched off, exploration finds nothing that puts it apart.
    if control_seconds > 0:
        e = explore(concord, bug, 1, references, seconds=control_seconds, off=True)
        apart = [f["signature"] for f in e.findings if implicates(f["signature"])]
        ok &= not apart and e.status in (0, 1) and (e.cases or 0) > 0
        lines.append(f"bug switched off, {control_seconds:g} s of exploration (seed 1, {e.cases} cases): "
                     + (f"{len(apart)} finding(s) put the adapter apart: {apart[0]}" if apart else "nothing puts the adapter apart")
                     + (f" (explore exit {e.status}: {e.stderr.splitlines()[-1] if e.stderr else ''})" if e.status not in (0, 1) else ""))
    # 4. A pack scenario the bug's flow extends passes with it.
    if bug.get("flow"):
        report, why = run_report_scenario(concord, bug, tmp)
        ok &= why is None
        lines.append(f"scenario {bug['flow']}: " + (why or "passes with the adapter in its roles"))
    return ok, lines


def run_report_scenario(concord, bug, tmp):
    report = os.path.join(tmp, "scenario.json")
    p = subprocess.run([concord, "scenario", bug["flow"], "--implementations", ",".join(bug.get("flowReferences", ["swift", "openssl"]) + [NAME]),
                        "--adapter", adapter(bug), "-q", "-o", report], capture_output=True, text=True, cwd=ROOT, timeout=600)
    if p.returncode != 0:
        return None, f"exit {p.returncode}: {(p.stderr.strip().splitlines() or [''])[-1]}"
    return report, None


def scenario_exploration(concord):
    """Whether `concord scenario` explores flows: its help names --explore."""
    p = subprocess.run([concord, "scenario", "--help"], capture_output=True, text=True, cwd=ROOT)
    return "--explore" in p.stdout + p.stderr


FLOW_FILE = re.compile(r"\.flow-s(\d+)-t(\d+)\.yaml$")
FLOWS_RUN = re.compile(r"(\d+) flows? run")


def explore_flow(concord, bug, seed, seconds, tmp):
    """`concord scenario LONGFLOW --explore` against the flow's references and the planted adapter:
    it stops at the first failing flow, shrinks it and writes it. Found when it wrote a file that
    fails the adapter and passes with the bug switched off (replayed with the same seed); its
    seconds are the command's wall time (found and shrunk), its cases the trial it failed in + 1."""
    emit = tempfile.mkdtemp(dir=tmp)
    refs = bug.get("longFlowReferences", bug.get("flowReferences", ["swift", "openssl"]))
    start = time.monotonic()
    p = subprocess.run([concord, "scenario", bug["longFlow"], "--explore", "--seed", str(seed), "--seconds", f"{seconds:g}",
                        "--implementations", ",".join(refs + [NAME]), "--adapter", adapter(bug), "--emit", emit,
                        "-o", os.path.join(emit, "report.json")],
                       capture_output=True, text=True, cwd=ROOT, timeout=seconds + 900)
    wall = time.monotonic() - start
    runs = [int(m.group(1)) for m in FLOWS_RUN.finditer(p.stdout + p.stderr)]
    written = [f for f in os.listdir(emit) if FLOW_FILE.search(f)]
    run = {"found": False, "seconds": None, "cases": None, "wall": wall, "status": p.returncode, "run_cases": runs[-1] if runs else None,
           "file": None, "why": ""}
    if p.returncode not in (0, 1):
        run["why"] = f"scenario exited {p.returncode}: {(p.stderr.strip().splitlines() or [''])[-1]}"
        return run
    if not written:
        run["why"] = "no failing flow"
        return run
    path = os.path.join(emit, written[0])
    trial = int(FLOW_FILE.search(written[0]).group(2))
    def replay(off):
        q = subprocess.run([concord, "scenario", path, "--seed", str(seed), "--implementations", ",".join(refs + [NAME]),
                            "--adapter", adapter(bug, off=off), "-q", "-o", os.path.join(emit, "replay.json")],
                           capture_output=True, text=True, cwd=ROOT, timeout=900)
        return q.returncode
    on, off = replay(False), replay(True)
    if on != 1 or off != 0:
        run["why"] = f"the written flow is not the bug's (replayed: exit {on} with the bug, {off} without)"
        return run
    run.update(found=True, seconds=wall, cases=trial + 1, file=written[0])
    return run


def first_bug_finding(concord, bug, seed, references, e):
    """The first finding of `e` that puts the planted adapter apart and goes away with its bug
    switched off (case K replayed on the same seed), with the progress sample that first counted it."""
    for index, f in enumerate(e.findings):
        if not implicates(f["signature"]) or f["case"] is None:
            continue
        replay = explore(concord, bug, seed, references, case=f["case"], suites=[f["suite"]], off=True, guard=120)
        if any(g["op"] == f["op"] and implicates(g["signature"]) for g in replay.findings):
            continue  # the adapter differs there without its bug too: not the bug's finding
        # Findings are counted when made and printed in that order; a ledger's known ones count too.
        need = index + 1 + e.known
        sample = next((s for s in e.progress if s[2] >= need), None)
        bounded = sample is None  # made in the last chunk, after the last progress line: the run's end bounds it
        seconds, cases = (sample[0], sample[1]) if sample else (e.wall, e.cases)
        return dict(f, seconds=seconds, cases=cases, bounded=bounded or e.known > 0)
    return None


def median_or_none(values):
    return statistics.median(values) if values else None


def summarize(bug, runs, seeds):
    found = [r for r in runs if r["found"]]
    inf = float("inf")
    med_s = statistics.median([r["seconds"] if r["found"] else inf for r in runs]) if runs else inf
    med_c = statistics.median([r["cases"] if r["found"] else inf for r in runs]) if runs else inf
    return {
        "found": len(found), "seeds": len(seeds),
        "median_seconds": None if med_s == inf else med_s, "median_cases": None if med_c == inf else med_c,
        "min_seconds": min((r["seconds"] for r in found), default=None), "max_seconds": max((r["seconds"] for r in found), default=None),
        "min_cases": min((r["cases"] for r in found), default=None), "max_cases": max((r["cases"] for r in found), default=None),
    }


def fmt_range(med, lo, hi, unit, digits):
    span = None if lo is None else f"{lo:.{digits}f}" if lo == hi else f"{lo:.{digits}f}–{hi:.{digits}f}"
    if med is None:
        return "—" if span is None else f"— ({span}{unit} when found)"
    return f"{med:.{digits}f}{unit} ({span})"


def table(bugs, results, flows):
    rows = ["| planted bug | class | suites explored | found | seconds to found and shrunk, median (range) | cases run, median (range) | flow exploration: found, seconds to found and shrunk, median (range), trials |",
            "|---|---|---|---|---|---|---|"]
    for b in bugs:
        s = results[b["name"]]["summary"]
        f = results[b["name"]].get("flow")
        if not b.get("longFlow"):
            flow = "—"
        elif not flows:
            flow = "not reachable yet (no `concord scenario --explore`)"
        elif f is None:
            flow = "not measured in this run"
        else:
            flow = (f"{f['found']}/{f['seeds']}: {fmt_range(f['median_seconds'], f['min_seconds'], f['max_seconds'], ' s', 1)}, "
                    f"{fmt_range(f['median_cases'], f['min_cases'], f['max_cases'], '', 0)} (`{os.path.basename(b['longFlow'])}`)")
        rows.append(f"| `{b['name']}` | {b['class']} | {', '.join(b['suites'])} | {s['found']}/{s['seeds']} | "
                    f"{fmt_range(s['median_seconds'], s['min_seconds'], s['max_seconds'], ' s', 1)} | "
                    f"{fmt_range(s['median_cases'], s['min_cases'], s['max_cases'], '', 0)} | {flow} |")
    return "\n".join(rows)


def print_table_from(path, markdown):
    """The table of a data file written by an earlier run (its first line says how it was made)."""
    try:
        with open(path) as f:
            header = f.readline().rstrip("\n")
            cols = f.readline().rstrip("\n").split("\t")
            rows = [dict(zip(cols, line.rstrip("\n").split("\t"))) for line in f if line.strip()]
    except OSError as e:
        fail(f"--table-from: {e}")
    if not header.startswith("# scripts/bench-reach") or "bug" not in cols:
        fail(f"--table-from: {path} is not a data file of scripts/bench-reach")
    names = list(dict.fromkeys(r["bug"] for r in rows))
    bugs = [b for b in load_bugs(None) if b["name"] in names]
    results = {}
    for b in bugs:
        def runs_of(flow):
            return [{"found": r["found"] == "yes", "seconds": float(r["seconds"]) if r["seconds"] else None,
                     "cases": int(r["cases"]) if r["cases"] else None}
                    for r in rows if r["bug"] == b["name"] and r["op"].startswith("flow ") == flow]
        results[b["name"]] = {"summary": summarize(b, runs_of(False), runs_of(False))}
        if runs_of(True):
            results[b["name"]]["flow"] = summarize(b, runs_of(True), runs_of(True))
    md = table(bugs, results, "scenario --explore: present" in header)
    print(header.lstrip("# "))
    print(md)
    if markdown:
        with open(markdown, "w") as f:
            f.write(md + "\n")
    return 0


def git(*args):
    p = subprocess.run(["git", *args], capture_output=True, text=True, cwd=ROOT)
    return p.stdout.strip()


def main():
    ap = argparse.ArgumentParser(prog="scripts/bench-reach", description="explore's reach against planted bugs (not a test)")
    ap.add_argument("--concord", help="the concord binary (scripts/bench-reach builds and passes the release one)")
    ap.add_argument("--seconds", type=float, default=60, help="each exploration's time cap (default 60)")
    ap.add_argument("--seeds", type=int, default=5, help="explore with seeds 1..N (default 5)")
    ap.add_argument("--seed-list", help="explore with these seeds instead (comma-separated)")
    ap.add_argument("--only", help="only these planted bugs (comma-separated names)")
    ap.add_argument("--references", help="explore against these implementations instead of each bug's (comma-separated)")
    ap.add_argument("--check-only", action="store_true", help="the self-check alone, no exploration")
    ap.add_argument("--no-check", action="store_true", help="skip the self-check")
    ap.add_argument("--control-seconds", type=float, default=10, help="the self-check's exploration with the bug switched off (default 10; 0 skips it)")
    ap.add_argument("--out", default=os.path.join(ROOT, "reports", "bench-reach.tsv"), help="the data file (default reports/bench-reach.tsv)")
    ap.add_argument("--markdown", help="also write the table (Markdown) here")
    ap.add_argument("--table-from", help="print the table of an earlier run's data file, and run nothing")
    a = ap.parse_args()
    if a.table_from:
        return print_table_from(a.table_from, a.markdown)
    if a.seconds <= 0 or a.seeds < 1 or a.control_seconds < 0:
        fail("--seconds must be positive, --seeds at least 1, --control-seconds not negative")
    if a.check_only and a.no_check:
        fail("--check-only and --no-check exclude each other")
    try:
        seeds = [int(s) for s in a.seed_list.split(",")] if a.seed_list else list(range(1, a.seeds + 1))
    except ValueError:
        fail(f"--seed-list needs comma-separated unsigned integers, got {a.seed_list!r}")
    if any(s < 0 for s in seeds):
        fail("--seed-list: seeds are unsigned")
    bugs = load_bugs(a.only.split(",") if a.only else None)
    if not a.concord:
        fail("--concord: the binary to run (scripts/bench-reach builds the release one and passes it)")
    concord = os.path.abspath(a.concord)
    refs_of = lambda b: a.references.split(",") if a.references else b["references"]
    commit = git("rev-parse", "--short", "HEAD") + (" (with changes not committed)" if git("status", "--porcelain", "--untracked-files=no") else "")
    load_start = " ".join(open("/proc/loadavg").read().split()[:3])
    print(f"bench-reach: {len(bugs)} planted bugs, commit {commit}, {os.cpu_count()} cores, load average {load_start}")

    failed_checks = []
    if not a.no_check:
        with tempfile.TemporaryDirectory() as tmp:
            for b in bugs:
                ok, lines = check(concord, b, refs_of(b), a.control_seconds, tmp)
                print(f"check {b['name']}: {'ok' if ok else 'FAILED'}")
                for line in lines:
                    print(f"  {line}")
                if not ok:
                    failed_checks.append(b["name"])
        if failed_checks:
            print(f"bench-reach: the self-check failed for {', '.join(failed_checks)}")
        if a.check_only:
            return 1 if failed_checks else 0

    flows = scenario_exploration(concord)
    results, rows = {}, []
    for b in bugs:
        runs = []
        for seed in seeds:
            e = explore(concord, b, seed, refs_of(b), seconds=a.seconds)
            if e.status not in (0, 1):
                print(f"  {b['name']} seed {seed}: explore exited {e.status}: {e.stderr.splitlines()[-1] if e.stderr else ''}")
            elif e.cases is None or not e.progress:
                # explore's output changed under the bench: say so rather than report "not found".
                print(f"  {b['name']} seed {seed}: WARNING: explore's {'summary line' if e.cases is None else 'progress line'} was not read: "
                      "the bench's parsing (scripts/lib/bench_reach.py) needs updating")
            hit = first_bug_finding(concord, b, seed, refs_of(b), e)
            run = {"bug": b["name"], "seed": seed, "found": hit is not None, "seconds": hit["seconds"] if hit else None,
                   "cases": hit["cases"] if hit else None, "bounded": hit["bounded"] if hit else False,
                   "case": hit["case"] if hit else None, "op": hit["op"] if hit else None, "steps": hit["steps"] if hit else None,
                   "signature": hit["signature"] if hit else "", "made": hit["made"] if hit else "",
                   "run_cases": e.cases, "run_seconds": e.seconds, "wall": e.wall, "status": e.status,
                   "other_findings": len(e.findings) - (1 if hit else 0)}
            runs.append(run)
            rows.append(run)
            where = (f"found in {run['seconds']:.1f} s{' (at most)' if run['bounded'] else ''}, {run['cases']} cases run"
                     f" (case {run['case']} of {run['op']}, shrunk in {run['steps']} steps): {run['signature']}") if hit else "not found"
            print(f"  {b['name']} seed {seed}: {where}; the run: {e.cases} cases in {e.seconds} s")
        results[b["name"]] = {"runs": runs, "summary": summarize(b, runs, seeds)}
        if flows and b.get("longFlow"):
            flow_runs = []
            with tempfile.TemporaryDirectory() as tmp:
                for seed in seeds:
                    fr = explore_flow(concord, b, seed, a.seconds, tmp)
                    flow_runs.append(fr)
                    where = (f"found and shrunk in {fr['seconds']:.1f} s, in trial {fr['cases'] - 1} ({fr['file']})" if fr["found"]
                             else f"not found ({fr['why']})")
                    print(f"  {b['name']} flow {os.path.basename(b['longFlow'])} seed {seed}: {where}" + (f"; {fr['run_cases']} flows run" if fr["run_cases"] is not None else ""))
                    rows.append({"bug": b["name"], "seed": seed, "found": fr["found"], "seconds": fr["seconds"], "cases": fr["cases"],
                                 "bounded": False, "op": "flow " + os.path.basename(b["longFlow"]), "case": None, "steps": None,
                                 "signature": fr["file"] or fr["why"], "made": "", "run_cases": fr["run_cases"], "run_seconds": None,
                                 "wall": fr["wall"], "status": fr["status"], "other_findings": 0})
            results[b["name"]]["flow"] = summarize(b, flow_runs, seeds)

    load = open("/proc/loadavg").read().split()[:3]
    md = table(bugs, results, flows)
    print()
    print(md)
    header = (f"# scripts/bench-reach {datetime.date.today().isoformat()}, commit {commit}, {os.cpu_count()} cores, load average {load_start} at the start, {' '.join(load)} at the end; "
              f"each exploration capped at {a.seconds:g} s; seeds {','.join(map(str, seeds))}; "
              f"concord scenario --explore: {'present' if flows else 'absent (flow bugs not reachable yet)'}\n")
    cols = ["bug", "class", "seed", "found", "seconds", "cases", "bounded", "op", "case", "shrink_steps", "run_cases", "run_seconds", "wall", "explore_status", "other_findings", "signature"]
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    classes = {b["name"]: b["class"] for b in bugs}
    with open(a.out, "w") as f:
        f.write(header)
        f.write("\t".join(cols) + "\n")
        for r in rows:
            vals = [r["bug"], classes[r["bug"]], r["seed"], "yes" if r["found"] else "no",
                    "" if r["seconds"] is None else f"{r['seconds']:.2f}", "" if r["cases"] is None else r["cases"],
                    "yes" if r["bounded"] else "no", r["op"] or "", "" if r["case"] is None else r["case"],
                    "" if r["steps"] is None else r["steps"], r["run_cases"] if r["run_cases"] is not None else "",
                    r["run_seconds"] if r["run_seconds"] is not None else "", f"{r['wall']:.2f}", r["status"], r["other_findings"],
                    r["signature"].replace("\t", " ")]
            f.write("\t".join(str(v) for v in vals) + "\n")
    print(f"\ndata: {os.path.relpath(os.path.abspath(a.out), ROOT)}")
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(md + "\n")
    return 1 if failed_checks else 0


if __name__ == "__main__":
    sys.exit(main())
