#!/usr/bin/env python3
"""Write the Closer chain and document vectors:

    vectors/closer/chain/closer.yaml      (suite closer.chain: invite-to-field, keybox-to-answer)
    vectors/closer/document/closer.yaml   (suite closer.document: validate)

Chains: every step is computed on symmetric_vectors.py's two stacks (A: pyca/cryptography, hashlib,
argon2-cffi; B: PyCryptodome, a hand-written base64, libsodium via PyNaCl), which must agree byte for byte,
and each step's output is the next step's input: invite code -> phrase -> couple key -> enc:v1: field, and
keybox -> one-time key -> sealed:v1: answer -> commitment. The keybox is sealed with keybox_vectors.py's
composition on pyca/cryptography to the Tink-made keyset p256-tink (data/keybox_tink.json), its E, Z and
DEM key recomputed by that script's pure-Python P-256 and HKDF.

Documents: the answer documents of the notes' section 10 built around the chains' values; each verdict
computed by Python's `re` on the rules' regexes (^sealed:v1:[A-Za-z0-9_-]{80,}$, ^sha256:[A-Za-z0-9_-]{43}$)
with the field sets, and by a hand-written check; the two must agree.

Usage:
    python3 scripts/generate/closer_chain_vectors.py            # write the files
    python3 scripts/generate/closer_chain_vectors.py --check    # compare with the files on disk
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import keybox_vectors as kv  # noqa: E402
import symmetric_vectors as sv  # noqa: E402
from concordgen.env import ensure_venv  # noqa: E402
from concordgen.output import DATA, finish  # noqa: E402
from concordgen.values import Hex, Record, Refused, derived  # noqa: E402
from concordgen.yamlfile import emit, read_back  # noqa: E402

STACKS = None


def both(op, inp):
    a, b = (op(S, dict(inp)) for S in STACKS)
    assert a == b, (op.__name__, a, b)
    return a


def both_refuse(op, inp):
    classes = []
    for S in STACKS:
        try:
            op(S, dict(inp))
            raise AssertionError(f"{op.__name__} did not refuse")
        except Refused as e:
            classes.append(e.cls)
    assert classes[0] == classes[1], classes
    return classes[0]


WORDS = (DATA / "closer-standin-wordlist.txt").read_text(encoding="utf-8").split("\n")[:-1]


def invite_chain(n: int, code: str, coupled: str):
    phrase = " ".join(WORDS[(n * 37 + i * 23) % 248] for i in range(10))
    couple_key = derived(f"chain couple key {n}", 32)
    inv = both(sv.op_invite_seal, {"inviteCode": code, "phrase": phrase, "salt": derived(f"chain invite salt {n}", 16),
                                   "nonce": derived(f"chain invite nonce {n}", 12)})
    wrap = both(sv.op_wrap, {"phrase": phrase, "kdfSalt": derived(f"chain kdf salt {n}", 16),
                             "nonce": derived(f"chain wrap nonce {n}", 12), "coupleKey": couple_key})
    plaintext = f"chain field {n}: \u00e9t\u00e9".encode()
    field = both(sv.op_field_encrypt, {"coupleKey": couple_key, "coupleId": coupled, "plaintext": plaintext,
                                       "nonce": derived(f"chain field nonce {n}", 12)})
    # the chain, step by step on both stacks
    got = both(sv.op_invite_open, {"inviteCode": code, "encryptedRecoveryPhrase": inv["encryptedRecoveryPhrase"]})
    assert got["phrase"] == phrase
    got = both(sv.op_unwrap, {"phrase": phrase, "kdfSalt": wrap["kdfSalt"], "wrappedCoupleKey": wrap["wrappedCoupleKey"]})
    assert got["coupleKey"] == couple_key
    got = both(sv.op_field_decrypt, {"coupleKey": couple_key, "coupleId": coupled, "wire": field["wire"]})
    assert got["plaintext"] == plaintext
    inp = {"inviteCode": code, "encryptedRecoveryPhrase": inv["encryptedRecoveryPhrase"], "kdfSalt": wrap["kdfSalt"],
           "wrappedCoupleKey": wrap["wrappedCoupleKey"], "coupleId": coupled, "wire": field["wire"]}
    return inp, {"phrase": phrase, "coupleKey": Hex(couple_key), "plaintext": Hex(plaintext)}


def seal_keybox(keyset_text: str, ctx: str, pt: bytes, eph: bytes, iv: bytes) -> str:
    trace = {}
    kb = kv.pyca_seal(keyset_text, ctx, pt, eph, iv, trace)
    pub = kv.pyca_public_of(kv.pyca_primary(kv.pyca_keyset(keyset_text)))
    e = int.from_bytes(eph, "big")
    E = kv.ref_mul(e, kv.P256_G)
    Z = kv.be32(kv.ref_mul(e, (int.from_bytes(pub["x"], "big"), int.from_bytes(pub["y"], "big")))[0])
    assert trace["kem"] == kv.ref_uncompressed(E) and trace["z"] == Z
    assert trace["dem"] == kv.ref_hkdf("sha256", kv.ref_uncompressed(E) + Z, pub["hkdfSalt"], ctx.encode(), pub["demKeySize"])
    return kb


def answer_chain(n: int, keyset: str, ids: dict, answer: dict, context_order=None):
    key = derived(f"chain one-time key {n}", 32)
    order = context_order or ("coupleId", "questionId", "senderUserId", "recipientUserId")
    ctx = "|".join(ids[k] for k in order)
    kb = seal_keybox(keyset, ctx, key, derived(f"chain keybox eph {n}", 32), derived(f"chain keybox iv {n}", 12))
    sealed = both(sv.op_sealed_seal, {"coupleId": ids["coupleId"], "questionId": ids["questionId"],
                                      "userId": ids["senderUserId"], "answer": answer, "oneTimeKey": key,
                                      "nonce": derived(f"chain sealed nonce {n}", 12)})
    opened = both(sv.op_sealed_open, {"coupleId": ids["coupleId"], "questionId": ids["questionId"],
                                      "userId": ids["senderUserId"], "oneTimeKey": key, **sealed})
    inp = {"recipientPrivateKeyset": keyset, **ids, "encryptedAnswerKey": kb, **sealed}
    return inp, key, opened, sealed


def chain_file():
    V = []
    inp, exp = invite_chain(0, "K7M2QX", "cpl_chain_0")
    V.append({"id": "invite-to-field", "op": "invite-to-field", "comment": "code -> phrase -> couple key (raw) -> enc:v1:",
              "flags": [], "input": inp, "expect": exp})
    inp1, exp1 = invite_chain(1, "H4RPWN", "cpl_chain_1")
    V.append({"id": "invite-to-field-2", "op": "invite-to-field", "comment": "another code, phrase and couple",
              "flags": [], "input": inp1, "expect": exp1})
    bad = dict(inp, inviteCode="K7M2QY")
    assert both_refuse(sv.op_invite_open, {"inviteCode": "K7M2QY", "encryptedRecoveryPhrase": inp["encryptedRecoveryPhrase"]}) == "authentication"
    V.append({"id": "invite-to-field-wrong-code", "op": "invite-to-field", "comment": "step 1 fails: another invite code",
              "flags": ["broken-step"], "result": "invalid", "input": bad, "expect": {"error": "authentication"}})
    crossed = dict(inp, wire=inp1["wire"])
    assert both_refuse(sv.op_field_decrypt, {"coupleKey": exp["coupleKey"].data, "coupleId": inp["coupleId"],
                                              "wire": inp1["wire"]}) == "authentication"
    V.append({"id": "invite-to-field-other-couples-field", "op": "invite-to-field",
              "comment": "steps 1 and 2 succeed, step 3 fails: the field belongs to the other couple",
              "flags": ["broken-step"], "result": "invalid", "input": crossed, "expect": {"error": "authentication"}})

    kb = json.loads((DATA / "keybox_tink.json").read_text(encoding="utf-8"))
    keyset = kb["keysets"]["p256-tink"]["json"]
    ids = {"coupleId": "cpl_chain_0", "questionId": "q_2025_06_01", "senderUserId": "uid_alice_01",
           "recipientUserId": "uid_bob_02"}
    answer = {"scaleValue": 4, "selectedOptionIds": ["opt_b", "opt_a"], "writtenText": "chained"}
    inp2, key, opened, sealed = answer_chain(0, keyset, ids, answer)
    rec = Record(opened["answer"], ["scaleValue", "selectedOptionIds", "writtenText"])
    V.append({"id": "keybox-to-answer", "op": "keybox-to-answer",
              "comment": "keybox (ids as context) -> 32-byte one-time key -> sealed:v1: -> answer, commitment verified",
              "flags": [], "input": inp2, "expect": {"oneTimeKey": Hex(key), "answer": rec}})
    inp3, _, _, _ = answer_chain(1, keyset, ids, answer, ("coupleId", "questionId", "recipientUserId", "senderUserId"))
    V.append({"id": "keybox-to-answer-users-swapped", "op": "keybox-to-answer",
              "comment": "step 1 fails: the keybox was sealed with sender and recipient swapped in its context",
              "flags": ["broken-step"], "result": "invalid", "input": inp3, "expect": {"error": "authentication"}})
    other = dict(inp2, commitmentHash=inp3["commitmentHash"])
    if other["commitmentHash"] == inp2["commitmentHash"]:  # same answer and ids give the same commitment
        tampered = sv.Answer(5, ["opt_a", "opt_b"], "chained")
        c = sv.commitment_hash(STACKS[0], ("cpl_chain_0", "q_2025_06_01", "uid_alice_01"),
                               STACKS[0].canonical(sv.to_runtime(tampered)).encode())
        assert c == sv.commitment_hash(STACKS[1], ("cpl_chain_0", "q_2025_06_01", "uid_alice_01"),
                                       STACKS[1].canonical(sv.to_runtime(tampered)).encode())
        other["commitmentHash"] = c
    assert both_refuse(sv.op_sealed_open, {"coupleId": ids["coupleId"], "questionId": ids["questionId"],
                                           "userId": ids["senderUserId"], "oneTimeKey": key,
                                           "encryptedPayload": inp2["encryptedPayload"],
                                           "commitmentHash": other["commitmentHash"]}) == "authentication"
    V.append({"id": "keybox-to-answer-other-commitment", "op": "keybox-to-answer",
              "comment": "steps 1 and 2 succeed, the commitment check fails: the commitment of another answer",
              "flags": ["broken-step"], "result": "invalid", "input": other, "expect": {"error": "authentication"}})
    return ({"path": "vectors/closer/chain/closer.yaml", "suite": "closer.chain",
             "title": "Chains: each step's output carried into the next, computed end to end",
             "source": ("Generated by scripts/generate/closer_chain_vectors.py: every step on the two stacks of "
                        "symmetric_vectors.py (pyca/cryptography + hashlib + argon2-cffi; PyCryptodome + a "
                        "hand-written base64 + libsodium), which agreed, each step opened again on both; the keybox "
                        "by keybox_vectors.py's pyca/cryptography composition to the Tink-made keyset p256-tink, "
                        "checked by its pure-Python P-256 and HKDF."),
             "notes": {"broken-step": "one step of the chain fails; the class is that step's (CONTRACT.md section 3, 10)"},
             "vectors": V}, inp2, sealed)


SEALED_RE = re.compile(r"^sealed:v1:[A-Za-z0-9_-]{80,}$")
SHA_RE = re.compile(r"^sha256:[A-Za-z0-9_-]{43}$")
ENC_RE = re.compile(r"^enc:v1:(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$")
KEYBOX_RE = re.compile(r"^keybox:v1:[A-Za-z0-9_-]+$")
DATE_RE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
KINDS = {
    "answer-v2": ["userId", "questionId", "answerType", "schemaVersion", "answerDate", "createdAt", "updatedAt", "isRevealed"],
    "answer-v2-payload": ["encryptedPayload"],
    "answer-v3": ["userId", "questionId", "answerType", "encryptedPayload", "commitmentHash", "schemaVersion",
                  "answerKeyReleased", "answerDate", "createdAt", "updatedAt", "isRevealed"],
    "thread-answer-v3": ["userId", "questionId", "answerType", "encryptedPayload", "commitmentHash", "schemaVersion",
                         "answerKeyReleased", "createdAt", "updatedAt"],
    "release-key": ["recipientUserId", "encryptedAnswerKey", "releasedAt"],
}


def verdict_re(kind, doc):
    if set(doc) != set(KINDS[kind]):
        return False
    for k, v in doc.items():
        if k in ("userId", "questionId", "recipientUserId") and not (isinstance(v, str) and v):
            return False
        if k == "answerType" and v not in ("text", "multiple_choice", "scale"):
            return False
        if k == "schemaVersion" and not (type(v) is int and v == (2 if kind == "answer-v2" else 3)):
            return False
        if k in ("isRevealed", "answerKeyReleased") and v is not False:
            return False
        if k == "answerDate" and not (isinstance(v, str) and DATE_RE.match(v)):
            return False
        if k in ("createdAt", "updatedAt", "releasedAt") and v is None:
            return False
        pat = {"commitmentHash": SHA_RE, "encryptedAnswerKey": KEYBOX_RE}.get(k)
        if k == "encryptedPayload":
            pat = ENC_RE if kind == "answer-v2-payload" else SEALED_RE
        if pat and not (isinstance(v, str) and pat.fullmatch(v) and "\n" not in v):
            return False
    return True


def verdict_hand(kind, doc):
    fields = KINDS[kind]
    if len(doc) != len(fields) or any(f not in doc for f in fields):
        return False
    url = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    std = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")

    def wire(v, prefix, alphabet, least, exact=None, pad=False):
        if not isinstance(v, str) or not v.startswith(prefix):
            return False
        body = v[len(prefix):]
        if pad:
            stripped = body.rstrip("=")
            if len(body) - len(stripped) > 2 or len(body) % 4 or not stripped:
                return False
            body = stripped
        return all(c in alphabet for c in body) and len(body) >= least and (exact is None or len(body) == exact)
    for f in fields:
        v = doc[f]
        ok = {
            "userId": isinstance(v, str) and v != "", "questionId": isinstance(v, str) and v != "",
            "recipientUserId": isinstance(v, str) and v != "",
            "answerType": v in ("text", "multiple_choice", "scale"),
            "schemaVersion": type(v) is int and v == (2 if kind == "answer-v2" else 3),
            "isRevealed": v is False, "answerKeyReleased": v is False,
            "answerDate": isinstance(v, str) and len(v) == 10 and v[4] == v[7] == "-"
                          and all(v[i] in "0123456789" for i in (0, 1, 2, 3, 5, 6, 8, 9)),
            "createdAt": v is not None, "updatedAt": v is not None, "releasedAt": v is not None,
            "commitmentHash": wire(v, "sha256:", url, 43, 43),
            "encryptedAnswerKey": wire(v, "keybox:v1:", url, 1),
            "encryptedPayload": wire(v, "enc:v1:", std, 1, pad=True) if kind == "answer-v2-payload"
                                else wire(v, "sealed:v1:", url, 80),
        }[f]
        if not ok:
            return False
    return True


def document_file(inp2, sealed):
    field = both(sv.op_field_encrypt, {"coupleKey": derived("doc couple key", 32), "coupleId": "cpl_doc",
                                       "plaintext": b'{"text":"hello"}', "nonce": derived("doc field nonce", 12)})["wire"]
    v2 = {"userId": "uid_alice_01", "questionId": "q_2025_06_01", "answerType": "scale", "schemaVersion": 2,
          "answerDate": "2025-06-01", "createdAt": "2025-06-01T08:00:00Z", "updatedAt": "2025-06-01T08:00:00Z",
          "isRevealed": False}
    v3 = {"userId": "uid_alice_01", "questionId": "q_2025_06_01", "answerType": "multiple_choice",
          "encryptedPayload": sealed["encryptedPayload"], "commitmentHash": sealed["commitmentHash"], "schemaVersion": 3,
          "answerKeyReleased": False, "answerDate": "2025-06-01", "createdAt": 1748764800, "updatedAt": 1748764800,
          "isRevealed": False}
    thread = {k: v for k, v in v3.items() if k not in ("answerDate", "isRevealed")}
    release = {"recipientUserId": "uid_bob_02", "encryptedAnswerKey": inp2["encryptedAnswerKey"],
               "releasedAt": {"_seconds": 1748768400, "_nanoseconds": 0}}
    c = sealed["commitmentHash"]
    cases = [
        ("answer-v2", "answer-v2", v2, "a daily answer, schemaVersion 2"),
        ("answer-v2-payload", "answer-v2-payload", {"encryptedPayload": field}, "its secure/payload subdocument"),
        ("answer-v3", "answer-v3", v3, "a sealed answer, schemaVersion 3 (the chain's sealed:v1: and sha256:)"),
        ("thread-answer-v3", "thread-answer-v3", thread, "a thread answer: no answerDate, no isRevealed"),
        ("release-key", "release-key", release, "a release key (the chain's keybox:v1:)"),
        ("v3-schema-version-2", "answer-v3", dict(v3, schemaVersion=2), "schemaVersion 2 on a sealed answer"),
        ("v3-no-commitment", "answer-v3", {k: v for k, v in v3.items() if k != "commitmentHash"}, "no commitmentHash"),
        ("v3-plaintext-field", "answer-v3", dict(v3, writtenText="in the clear"), "an extra field: the answer in the clear"),
        ("v3-commitment-42", "answer-v3", dict(v3, commitmentHash=c[:-1]), "a commitment of 42 characters"),
        ("v3-commitment-padded", "answer-v3", dict(v3, commitmentHash=c + "="), "a commitment with = padding"),
        ("v3-commitment-std-alphabet", "answer-v3", dict(v3, commitmentHash=c[:10] + "+" + c[11:]),
         "a commitment with + (standard base64)"),
        ("v3-payload-short", "answer-v3", dict(v3, encryptedPayload="sealed:v1:" + "A" * 79),
         "sealed:v1: with 79 characters (the rules require 80 or more)"),
        ("v3-payload-enc-prefix", "answer-v3", dict(v3, encryptedPayload="enc:v1:" + sealed["encryptedPayload"][10:]),
         "the sealed payload under the schemaVersion 2 prefix"),
        ("v3-released-on-create", "answer-v3", dict(v3, answerKeyReleased=True), "answerKeyReleased true on create"),
        ("v3-answer-type", "answer-v3", dict(v3, answerType="choice"), "an answerType outside text|multiple_choice|scale"),
        ("v3-answer-date", "answer-v3", dict(v3, answerDate="2025-6-1"), "answerDate not YYYY-MM-DD"),
        ("v3-schema-version-string", "answer-v3", dict(v3, schemaVersion="3"), "schemaVersion as a string"),
        ("thread-with-answer-date", "thread-answer-v3", dict(thread, answerDate="2025-06-01"),
         "a thread answer with answerDate"),
        ("v2-payload-unpadded", "answer-v2-payload", {"encryptedPayload": field.rstrip("=")} if field.endswith("=")
         else {"encryptedPayload": field + "="}, "enc:v1: with its padding broken"),
        ("release-key-std-alphabet", "release-key",
         dict(release, encryptedAnswerKey="keybox:v1:" + inp2["encryptedAnswerKey"][10:].replace("-", "+").replace("_", "/")
              + ("+" if "-" not in inp2["encryptedAnswerKey"] and "_" not in inp2["encryptedAnswerKey"] else "")),
         "a keybox in standard base64"),
        ("release-key-null-time", "release-key", dict(release, releasedAt=None), "releasedAt null"),
        # Timestamps are any non-null JSON value: seconds with a fraction too (JavaScript's Date.now() / 1000).
        # Found by concord explore (seed 402): the JVM port's integer-only JSON reader refused it.
        ("answer-v3-fraction-timestamps", "answer-v3", dict(v3, createdAt=1748764800.5, updatedAt=17.87648e8),
         "createdAt and updatedAt as seconds with a fraction: timestamps are any non-null JSON value"),
    ]
    valid_too = {"answer-v3-fraction-timestamps"}
    V = []
    for vid, kind, doc, comment in cases:
        a, b = verdict_re(kind, doc), verdict_hand(kind, doc)
        assert a == b, (vid, a, b)
        assert a == (vid == kind or vid in valid_too), vid
        v = {"id": vid, "op": "validate", "comment": comment, "flags": [],
             "input": {"kind": kind, "document": json.dumps(doc, ensure_ascii=False, indent=2)}}
        if a:
            v["expect"] = {"fields": ",".join(sorted(doc, key=lambda s: s.encode()))}
        else:
            v["result"] = "invalid"
            v["expect"] = {"error": "format"}
        V.append(v)
    return {"path": "vectors/closer/document/closer.yaml", "suite": "closer.document",
            "title": "Answer documents as created: field sets and the rules' patterns",
            "source": ("Generated by scripts/generate/closer_chain_vectors.py from the notes' section 10 documents "
                       "and firestore.rules patterns (^sealed:v1:[A-Za-z0-9_-]{{80,}}$, ^sha256:[A-Za-z0-9_-]{{43}}$): "
                       "each verdict by Python's re with the field sets and by a hand-written check, which agreed; "
                       "the values are the chain vectors' (closer/chain/closer.yaml)."),
            "notes": {}, "vectors": V}


def main() -> None:
    global STACKS
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    ensure_venv("venv-generate-symmetric", sv.PINS, __file__)
    STACKS = (sv.StackA(), sv.StackB())
    chain, inp2, sealed = chain_file()
    texts = {}
    for f in (chain, document_file(inp2, sealed)):
        text = emit(f, {}, blocks=True)
        read_back(f, text)
        texts[f["path"]] = text
    finish(texts, args.check, [])


if __name__ == "__main__":
    main()
