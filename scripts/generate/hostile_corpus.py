#!/usr/bin/env python3
"""Writes the hostile-input corpus, Tests/Fixtures/hostile/, and its EXPECTED.tsv.

Each entry is a file Concord must refuse (or, for keysets with absurd lengths, a vector every
implementation must refuse) in bounded time and memory. EXPECTED.tsv says, per file, which command
reads it, the exit status, where the message must point and what it must say; HostileCorpusTests
runs the built `concord` binary on each. Files too big to commit (the 200 MB scalar and the 200 MB
captured file) are made by the test itself; they are listed here as `generated`.

    python3 scripts/generate/hostile_corpus.py            write the corpus
    python3 scripts/generate/hostile_corpus.py --check    fail if the committed corpus differs
"""
import base64, json, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DIR = os.path.join(ROOT, "Tests", "Fixtures", "hostile")

HEAD = ("format: concord-vectors/1\nsuite: argon2id\ntitle: Hostile\nsource: libargon2 20171227\nvectors:\n"
        "  - id: basic\n    input:\n")
SALT = "000102030405060708090a0b0c0d0e0f"
KEY = "9c493022877348e034719bce110c99301e5d4d16acacc6a829000ff2044b1b0c"


def argon(password="{utf8: password}", salt="{hex: %s}" % SALT, params="argon2id;v=19;m=64;t=1;p=1",
          expect="    expect:\n      key: {hex: %s}\n" % KEY):
    # lines: 1 format, 2 suite, 3 title, 4 source, 5 vectors, 6 id, 7 input, 8 password, 9 salt, 10 params
    return HEAD + "      password: %s\n      salt: %s\n      params: %s\n" % (password, salt, params) + expect


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def field(num, wire, payload):
    tag = varint(num << 3 | wire)
    return tag + (varint(len(payload)) + payload if wire == 2 else payload)


KAT_PRIVATE = base64.b64decode(
    "EooBEkQKBAgCEAMSOhI4CjB0eXBlLmdvb2dsZWFwaXMuY29tL2dvb2dsZS5jcnlwdG8udGluay5BZXNHY21LZXkSAhAQGAEYARogn+7tqQPYPQH4hZ1c"
    "EXHXL/nOX/IhtICkYGjZfj1A3p4iIM2EXYEpeRwkhTKZG0Yq6eO+o1Typ6y8bg1uFXg7mwL7GiBmXQaY28j7la/CXDpNnPKA2HpYW3mZJDymAI/QMliXXw==")


def read_varint(b, i):
    n = shift = 0
    while True:
        n |= (b[i] & 0x7F) << shift
        shift += 7
        i += 1
        if not b[i - 1] & 0x80:
            return n, i


def fields(b):
    """The length-delimited fields of a message, by number (the last of each)."""
    out, i = {}, 0
    while i < len(b):
        tag, i = read_varint(b, i)
        if tag & 7 == 0:
            _, i = read_varint(b, i)
        elif tag & 7 == 2:
            n, i = read_varint(b, i)
            out[tag >> 3] = b[i:i + n]
            i += n
        else:
            raise ValueError("unexpected wire type")
    return out


def fields_replace(b, num, payload):
    f = fields(b)
    return b"".join(field(k, 2, payload if k == num else v) for k, v in sorted(f.items()))


def keyset(value_bytes, key_id=16909060, type_url="type.googleapis.com/google.crypto.tink.EciesAeadHkdfPrivateKey"):
    return json.dumps({"primaryKeyId": key_id, "key": [{
        "keyData": {"typeUrl": type_url, "value": base64.b64encode(value_bytes).decode(),
                    "keyMaterialType": "ASYMMETRIC_PRIVATE"},
        "status": "ENABLED", "keyId": key_id, "outputPrefixType": "TINK"}]}, separators=(",", ":"))


KEYBOX = ("keybox:v1:AQECAwQEmngcptBVp_MNDJ_4eTbHOfaBbvX15ytLlGQEsKGoOyrBn4QpReor9lqhZJsrAv95hUyNXs_NQDhi6Kl-"
          "pmxxwQABAgMEBQYHCAkKC5n9MgWgx1E2-zBn-cdke6Qu9DtUl7KB-J7gHgdYUZRNSefJbboCPa7ZDmGP3fmCJQ")


def keybox_open(name, keyset_text, comment):
    # Every implementation must refuse; the vector states no class (any refusal passes).
    return ("format: concord-vectors/1\nsuite: keybox\ntitle: Hostile keyset\nsource: hand-made hostile input\n"
            "vectors:\n  - id: %s\n    op: open\n    comment: %s\n    result: invalid\n    input:\n"
            "      contextInfo: couple1|q1|alice|bob\n      recipientPrivateKeyset: %s\n      keybox: %s\n"
            % (name, json.dumps(comment), json.dumps(keyset_text), KEYBOX))


def captured(results, **top):
    d = {"format": "concord-outputs/1", "implementation": {"name": "device"}, "results": results}
    d.update(top)
    return json.dumps(d, indent=1) + "\n"


