"""The peer of `concord run vectors/closer/canonical-json`: a plain Python loop serializing every valid
answer of the canonical-json vector files per CONTRACT.md section 7 and comparing it with the
expected JSON. Prints the vector count, failures and checks per second over `--passes` passes."""
import glob, sys, time
import yaml

folder = sys.argv[1]
passes = int(sys.argv[2]) if len(sys.argv) > 2 else 1
cases = []
for path in sorted(glob.glob(folder + "/*.yaml")):
    with open(path, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    for v in doc["vectors"]:
        if v.get("result", "valid") == "valid":
            cases.append((v["input"]["answer"], v["expect"]["json"]))

ESC = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}

def s(x):
    return '"' + "".join(ESC.get(c, c) for c in x) + '"'

def canonical(a):
    ids = sorted(a["selectedOptionIds"], key=lambda i: i.encode("utf-16-be"))
    sv = "null" if a["scaleValue"] is None else str(a["scaleValue"])
    wt = "null" if a["writtenText"] is None else s(a["writtenText"])
    return '{"scaleValue":' + sv + ',"selectedOptionIds":[' + ",".join(s(i) for i in ids) + '],"writtenText":' + wt + "}"

t0 = time.perf_counter()
failed = 0
for _ in range(passes):
    for answer, expected in cases:
        if canonical(answer) != expected:
            failed += 1
dt = time.perf_counter() - t0
print(f"{len(cases)} cases, {failed // passes} unexpected, {len(cases) * passes / dt:.0f} checks/s")
