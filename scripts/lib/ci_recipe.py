"""Runs a CI recipe of docs/ci.md as its CI would: the GitHub Actions workflow's jobs in `needs`
order, each matrix value, each step's `run:` lines through bash in a fresh workspace, the actions it
`uses` by stand-ins (below); or the GitLab CI pipeline's jobs by stage, `parallel: N` as N jobs.

    python3 ci_recipe.py github|gitlab DOC APP STATE EVENT [--substitute OLD=NEW ...]

DOC    docs/ci.md: the recipe is the fenced block after the line `<!-- app-recipe: github -->` (or
       github-nightly, the nightly exploration's workflow, or gitlab)
APP    the app repository (a git repository): every checkout of it is a clone of its HEAD
STATE  a folder that outlives one pipeline: the artifacts of each run, the main branch's saved
       report (what `gh run download` serves), the pull-request comments `gh pr comment` posted
EVENT  push (to main), pull_request or schedule (a night: its run is the next night's last night)

The stand-ins, and all they do:
  actions/checkout           the app: a clone of APP's HEAD; with `repository:` (Concord): a
                             symbolic link, at `path:`, to the Concord under test ($CONCORD_UNDER_TEST)
  actions/cache              nothing: Concord's .build is the one of the Concord under test
  actions/upload-artifact    copies `path` (globs) to STATE/<run>/artifacts/<name>/ (if-no-files-found: error)
  actions/download-artifact  copies artifacts named `name`, or matching `pattern`, into `path`
  mikepenz/action-junit-report  checks each `report_paths` file is well-formed XML (xmllint)
  (GitLab) the before_script line that fetches $CONCORD_REPOSITORY: the same link as checkout's;
           `parallel: N` runs N jobs with CI_NODE_INDEX/CI_NODE_TOTAL; every earlier job's
           artifacts are in a later job's workspace (as `needs:` gives them)
  gh (a command on PATH)     run list -> the last successful main run (with --workflow concord-nightly:
                             the last night's run, or nothing); run download -> its artifact;
                             pr comment --body-file F -> STATE/comments/<n>.md
A `run:` line is run exactly as written but for `--substitute OLD=NEW` (printed when used), and
${{ }} expressions: matrix.*, env.*, github.event_name, github.event.number, github.run_id, github.token,
runner.os; `if:` knows always(), success(), failure(), ==, !=, &&, ||.
Prints one line per step; exits 0 when every job succeeded, 1 when one failed, 2 on a recipe it
cannot run (an unknown action, a malformed block).
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

import yaml


def die(msg):
    print(f"ci-recipe: {msg}", file=sys.stderr)
    sys.exit(2)


DOC_LINES = []


def locate(doc, first, text):
    """The doc line (1-based) at or after `first` where `text`'s first line appears, for messages."""
    want = str(text).strip().splitlines()[0].strip() if str(text).strip() else ""
    for n in range(first, len(DOC_LINES)):
        if want and want in DOC_LINES[n]:
            return f"{doc}:{n + 1}"
    return doc


def recipe_block(doc, kind):
    lines = open(doc, encoding="utf-8").read().split("\n")
    DOC_LINES[:] = lines
    marker = f"<!-- app-recipe: {kind} -->"
    try:
        i = lines.index(marker)
    except ValueError:
        die(f"{doc}: no line {marker}")
    BLOCK.update(doc=doc, first=i)
    if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
        die(f"{doc}:{i + 2}: a fenced block must follow {marker}")
    body = []
    for line in lines[i + 2:]:
        if line.startswith("```"):
            try:
                return yaml.safe_load("\n".join(body))
            except yaml.YAMLError as e:
                mark = getattr(e, "problem_mark", None)
                where = f"{doc}:{i + 3 + mark.line}:{mark.column + 1}" if mark else doc
                die(f"{where}: the {kind} recipe is not YAML: {getattr(e, 'problem', e)}")
        body.append(line)
    die(f"{doc}:{i + 2}: the block after {marker} is not closed")


BLOCK = {"doc": "", "first": 0}


