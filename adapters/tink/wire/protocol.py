"""How a suite is declared (its ops, each with every input and output field) and how one request runs by
those declarations; the values of a request's input (bytes, text) and of its outputs; a suite's provenance."""

import importlib.metadata
import json

from wire.answers import BadRequest, Unsupported, type_name
from wire.encodings import hex_decode, hex_encode


def tink_version():
    try:
        return importlib.metadata.version("tink")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def library(what):
    """A suite's PROVENANCE (docs/adapters.md §1): Tink's own code, called directly, with the version."""
    return {"library": "%s (tink-py %s)" % (what, tink_version())}


PORT = "port"  # a suite's PROVENANCE when its computation is written in this adapter


class Op:
    """One op of a suite as this adapter runs it, declared once: its name (None for a suite with a single
    direction), every input field it reads (required, then optional), every output field it may write, and
    the function computing it. The handshake is made from these declarations (handshake()) and run() checks
    each request and each answer against them, so what the adapter announces is what it does."""

    def __init__(self, name, function, inputs=(), optional=(), outputs=()):
        self.name = name
        self.function = function
        self.required = tuple(inputs)
        self.optional = tuple(optional)
        self.outputs = tuple(outputs)

    def announce(self):
        return {"op": self.name, "inputs": list(self.required + self.optional), "outputs": list(self.outputs)}


def run(suite, op_name, request_input):
    """Runs one request by the suite's declarations: an op it does not declare is unsupported (with the reason
    when the suite names the op in NOT_RUN), a required input missing a BadRequest, an input field the op
    does not declare unsupported; an output the op does not declare is an error (a fault)."""
    op = next((o for o in suite.ops if o.name == op_name), None)
    if op is None:
        if op_name in suite.NOT_RUN:
            raise Unsupported("tink does not implement %s %s: %s" % (suite.name, op_name, suite.NOT_RUN[op_name]))
        names = [o.name for o in suite.ops]
        if names == [None]:
            raise Unsupported("suite %s has no ops, got op %s" % (suite.name, json.dumps(op_name)))
        if op_name is None:
            raise Unsupported("suite %s needs an op (%s), got none" % (suite.name, ", ".join(names)))
        raise Unsupported("suite %s has no op %s (its ops: %s)" % (suite.name, json.dumps(op_name), ", ".join(names)))
    check_fields(suite.name, op_name, request_input, op.required, op.optional)
    outputs = op.function(request_input)
    for name in outputs:
        if name not in op.outputs:
            raise RuntimeError("suite %s op %s wrote the output %s, which it does not declare (its outputs: %s)"
                               % (suite.name, op_name, json.dumps(name), ", ".join(op.outputs)))
    return outputs


def check_fields(suite, op, request_input, required, optional=()):
    for name in required:
        if name not in request_input:
            raise BadRequest("input.%s is missing (required by suite %s%s)"
                             % (name, suite, "" if op is None else " op " + op))
    for name in request_input:
        if name not in required and name not in optional:
            raise Unsupported("input field %s is not understood by this adapter's %s suite%s"
                              % (json.dumps(name, ensure_ascii=False), suite, "" if op is None else " (op %s)" % op))


def get_bytes(request_input, name):
    value = request_input[name]
    if not isinstance(value, dict):
        raise BadRequest("input.%s: expected bytes {\"hex\":\"...\"}, found %s" % (name, type_name(value)))
    if list(value) != ["hex"]:
        raise BadRequest("input.%s: bytes must be an object with the single member \"hex\"" % name)
    digits = value["hex"]
    if not isinstance(digits, str):
        raise BadRequest("input.%s.hex: expected a string, found %s" % (name, type_name(digits)))
    try:
        return hex_decode(digits)
    except ValueError as e:
        raise BadRequest("input.%s.hex: %s" % (name, e))


def get_text(request_input, name):
    value = request_input[name]
    if not isinstance(value, str):
        raise BadRequest("input.%s: expected text (a JSON string), found %s" % (name, type_name(value)))
    return value


def out_bytes(value):
    return {"hex": hex_encode(value)}
