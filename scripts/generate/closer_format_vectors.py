#!/usr/bin/env python3
"""Write the vector files of the Closer syntax suites (CONTRACT.md section 4):

    vectors/closer/invite-code/closer.yaml       (suite closer.invite-code, op validate)
    vectors/closer/recovery-phrase/closer.yaml   (suite closer.recovery-phrase, op validate)

Every verdict is computed twice and the two must agree (the script aborts otherwise):

    A: Python's `re` engine on the server's regex ^[A-HJ-NP-Z2-9]{6}$ (from the app's Firestore rules, quoted
       in the notes) and, for phrases, the regex ^[a-z]+( [a-z]+){9}$ plus membership in the list;
    B: a character-by-character check written here from the prose of the notes ("6-char alphabet A-Z without
       I and O, digits 2-9"; "10 space-separated lowercase words drawn from the list").

Crockford's base-32 symbols (0-9 A-Z without I L O U) are computed as
a third, *different* reading: the vectors where it disagrees with the regex carry the flag
`crockford-divergence`, since the notes call the alphabet "Crockford" while the regex is not.

The app's 248-word list is not in the notes: the recovery-phrase vectors use a stand-in list
(data/closer-standin-wordlist.txt, 248 English words written for these vectors), passed as the `wordlist`
input with its SHA-256 (`wordlistSha256`, computed here by hashlib and by PyNaCl's libsodium
crypto_hash_sha256, which must agree). Checking the app's own list is replacing both inputs.

Usage:
    python3 scripts/generate/closer_format_vectors.py            # write the files
    python3 scripts/generate/closer_format_vectors.py --check    # compare with the files on disk
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from concordgen.env import ensure_venv  # noqa: E402
from concordgen.output import DATA, finish  # noqa: E402
from concordgen.values import Hex  # noqa: E402
from concordgen.yamlfile import emit, read_back  # noqa: E402

PINS = ["PyYAML==6.0.3", "PyNaCl==1.6.2", "cffi==2.1.1", "pycparser==3.12"]

SERVER_REGEX = r"^[A-HJ-NP-Z2-9]{6}$"
PHRASE_REGEX = r"^[a-z]+( [a-z]+){9}$"


def code_ok_regex(code: str) -> bool:
    return re.fullmatch(SERVER_REGEX[1:-1], code) is not None and "\n" not in code


def code_ok_hand(code: str) -> bool:
    letters = [chr(c) for c in range(ord("A"), ord("Z") + 1) if chr(c) not in "IO"]
    digits = [str(d) for d in range(2, 10)]
    return len(code) == 6 and all(ch in letters or ch in digits for ch in code)


def code_ok_crockford(code: str) -> bool:
    """Crockford's base-32 symbols as written (0-9 A-Z without I L O U), upper case."""
    return len(code) == 6 and all(ch in "0123456789ABCDEFGHJKMNPQRSTVWXYZ" for ch in code)


def phrase_indices_regex(phrase: str, words: list[str]):
    if re.fullmatch(PHRASE_REGEX[1:-1], phrase) is None:
        return None
    idx = {w: i for i, w in enumerate(words)}
    parts = phrase.split(" ")
    return bytes(idx[w] for w in parts) if all(w in idx for w in parts) else None


def phrase_indices_hand(phrase: str, words: list[str]):
    parts, cur = [], ""
    for ch in phrase:
        if ch == " ":
            if cur == "":
                return None
            parts.append(cur)
            cur = ""
        elif "a" <= ch <= "z":
            cur += ch
        else:
            return None
    if cur == "":
        return None
    parts.append(cur)
    if len(parts) != 10:
        return None
    out = []
    for w in parts:
        hits = [i for i, x in enumerate(words) if x == w]
        if len(hits) != 1:
            return None
        out.append(hits[0])
    return bytes(out)


