"""The Concord Tink adapter: Google Tink (Python) behind the line protocol of docs/adapters.md.

A persistent process: writes the handshake, then answers every request line of stdin exactly once,
in any order, computing on a small thread pool; exits 0 once stdin is at end of file and every
request is answered, 1 if stdout goes away. Takes no arguments. Run it with the venv that
scripts/build-tink creates:

    .build/venv-tink/bin/python adapters/tink/concord_tink_adapter.py

This file is the protocol (strict JSON, transport, workers); the suites are in
concord_tink_suites.py beside it.
"""

import concurrent.futures
import importlib.metadata
import json
import os
import platform
import re
import sys
import threading
import traceback

PROTOCOL = 1
NAME = "tink"
MAX_LINE_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64
DEFAULT_THREADS = 2
REQUEST_MEMBERS = ("id", "suite", "op", "input")

# stdout carries protocol lines only. Keep a private handle on the real stdout, then point file
# descriptor 1 (and sys.stdout) at stderr, so that a stray print() or anything Tink's C++ core might
# write to fd 1 cannot corrupt the stream. Done before Tink is imported.
_PROTOCOL_OUT = os.fdopen(os.dup(1), "wb", buffering=0)
os.dup2(2, 1)
sys.stdout = sys.stderr

import concord_tink_suites as suites  # noqa: E402  (after the stdout switch, on purpose)
from concord_tink_suites import BadRequest, Refusal, Unsupported, type_name  # noqa: E402


def log(message):
    print("concord tink adapter: " + message, file=sys.stderr, flush=True)


# ------------------------------------------------------------------------------------ strict JSON


class JsonInvalid(Exception):
    """The text is not JSON of the protocol's subset (docs/adapters.md, "JSON subset")."""


def _parse_int(text):
    try:
        value = int(text)
    except ValueError as e:  # e.g. more digits than Python converts
        raise JsonInvalid("integer %s... is not a 64-bit integer (%s)" % (text[:20], e)) from None
    if not -(2 ** 63) <= value < 2 ** 63:
        raise JsonInvalid("integer %s does not fit in 64 bits" % text)
    return value


def _parse_float(text):
    raise JsonInvalid("only integers are allowed (no fraction or exponent): %s" % text)


def _parse_constant(text):
    raise JsonInvalid("%s is not JSON" % text)


def _object(pairs):
    result = {}
    for name, value in pairs:
        if name in result:
            raise JsonInvalid("duplicate member name %s" % json.dumps(name, ensure_ascii=False))
        result[name] = value
    return result


_DECODER = json.JSONDecoder(object_pairs_hook=_object, parse_float=_parse_float,
                            parse_int=_parse_int, parse_constant=_parse_constant, strict=True)
_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_tree(value, depth):
    """Nesting depth and lone surrogates (json pairs valid surrogate escapes into one character)."""
    if isinstance(value, str):
        if _SURROGATE.search(value):
            raise JsonInvalid("lone surrogate in a string")
    elif isinstance(value, dict):
        if depth > MAX_DEPTH:
            raise JsonInvalid("nesting deeper than %d" % MAX_DEPTH)
        for name, member in value.items():
            _check_tree(name, depth)
            _check_tree(member, depth + 1)
    elif isinstance(value, list):
        if depth > MAX_DEPTH:
            raise JsonInvalid("nesting deeper than %d" % MAX_DEPTH)
        for item in value:
            _check_tree(item, depth + 1)


def json_parse(text):
    """Parses protocol JSON: object -> dict, array -> list, integer -> int, string, bool, None."""
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as e:
        raise JsonInvalid(str(e)) from None
    except RecursionError:
        raise JsonInvalid("nesting too deep") from None
    _check_tree(value, 1)
    return value


