#!/usr/bin/env python3
"""Write vectors/closer/keybox/context-ids.yaml: keyboxes whose context is given as the four ids the
implementation must join (CONTRACT.md section 10: contextInfo = coupleId|questionId|senderUserId|recipientUserId)
instead of an already-joined contextInfo, so a platform that joins them in another order is caught.

Every keybox is computed with keybox_vectors.py's composition on pyca/cryptography (the chosen ephemeral scalar and
IV), its E, Z and DEM key recomputed by that script's pure-Python P-256 and HKDF, and opened by real Tink 1.16.1
(Python) with the contract's joined contextInfo; the refusals are keyboxes sealed with the ids joined in another
order, which Tink refuses to open with the contract's order. Runs in keybox_vectors.py's venv.

Usage:
    python3 scripts/generate/closer_keybox_ids_vectors.py            # write the file
    python3 scripts/generate/closer_keybox_ids_vectors.py --check    # compare with the file on disk
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import keybox_vectors as kv  # noqa: E402
from concordgen.env import ensure_venv  # noqa: E402
from concordgen.output import finish  # noqa: E402
from concordgen.values import Hex, Refused, derived  # noqa: E402
from concordgen.yamlfile import emit, read_back  # noqa: E402

ORDER = ("coupleId", "questionId", "senderUserId", "recipientUserId")
IDS = {"coupleId": "cpl_8d2f41", "questionId": "q_2025_06_01", "senderUserId": "uid_alice_01",
       "recipientUserId": "uid_bob_02"}
IDS_NON_ASCII = {"coupleId": "couple-\u00e9t\u00e9", "questionId": "q-\u65e5\u672c", "senderUserId": "\u00e5sa",
                 "recipientUserId": "bj\u00f6rn"}
WRONG_ORDERS = [  # id suffix, order, comment
    ("users-swapped", ("coupleId", "questionId", "recipientUserId", "senderUserId"),
     "sealed with sender and recipient swapped (coupleId|questionId|recipientUserId|senderUserId)"),
    ("question-first", ("questionId", "coupleId", "senderUserId", "recipientUserId"),
     "sealed with questionId before coupleId (questionId|coupleId|senderUserId|recipientUserId)"),
    ("reversed", ("recipientUserId", "senderUserId", "questionId", "coupleId"),
     "sealed with the four ids in reverse order (recipientUserId|senderUserId|questionId|coupleId)"),
]


def joined(ids: dict, order=ORDER, sep="|") -> str:
    return sep.join(ids[k] for k in order)


def build():
    r = kv.fixed_recipient("keybox recipient 1", 0x1B2C3D4E)  # keybox_vectors.py's r1
    r["text"] = kv.java_json(r["keys"], r["primary"])
    pub = kv.pub_v1(kv.java_json(kv.public_keys(r["keys"]), r["primary"]))
    V = []

    def seal(ctx: str, pt: bytes, eph: bytes, iv: bytes) -> str:
        trace = {}
        kb = kv.pyca_seal(kv.pyca_keyset_text({"publicKey": pub}), ctx, pt, eph, iv, trace)
        kv.ref_check_seal({"recipientPublicKey": pub, "contextInfo": ctx, "ephemeralPrivateKey": eph, "iv": iv}, trace)
        return kb

    for n, (cid, ids, comment) in enumerate([
            ("ids", IDS, "the ids of CONTRACT.md section 10's example, joined by the implementation"),
            ("ids-non-ascii", IDS_NON_ASCII, "non-ASCII ids (accents, CJK), joined as UTF-8")]):
        pt, eph, iv = derived(f"keybox ids key {n}", 32), derived(f"keybox ids eph {n}", 32), derived(f"keybox ids iv {n}", 12)
        kb = seal(joined(ids), pt, eph, iv)
        assert kv.tink_open(r["text"], joined(ids), kb) == pt
        V.append({"id": f"seal-{cid}", "op": "seal", "comment": comment + "; the same keybox as contextInfo "
                  + repr(joined(ids))[1:-1] + " gives", "flags": ["context-ids"],
                  "input": {"recipientPublicKey": pub, **ids, "plaintext": Hex(pt), "ephemeralPrivateKey": Hex(eph),
                            "iv": Hex(iv)},
                  "expect": {"keybox": kb}})
        V.append({"id": f"open-{cid}", "op": "open", "comment": f"opens seal-{cid} with the ids", "flags": ["context-ids"],
                  "input": {"recipientPrivateKeyset": r["text"], **ids, "keybox": kb},
                  "expect": {"plaintext": Hex(pt), "form": "raw", "key": Hex(pt)}})
    for n, (cid, order, comment) in enumerate(WRONG_ORDERS):
        pt, eph, iv = derived(f"keybox ids wrong {n}", 32), derived(f"keybox ids wrong eph {n}", 32), derived(f"keybox ids wrong iv {n}", 12)
        kb = seal(joined(IDS, order), pt, eph, iv)
        assert kv.tink_open(r["text"], joined(IDS, order), kb) == pt
        try:
            kv.tink_open(r["text"], joined(IDS), kb)
            raise AssertionError(f"Tink opened {cid} with the contract's order")
        except Refused:
            pass
        V.append({"id": f"open-{cid}", "op": "open", "comment": comment + "; opening with the contract's order "
                  "fails (authentication), as Tink 1.16.1 refuses it", "flags": ["context-ids", "wrong-order"],
                  "result": "invalid", "input": {"recipientPrivateKeyset": r["text"], **IDS, "keybox": kb},
                  "expect": {"error": "authentication"}})
    return {"path": "vectors/closer/keybox/context-ids.yaml", "suite": "closer.keybox",
            "title": "Keyboxes whose contextInfo the implementation joins from the four ids (CONTRACT.md section 10)",
            "source": ("Generated by scripts/generate/closer_keybox_ids_vectors.py with keybox_vectors.py's "
                       "composition on pyca/cryptography {cryptography}, E, Z and the DEM key recomputed by its "
                       "pure-Python P-256 and HKDF; every keybox opened by Tink {tink} (Python) with the contract's "
                       "contextInfo coupleId|questionId|senderUserId|recipientUserId, and each wrong-order keybox "
                       "refused by Tink with it."),
            "notes": {"context-ids": "the context is given as coupleId, questionId, senderUserId and recipientUserId; "
                                     "the implementation joins them as coupleId|questionId|senderUserId|recipientUserId",
                      "wrong-order": "the keybox was sealed with the ids joined in another order; an implementation "
                                     "that joins in that order would open it, and its seal of the vectors above "
                                     "differs (the explanation names the order)"},
            "vectors": V}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    ensure_venv("venv-generate-keybox", kv.PINS, __file__)
    f = build()
    text = emit(f, kv.versions(), blocks=True)
    read_back(f, text)
    finish({f["path"]: text}, args.check, [])


if __name__ == "__main__":
    main()
