'use strict';
// Planted bug closer-answer-html-escape (README.md): a canonical answer JSON whose strings are
// escaped HTML-safe.
//
// The app builds the §7 canonical JSON with a JSON writer whose default is "HTML-safe": `<`, `>`,
// `&`, `=` and `'` inside strings are written as \u003c, \u003e, \u0026, \u003d, \u0027 (Gson's
// default set; Go's encoding/json escapes <, > and & by default too). Everything else follows the
// contract: the five escapes, U+2028 and control characters as themselves, UTF-16 order. An answer
// whose text or option ids hold none of those five characters is right, and no landed vector's do;
// "Tom & Jerry" or "a <3 b" gives other canonical bytes, so another commitment hash and a sealed
// answer the partner's phone refuses.
//
// Otherwise Concord's node adapter's closer.canonical-json and closer.commitment, unchanged.

const crypto = require('crypto');
const { nodeAdapter, bugOn, serve } = require('./lib/planted');
const { suite, op, field } = nodeAdapter('wire/suite-spec');
const canonical = nodeAdapter('closer/canonical-answer');
const b64 = nodeAdapter('wire/b64');
const utf8 = nodeAdapter('wire/utf8');

const HTML_SAFE = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '=': '\\u003d', "'": '\\u0027' };

/** The canonical JSON as the app writes it (no structural character of it is one of the five). */
function serialize(answer) {
  const json = canonical.serialize(answer);
  return bugOn ? json.replace(/[<>&=']/g, (c) => HTML_SAFE[c]) : json;
}

serve('closer-answer-html-escape', [
  suite('closer.canonical-json', [
    op(null, [field('answer', 'answer')], ['json'], (i) => ({ json: serialize(i.answer) })),
  ]),
  suite('closer.commitment', [
    op(null, [field('coupleId', 'text'), field('questionId', 'text'), field('userId', 'text'), field('answer', 'answer')],
      ['canonicalJson', 'commitmentHash'],
      (i) => {
        const json = serialize(i.answer);
        const sha = crypto.createHash('sha256');
        sha.update(utf8.encode(`v1|${i.coupleId}|${i.questionId}|${i.userId}|`));
        sha.update(utf8.encode(json));
        return { canonicalJson: json, commitmentHash: 'sha256:' + b64.encodeUrl(sha.digest()) };
      }),
  ]),
]);