def json_write(value):
    """Compact JSON: no whitespace, '/' and non-ASCII as themselves, control characters escaped."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


# ------------------------------------------------------------------------------------ transport


class Adapter:
    def __init__(self, out, threads):
        self._out = out
        self._lock = threading.Lock()
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=threads,
                                                          thread_name_prefix="concord-worker")

    def send(self, message):
        """Writes one protocol line and flushes it; if stdout is gone, the runner is gone: exit 1."""
        data = (json_write(message) + "\n").encode("utf-8", "replace")
        with self._lock:
            try:
                self._out.write(data)
                self._out.flush()
            except OSError as e:
                log("writing stdout failed, exiting: %s" % e)
                os._exit(1)

    def fault(self, request_id, message):
        self.send({"id": request_id, "fault": message})

    def serve(self, stream):
        self.send({"concord-adapter": PROTOCOL, "name": NAME, "version": version(),
                   "suites": suites.handshake()})
        try:
            while True:
                chunk = stream.readline(MAX_LINE_BYTES + 1)
                if not chunk:
                    break
                if chunk.endswith(b"\n"):
                    self.accept(chunk[:-1])
                elif len(chunk) <= MAX_LINE_BYTES:
                    self.accept(chunk)  # a last line without '\n'
                else:
                    while True:  # skip the rest of the long line
                        rest = stream.readline(1 << 20)
                        if not rest or rest.endswith(b"\n"):
                            break
                    self.fault(None, "request line longer than %d bytes" % MAX_LINE_BYTES)
        except OSError as e:
            log("reading stdin failed: %s" % e)
            self._pool.shutdown(wait=True)
            return 1
        self._pool.shutdown(wait=True)
        return 0

    def accept(self, raw):
        """Decodes and checks one request line on the reader thread; computes it on the pool."""
        try:
            text = raw.decode("utf-8", "strict")
        except UnicodeDecodeError:
            self.fault(None, "request line is not valid UTF-8")
            return
        try:
            request = json_parse(text)
        except JsonInvalid as e:
            self.fault(None, "request line is not valid JSON: %s" % e)
            return
        if not isinstance(request, dict):
            self.fault(None, "a request must be a JSON object, found %s" % type_name(request))
            return
        request_id = request.get("id")
        if not isinstance(request_id, int) or isinstance(request_id, bool):
            self.fault(None, "request id must be an integer, found %s" % type_name(request_id)
                       if "id" in request else "request has no id")
            return
        for member in request:
            if member not in REQUEST_MEMBERS:
                self.fault(request_id, "unknown request member %s" % json_write(member))
                return
        suite_name = request.get("suite")
        if not isinstance(suite_name, str):
            self.fault(request_id, "request suite must be a string, found %s" % type_name(suite_name))
            return
        op = request.get("op")
        if op is not None and not isinstance(op, str):
            self.fault(request_id, "request op must be a string or null, found %s" % type_name(op))
            return
        request_input = request.get("input")
        if not isinstance(request_input, dict):
            self.fault(request_id, "request input must be an object, found %s" % type_name(request_input))
            return
        suite = suites.find(suite_name)
        if suite is None:
            self.send({"id": request_id, "unsupported": "unknown suite %s" % json_write(suite_name)})
            return
        self._pool.submit(self._run, request_id, suite, op, request_input)

    def _run(self, request_id, suite, op, request_input):
        self.send(compute(request_id, suite, op, request_input))


def compute(request_id, suite, op, request_input):
    """Runs one request; always yields exactly one response."""
    try:
        outputs = suites.run(suite, op, request_input)
        return {"id": request_id, "outputs": outputs}
    except Refusal as e:
        return {"id": request_id, "error": e.error_class, "message": e.message}
    except Unsupported as e:
        return {"id": request_id, "unsupported": str(e)}
    except BadRequest as e:
        return {"id": request_id, "fault": "bad request: %s" % e}
    except Exception as e:  # not a refusal: the adapter or the harness is broken
        log("request %s (%s) failed:\n%s" % (request_id, suite.name, traceback.format_exc()))
        return {"id": request_id, "fault": "%s.%s: %s" % (type(e).__module__, type(e).__qualname__, e)}


def version():
    return "Tink %s (Python %s)" % (importlib.metadata.version("tink"), platform.python_version())


def thread_count():
    env = os.environ.get("CONCORD_ADAPTER_THREADS", "")
    if env == "":
        return DEFAULT_THREADS
    if not re.fullmatch(r"[1-9][0-9]{0,3}", env):
        raise ValueError("CONCORD_ADAPTER_THREADS must be an integer 1..9999, got %s" % json_write(env))
    return int(env)


def main(argv):
    if len(argv) != 1:
        log("takes no arguments")
        return 2
    try:
        threads = thread_count()
    except ValueError as e:
        log(str(e))
        return 2
    return Adapter(_PROTOCOL_OUT, threads).serve(sys.stdin.buffer)


if __name__ == "__main__":
    status = main(sys.argv)
    try:
        _PROTOCOL_OUT.flush()
    except OSError:
        status = 1
    sys.stdout.flush()
    # os._exit: no interpreter teardown racing Tink's C++ objects; every response is written already.
    os._exit(status)
