'use strict';
// Holds the node and webcrypto adapters' decoders to the one table of spellings
// (Tests/Fixtures/encodings/hostile-spellings.json; the rule is docs/vector-format.md's "Encodings"):
// node's hex (values.hexDecode, also the webcrypto adapter's for what the page answers), the page's
// own hex (webcrypto/wire/page.js pageHexDecode, which runs in Chromium), b64 and b64url (wire/b64.js), and
// the encoders. Run by Tests/ConcordIntegrationTests/Implementations/EncodingSpellingsTests.swift:
//   node adapters/node/check-encodings.js Tests/Fixtures/encodings/hostile-spellings.json
// Prints every failure, then "checked N cases: P passed, F failed"; exits 1 on any failure, 2 when the
// table cannot be read.

const fs = require('fs');
const path = require('path');
const { hexDecode, hexEncode } = require('./wire/values');
const b64 = require('./wire/b64');
const { pageHexDecode } = require(path.join(__dirname, '..', 'webcrypto', 'wire', 'page'));

const file = process.argv[2];
let table;
try {
  table = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (table.format !== 'concord-encoding-cases/1' || !Array.isArray(table.cases)) throw new Error('not a concord-encoding-cases/1 file');
} catch (e) {
  process.stderr.write(`check-encodings: cannot read ${file}: ${e.message}\n`);
  process.exit(2);
}

const decoders = {
  hex: [['values.hexDecode', hexDecode, hexEncode], ['webcrypto pageHexDecode', (s) => Buffer.from(pageHexDecode(s)), hexEncode]],
  base64: [['b64.decode', b64.decode, b64.encode]],
  base64url: [['b64.decodeUrl', b64.decodeUrl, b64.encodeUrl]],
};

let passed = 0;
let failed = 0;
for (const c of table.cases) {
  const list = decoders[c.encoding];
  if (!list) {
    console.log(`FAIL ${c.encoding} ${JSON.stringify(c.text)}: no decoder for this encoding`);
    failed++;
    continue;
  }
  for (const [name, decode, encode] of list) {
    let problem = null;
    let got;
    try {
      got = decode(c.text);
    } catch (e) {
      if (c.bytes) problem = `refused (${e.message}), expected bytes ${JSON.stringify(c.bytes)}`;
    }
    if (!problem && got !== undefined) {
      if (c.refused) problem = `accepted (${JSON.stringify([...got])}), expected a refusal: ${c.refused}`;
      else if (JSON.stringify([...got]) !== JSON.stringify(c.bytes)) problem = `decoded ${JSON.stringify([...got])}, expected ${JSON.stringify(c.bytes)}`;
      else if (encode(Buffer.from(c.bytes)) !== (c.written ?? c.text)) problem = `encodes as ${JSON.stringify(encode(Buffer.from(c.bytes)))}, expected ${JSON.stringify(c.written ?? c.text)}`;
    }
    if (problem) {
      console.log(`FAIL ${name} ${c.encoding} ${JSON.stringify(c.text)}: ${problem}`);
      failed++;
    } else {
      passed++;
    }
  }
}
console.log(`checked ${table.cases.length} cases: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