CODES = [
    # id, code, comment, flags
    ("valid-k7m2qx", "K7M2QX", "a code of the alphabet", []),
    ("valid-h4rpwn", "H4RPWN", "a code of the alphabet", []),
    ("valid-all-letters-edge", "AHJNPZ", "the letters at the edges of each range of the regex", []),
    ("valid-digits-2-9", "298765", "digits only, 2 to 9", []),
    ("valid-with-l", "K7L2QX", "L is in the regex's J-N range; a Crockford alphabet has no L", ["crockford-divergence"]),
    ("valid-with-u", "U7M2QX", "U is in the regex's P-Z range; a Crockford alphabet has no U", ["crockford-divergence"]),
    ("refuse-letter-i", "K7I2QX", "I is outside the regex (and Crockford's symbols; a lenient Crockford decoder reads it as 1)", []),
    ("refuse-letter-o", "K7M2OX", "O is outside the regex (and Crockford's symbols; a lenient Crockford decoder reads it as 0)", []),
    ("refuse-digit-0", "K7M20X", "0 is outside the regex; Crockford's alphabet has it", ["crockford-divergence"]),
    ("refuse-digit-1", "K7M21X", "1 is outside the regex; Crockford's alphabet has it", ["crockford-divergence"]),
    ("refuse-lowercase", "k7m2qx", "lower case is not upper-cased for you (a case-insensitive Crockford decoder would)",
     []),
    ("refuse-one-lowercase", "K7M2qX", "one lower-case letter", []),
    ("refuse-length-5", "K7M2Q", "five characters", []),
    ("refuse-length-7", "K7M2QXA", "seven characters", []),
    ("refuse-empty", "", "the empty code", []),
    ("refuse-space-inside", "K7M 2Q", "a space", []),
    ("refuse-trailing-space", "K7M2QX ", "the code and a trailing space", []),
    ("refuse-trailing-newline", "K7M2QX\n", "the code and a line feed ($ in some regex engines matches before it)",
     []),
    ("refuse-hyphen", "K7M-2QX", "a hyphen between two halves", []),
    ("refuse-fullwidth", "\uff2b7M2QX", "a full-width K (U+FF2B), which NFKC would fold to K", []),
]

NOTES_CODE = {
    "crockford-divergence": (
        "the notes call the code alphabet \"Crockford\" but give the regex [A-HJ-NP-Z2-9]: Crockford's base 32 has "
        "no L or U and has 0 and 1. The regex is what the server enforces, so it is the expected verdict; "
        "an implementation that follows Crockford fails exactly these vectors"),
}


def phrase_cases(words: list[str]):
    ten = [words[i] for i in (0, 17, 42, 99, 123, 150, 201, 230, 246, 247)]
    p = " ".join(ten)
    first = ten[0]
    return [
        ("valid-ten-words", p, "ten listed words, single spaces", []),
        ("valid-repeated-word", " ".join([words[5]] * 10), "one word ten times (drawn uniformly, repeats happen)", []),
        ("valid-first-and-last", " ".join([words[0], words[247]] * 5), "the list's first and last words", []),
        ("refuse-nine-words", " ".join(ten[:9]), "nine words", []),
        ("refuse-eleven-words", p + " " + first, "eleven words", []),
        ("refuse-double-space", p.replace(" ", "  ", 1), "two spaces between the first two words", []),
        ("refuse-trailing-space", p + " ", "a trailing space", []),
        ("refuse-leading-space", " " + p, "a leading space", []),
        ("refuse-trailing-newline", p + "\n", "a trailing line feed", []),
        ("refuse-uppercase-word", p.replace(first, first.upper(), 1), "the first word in upper case", []),
        ("refuse-capitalized", p[0].upper() + p[1:], "the first letter capitalized (as a keyboard does)", []),
        ("refuse-tab", p.replace(" ", "\t", 1), "a tab between the first two words", []),
        ("refuse-nbsp", p.replace(" ", "\u00a0", 1), "a no-break space (U+00A0) between the first two words", []),
        ("refuse-unlisted-word", p.replace(first, "aardvark", 1), "a lower-case word that is not in the list", []),
        ("refuse-empty", "", "the empty phrase", []),
    ]


