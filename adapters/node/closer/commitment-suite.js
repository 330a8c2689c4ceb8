'use strict';
// Suite closer.commitment (CONTRACT.md §8):
//   commitmentHash = "sha256:" + b64url(SHA-256(UTF-8("v1|" + coupleId + "|" + questionId + "|" + userId + "|") ‖ canonical))
// Ids containing "|" are computed as given (the contract does not escape them; the vectors flag it).

const crypto = require('crypto');
const { suite, op, field, PORT } = require('../wire/suite-spec');
const canonical = require('./canonical-answer');
const b64 = require('../wire/b64');
const utf8 = require('../wire/utf8');

module.exports = suite('closer.commitment', [
  op(null, [field('coupleId', 'text'), field('questionId', 'text'), field('userId', 'text'), field('answer', 'answer')],
    ['canonicalJson', 'commitmentHash'],
    (i) => {
      const json = canonical.serialize(i.answer);
      const sha = crypto.createHash('sha256');
      sha.update(utf8.encode(`v1|${i.coupleId}|${i.questionId}|${i.userId}|`));
      sha.update(utf8.encode(json));
      return { canonicalJson: json, commitmentHash: 'sha256:' + b64.encodeUrl(sha.digest()) };
    }),
], PORT); // Concord's canonical JSON (closer/canonical-answer.js) and the contract's hash layout