class Pipeline:
    def __init__(self, kind, app, state, event, substitutions):
        self.kind, self.app, self.state, self.event = kind, app, state, event
        self.substitutions = substitutions
        os.makedirs(state, exist_ok=True)
        runs = [int(d[4:]) for d in os.listdir(state) if d.startswith("run-")]
        self.run_id = max(runs, default=0) + 1
        self.run_dir = os.path.join(state, f"run-{self.run_id}")
        self.artifacts = os.path.join(self.run_dir, "artifacts")
        os.makedirs(self.artifacts)
        self.bin = os.path.join(self.run_dir, "bin")
        os.makedirs(self.bin)
        self.write_gh()
        self.concord = os.environ["CONCORD_UNDER_TEST"]
        self.ok = True

    def write_gh(self):
        gh = os.path.join(self.bin, "gh")
        with open(gh, "w") as f:
            f.write(f"""#!/usr/bin/env python3
# Stand-in of the GitHub CLI for scripts/test-app-recipe (scripts/lib/ci_recipe.py).
import os, shutil, sys
state = {self.state!r}
a = sys.argv[1:]
main = os.path.join(state, "main-run")
if a[:2] == ["run", "list"]:
    # The nightly workflow's last completed run (whatever its result), else main's last successful one.
    if "--workflow" in a and a[a.index("--workflow") + 1] == "concord-nightly":
        main = os.path.join(state, "nightly-run")
        if not os.path.exists(main):
            sys.exit(0)   # no earlier night: gh prints nothing
    if not os.path.exists(main):
        sys.exit("gh: no successful run of the main branch")
    print(open(main).read().strip())
elif a[:2] == ["run", "download"]:
    run, name, out = a[2], a[a.index("--name") + 1], a[a.index("--dir") + 1]
    src = os.path.join(state, "run-" + run, "artifacts", name)
    if not os.path.isdir(src):
        sys.exit("gh: run " + run + " has no artifact " + name)
    os.makedirs(out, exist_ok=True)
    for f in os.listdir(src):
        shutil.copy(os.path.join(src, f), out)
elif a[:2] == ["pr", "comment"]:
    body = a[a.index("--body-file") + 1]
    os.makedirs(os.path.join(state, "comments"), exist_ok=True)
    n = len(os.listdir(os.path.join(state, "comments"))) + 1
    shutil.copy(body, os.path.join(state, "comments", str(n) + ".md"))
    print("gh: commented on pull request " + a[2])
else:
    sys.exit("gh stand-in: unknown command " + " ".join(a))
""")
        os.chmod(gh, 0o755)

    def expand(self, text, ctx):
        def one(m):
            e = m.group(1).strip()
            v = self.value(e, ctx)
            return "" if v is None else str(v)
        return re.sub(r"\$\{\{(.*?)\}\}", one, str(text))

    def value(self, e, ctx):
        if e.startswith("matrix."):
            return ctx["matrix"].get(e[7:])
        if e.startswith("env."):
            return ctx["env"].get(e[4:])
        if e == "github.event_name":
            return self.event
        if e == "github.event.number":
            return 7 if self.event == "pull_request" else ""
        if e == "github.run_id":
            return self.run_id
        if e == "github.token":
            return "stand-in-token"
        if e == "runner.os":
            return "Linux"
        if e.startswith("hashFiles("):
            return "stand-in-hash"
        die(f"unknown expression ${{{{ {e} }}}}")

    def condition(self, cond, ctx, job_ok):
        if cond is None:
            return job_ok
        expr = str(cond)
        expr = re.sub(r"\$\{\{(.*?)\}\}", r"\1", expr)
        tokens = re.findall(r"'[^']*'|&&|\|\||==|!=|\(|\)|[A-Za-z_][A-Za-z0-9_.]*\(\)|[A-Za-z_][A-Za-z0-9_.]*|\d+", expr)
        py = []
        always = False
        for t in tokens:
            if t == "&&": py.append("and")
            elif t == "||": py.append("or")
            elif t in ("==", "!=", "(", ")"): py.append(t)
            elif t == "always()": py.append("True"); always = True
            elif t == "success()": py.append(repr(job_ok))
            elif t == "failure()": py.append(repr(not job_ok))
            elif t.startswith("'") or t.isdigit(): py.append(t)
            else:
                v = self.value(t, ctx)
                py.append(repr(str(v)) if not isinstance(v, int) else repr(v))
        result = eval(" ".join(py), {"__builtins__": {}})
        # Without a status function, a step runs only while the job succeeds (GitHub's implicit success()).
        return bool(result) and (always or "success()" in expr or "failure()" in expr or job_ok)

    def bash(self, script, cwd, env, label):
        for old, new in self.substitutions:
            if old in script:
                script = script.replace(old, new)
                print(f"      (run with {old!r} as {new!r})")
        e = dict(os.environ)
        e.update({k: str(v) for k, v in env.items()})
        e["PATH"] = self.bin + os.pathsep + e["PATH"]
        log = os.path.join(self.run_dir, re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-") + ".log")
        with open(log, "w") as f:
            p = subprocess.run(["bash", "-eo", "pipefail", "-c", script], cwd=cwd, env=e, stdout=f, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL)
        if p.returncode != 0:
            tail = open(log, encoding="utf-8", errors="replace").read()[-3000:]
            print("      " + tail.replace("\n", "\n      "))
        return p.returncode, log

    def checkout_app(self, dest):
        subprocess.run(["git", "clone", "--quiet", self.app, dest], check=True)

    # GitHub Actions

    def github(self, workflow):
        env = dict(workflow.get("env") or {})
        jobs = workflow.get("jobs") or die("the workflow has no jobs")
        done = {}
        order = list(jobs)
        while order:
            name = next((j for j in order if all(n in done for n in self.needs(jobs[j]))), None)
            if name is None:
                die("the jobs' needs form a cycle")
            order.remove(name)
            job = jobs[name]
            if not all(done[n] for n in self.needs(job)):
                print(f"job {name}: skipped (a job it needs failed)")
                done[name] = False
                self.ok = False
                continue
            matrix = (job.get("strategy") or {}).get("matrix") or {}
            combos = [{}]
            for k, vs in matrix.items():
                combos = [dict(c, **{k: v}) for c in combos for v in vs]
            results = [self.github_job(name, job, env, c) for c in combos]
            done[name] = all(results)
            self.ok &= done[name]
        return self.ok

    @staticmethod
    def needs(job):
        n = job.get("needs") or []
        return [n] if isinstance(n, str) else n

    def github_job(self, name, job, wf_env, matrix):
        label = name + "".join(f"-{v}" for v in matrix.values())
        ws = os.path.join(self.run_dir, "jobs", label)
        os.makedirs(ws)
        ctx = {"matrix": matrix, "env": dict(wf_env, **(job.get("env") or {}))}
        env = dict(ctx["env"])
        summary = os.path.join(self.run_dir, f"{label}.summary.md")
        env.update({"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary, "GITHUB_EVENT_NAME": self.event,
                    "GITHUB_WORKSPACE": ws, "CI": "true"})
        ok = True
        print(f"job {label}:")
        for i, step in enumerate(job.get("steps") or []):
            title = self.expand(step.get("name") or step.get("uses") or f"step {i + 1}", ctx)
            if not self.condition(step.get("if"), ctx, ok):
                print(f"   - {title}: skipped")
                continue
            step_env = dict(env, **{k: self.expand(v, ctx) for k, v in (step.get("env") or {}).items()})
            if "uses" in step:
                good = self.uses(step["uses"], {k: self.expand(v, ctx) for k, v in (step.get("with") or {}).items()}, ws)
            else:
                code, _ = self.bash(self.expand(step["run"], ctx), ws, step_env, f"{label}-{i + 1}")
                good = code == 0
            print(f"   - {title}: {'ok' if good else 'FAILED'}")
            if not good:
                what = step.get("name") or step.get("uses") or step.get("run")
                print(f"      at {locate(BLOCK['doc'], BLOCK['first'], what)} (job {name})")
            ok &= good
        return ok

    def uses(self, action, args, ws):
        base = action.split("@")[0]
        if base == "actions/checkout":
            if "repository" in args:
                os.symlink(self.concord, os.path.join(ws, args.get("path", ".")))
            else:
                shutil.rmtree(ws)
                self.checkout_app(ws)
            return True
        if base == "actions/cache":
            return True
        if base == "actions/upload-artifact":
            dest = os.path.join(self.artifacts, args["name"])
            os.makedirs(dest, exist_ok=True)
            files = [f for pat in str(args["path"]).split() for f in glob.glob(os.path.join(ws, pat))]
            for f in files:
                shutil.copy(f, dest)
            if not files and args.get("if-no-files-found") == "error":
                print(f"      upload-artifact: no file matches {args['path']}")
                return False
            return True
        if base == "actions/download-artifact":
            dest = os.path.join(ws, args.get("path", "."))
            os.makedirs(dest, exist_ok=True)
            names = [args["name"]] if "name" in args else [
                n for n in sorted(os.listdir(self.artifacts)) if glob.fnmatch.fnmatch(n, args.get("pattern", "*"))]
            if not names:
                print("      download-artifact: no artifact matches")
                return False
            for n in names:
                src = os.path.join(self.artifacts, n)
                if not os.path.isdir(src):
                    print(f"      download-artifact: no artifact {n}")
                    return False
                # One artifact by name, or several merged: into `path`; several unmerged: a folder each.
                into = dest if "name" in args or str(args.get("merge-multiple")).lower() == "true" else os.path.join(dest, n)
                os.makedirs(into, exist_ok=True)
                for f in os.listdir(src):
                    shutil.copy(os.path.join(src, f), into)
            return True
        if base == "mikepenz/action-junit-report":
            files = [f for pat in str(args["report_paths"]).split() for f in glob.glob(os.path.join(ws, pat))]
            return bool(files) and all(subprocess.run(["xmllint", "--noout", f]).returncode == 0 for f in files)
        die(f"no stand-in for the action {action}")

    # GitLab CI

    def gitlab(self, pipeline):
        variables = dict(pipeline.get("variables") or {})
        stages = pipeline.get("stages") or ["test"]
        jobs = {k: v for k, v in pipeline.items() if isinstance(v, dict) and "script" in v and not k.startswith(".")}
        for stage in stages:
            stage_ok = True
            for name, job in jobs.items():
                if job.get("stage", "test") != stage:
                    continue
                n = int(job.get("parallel") or 1)
                for k in range(1, n + 1):
                    stage_ok &= self.gitlab_job(name, job, variables, k if n > 1 else None, n)
            self.ok &= stage_ok
            if not stage_ok:
                print(f"stage {stage} failed: later stages do not run")
                break
        return self.ok

    def gitlab_job(self, name, job, variables, index, total):
        label = name + (f"-{index}" if index else "")
        ws = os.path.join(self.run_dir, "jobs", label)
        os.makedirs(os.path.dirname(ws), exist_ok=True)
        self.checkout_app(ws)
        for up in os.listdir(self.artifacts):  # every earlier job's artifacts, as `needs` gives them
            src = os.path.join(self.artifacts, up)
            for dirpath, _, files in os.walk(src):
                for f in files:
                    rel = os.path.relpath(os.path.join(dirpath, f), src)
                    os.makedirs(os.path.dirname(os.path.join(ws, rel)), exist_ok=True)
                    shutil.copy(os.path.join(dirpath, f), os.path.join(ws, rel))
        env = dict(variables, **(job.get("variables") or {}))
        env.update({"CI": "true", "GITLAB_CI": "true", "CI_PIPELINE_SOURCE": "merge_request_event" if self.event == "pull_request" else "push",
                    "CI_PROJECT_DIR": ws, "CI_MERGE_REQUEST_IID": "7" if self.event == "pull_request" else ""})
        if index:
            env.update({"CI_NODE_INDEX": index, "CI_NODE_TOTAL": total})
        os.symlink(self.concord, os.path.join(ws, "concord"))  # the before_script's checkout of Concord (stand-in)
        print(f"job {label}:")
        ok = True
        # The line that fetches $CONCORD_REPOSITORY is the checkout the link above stands in for.
        lines = [l for l in (job.get("before_script") or []) if "$CONCORD_REPOSITORY" not in l] + list(job["script"])
        for i, line in enumerate(lines):
            code, _ = self.bash(line, ws, env, f"{label}-{i + 1}")
            print(f"   - {line.splitlines()[0][:90]}: {'ok' if code == 0 else 'FAILED'}")
            if code != 0:
                print(f"      at {locate(BLOCK['doc'], BLOCK['first'], line)} (job {name}, exit {code})")
                ok = False
                break
        art = job.get("artifacts") or {}
        if art and (ok or art.get("when") == "always"):
            dest = os.path.join(self.artifacts, label)
            for pat in art.get("paths") or []:
                for f in glob.glob(os.path.join(ws, pat.rstrip("/"))):
                    rel = os.path.relpath(f, ws)
                    if os.path.isdir(f):
                        shutil.copytree(f, os.path.join(dest, rel), dirs_exist_ok=True)
                    else:
                        os.makedirs(os.path.dirname(os.path.join(dest, rel)), exist_ok=True)
                        shutil.copy(f, os.path.join(dest, rel))
        return ok


def main():
    a = sys.argv[1:]
    if len(a) < 5 or a[0] not in ("github", "github-nightly", "gitlab") or a[4] not in ("push", "pull_request", "schedule"):
        die("usage: ci_recipe.py github|github-nightly|gitlab DOC APP STATE push|pull_request|schedule [--substitute OLD=NEW ...]")
    subs = []
    rest = a[5:]
    while rest:
        if rest[0] != "--substitute" or len(rest) < 2 or "=" not in rest[1]:
            die(f"unexpected argument {rest[0]!r}")
        subs.append(tuple(rest[1].split("=", 1)))
        rest = rest[2:]
    kind, doc, app, state, event = a[:5]
    p = Pipeline(kind, app, state, event, subs)
    block = recipe_block(doc, kind)
    ok = p.gitlab(block) if kind == "gitlab" else p.github(block)
    if ok and event == "push":
        with open(os.path.join(state, "main-run"), "w") as f:
            f.write(str(p.run_id))
    if event == "schedule":   # a night is last night's tomorrow, found or not
        with open(os.path.join(state, "nightly-run"), "w") as f:
            f.write(str(p.run_id))
    print(f"pipeline run-{p.run_id} ({kind}, {event}): {'passed' if ok else 'FAILED'}")
    print(json.dumps({"run": p.run_id, "dir": p.run_dir, "ok": ok}), file=open(os.path.join(state, "last.json"), "w"))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