def build(words_text: str):
    words = words_text.split("\n")[:-1]
    assert len(words) == 248 == len(set(words)) and all(re.fullmatch("[a-z]+", w) for w in words)
    digest = hashlib.sha256(words_text.encode()).digest()
    import nacl.bindings
    assert nacl.bindings.crypto_hash_sha256(words_text.encode()) == digest

    code_vectors = []
    for vid, code, comment, flags in CODES:
        a, b = code_ok_regex(code), code_ok_hand(code)
        assert a == b, (vid, a, b)
        assert (code_ok_crockford(code) != a) == ("crockford-divergence" in flags), vid
        assert vid.startswith("valid") == a, vid
        v = {"id": vid, "op": "validate", "comment": comment, "flags": flags, "input": {"code": code}}
        if a:
            v["expect"] = {"code": code}
        else:
            v["result"] = "invalid"
            v["expect"] = {"error": "format"}
        code_vectors.append(v)

    defaults = {"wordlist": words_text, "wordlistSha256": Hex(digest)}
    phrase_vectors = []
    for vid, phrase, comment, flags in phrase_cases(words):
        a, b = phrase_indices_regex(phrase, words), phrase_indices_hand(phrase, words)
        assert a == b, (vid, a, b)
        assert vid.startswith("valid") == (a is not None), vid
        v = {"id": vid, "op": "validate", "comment": comment, "flags": flags, "input": {"phrase": phrase}}
        if a is not None:
            v["expect"] = {"indices": Hex(a)}
        else:
            v["result"] = "invalid"
            v["expect"] = {"error": "format"}
        phrase_vectors.append(v)
    other = words_text.replace(words[3] + "\n", words[3] + "s\n", 1)
    phrase_vectors.append({"id": "refuse-other-list", "op": "validate",
                           "comment": "a list one word differs from, with the recorded SHA-256 of the stand-in list",
                           "flags": [], "result": "invalid",
                           "input": {"phrase": phrase_cases(words)[0][1], "wordlist": other},
                           "expect": {"error": "parameters"}})

    source_code = (
        "Generated by scripts/generate/closer_format_vectors.py from the server's regex ^[A-HJ-NP-Z2-9]{{6}}$ quoted "
        "in the app's interop notes (CONTRACT.md section 4): each verdict computed by Python's re module and by a "
        "character check written from the notes' prose, which agreed; the Crockford reading computed separately "
        "to place the crockford-divergence flag.")
    source_phrase = (
        "Generated by scripts/generate/closer_format_vectors.py from the notes' phrase syntax (10 space-separated "
        "lower-case words from the 248-word list, CONTRACT.md section 4): each verdict and index list computed by "
        "Python's re module ({regex}) with a dict lookup and by a character scanner written here, which agreed. "
        "The word list is a STAND-IN (scripts/generate/data/closer-standin-wordlist.txt, 248 English words "
        "written for these vectors; the app's list is not in the notes), sha256 {digest} by hashlib and by "
        "libsodium crypto_hash_sha256 (PyNaCl 1.6.2).")
    files = [
        {"path": "vectors/closer/invite-code/closer.yaml", "suite": "closer.invite-code",
         "title": "Invite codes: the server's regex, and where a Crockford reading differs",
         "source": source_code, "notes": NOTES_CODE, "vectors": code_vectors},
        {"path": "vectors/closer/recovery-phrase/closer.yaml", "suite": "closer.recovery-phrase",
         "title": "Recovery phrases: ten listed lower-case words, single spaces (stand-in word list)",
         "source": source_phrase, "source_args": {"regex": PHRASE_REGEX, "digest": digest.hex()},
         "notes": {}, "defaults": defaults, "vectors": phrase_vectors},
    ]
    return files


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    ensure_venv("venv-generate-formats", PINS, __file__)
    words_text = (DATA / "closer-standin-wordlist.txt").read_text(encoding="utf-8")
    texts = {}
    for f in build(words_text):
        text = emit(f, {}, blocks=True)
        read_back(f, text)
        texts[f["path"]] = text
    finish(texts, args.check, [])


if __name__ == "__main__":
    main()
