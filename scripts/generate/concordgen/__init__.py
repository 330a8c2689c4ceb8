"""Code the vector generators in scripts/generate/ share (one copy each):

    env        the repository root and the pinned virtual environment each generator re-runs itself in
    values     the value types a vector file holds (Hex, Utf8, Record), Refused, derived() and flip()
    b64        a strict RFC 4648 base64 / base64url codec written from the RFC (the "second codec")
    yamlfile   the fixed-format YAML writer of concord-vectors/1 files and the strict read-back check
    output     data/*.json (transcribed known answers), copies of reference files, writing or --check,
               and the validation of what was written (`concord validate` and scripts/check-schema.py)

Nothing here computes an expected value: that stays in each generator, on its own implementations.
"""
