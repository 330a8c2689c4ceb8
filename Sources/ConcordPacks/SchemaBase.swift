/// The parts of the vector-file schema that do not depend on any suite: the file's top level and
/// the shared value types. `VectorFileSchema` adds one entry per suite, derived from its definition.
enum SchemaBase {
    static let text = #"""
{
 "top": {
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "Concord vector file (concord-vectors/1)",
  "description": "A hand-written file of conformance vectors for one suite. The rules are those of docs/vector-format.md. Checks only Concord's loader makes: ids unique within a suite (across files), every flag declared under `notes`, and the YAML-level rules (no duplicate keys, anchors, aliases, tags, second documents, BOM; UTF-8 only). This file is derived from the suite definitions (Sources/ConcordSuites) by `concord schema`; a test fails when the checked-in copy differs, so never edit it by hand. Each suite's entry under `$defs` holds everything about it: `properties.defaults` (its `input`: every field any of its ops takes), `properties.vectors.items` (its `vector`), an `allOf` of the file-level rules that depend on `defaults` (a vector takes the defaults its op takes and does not give itself, so each required input is given by `defaults` or by every vector of an op that needs it; a default whose type does not fit an op is given by every vector of that op; exactly one of a group of inputs after the merge), and under its own `$defs` `input` and `vector`, plus `expect` for a suite without ops, or one entry per op (with its own `input` and `expect`) for a suite with ops. A suite without ops forbids `op` (`\"op\": false`); a suite with ops requires `op` and enumerates its ops. Old suite names (aliases) take the branch of the suite they now name. Wycheproof JSON files (a top-level `schema` such as `aead_test_schema_v1.json`) are not checked against this schema: scripts/check-schema.py checks them against the copies in schemas/wycheproof/.",
  "type": "object",
  "required": [
   "format",
   "suite",
   "title",
   "source",
   "vectors"
  ],
  "additionalProperties": false,
  "properties": {
   "format": {
    "title": "File format",
    "description": "Always the exact string `concord-vectors/1`.",
    "type": "string",
    "const": "concord-vectors/1"
   },
   "suite": {
    "title": "Suite",
    "description": "The one suite every vector of this file belongs to: a canonical name (`closer.field`, `aes-gcm`) or an old name that still loads (`field`). A vector's full name is `SUITE/ID`, with the canonical name.",
    "type": "string"
   },
   "title": {
    "title": "Title",
    "description": "What these vectors are about, in a few words.",
    "type": "string"
   },
   "source": {
    "title": "Source of the expected values",
    "description": "Where the answers come from, e.g. `libsodium 1.0.18 and libargon2 20171227 agreed`.",
    "type": "string"
   },
   "release": {
    "title": "Release that wrote the artifacts",
    "description": "Only in an archived file (docs/archive.md, written by `concord archive add`): the app release and platform whose capture wrote the artifacts these vectors open, with the versions the capture names, when it was captured and archived, and the implementations that opened them when archived.",
    "type": "object",
    "required": [
     "name",
     "platform"
    ],
    "additionalProperties": false,
    "properties": {
     "name": {
      "title": "Release name",
      "type": "string",
      "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"
     },
     "platform": {
      "title": "Platform that wrote them (the capture's implementation name)",
      "type": "string",
      "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"
     },
     "version": {
      "title": "The capture's version string",
      "type": "string"
     },
     "device": {
      "title": "The capture's platform string",
      "type": "string"
     },
     "captured": {
      "title": "Day the capture file was written",
      "type": "string"
     },
     "archived": {
      "title": "Day the artifacts were archived",
      "type": "string"
     },
     "confirmed": {
      "title": "Implementations that opened them when archived",
      "type": "array",
      "items": {
       "type": "string"
      }
     }
    }
   },
   "notes": {
    "title": "Flag notes",
    "description": "What each flag means (Wycheproof style): flag name -> explanation. A vector may only use flags declared here (checked by the loader).",
    "type": "object",
    "additionalProperties": {
     "title": "Meaning of the flag",
     "type": "string"
    }
   },
   "defaults": {
    "title": "Default inputs",
    "description": "Input fields merged under every vector's `input`; a vector's own field wins. Its fields are those of the suite's input.",
    "type": "object"
   },
   "vectors": {
    "title": "Vectors",
    "description": "The vectors, at least one.",
    "type": "array",
    "minItems": 1,
    "items": {
     "$ref": "#/$defs/vector"
    }
   }
  }
 },
 "defs": {
  "vector": {
   "title": "Vector",
   "description": "One test case. The suite's branch narrows `input` and `expect`.",
   "type": "object",
   "required": [
    "id"
   ],
   "additionalProperties": false,
   "properties": {
    "id": {
     "$ref": "#/$defs/id"
    },
    "comment": {
     "title": "Comment",
     "description": "Free text shown in reports.",
     "type": "string"
    },
    "flags": {
     "title": "Flags",
     "description": "Flag names, each declared under the file's `notes`.",
     "type": "array",
     "items": {
      "title": "Flag name",
      "type": "string"
     }
    },
    "op": {
     "title": "Operation",
     "description": "The direction of a two-way vector (wrap/unwrap, seal/open, encrypt/decrypt, roundtrip). Only in suites that have ops.",
     "type": "string"
    },
    "result": {
     "title": "Expected result",
     "description": "`valid` (the default): every implementation must produce exactly `expect`. `invalid`: every implementation must refuse; `expect.error` may name the class. `acceptable`: either outcome, but implementations should agree. `pending`: not settled (no independent implementation decided the answer yet): no `expect`, every implementation's answer is shown and nothing is compared; never a pass.",
     "type": "string",
     "enum": [
      "valid",
      "invalid",
      "acceptable",
      "pending"
     ]
    },
    "input": {
     "title": "Inputs",
     "description": "The suite's input fields. May be left out when `defaults` supplies every required input.",
     "type": "object"
    },
    "expect": {
     "title": "Expected outputs",
     "description": "For a valid vector: every expect field of the suite. For an invalid one: only `error`, optional.",
     "type": "object"
    }
   },
   "allOf": [
    {
     "title": "result: valid (or absent) needs expect",
     "if": {
      "$ref": "#/$defs/resultValid"
     },
     "then": {
      "required": [
       "expect"
      ]
     }
    },
    {
     "title": "result: pending has no expect",
     "if": {
      "properties": {
       "result": {
        "const": "pending"
       }
      },
      "required": [
       "result"
      ]
     },
     "then": {
      "not": {
       "required": [
        "expect"
       ]
      }
     }
    },
    {
     "title": "result: invalid allows only expect.error",
     "if": {
      "properties": {
       "result": {
        "const": "invalid"
       }
      },
      "required": [
       "result"
      ]
     },
     "then": {
      "properties": {
       "expect": {
        "$ref": "#/$defs/expectError"
       }
      }
     }
    }
   ]
  },
  "resultValid": {
   "description": "True when the vector's result is `valid`, written or by default.",
   "anyOf": [
    {
     "not": {
      "required": [
       "result"
      ]
     }
    },
    {
     "properties": {
      "result": {
       "const": "valid"
      }
     }
    }
   ]
  },
  "id": {
   "title": "Vector id",
   "description": "Unique within the suite (across files; checked by the loader). Letters, digits, `.`, `_`, `-`; starts with a letter or digit.",
   "type": "string",
   "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]*$"
  },
  "expectError": {
   "title": "Expected refusal",
   "description": "An invalid vector's expect: only `error`, naming the class of refusal.",
   "type": "object",
   "additionalProperties": false,
   "properties": {
    "error": {
     "title": "Error class",
     "description": "`authentication` (tag or commitment check failed), `format` (prefix, base64, length, layout), `parameters` (unsupported or malformed parameters), `key` (invalid key or point).",
     "type": "string",
     "enum": [
      "authentication",
      "format",
      "parameters",
      "key"
     ]
    }
   }
  },
  "placeholder": {
   "title": "Placeholder",
   "description": "Not yet known: computed and shown, never compared; `concord fill` writes the value.",
   "const": "TODO_ANDROID_RUN"
  },
  "bytes": {
   "title": "Bytes",
   "description": "A mapping with exactly one key: `hex`, `base64`, `base64url` or `utf8`. Empty bytes: `{hex: \"\"}`.",
   "type": "object",
   "minProperties": 1,
   "maxProperties": 1,
   "additionalProperties": false,
   "properties": {
    "hex": {
     "title": "Hex",
     "description": "An even number of hex digits, lower or upper case, no separators. Quote it when it is all digits (`{hex: \"0102\"}`), or YAML reads an integer.",
     "type": "string",
     "pattern": "^([0-9a-fA-F]{2})*$"
    },
    "base64": {
     "title": "Base64 (RFC 4648 §4)",
     "description": "Standard alphabet `+/`, padded with `=`, strict: no whitespace, and the spare bits of the last character are zero.",
     "type": "string",
     "pattern": "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$"
    },
    "base64url": {
     "title": "Base64url (RFC 4648 §5)",
     "description": "URL alphabet `-_`, unpadded, strict: no `=`, no whitespace, and the spare bits of the last character are zero.",
     "type": "string",
     "pattern": "^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-][AQgw]|[A-Za-z0-9_-]{2}[AEIMQUYcgkosw048])?$"
    },
    "utf8": {
     "title": "UTF-8 text",
     "description": "The UTF-8 bytes of this string, as written (no normalization).",
     "type": "string"
    }
   }
  },
  "expectedBytes": {
   "title": "Expected bytes",
   "anyOf": [
    {
     "$ref": "#/$defs/bytes"
    },
    {
     "$ref": "#/$defs/placeholder"
    }
   ]
  },
  "int64": {
   "title": "Integer (64-bit)",
   "description": "A YAML integer; the loader reads every integer as a signed 64-bit value and refuses one outside that range.",
   "type": "integer",
   "minimum": -9223372036854775808,
   "maximum": 9223372036854775807
  },
  "expectedInteger": {
   "title": "Expected integer",
   "anyOf": [
    {
     "$ref": "#/$defs/int64"
    },
    {
     "$ref": "#/$defs/placeholder"
    }
   ]
  }
 }
}
"""#
}
