"""What a suite's op answers besides outputs: a refusal of the input (with its class), unsupported, or a
malformed request; and how messages name a JSON value's type."""


class Refusal(Exception):
    """The implementation refused the input; error_class is one of the vector format's classes, or
    "unclassified" where Tink gives one error for failures of different classes (docs/adapters.md)."""

    def __init__(self, error_class, message):
        super().__init__(message)
        self.error_class = error_class
        self.message = message


class Unsupported(Exception):
    """This adapter cannot run the request (never a pass, never a failure)."""


class BadRequest(Exception):
    """The request is malformed (missing field, wrong type, bad hex): reported as a fault."""


def type_name(value):
    """How a message names a decoded JSON value's type ("an integer", "an object", ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {int: "an integer", str: "a string", dict: "an object", list: "an array"}.get(type(value),
                                                                                      type(value).__name__)