# A canonical-json vector whose answer's writtenText holds characters YAML does not read back
# verbatim when written raw inside double quotes; its canonical JSON (CONTRACT.md §7: only '"', '\\'
# and the C0 controls are escaped) keeps them raw, so the filled value holds them too.
TEXT = "a\u0085b\u007fc\uffffd\u2028e\u2029f\u202eg"
TEXT_TODO = ("format: concord-vectors/1\nsuite: closer.canonical-json\ntitle: Hostile\nsource: the contract's canonical form\n"
             "vectors:\n  - id: text-controls\n    input:\n"
             "      answer: {scaleValue: null, selectedOptionIds: [], writtenText: \"a\\Nb\\x7Fc\\uFFFFd\\Le\\Pf\\u202Eg\"}\n"
             "    expect:\n      json: TODO_ANDROID_RUN\n")
TEXT_RESULT = {"vector": "closer.canonical-json/text-controls",
               "outputs": {"json": '{"scaleValue":null,"selectedOptionIds":[],"writtenText":"%s"}' % TEXT}}

ENTRIES = []   # (path, bytes, command, exit, where, message)


def add(path, content, command, exit_status, where, message):
    data = content.encode() if isinstance(content, str) else content
    ENTRIES.append((path, data, command, exit_status, where, message))


