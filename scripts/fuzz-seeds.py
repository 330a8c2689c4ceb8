#!/usr/bin/env python3
"""Writes the small seed inputs of the fuzz targets into Tests/Fixtures/fuzz/TARGET/seed-*.

The seeds are well-formed inputs taken from the committed vector files (so the fuzzer starts past
the first refusal); libFuzzer mutates from there. Run again after the vectors change. Standard
library only: reads YAML values with a regular expression, which is all these strings need.
"""
import base64, json, os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "fuzz")

def strings(path, key):
    text = open(os.path.join(ROOT, path), encoding="utf-8").read()
    return [m.group(1) for m in re.finditer(r'\b%s: "([^"]*)"' % re.escape(key), text)]

def write(target, name, data):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "seed-" + name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())

def main():
    write("vector-file", "minimal.yaml", open(os.path.join(ROOT, "Tests/Fixtures/vector-files/schema/valid-minimal.yaml"), "rb").read())
    write("encodings", "hex", "00ff10aB")
    write("encodings", "base64", "AAEC/w==")
    write("encodings", "base64url", "AAEC_w")
    keybox = strings("vectors/closer/keybox/closer.yaml", "keybox")[0]
    pub = strings("vectors/closer/keybox/closer.yaml", "recipientPublicKey")[0]
    fields = strings("vectors/closer/field/closer.yaml", "wire") or strings("vectors/closer/field/closer.yaml", "enc")
    blob = base64.urlsafe_b64decode(keybox[len("keybox:v1:"):] + "==")
    write("wire-keybox", "ecies-blob", bytes([0]) + blob[5:])
    write("wire-keybox", "keybox-wire", bytes([1]) + keybox.encode())
    write("wire-keybox", "pub-wire", bytes([1]) + pub.encode())
    write("wire-keybox", "kdf-tag", bytes([2]) + b"argon2id;v=19;m=47104;t=3;p=1")
    if fields:
        write("wire-keybox", "enc-wire", bytes([3]) + fields[0].encode())
    keyset_json = base64.urlsafe_b64decode(pub[len("pub:v1:"):] + "==")
    proto = base64.b64decode(json.loads(keyset_json)["key"][0]["keyData"]["value"])
    write("protobuf-keyset", "walk", bytes([0]) + proto)
    write("protobuf-keyset", "public-proto", bytes([2]) + proto)
    write("protobuf-keyset", "keyset-json", bytes([4]) + keyset_json)
    write("protobuf-keyset", "pub-wire", bytes([5]) + keyset_json)
    write("canonical-json", "answer", '{"scaleValue":3,"selectedOptionIds":["a","b"],"writtenText":"hi \\u00e9"}')
    write("canonical-json", "nested", '{"a":[1,-2.5e3,true,null,{"b":"\\ud83d\\ude00"}]}')
    write("captured-outputs", "file", json.dumps({
        "format": "concord-outputs/1",
        "implementation": {"name": "android", "platform": "Android 15", "version": "3.2.0"},
        "results": [
            {"vector": "argon2id/phrase-ascii", "outputs": {"key": {"hex": "00ff"}, "n": 3, "t": "x"}},
            {"vector": "field/tampered", "error": "authentication", "message": "tag mismatch"}]}))

if __name__ == "__main__":
    sys.exit(main())
