'use strict';
// Planted bug closer-key-id-max (README.md): a Tink key id of 2^32 − 1 read as "no key".
//
// The app reads a keyset's `primaryKeyId` into a signed 32-bit integer (Java's int, as Tink Java
// itself keeps key ids) and uses -1 as its "no primary key" value. Key ids above 2^31 read as negative
// numbers but still work, since they are only compared; the one id 4294967295 reads as -1 and the
// keyset is refused as having no primary key (`key`), where every reader of the contract (§9) takes
// it. Tink draws key ids at random, so 1 keyset in 2^32 has it; the landed closer.tink-public-key
// vectors have ids above 2^31 and none of 2^32 − 1.
//
// Otherwise Concord's node adapter's closer.tink-public-key, unchanged.

const { nodeAdapter, bugOn, serve } = require('./lib/planted');
const { Refusal } = nodeAdapter('wire/answers');
const tinkPublicKey = nodeAdapter('closer/tink-public-key-suite');

const NO_PRIMARY = -1;

/** The key id as the app holds it: a signed 32-bit integer. */
function asInt32(keyId) {
  return Number(BigInt.asIntN(32, BigInt(keyId)));
}

const describe = tinkPublicKey.ops[0];

serve('closer-key-id-max', [
  {
    ...tinkPublicKey,
    ops: [{
      ...describe,
      run: (i) => {
        const outputs = describe.run(i);
        if (bugOn && asInt32(outputs.keyId) === NO_PRIMARY) {
          throw new Refusal('key', `${i.publicKey !== undefined ? 'publicKey' : 'keysetJson'}: the keyset has no primary key`);
        }
        return outputs;
      },
    }],
    provenance: undefined,
  },
]);
