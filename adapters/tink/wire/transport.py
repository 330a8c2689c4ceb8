"""The line protocol (docs/adapters.md §1): the handshake, one answer per request line, the worker pool,
the exit codes. The suites come from the registry the entry point passes in (find, handshake)."""

import concurrent.futures
import importlib.metadata
import os
import platform
import re
import sys
import threading
import traceback

from wire.answers import BadRequest, Refusal, Unsupported, type_name
from wire.protocol import run
from wire.strict_json import JsonInvalid, json_parse, json_write

PROTOCOL = 1
NAME = "tink"
MAX_LINE_BYTES = 16 * 1024 * 1024
DEFAULT_THREADS = 2
REQUEST_MEMBERS = ("id", "suite", "op", "input")


def log(message):
    print("concord tink adapter: " + message, file=sys.stderr, flush=True)


class Adapter:
    def __init__(self, out, threads, suites):
        """suites: the registry (handshake() and find(name)); out: the protocol's stdout."""
        self._out = out
        self._suites = suites
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
                   "suites": self._suites.handshake()})
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
        suite = self._suites.find(suite_name)
        if suite is None:
            self.send({"id": request_id, "unsupported": "unknown suite %s" % json_write(suite_name)})
            return
        self._pool.submit(self._run, request_id, suite, op, request_input)

    def _run(self, request_id, suite, op, request_input):
        self.send(compute(request_id, suite, op, request_input))


def compute(request_id, suite, op, request_input):
    """Runs one request; always yields exactly one response."""
    try:
        outputs = run(suite, op, request_input)
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
