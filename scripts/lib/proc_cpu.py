"""CPU seconds of a command and every process it starts, by process name, sampled from /proc every
20 ms while it runs (Linux; scripts/bench --by-process and scripts/bench-shard-costs). What a
process spends after its last sample is missed; the sampling itself costs this process CPU."""
import os
import subprocess
import time

_TICK = os.sysconf("SC_CLK_TCK")


def _cpu(stat):
    """(name, CPU seconds) of one /proc/PID/stat line (the name may hold spaces and parentheses)."""
    r = stat.rindex(")")
    f = stat[r + 2:].split()
    return stat[stat.index("(") + 1:r], (int(f[11]) + int(f[12])) / _TICK, int(f[1])


def _sample(root, seen):
    """Every descendant of `root`: its CPU so far, by pid, with its name."""
    kids = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                name, cpu, parent = _cpu(f.read())
        except (OSError, ValueError, IndexError):
            continue
        kids.setdefault(parent, []).append((int(d), name, cpu))
    stack = [root]
    while stack:
        for pid, name, cpu in kids.get(stack.pop(), []):
            seen[pid] = (name, cpu)
            stack.append(pid)


def run(argv, stderr, root_name="concord"):
    """Runs `argv` (standard output discarded, standard error to `stderr`) to its end. Returns its
    exit status and its processes' CPU seconds by name (the command itself as `root_name`)."""
    seen = {}
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=stderr)
    while proc.poll() is None:
        try:
            with open(f"/proc/{proc.pid}/stat") as f:
                seen[proc.pid] = (root_name, _cpu(f.read())[1])
        except (OSError, ValueError, IndexError):
            pass
        _sample(proc.pid, seen)
        time.sleep(0.02)
    by = {}
    for name, cpu in seen.values():
        by[name] = by.get(name, 0) + cpu
    return proc.returncode, by
