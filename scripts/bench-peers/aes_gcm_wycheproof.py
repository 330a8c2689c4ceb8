"""The peer of `concord run vectors/wycheproof`: a plain Python `cryptography` loop that checks
every case of Wycheproof's aes_gcm_test.json (decrypt, compare; invalid ones must raise).
Prints the case count, failures, and checks per second over `--passes` passes."""
import json, sys, time
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.exceptions import InvalidTag

path = sys.argv[1]
passes = int(sys.argv[2]) if len(sys.argv) > 2 else 1
with open(path) as f:
    data = json.load(f)
cases = [(bytes.fromhex(t["key"]), bytes.fromhex(t["iv"]), bytes.fromhex(t["aad"]), bytes.fromhex(t["msg"]),
          bytes.fromhex(t["ct"]) + bytes.fromhex(t["tag"]), t["result"])
         for g in data["testGroups"] for t in g["tests"]]
t0 = time.perf_counter()
failed = 0
for _ in range(passes):
    for key, iv, aad, msg, ct, result in cases:
        try:
            ok = AESGCM(key).decrypt(iv, ct, aad) == msg
        except (InvalidTag, ValueError):
            ok = False
        if ok != (result == "valid"):
            failed += 1
dt = time.perf_counter() - t0
print(f"{len(cases)} cases, {failed // passes} unexpected, {len(cases) * passes / dt:.0f} checks/s")