def build():
    # --- YAML syntax and structure (concord run FILE: exit 2, file:line:col) -------------------
    add("yaml/unclosed-flow.yaml", argon(salt="{hex: %s" % SALT), "run", 2, "10:13", "flow mapping")
    add("yaml/bad-indentation.yaml", argon().replace("      salt:", "     salt:"), "run", 2, "9:6", "block mapping")
    add("yaml/tab-indentation.yaml", argon().replace("      salt:", "\tsalt:"), "run", 2, "9:1", "tab")
    add("yaml/unterminated-quote.yaml", argon(params='"argon2id;v=19;m=64;t=1;p=1'), "run", 2, "13:1", "started at 10:15")
    add("yaml/control-character.yaml", argon(password="pass\x07word"), "run", 2, "8:21", "U+0007")
    add("yaml/nul-byte.yaml", argon(password="pass\x00word"), "run", 2, "8:21", "NUL")
    add("yaml/two-documents.yaml", argon() + "---\n" + argon(), "run", 2, "13:1", "document")
    add("yaml/empty.yaml", "", "run", 2, "1:1", "empty")
    add("yaml/only-comment.yaml", "# nothing here\n", "run", 2, "2:1", "empty")
    add("yaml/top-level-sequence.yaml", "- format: concord-vectors/1\n", "run", 2, "1:1", "mapping")
    add("yaml/top-level-scalar.yaml", "concord\n", "run", 2, "1:1", "mapping")
    add("yaml/custom-tag.yaml", argon(password="!!python/object:os.system {utf8: x}"), "run", 2, "8:17", "tag")
    add("yaml/billion-laughs.yaml",
        "format: concord-vectors/1\nsuite: argon2id\ntitle: &a lol\nsource: [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        "notes: &b {x: [*a, *a, *a, *a, *a, *a, *a, *a, *a]}\nvectors: [*b, *b, *b, *b, *b, *b, *b, *b, *b]\n",
        "run", 2, "3:8", "anchor")
    add("yaml/alias-only.yaml", argon(password="*pw"), "run", 2, "8:17", "alias")
    deep_block = "format: concord-vectors/1\nsuite: argon2id\ntitle: x\nsource: y\nnotes:\n" + "".join(
        "  " * (i + 1) + "k%d:\n" % i for i in range(200)) + "  " * 201 + "v\n"
    add("yaml/deep-block-nesting.yaml", deep_block, "run", 2, "68:", "--max-depth")
    add("yaml/deep-flow-nesting.yaml", "format: concord-vectors/1\nsuite: argon2id\nnotes: " + "[" * 20000 + "]" * 20000 + "\n",
        "run", 2, "3:", "--max-depth")
    # --max-depth cannot raise the limit past what the stack holds (a crash before: issue 12 item 4).
    add("yaml/deep-flow-nesting-max-depth.yaml", "format: concord-vectors/1\nsuite: argon2id\nnotes: " + "[" * 50000 + "]" * 50000 + "\n",
        "run --max-depth 100000", 2, "3:", "capped at 1000")
    add("yaml/byte-order-mark.yaml", b"\xef\xbb\xbf" + argon().encode(), "run", 2, "1:1", "byte order mark")
    add("yaml/utf16.yaml", b"\xff\xfe" + argon().encode("utf-16-le"), "run", 2, "1:1", "UTF-8")
    add("yaml/latin1-byte.yaml", argon(password="{utf8: caf\xe9}").encode("latin-1"), "run", 2, "8:", "UTF-8")
    add("yaml/overlong-utf8.yaml", argon().encode().replace(b"password}", b"pass\xc0\xafword}"), "run", 2, "8:", "UTF-8")
    add("yaml/lone-surrogate-escape.yaml", argon(password='{utf8: "\\ud800"}'), "run", 2, "8:", "")

    # --- the vector-file vocabulary -----------------------------------------------------------
    add("fields/unknown-top-level-key.yaml", argon() + "extra: 1\n", "run", 2, "13:1", "extra")
    add("fields/unknown-vector-key.yaml", argon().replace("    input:", "    inptu: {}\n    input:"), "run", 2, "7:5", "inptu")
    add("fields/unknown-input-field.yaml", argon().replace("      salt:", "      pepper: {hex: 00}\n      salt:"), "run", 2, "9:7", "pepper")
    add("fields/duplicate-top-level-key.yaml", argon().replace("title: Hostile\n", "title: Hostile\ntitle: Again\n"), "run", 2, "4:1", "title")
    add("fields/duplicate-input-key.yaml", argon().replace("      salt:", "      password: {utf8: again}\n      salt:"), "run", 2, "9:7", "password")
    add("fields/duplicate-id.yaml", argon() + argon().split("vectors:\n", 1)[1], "run", 2, "13:", "basic")
    add("fields/unknown-suite.yaml", argon().replace("suite: argon2id", "suite: argon2d"), "run", 2, "2:8", "argon2d")
    add("fields/unknown-format.yaml", argon().replace("concord-vectors/1", "concord-vectors/2"), "run", 2, "1:9", "concord-vectors/2")
    add("fields/missing-source.yaml", argon().replace("source: libargon2 20171227\n", ""), "run", 2, "1:1", "source")
    add("fields/title-is-a-list.yaml", argon().replace("title: Hostile", "title: [a, b]"), "run", 2, "3:8", "title")
    add("fields/vectors-is-a-mapping.yaml", "format: concord-vectors/1\nsuite: argon2id\ntitle: x\nsource: y\nvectors: {id: basic}\n",
        "run", 2, "5:10", "vectors")
    add("fields/password-is-an-integer.yaml", argon(password="5"), "run", 2, "8:17", "password")
    add("fields/params-is-a-mapping.yaml", argon(params="{m: 64}"), "run", 2, "10:15", "params")
    add("fields/length-negative.yaml", argon().replace("    expect:", "      length: -32\n    expect:"), "run", 2, "11:15", "length")
    add("fields/length-huge.yaml", argon().replace("    expect:", "      length: 99999999999999999999999999\n    expect:"), "run", 2, "11:15", "length")
    add("fields/id-with-slash.yaml", argon().replace("id: basic", "id: a/b"), "run", 2, "6:9", "id")
    add("fields/result-unknown.yaml", argon().replace("    input:", "    result: maybe\n    input:"), "run", 2, "7:13", "maybe")
    add("fields/error-class-unknown.yaml", argon(expect="    expect: {error: wrong}\n").replace("    input:", "    result: invalid\n    input:"),
        "run", 2, "12:", "wrong")
    add("fields/error-class-unclassified.yaml", argon(expect="    expect: {error: unclassified}\n").replace("    input:", "    result: invalid\n    input:"),
        "run", 2, "12:", "unclassified is an implementation's answer")
    add("fields/missing-expect.yaml", argon(expect=""), "run", 2, "6:5", "expect")
    add("fields/two-encodings.yaml", argon(salt="{hex: %s, base64: AAEC}" % SALT), "run", 2, "9:13", "")

    # --- encodings ----------------------------------------------------------------------------
    add("encodings/hex-bad-character.yaml", argon(salt="{hex: 0001020304050607080g0a0b0c0d0e0f}"), "run", 2, "9:", "hex")
    add("encodings/hex-odd-length.yaml", argon(salt="{hex: 000102030405060708090a0b0c0d0e0}"), "run", 2, "9:", "odd")
    add("encodings/hex-0x-prefix.yaml", argon(salt="{hex: 0x000102030405060708090a0b0c0d0e0f}"), "run", 2, "9:", "hex")
    add("encodings/hex-with-spaces.yaml", argon(salt='{hex: "00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f"}'), "run", 2, "9:", "space")
    add("encodings/base64-bad-character.yaml", argon(salt="{base64: AAECAwQFBgcICQoLDA0ODw*=}"), "run", 2, "9:", "base64")
    add("encodings/base64-missing-padding.yaml", argon(salt="{base64: AAECAwQFBgcICQoLDA0ODw}"), "run", 2, "9:", "padding")
    add("encodings/base64-line-break.yaml", argon(salt='{base64: "AAECAwQFBgcI\\nCQoLDA0ODw=="}'), "run", 2, "9:", "base64")
    add("encodings/base64url-padded.yaml", argon(salt="{base64url: AAECAwQFBgcICQoLDA0ODw==}"), "run", 2, "9:", "base64url")
    add("encodings/base64-url-alphabet.yaml", argon(salt="{base64: AAECAwQFBgcICQoLDA0OD_==}"), "run", 2, "9:", "base64")

    # --- JSON vector files --------------------------------------------------------------------
    jv = json.loads(json.dumps({"format": "concord-vectors/1", "suite": "argon2id", "title": "Hostile", "source": "libargon2",
                                "vectors": [{"id": "basic", "input": {"password": {"utf8": "password"}, "salt": {"hex": SALT},
                                             "params": "argon2id;v=19;m=64;t=1;p=1"}, "expect": {"key": {"hex": KEY}}}]}))
    good = json.dumps(jv, indent=1)
    add("json/trailing-comma.json", good.replace('"Hostile",', '"Hostile",,'), "run", 2, "4:", "")
    add("json/duplicate-key.json", good.replace('"title": "Hostile",', '"title": "Hostile",\n "title": "Again",'), "run", 2, "5:", "title")
    add("json/comment.json", "// a comment\n" + good, "run", 2, "1:1", "")
    add("json/nan.json", good.replace('"Hostile"', "NaN"), "run", 2, "4:", "")
    add("json/bad-escape.json", good.replace('"Hostile"', '"Hos\\qtile"'), "run", 2, "4:", "escape")
    add("json/lone-surrogate.json", good.replace('"Hostile"', '"\\ud800"'), "run", 2, "4:", "surrogate")
    add("json/truncated.json", good[: len(good) // 2], "run", 2, "", "")
    add("json/non-utf8.json", good.encode().replace(b"Hostile", b"Host\xffle"), "run", 2, "4:", "UTF-8")
    add("json/deep.json", '{"format": "concord-vectors/1", "notes": ' + "[" * 50000 + "]" * 50000 + "}", "run", 2, "1:", "--max-depth")
    add("json/deep-max-depth.json", '{"format": "concord-vectors/1", "notes": ' + "[" * 50000 + "]" * 50000 + "}",
        "run --max-depth 100000", 2, "1:", "capped at 1000")
    add("json/top-level-array.json", "[" + good + "]", "run", 2, "1:1", "")
    add("json/raw-control-character.json", good.replace('"Hostile"', '"Host\tile"'), "run", 2, "4:", "")

    # --- Wycheproof files: the group type, the test keys and tcId are checked (issue 12 item 8) ---
    # Test 1 of Wycheproof's aes_gcm_test.json (vectors/wycheproof/), alone in its file.
    wtest = {"tcId": 1, "comment": "", "flags": ["Ktv"], "key": "5b9604fe14eadba931b0ccf34843dab9", "iv": "028318abc1824029138141a2",
             "aad": "", "msg": "001d0c231287c1182784554ca3a21908", "ct": "26073cc1d851beff176384dc9896d5ff",
             "tag": "0a3ea7a5487cb5f7d70fb6c58d038554", "result": "valid"}

    def wycheproof(group_type="AeadTest", **test):
        t = dict(wtest, **test)
        return json.dumps({"algorithm": "AES-GCM", "schema": "aead_test_schema_v1.json", "numberOfTests": 1,
                           "notes": {"Ktv": {"bugType": "BASIC", "description": "Known test vector."}},
                           "testGroups": [{"ivSize": 96, "keySize": 128, "tagSize": 128, "type": group_type, "tests": [t]}]}, indent=1) + "\n"
    add("wycheproof/unknown-group-type.json", wycheproof(group_type="DaeadTest"), "run", 2, "16:12", "unknown test group type")
    add("wycheproof/extra-test-key.json", wycheproof(pt="00"), "run", 2, "31:6", "unknown field \"pt\"")
    add("wycheproof/negative-tcid.json", wycheproof(tcId=-1), "run", 2, "19:14", "tcId must be an integer from 1")
    add("wycheproof/huge-tcid.json", wycheproof(tcId=99999999999999999999), "run", 2, "19:14", "tcId must be an integer from 1")

    # --- resource limits (the vector is an error naming the limit and its flag; exit 1) -------
    add("limits/argon2-terabytes.yaml", argon(params="argon2id;v=19;m=4294967295;t=1;p=1"), "run", 1, "limit", "--max-kdf-memory")
    add("limits/argon2-billion-iterations.yaml", argon(params="argon2id;v=19;m=64;t=1000000000;p=1"), "run", 1, "limit", "--max-kdf-work")
    add("limits/argon2-max-parallelism.yaml", argon(params="argon2id;v=19;m=134217720;t=1;p=16777215"), "run", 1, "limit", "--max-kdf-memory")
    add("limits/argon2-both-maximal.yaml", argon(params="argon2id;v=19;m=4294967295;t=4294967295;p=16777215"), "run", 1, "limit", "--max-kdf-memory")
    add("limits/file-over-size-limit.yaml", argon(), "run --max-file-bytes 100", 2, "1:1", "--max-file-bytes")
    add("limits/200mb-scalar.yaml", b"", "generated", 2, "1:1", "--max-file-bytes")
    # Explaining a failure obeys the limits and a per-vector budget (t=1000 took 66 s: issue 12 item 5).
    wrong = "    expect:\n      key: {hex: %s}\n" % ("ab" * 32)
    add("limits/explain-argon2-t1000.yaml", argon(params="argon2id;v=19;m=64;t=1000;p=1", expect=wrong), "run", 1, "ok",
        "argon2-parameters not tried")
    add("limits/explain-over-max-kdf-work.yaml", argon(params="argon2id;v=19;m=64;t=20;p=1", expect=wrong), "run --max-kdf-work 1000000", 1, "ok",
        "above the limit of 1000000 (--max-kdf-work)")
    # A shard of a huge N (it allocated 34 GB, or crashed: issue 12 item 4): N is at most 10,000 now
    # (issue 43: merge listed every missing shard of N), so these are refused as options.
    add("limits/shard-of-2-32.yaml", argon(), "run --shard 4294967296/4294967296", 2, "ok", "at most 10000 shards")
    add("limits/shard-of-2-63.yaml", argon(), "run --shard 9223372036854775807/9223372036854775807", 2, "ok", "at most 10000 shards")

    # --- keysets with absurd lengths (every implementation refuses; the run finishes) ---------
    huge_len = field(2, 0, b"")[:1] + varint(1 << 62)           # field 2, length 2^62, no bytes
    add("keysets/proto-length-2-62.yaml", keybox_open("proto-length-2-62", keyset(varint(2 << 3 | 2) + varint(1 << 62)),
        "EciesAeadHkdfPrivateKey field 2 claims 2^62 bytes"), "keyset", 0, "refused", "")
    add("keysets/proto-length-past-end.yaml", keybox_open("proto-length-past-end", keyset(varint(3 << 3 | 2) + varint(4096) + b"\x01" * 10),
        "field 3 claims 4096 bytes, 10 follow"), "keyset", 0, "refused", "")
    add("keysets/proto-varint-11-bytes.yaml", keybox_open("proto-varint-11-bytes", keyset(b"\x08" + b"\xff" * 10 + b"\x01"),
        "a varint of 11 bytes (protobuf allows 10)"), "keyset", 0, "refused", "")
    add("keysets/proto-nested-length-bomb.yaml", keybox_open("proto-nested-length-bomb", keyset(field(2, 2, field(1, 2, varint(1 << 40)[:0] + b"") + varint(0xffffffff))),
        "nested params whose inner length is 2^32 - 1"), "keyset", 0, "refused", "")
    params = fields(fields(KAT_PRIVATE)[2])[2]      # the KAT key's EciesAeadHkdfParams
    huge_x = field(2, 2, params) + field(3, 2, b"\x01" * 100000) + field(4, 2, b"\x02" * 32)
    add("keysets/coordinate-100k.yaml", keybox_open("coordinate-100k", keyset(field(2, 2, huge_x) + field(3, 2, b"\x03" * 32)),
        "the public key's x coordinate is 100,000 bytes"), "keyset", 0, "refused", "")
    add("keysets/scalar-100k.yaml", keybox_open("scalar-100k", keyset(fields_replace(KAT_PRIVATE, 3, b"\x01" * 100000)),
        "the private scalar is 100,000 bytes"), "keyset", 0, "refused", "")
    add("keysets/key-id-2-64.yaml", keybox_open("key-id-2-64", keyset(b"", key_id=18446744073709551616), "keyId 2^64"), "keyset", 0, "refused", "")
    add("keysets/key-id-negative.yaml", keybox_open("key-id-negative", keyset(b"", key_id=-1), "keyId -1"), "keyset", 0, "refused", "")
    add("keysets/three-thousand-keys.yaml", keybox_open("three-thousand-keys", json.dumps({"primaryKeyId": 1, "key": [
        {"keyData": {"typeUrl": "x", "value": "", "keyMaterialType": "ASYMMETRIC_PRIVATE"}, "status": "ENABLED",
         "keyId": i + 2, "outputPrefixType": "TINK"} for i in range(3000)]}, separators=(",", ":")),
        "3,000 keys, none the primary"), "keyset", 0, "refused", "")
    add("keysets/deep-json.yaml", keybox_open("deep-json", '{"primaryKeyId":1,"key":' + "[" * 5000 + "]" * 5000 + "}", "keyset JSON nested 5,000 deep"),
        "keyset", 0, "refused", "")

    # --- captured outputs (concord run BASE --captured FILE: exit 2, the file named) ----------
    ok = {"vector": "argon2id/basic", "outputs": {"key": {"hex": KEY}}}
    add("captured/not-json.json", "format: concord-outputs/1\n", "captured", 2, "1:1", "JSON")
    add("captured/empty.json", "", "captured", 2, "1:1", "JSON")
    add("captured/wrong-format.json", captured([ok]).replace("concord-outputs/1", "concord-outputs/9"), "captured", 2, "2:12", "format")
    add("captured/results-not-array.json", captured({}), "captured", 2, "6:13", "results")
    add("captured/duplicate-vector.json", captured([ok, ok]), "captured", 2, "16:14", "repeats")
    add("captured/bad-hex.json", captured([{"vector": "argon2id/basic", "outputs": {"key": {"hex": "zz"}}}]), "captured", 2, "10:12", "hex")
    add("captured/odd-hex.json", captured([{"vector": "argon2id/basic", "outputs": {"key": {"hex": "abc"}}}]), "captured", 2, "10:12", "odd")
    add("captured/unknown-key.json", captured([dict(ok, extra=1)]), "captured", 2, "14:13", "extra")
    add("captured/unknown-error-class.json", captured([{"vector": "argon2id/basic", "error": "oops"}]), "captured", 2, "9:13", "oops")
    add("captured/outputs-and-error.json", captured([dict(ok, error="format")]), "captured", 2, "7:3", "both")
    add("captured/vector-without-suite.json", captured([{"vector": "basic", "outputs": {"key": "x"}}]), "captured", 2, "8:14", "suite/id")
    add("captured/duplicate-top-key.json", captured([ok]).replace('"format"', '"results": [],\n "format"', 1), "captured", 2, "7:2", "twice")
    add("captured/deep.json", '{"format": "concord-outputs/1", "results": ' + "[" * 50000 + "]" * 50000 + "}", "captured", 2, "1:", "deep")
    add("captured/non-utf8.json", captured([ok]).encode().replace(b"device", b"dev\xffce"), "captured", 2, "4:15", "UTF-8")
    add("captured/byte-order-mark.json", b"\xef\xbb\xbf" + captured([ok]).encode(), "captured", 2, "1:1", "byte order mark")
    # Held to the suite definitions: output fields and the suite/id name (issue 12 item 8).
    add("captured/unknown-output-field.json", captured([{"vector": "argon2id/basic", "outputs": {"key": {"hex": KEY}, "tag": {"hex": "00"}}}]),
        "captured", 2, "13:12", "unknown field \"tag\"")
    add("captured/unknown-suite.json", captured([{"vector": "argon2d/basic", "outputs": {"key": {"hex": KEY}}}]),
        "captured", 2, "8:14", "unknown suite \"argon2d\"")
    add("captured/id-with-slash.json", captured([{"vector": "argon2id/basic/x", "outputs": {"key": {"hex": KEY}}}]),
        "captured", 2, "8:14", "invalid id \"basic/x\"")
    # A captured file without results checks nothing: never a pass for --require or --fail-on missing (issue 12 item 6).
    add("captured/no-results-required.json", captured([]), "captured --require captured:device", 1, "ok",
        "captured:device is required but could not start")
    add("captured/no-results-fail-on-missing.json", captured([]), "captured --fail-on missing", 1, "ok", "it checks nothing")
    # Text from input printed escaped: ESC, BEL, C1, bidi controls, U+2028, and no GitHub command from a line break (issue 12 item 7).
    evil = "\u001b[2J\u0007\n::error::pwned\u0085\u2028\u202e"
    # An implementation may answer a refusal it cannot classify (issue 12 item 10): accepted, shown as such.
    add("captured/unclassified-refusal.json", captured([{"vector": "argon2id/basic", "error": "unclassified", "message": "Decryption failed."}]),
        "captured --verbose", 1, "ok", "actual   refused (unclassified): Decryption failed.")
    add("captured/escape-injection.json", captured([{"vector": "argon2id/basic", "error": "format", "message": "refused " + evil}],
        implementation={"name": "device", "version": "v\n::error::x" + evil, "platform": "\u001b]0;title\u0007"}),
        "captured --verbose", 1, "escaped", "\\u{1B}[2J")
    add("yaml/escape-injection.yaml", argon().replace("suite: argon2id", 'suite: "\\e[2J\\n::error::suite\\u202e"'), "run", 2, "escaped",
        "unknown suite")
    add("captured/200mb.json", b"", "generated", 2, "-", "--max-file-bytes")

    # --- fill: a hostile fixture or source is refused and the fixture stays as it was ---------
    todo = argon(expect="    expect:\n      key: TODO_ANDROID_RUN\n")
    add("fill/syntax-error.yaml", todo.replace("    input:", "    input: [\n"), "fill", 2, "10:7", "started at 7:12")
    add("fill/duplicate-key.yaml", todo.replace("      salt:", "      password: {utf8: again}\n      salt:"), "fill", 2, "9:7", "password")
    add("fill/placeholder-in-input.yaml", todo.replace("{hex: %s}" % SALT, "TODO_ANDROID_RUN"), "fill", 2, "9:13", "")
    add("fill/source-bad-json.json", '{"format": "concord-outputs/1", "results": [}', "fill-from", 2, "1:45", "JSON")
    # fill writes what the loader reads back (issue 12 item 2): text with NEL, DEL, U+FFFF, U+2028,
    # U+2029 and a bidi control is escaped inside YAML double quotes (written raw, libyaml read
    # another value or refused the file); files with lone CR or CR LF line ends fill like the others
    # (lone CR: refused as "does not hold TODO_ANDROID_RUN" before). fill-ok: fill a copy of FILE
    # --from base/captured.json; it must exit as said and the copy must load with nothing pending.
    add("fill/text-controls.yaml", TEXT_TODO, "fill-ok", 0, "ok", "1 filled, 0 refused")
    add("fill/lone-cr-line-ends.yaml", todo.replace("\n", "\r"), "fill-ok", 0, "ok", "1 filled, 0 refused")
    add("fill/crlf-line-ends.yaml", todo.replace("\n", "\r\n"), "fill-ok", 0, "ok", "1 filled, 0 refused")
    # fill --from checks each captured value on the live implementations (issue 12 item 3): a value
    # they contradict stays a placeholder, exit 1, both values and the explanation shown (it was
    # written without a word); --trust-captured writes it anyway; a second --from file that
    # disagrees with the first refuses it too.
    wrong = {"vector": "argon2id/basic", "outputs": {"key": {"hex": KEY[:-2] + "00"}}}
    add("fill/captured-contradicted.json", captured([wrong]), "fill-from", 1, "ok", "the live implementations contradict the captured value")
    add("fill/captured-contradicted-trusted.json", captured([wrong]), "fill-from --trust-captured", 0, "ok", "1 filled, 0 refused")
    add("fill/second-source-disagrees.json", captured([wrong], implementation={"name": "tablet"}), "fill-from --from BASE/captured.json", 1, "ok",
        "the captured files disagree")
    add("fill/source-bad-hex.json", captured([{"vector": "argon2id/basic", "outputs": {"key": {"hex": "0g"}}}]), "fill-from", 2, "10:12", "hex")

    # --- diff and merge ------------------------------------------------------------------------
    add("diff/not-json.json", "{", "diff", 2, "1:", "JSON")
    add("diff/unknown-format.json", '{"format": "something/1"}', "diff", 2, "-", "format")
    add("merge/not-a-report.json", '{"format": "concord-outputs/1", "results": []}', "merge", 2, "1:12", "concord-report/1")
    add("merge/truncated.json", '{"concord": {"version": "0.1"', "merge", 2, "1:", "JSON")

    # --- folder scans: made by the test (a FIFO, a dangling link and a path too long cannot be committed)
    add("scan/fifo/fifo.yaml", b"", "generated", 0, "-", "skipped, a FIFO is not a vector file")
    add("scan/dangling/gone.yaml", b"", "generated", 2, "-", "a symbolic link to")
    add("scan/long/d.../v.yaml", b"", "generated", 2, "-", "cannot be looked at: File name too long")
    add("scan/empty/notes.txt", b"", "generated", 2, "-", "validate: no vector files")

    # merge refuses what a run cannot have written (issue 12 item 8), located.
    def report(**result):
        r = {"vector": "argon2id/basic", "file": "v/argon2id.yaml", "line": 6, "result": "valid", "status": "pass",
             "implementations": {"libsodium": {"status": "pass"}}}
        r.update(result)
        r = {k: v for k, v in r.items() if v is not None}
        return json.dumps({"format": "concord-report/1", "implementations": [{"name": "libsodium", "version": "1"}],
                           "summary": {}, "wallSeconds": 0.5, "workers": 1, "results": [r]}, indent=1) + "\n"
    add("merge/missing-file.json", report(file=None), "merge", 2, "13:3", "has no \"file\"")
    add("merge/unknown-vector.json", report(vector="argon2d/basic"), "merge", 2, "14:14", "unknown suite \"argon2d\"")
    add("merge/non-finite.json", report().replace('"wallSeconds": 0.5', '"wallSeconds": 1e999'), "merge", 2, "10:17", "not finite")
    add("merge/fail-under-pass.json", report(implementations={"libsodium": {"status": "fail"}}), "merge", 2, "18:14",
        "is pass but libsodium failed it")

    # Outputs (issue 12 item 1): an output that is also an input, or two outputs on one file, is
    # refused before anything runs (exit 2) and the input is left as it was. FILE in the command is
    # the entry's own file, OUT a new file in the test's folder.
    add("outputs/markdown-over-input.yaml", argon(), "run --markdown FILE", 2, "-", "--markdown is also an input of this command")
    add("outputs/junit-over-captured.json", captured([ok]), "captured --junit FILE", 2, "-", "--junit is also an input of this command")
    add("outputs/export-over-input.yaml", argon(), "export --out FILE", 2, "-", "--out is also an input of this command")
    add("outputs/merge-over-input.json", report(), "merge --out FILE", 2, "-", "is also an input of this command")
    add("outputs/two-outputs-one-file.yaml", argon(), "run --markdown OUT --html OUT", 2, "ok", "--html and --markdown name the same file")
    add("outputs/fill-named-twice.yaml", todo, "fill-twice", 2, "-", "name the same file")
    # Special files written by the test (HostileCorpusTests.outputsKeepSpecialFiles): a character
    # device is written in place, a full one is a clean error, a FIFO is written in place, a symbolic
    # link keeps being one and its target is filled, a folder is refused, an owner and mode are kept.
    add("outputs/char-device-null", b"", "generated", 0, "ok", "still a character device")
    add("outputs/char-device-full", b"", "generated", 2, "-", "No space left on device")
    add("outputs/fifo", b"", "generated", 0, "ok", "the report came through the FIFO")
    add("outputs/symlink-to-fixture.yaml", b"", "generated", 0, "ok", "the link is kept, its target filled")
    add("outputs/folder", b"", "generated", 2, "-", "is a folder")
    add("outputs/owned-by-another-user.yaml", b"", "generated", 0, "ok", "owner 4242:4343 and mode 0640 kept")

    # Printed text from input (issue 26 item 6): invisible and format characters (U+200B, U+2060,
    # U+00AD, U+FEFF, U+FFFF) printed raw in FAIL lines, so the expected text and the actual one
    # (which differ by them) looked the same; U+FFFF printed raw in fill's lines; diff --json
    # printed U+202E and U+2028 raw. Each runs with GITHUB_ACTIONS=true and must print them escaped.
    add("print/invisible-in-fail-line.yaml",
        "format: concord-vectors/1\nsuite: closer.canonical-json\ntitle: Hostile\nsource: the contract's canonical form\n"
        "vectors:\n  - id: invisible\n    input:\n"
        "      answer: {scaleValue: null, selectedOptionIds: [], writtenText: \"a\\u200Bb\\u2060c\\u00ADd\\uFEFFe\\uFFFFf\"}\n"
        "    expect:\n      json: '{\"scaleValue\":null,\"selectedOptionIds\":[],\"writtenText\":\"abcdef\"}'\n",
        "run --implementations swift", 1, "escaped", "writtenText\":\"a\\u{200B}b\\u{2060}c\\u{AD}d\\u{FEFF}e\\u{FFFF}f")
    add("print/noncharacter-in-fill-line.yaml", TEXT_TODO, "fill-ok", 0, "escaped", "c\\u{FFFF}d")
    add("print/bidi-in-diff-json.json",
        captured([ok, {"vector": "closer.canonical-json/text-controls",
                       "outputs": {"json": '{"scaleValue":null,"selectedOptionIds":[],"writtenText":"a\u2028b\u202ec\u200bd"}'}}]),
        "diff --json", 1, "escaped", "a\\u2028b\\u202ec\\u200bd")
    # Standard output and standard error (issue 26 items 5 and 6), made by StandardStreamsTests:
    # a full, closed or broken standard output is one message and exit 2 (it was SIGILL); a
    # GITHUB_STEP_SUMMARY that cannot be written is a warning, one naming an input is refused, a
    # FIFO without a reader (as an output or the summary) is refused at once (it hung); /dev/stdout
    # on a pipe is standard output; 2>&1 keeps every line and UTF-8 sequence whole; a file name
    # that is not UTF-8 is refused as such; the full u64 range of --max-kdf-work is accepted; a file
    # named twice is read once; an adapter's huge version is cut.
    for name, status, where, msg in [
            ("stdout-full", 2, "ok", "cannot write standard output: No space left on device"),
            ("stdout-closed", 2, "ok", "cannot write standard output: it is closed"),
            ("stdout-broken-pipe", 2, "ok", "cannot write standard output: its reader has gone (broken pipe)"),
            ("step-summary-full", 0, "ok", "warning: GITHUB_STEP_SUMMARY /dev/full: cannot write it"),
            ("step-summary-is-an-input", 2, "-", "$GITHUB_STEP_SUMMARY is also an input of this command"),
            ("step-summary-fifo-without-reader", 0, "ok", "it is a FIFO with no reader"),
            ("output-fifo-without-reader", 2, "-", "it is a FIFO with no reader"),
            ("dev-stdout-on-a-pipe", 0, "ok", "the report on standard output, the summary on standard error"),
            ("merged-streams", 1, "ok", "every line whole, valid UTF-8"),
            ("file-name-not-utf8", 2, "ok", "is not UTF-8 (byte 0xff"),
            ("max-kdf-work-u64-max", 0, "ok", "18446744073709551615 accepted"),
            ("file-named-twice", 0, "ok", "named twice; read once"),
            ("adapter-version-huge", 0, "ok", "(cut: 5242880 bytes)")]:
        add("streams/" + name, b"", "generated", status, where, msg)

    # The base files the commands above run against.
    add("base/argon2id.yaml", argon(), "base", 0, "", "")
    add("base/fixture.yaml", todo, "base", 0, "", "")
    add("base/captured.json", captured([ok, TEXT_RESULT]), "base", 0, "", "")

    # Shard counts (issue 43): the largest N allowed costs nothing in proportion to N (the last shard
    # of so many is empty: the packing plan fills the first ones); a report claiming a larger N is
    # refused at the count's line and column (merge listed every missing shard: past 3 GiB in 4 s).
    add("limits/shard-of-10000.yaml", argon(), "run --shard 10000/10000", 1, "ok", "no vector was checked")
    forged = json.dumps({"format": "concord-report/1", "concord": {"version": "0.1.0"},
                         "implementations": [{"name": "libsodium", "version": "1"}],
                         "summary": {"vectors": 1, "passed": 1, "failed": 0, "pending": 0, "unsupported": 0, "errors": 0},
                         "wallSeconds": 0.5, "workers": 1, "shard": {"index": 1, "count": 100000000, "vectors": 1},
                         "results": [{"vector": "argon2id/basic", "file": "v/argon2id.yaml", "line": 6, "result": "valid",
                                      "status": "pass", "implementations": {"libsodium": {"status": "pass"}}}]}, indent=1) + "\n"
    at = forged.index("100000000")
    where = "%d:%d" % (forged.count("\n", 0, at) + 1, at - forged.rfind("\n", 0, at))
    add("merge/shard-count-forged.json", forged, "merge", 2, where, "shard count 100000000 is not between 1 and 10000")


def main():
    build()
    files = {os.path.join(DIR, p): data for p, data, cmd, *_ in ENTRIES if cmd != "generated"}
    lines = ["# Tests/Fixtures/hostile: written by scripts/generate/hostile_corpus.py; read by HostileCorpusTests.",
             "# path\tcommand\texit\twhere\tmessage",
             "# command: run (concord run FILE --implementations swift), captured (run base/argon2id.yaml --captured FILE; options after it added),",
             "#   keyset (run FILE: every implementation refuses the vector), fill (fill FILE --from base/captured.json),",
             "#   fill-from (fill a copy of base/fixture.yaml --from FILE), diff (diff FILE base/captured.json),",
             "#   merge (merge FILE), export (export FILE), fill-twice (fill a copy of FILE named twice), fill-ok (fill a copy of FILE --from base/captured.json,",
             "#   then validate it: nothing pending), generated (made by the test: too big to commit, or not a regular file), base (what the others run against)",
             "#   FILE after the command is the entry's file, OUT a new file in the test's folder, BASE/ the base folder;",
             "#   every fill runs with --implementations libsodium,libargon2,swift (the live ones checking captured values)",
             "# where: LINE:COL or LINE: (the message starts FILE:LINE:COL), - (the message names FILE), limit (a",
             "#   vector error naming the limit), refused (the vector passes: every implementation refused it),",
             "#   ok (the run finishes within the limits, nothing to locate), escaped (run with GITHUB_ACTIONS=true:",
             "#   no raw control character in the output, no GitHub command but concord's annotations)"]
    for p, data, cmd, status, where, msg in ENTRIES:
        lines.append("\t".join([p, cmd, str(status), where, msg]))
    files[os.path.join(DIR, "EXPECTED.tsv")] = ("\n".join(lines) + "\n").encode()
    if "--check" in sys.argv:
        bad = [p for p, d in files.items() if not os.path.exists(p) or open(p, "rb").read() != d]
        for p in bad:
            print("differs: " + os.path.relpath(p, ROOT))
        return 1 if bad else 0
    for p, d in files.items():
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(d)
    print("%d files, %d entries" % (len(files) - 1, len(ENTRIES)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
