"""The Concord Tink adapter: Google Tink (Python) behind the line protocol of docs/adapters.md.

A persistent process: writes the handshake, then answers every request line of stdin exactly once,
in any order, computing on a small thread pool; exits 0 once stdin is at end of file and every
request is answered, 1 if stdout goes away. Takes no arguments. Run it with the venv that
scripts/build-tink creates:

    .build/venv-tink/bin/python adapters/tink/concord_tink_adapter.py

This file is the entry point only: the protocol is in wire/ (strict JSON, transport, workers), the
registry of suites in suites.py, the suites in primitives/ and one package per pack (docs/adapters.md,
"Layout").
"""

import os
import sys

# stdout carries protocol lines only. Keep a private handle on the real stdout, then point file
# descriptor 1 (and sys.stdout) at stderr, so that a stray print() or anything Tink's C++ core might
# write to fd 1 cannot corrupt the stream. Done before Tink is imported.
_PROTOCOL_OUT = os.fdopen(os.dup(1), "wb", buffering=0)
os.dup2(2, 1)
sys.stdout = sys.stderr

import suites  # noqa: E402  (after the stdout switch, on purpose: it imports Tink)
from wire.transport import Adapter, log, thread_count  # noqa: E402

def main(argv):
    if len(argv) != 1:
        log("takes no arguments")
        return 2
    try:
        threads = thread_count()
    except ValueError as e:
        log(str(e))
        return 2
    return Adapter(_PROTOCOL_OUT, threads, suites).serve(sys.stdin.buffer)

if __name__ == "__main__":
    status = main(sys.argv)
    try:
        _PROTOCOL_OUT.flush()
    except OSError:
        status = 1
    sys.stdout.flush()
    # os._exit: no interpreter teardown racing Tink's C++ objects; every response is written already.
    os._exit(status)
